-- Search that forgives: misspelt and half-typed words are matched against each space's
-- words (trigrams: pg_trgm; btree_gist puts the space and the word in one GiST index),
-- identifiers written with punctuation (pg_hba.conf, PL/pgSQL, node:http) are indexed
-- whole and in parts, and a page's title has its own vector, so a query split between
-- the title and a section finds the page.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gist;

-- Text as the search indexes it: punctuation inside an identifier becomes a space, so
-- `pg_hba.conf` is read as the words pg, hba and conf (the query side does the same).
CREATE FUNCTION docstack_search_text(body text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN regexp_replace(body, '([[:alnum:]])[./:_-]+(?=[[:alnum:]])', '\1 ', 'g');

-- The identifiers written with punctuation, whole and in lower case (`pl/pgsql`), as lexemes.
CREATE FUNCTION docstack_identifiers(body text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN array_to_tsvector(ARRAY(
    SELECT DISTINCT lower(m[1]) FROM regexp_matches(body, '([[:alnum:]]+(?:[./:_-]+[[:alnum:]]+)+)', 'g') AS m
    WHERE length(m[1]) <= 100));

-- A section's vector: heading (weight B) and text, words and identifiers.
CREATE FUNCTION docstack_section_vector(title text, body text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN setweight(to_tsvector('english', docstack_search_text(title)), 'B') || to_tsvector('english', docstack_search_text(body))
    || docstack_identifiers(title || ' ' || body);

-- A page title's vector (weight A), words and identifiers.
CREATE FUNCTION docstack_page_vector(title text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN setweight(to_tsvector('english', docstack_search_text(title)), 'A') || docstack_identifiers(title);

-- The words of a text a query word may be corrected or completed to: lower case, 3 to 40
-- characters, at least one letter.
CREATE FUNCTION docstack_words(body text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT DISTINCT w FROM regexp_split_to_table(lower(body), '[^[:alnum:]]+') AS w WHERE length(w) BETWEEN 3 AND 40 AND w ~ '[[:alpha:]]' $$;

-- AlterTable
ALTER TABLE "SpacePage" ADD COLUMN     "search" tsvector;

-- CreateTable
CREATE TABLE "SpaceWord" (
    "spaceId" TEXT NOT NULL,
    "word" TEXT NOT NULL,

    CONSTRAINT "SpaceWord_pkey" PRIMARY KEY ("spaceId","word")
);

-- Backfill: the titles' vectors, the sections' vectors with identifiers, the spaces' words.
UPDATE "SpacePage" SET "search" = docstack_page_vector("title");

UPDATE "SpaceSection" s SET "search" = docstack_section_vector(ds."title", ds."body")
FROM "SpacePage" sp
JOIN "DocumentSection" ds ON ds."documentHash" = sp."documentHash"
WHERE sp."spaceId" = s."spaceId" AND sp."pageId" = s."pageId" AND ds."index" = s."index";

INSERT INTO "SpaceWord" ("spaceId", "word")
SELECT DISTINCT sp."spaceId", w
FROM "SpacePage" sp
LEFT JOIN "DocumentSection" ds ON ds."documentHash" = sp."documentHash" AND NOT sp."noIndex"
CROSS JOIN LATERAL docstack_words(sp."title" || ' ' || coalesce(ds."title", '') || ' ' || coalesce(ds."body", '')) AS w;

-- CreateIndex
CREATE INDEX "SpaceWord_spaceId_word_idx" ON "SpaceWord" USING GIST ("spaceId", "word" gist_trgm_ops);

-- CreateIndex
CREATE INDEX "SpacePage_search_idx" ON "SpacePage" USING GIN ("search") WITH (fastupdate = off);

-- Titles are searched through "search" now.
DROP INDEX IF EXISTS "SpacePage_title_search_idx";

-- AddForeignKey
ALTER TABLE "SpaceWord" ADD CONSTRAINT "SpaceWord_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;
