-- CreateTable
CREATE TABLE "SpaceSection" (
    "spaceId" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "search" tsvector NOT NULL,

    CONSTRAINT "SpaceSection_pkey" PRIMARY KEY ("spaceId","pageId","index")
);

-- CreateIndex
-- Without a pending list (fastupdate): a search never scans entries not merged into the
-- index yet, and the planner never turns from the index for them; merges write few rows.
CREATE INDEX "SpaceSection_search_idx" ON "SpaceSection" USING GIN ("search") WITH (fastupdate = off);

-- AddForeignKey
ALTER TABLE "SpaceSection" ADD CONSTRAINT "SpaceSection_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The sections of the spaces' current pages, from the index of pages (backfill).
INSERT INTO "SpaceSection" ("spaceId", "pageId", "index", "search")
SELECT sp."spaceId", sp."pageId", ds."index", setweight(to_tsvector('english', ds."title"), 'B') || to_tsvector('english', ds."body")
FROM "SpacePage" sp
JOIN "DocumentSection" ds ON ds."documentHash" = sp."documentHash"
WHERE NOT sp."noIndex";

-- Search now reads SpaceSection: the index over every stored document's sections is unused.
DROP INDEX "DocumentSection_search_idx";
