-- A page's words, all of them: a query whose words are spread over the page's title, intro
-- and sections (not all in one of them) finds the page through one GIN index, whatever the
-- number of pages holding some of its words.

-- Every lexeme of a page as searched (its title's and its sections' vectors), without
-- positions; at most about 900 KB of them (a tsvector holds 1 MB), in lexeme order.
CREATE FUNCTION docstack_page_words(page_space text, page_id text) RETURNS tsvector
  LANGUAGE sql STABLE PARALLEL SAFE
  RETURN array_to_tsvector(ARRAY(
    SELECT lexeme FROM (
      SELECT lexeme, sum(octet_length(lexeme) + 8) OVER (ORDER BY lexeme) AS size
      FROM (
        SELECT DISTINCT u.lexeme
        FROM (
          SELECT p.search FROM "SpacePage" p WHERE p."spaceId" = page_space AND p."pageId" = page_id
          UNION ALL
          SELECT s.search FROM "SpaceSection" s WHERE s."spaceId" = page_space AND s."pageId" = page_id) v
        CROSS JOIN LATERAL unnest(v.search) AS u) lexemes) counted
    WHERE size < 900000));

-- AlterTable
ALTER TABLE "SpacePage" ADD COLUMN     "words" tsvector;

-- Backfill: the words of every page searched.
UPDATE "SpacePage" SET "words" = docstack_page_words("spaceId", "pageId") WHERE NOT "noIndex";

-- CreateIndex
CREATE INDEX "SpacePage_words_idx" ON "SpacePage" USING GIN ("words") WITH (fastupdate = off);
