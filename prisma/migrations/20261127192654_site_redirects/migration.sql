-- CreateTable
CREATE TABLE "PageFormerPath" (
    "spaceId" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,

    CONSTRAINT "PageFormerPath_pkey" PRIMARY KEY ("spaceId","path")
);

-- CreateTable
CREATE TABLE "SiteRedirect" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "draft" BOOLEAN NOT NULL DEFAULT false,
    "captureWildcard" BOOLEAN NOT NULL DEFAULT false,
    "permanent" BOOLEAN NOT NULL DEFAULT false,
    "destination" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3),
    "changedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SiteRedirect_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SiteRedirect_siteId_draft_createdAt_idx" ON "SiteRedirect"("siteId", "draft", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "SiteRedirect_siteId_draft_source_key" ON "SiteRedirect"("siteId", "draft", "source");

-- AddForeignKey
ALTER TABLE "PageFormerPath" ADD CONSTRAINT "PageFormerPath_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteRedirect" ADD CONSTRAINT "SiteRedirect_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;
