-- CreateTable
CREATE TABLE "PageDocument" (
    "hash" TEXT NOT NULL,
    "markdown" TEXT NOT NULL,
    "references" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PageDocument_pkey" PRIMARY KEY ("hash")
);

-- CreateTable
CREATE TABLE "DocumentSection" (
    "documentHash" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "anchor" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,

    CONSTRAINT "DocumentSection_pkey" PRIMARY KEY ("documentHash","index")
);

-- CreateTable
CREATE TABLE "SpacePage" (
    "spaceId" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "documentHash" TEXT,
    "noIndex" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "SpacePage_pkey" PRIMARY KEY ("spaceId","pageId")
);

-- CreateTable
CREATE TABLE "FileBlob" (
    "hash" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FileBlob_pkey" PRIMARY KEY ("hash")
);

-- CreateIndex
CREATE INDEX "SpacePage_documentHash_idx" ON "SpacePage"("documentHash");

-- AddForeignKey
ALTER TABLE "DocumentSection" ADD CONSTRAINT "DocumentSection_documentHash_fkey" FOREIGN KEY ("documentHash") REFERENCES "PageDocument"("hash") ON DELETE CASCADE ON UPDATE CASCADE;

-- Full-text search (Prisma has no tsvector type, so these are expression indexes
-- written here; queries use the same expressions, see src/content/search.ts).
CREATE INDEX "DocumentSection_search_idx" ON "DocumentSection"
  USING GIN (to_tsvector('english', "title" || ' ' || "body"));
CREATE INDEX "SpacePage_title_search_idx" ON "SpacePage"
  USING GIN (to_tsvector('english', "title"));
