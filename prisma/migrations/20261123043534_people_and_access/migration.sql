-- AlterTable
ALTER TABLE "ApiToken" ADD COLUMN     "expiresAt" TIMESTAMPTZ(3),
ADD COLUMN     "origin" TEXT NOT NULL DEFAULT 'cli';

-- AlterTable: `defaultLevel` follows GitBook: `inherit` (from the parent), a role, or null (no default
-- access). Before, null meant "inherit": existing rows keep their meaning.
ALTER TABLE "Collection" ALTER COLUMN "defaultLevel" SET DATA TYPE TEXT USING COALESCE("defaultLevel"::text, 'inherit'),
ALTER COLUMN "defaultLevel" SET DEFAULT 'inherit';
ALTER TABLE "Collection" ADD CONSTRAINT "Collection_defaultLevel_check"
  CHECK ("defaultLevel" IN ('inherit', 'admin', 'create', 'review', 'edit', 'comment', 'read'));

-- AlterTable
ALTER TABLE "OrganizationInvite" ALTER COLUMN "role" DROP NOT NULL;

-- AlterTable: `defaultLevel` follows GitBook: `inherit` (from the parent), a role, or null (no default
-- access). Before, null meant "inherit": existing rows keep their meaning.
ALTER TABLE "Space" ALTER COLUMN "defaultLevel" SET DATA TYPE TEXT USING COALESCE("defaultLevel"::text, 'inherit'),
ALTER COLUMN "defaultLevel" SET DEFAULT 'inherit';
ALTER TABLE "Space" ADD CONSTRAINT "Space_defaultLevel_check"
  CHECK ("defaultLevel" IN ('inherit', 'admin', 'create', 'review', 'edit', 'comment', 'read'));

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailVerifiedAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "ContentGrant" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "spaceId" TEXT,
    "collectionId" TEXT,
    "siteId" TEXT,
    "userId" TEXT,
    "teamId" TEXT,
    "role" "Role" NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContentGrant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SignInCode" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "requestedFrom" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SignInCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SamlRequest" (
    "id" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SamlRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SamlAssertion" (
    "providerId" TEXT NOT NULL,
    "assertionId" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SamlAssertion_pkey" PRIMARY KEY ("providerId","assertionId")
);

-- CreateIndex
CREATE INDEX "ContentGrant_organizationId_userId_idx" ON "ContentGrant"("organizationId", "userId");

-- CreateIndex
CREATE INDEX "ContentGrant_organizationId_teamId_idx" ON "ContentGrant"("organizationId", "teamId");

-- CreateIndex
CREATE UNIQUE INDEX "ContentGrant_spaceId_userId_key" ON "ContentGrant"("spaceId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "ContentGrant_spaceId_teamId_key" ON "ContentGrant"("spaceId", "teamId");

-- CreateIndex
CREATE UNIQUE INDEX "ContentGrant_collectionId_userId_key" ON "ContentGrant"("collectionId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "ContentGrant_collectionId_teamId_key" ON "ContentGrant"("collectionId", "teamId");

-- CreateIndex
CREATE UNIQUE INDEX "ContentGrant_siteId_userId_key" ON "ContentGrant"("siteId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "ContentGrant_siteId_teamId_key" ON "ContentGrant"("siteId", "teamId");

-- CreateIndex
CREATE INDEX "SignInCode_email_createdAt_idx" ON "SignInCode"("email", "createdAt");

-- CreateIndex
CREATE INDEX "SignInCode_requestedFrom_createdAt_idx" ON "SignInCode"("requestedFrom", "createdAt");

-- CreateIndex
CREATE INDEX "SamlRequest_createdAt_idx" ON "SamlRequest"("createdAt");

-- CreateIndex
CREATE INDEX "SamlAssertion_expiresAt_idx" ON "SamlAssertion"("expiresAt");

-- AddForeignKey
ALTER TABLE "ContentGrant" ADD CONSTRAINT "ContentGrant_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentGrant" ADD CONSTRAINT "ContentGrant_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentGrant" ADD CONSTRAINT "ContentGrant_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentGrant" ADD CONSTRAINT "ContentGrant_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentGrant" ADD CONSTRAINT "ContentGrant_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentGrant" ADD CONSTRAINT "ContentGrant_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A grant is on exactly one resource, to exactly one user or team.
ALTER TABLE "ContentGrant" ADD CONSTRAINT "ContentGrant_one_resource_check"
  CHECK (num_nonnulls("spaceId", "collectionId", "siteId") = 1);
ALTER TABLE "ContentGrant" ADD CONSTRAINT "ContentGrant_one_grantee_check"
  CHECK (num_nonnulls("userId", "teamId") = 1);

-- The last use of a token and of a membership are written at most once a minute: they are not
-- changes of who may do what, so they no longer drop the servers' cache of identities.
DROP TRIGGER "ApiToken_auth_change" ON "ApiToken";
CREATE TRIGGER "ApiToken_auth_change" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "userId", "tokenHash", "expiresAt", "revokedAt" ON "ApiToken"
  FOR EACH STATEMENT EXECUTE FUNCTION "docstack_notify_auth_change"();
DROP TRIGGER "Member_auth_change" ON "Member";
CREATE TRIGGER "Member_auth_change" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "organizationId", "userId", "role", "disabled" ON "Member"
  FOR EACH STATEMENT EXECUTE FUNCTION "docstack_notify_auth_change"();
