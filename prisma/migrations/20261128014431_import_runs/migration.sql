-- CreateTable
CREATE TABLE "ImportRun" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "spaceId" TEXT NOT NULL,
    "changeRequestId" TEXT,
    "ownChangeRequest" BOOLEAN NOT NULL DEFAULT false,
    "pageId" TEXT,
    "siteId" TEXT,
    "source" JSONB NOT NULL,
    "secret" JSONB,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "importedPages" INTEGER NOT NULL DEFAULT 0,
    "totalPages" INTEGER NOT NULL DEFAULT 0,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMPTZ(3),
    "completedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ImportRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ImportRun_organizationId_createdAt_id_idx" ON "ImportRun"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ImportRun_spaceId_idx" ON "ImportRun"("spaceId");

-- AddForeignKey
ALTER TABLE "ImportRun" ADD CONSTRAINT "ImportRun_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;
