-- CreateTable
CREATE TABLE "OrganizationInvite" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrganizationInvite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomField" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "title" TEXT,
    "description" TEXT,
    "placeholder" TEXT,
    "options" TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CustomField_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomFieldValue" (
    "spaceId" TEXT NOT NULL,
    "fieldId" TEXT NOT NULL,
    "value" JSONB NOT NULL,

    CONSTRAINT "CustomFieldValue_pkey" PRIMARY KEY ("spaceId","fieldId")
);

-- CreateTable
CREATE TABLE "SamlProvider" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "entityID" TEXT,
    "certificate" TEXT,
    "ssoURL" TEXT,
    "defaultTeamId" TEXT,
    "defaultRole" "Role",
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SamlProvider_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Site" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'basic',
    "title" TEXT NOT NULL,
    "basename" TEXT NOT NULL,
    "hostname" TEXT,
    "proxy" TEXT,
    "visibility" TEXT NOT NULL DEFAULT 'public',
    "published" BOOLEAN NOT NULL DEFAULT false,
    "adaptiveContent" BOOLEAN NOT NULL DEFAULT false,
    "adaptiveSchema" JSONB,
    "adaptiveSchemaUpdatedAt" TIMESTAMPTZ(3),
    "iconLight" TEXT,
    "iconDark" TEXT,
    "defaultSiteSpaceId" TEXT,
    "defaultSectionId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Site_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SiteSectionGroup" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "icon" TEXT,
    "position" DOUBLE PRECISION NOT NULL DEFAULT 0,

    CONSTRAINT "SiteSectionGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SiteSection" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "groupId" TEXT,
    "title" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "description" TEXT,
    "condition" TEXT,
    "icon" TEXT,
    "position" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "defaultSiteSpaceId" TEXT,

    CONSTRAINT "SiteSection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SiteSpace" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "sectionId" TEXT,
    "spaceId" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "condition" TEXT,
    "position" DOUBLE PRECISION NOT NULL DEFAULT 0,

    CONSTRAINT "SiteSpace_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShareLink" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "name" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "key" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShareLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OpenApiSpec" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "sourceText" TEXT,
    "processingState" TEXT NOT NULL DEFAULT 'pending',
    "lastVersionId" TEXT,
    "lastProcessedAt" TIMESTAMPTZ(3),
    "lastProcessErrorCode" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OpenApiSpec_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OpenApiSpecVersion" (
    "id" TEXT NOT NULL,
    "specId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "filesystem" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OpenApiSpecVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Integration" (
    "name" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "summary" TEXT,
    "visibility" TEXT NOT NULL DEFAULT 'private',
    "target" TEXT NOT NULL DEFAULT 'all',
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "scopes" TEXT[],
    "categories" TEXT[],
    "blocks" JSONB NOT NULL,
    "contentSources" JSONB NOT NULL,
    "configurations" JSONB NOT NULL,
    "externalLinks" JSONB NOT NULL,
    "iconBlob" TEXT,
    "previewImageBlobs" TEXT[],
    "script" TEXT NOT NULL,
    "secrets" JSONB NOT NULL,
    "contentSecurityPolicy" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Integration_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "IntegrationInstallation" (
    "id" TEXT NOT NULL,
    "integrationName" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "externalId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "spaceSelection" TEXT NOT NULL DEFAULT 'all',
    "siteSelection" TEXT NOT NULL DEFAULT 'all',
    "configuration" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IntegrationInstallation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OrganizationInvite_organizationId_id_idx" ON "OrganizationInvite"("organizationId", "id");

-- CreateIndex
CREATE INDEX "CustomField_organizationId_id_idx" ON "CustomField"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "CustomField_organizationId_name_key" ON "CustomField"("organizationId", "name");

-- CreateIndex
CREATE INDEX "CustomFieldValue_fieldId_idx" ON "CustomFieldValue"("fieldId");

-- CreateIndex
CREATE INDEX "SamlProvider_organizationId_id_idx" ON "SamlProvider"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Site_hostname_key" ON "Site"("hostname");

-- CreateIndex
CREATE UNIQUE INDEX "Site_proxy_key" ON "Site"("proxy");

-- CreateIndex
CREATE INDEX "Site_organizationId_id_idx" ON "Site"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Site_organizationId_basename_key" ON "Site"("organizationId", "basename");

-- CreateIndex
CREATE INDEX "SiteSectionGroup_siteId_position_idx" ON "SiteSectionGroup"("siteId", "position");

-- CreateIndex
CREATE INDEX "SiteSection_siteId_position_idx" ON "SiteSection"("siteId", "position");

-- CreateIndex
CREATE INDEX "SiteSpace_siteId_sectionId_position_idx" ON "SiteSpace"("siteId", "sectionId", "position");

-- CreateIndex
CREATE INDEX "SiteSpace_spaceId_idx" ON "SiteSpace"("spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "SiteSpace_siteId_spaceId_key" ON "SiteSpace"("siteId", "spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "ShareLink_key_key" ON "ShareLink"("key");

-- CreateIndex
CREATE INDEX "ShareLink_siteId_id_idx" ON "ShareLink"("siteId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "OpenApiSpec_organizationId_slug_key" ON "OpenApiSpec"("organizationId", "slug");

-- CreateIndex
CREATE INDEX "OpenApiSpecVersion_specId_id_idx" ON "OpenApiSpecVersion"("specId", "id");

-- CreateIndex
CREATE INDEX "Integration_ownerId_idx" ON "Integration"("ownerId");

-- CreateIndex
CREATE INDEX "IntegrationInstallation_integrationName_id_idx" ON "IntegrationInstallation"("integrationName", "id");

-- AddForeignKey
ALTER TABLE "OrganizationInvite" ADD CONSTRAINT "OrganizationInvite_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomField" ADD CONSTRAINT "CustomField_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomFieldValue" ADD CONSTRAINT "CustomFieldValue_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomFieldValue" ADD CONSTRAINT "CustomFieldValue_fieldId_fkey" FOREIGN KEY ("fieldId") REFERENCES "CustomField"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SamlProvider" ADD CONSTRAINT "SamlProvider_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SamlProvider" ADD CONSTRAINT "SamlProvider_defaultTeamId_fkey" FOREIGN KEY ("defaultTeamId") REFERENCES "Team"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Site" ADD CONSTRAINT "Site_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteSectionGroup" ADD CONSTRAINT "SiteSectionGroup_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteSection" ADD CONSTRAINT "SiteSection_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteSection" ADD CONSTRAINT "SiteSection_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "SiteSectionGroup"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteSpace" ADD CONSTRAINT "SiteSpace_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteSpace" ADD CONSTRAINT "SiteSpace_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "SiteSection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteSpace" ADD CONSTRAINT "SiteSpace_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareLink" ADD CONSTRAINT "ShareLink_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OpenApiSpec" ADD CONSTRAINT "OpenApiSpec_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OpenApiSpecVersion" ADD CONSTRAINT "OpenApiSpecVersion_specId_fkey" FOREIGN KEY ("specId") REFERENCES "OpenApiSpec"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Integration" ADD CONSTRAINT "Integration_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IntegrationInstallation" ADD CONSTRAINT "IntegrationInstallation_integrationName_fkey" FOREIGN KEY ("integrationName") REFERENCES "Integration"("name") ON DELETE CASCADE ON UPDATE CASCADE;
