// Full-text search (PostgreSQL's, the same on the embedded database and on a server)
// over the current revision of spaces: page titles (SpacePage) and sections, the text
// under each heading (SpaceSection), both kept in step with merges (./search-index).
//
// What a search costs is bounded, whatever the size of the space. One statement finds
// matches through the GIN indexes (stopping after MAX_HITS matches of a term on most
// pages), ranks at most MAX_HITS sections and MAX_HITS titles,
// groups them by page and keeps one page of results. Then only the best sections of the
// returned pages, at most SECTIONS_PER_PAGE each, are highlighted (ts_headline, the
// expensive part), and the highlights are cached: a repeated search highlights nothing
// again. A term on more than MAX_HITS sections of a space is ranked among the first
// MAX_HITS found, not among all; `count` counts the pages among them.
// The query forgives misspelt and half-typed words and finds identifiers as written
// (./search-query), and a page whose title, intro and sections hold the query's words
// between them (not all in one) is found too, through the page's words (SpacePage.words).
import type { Schemas } from "@docstack/contract";
import { Prisma } from "../../generated/prisma/client";
import { type ListPage, type PageRequest, paginateByOffset } from "../../http/pagination";
import { appUrl } from "../../http/urls";
import type { ContentDeps } from "../reads/deps";
import type { ContentStore } from "../store/cache";
import { revisionIndex } from "../store/revisions";
import { type SearchQuery, searchQuery } from "./search-query";
import { vocabularies } from "./vocabulary";

/** At most this many matching sections, and as many matching titles, are ranked per search. */
export const MAX_HITS = 250;
/** A page's best matching sections shown (and highlighted) with it. */
const SECTIONS_PER_PAGE = 3;
/** An organization search shows a space's best pages, at most this many. */
const PAGES_PER_SPACE = 5;
/** A page whose title matches ranks above pages matching only in their text. */
const TITLE_BOOST = 1;
/** A page matching only with its words spread over title and sections ranks by its words' rank, scaled by this. */
const SPREAD_WEIGHT = 0.5;

/**
 * Matches in one space (or several), one row per page with its rank (the sum of its
 * matches'). The tsquery is written out in each condition (not shared through a CTE) so
 * that the planner sees its value and estimates how common it is. In one space, titles
 * are taken in key order; sections, and matches across spaces, in whatever order the plan
 * finds them first (the same for the same rows, so pages of results are stable), at most
 * MAX_HITS of each.
 */
function pageHits(spaces: { one: string } | { any: readonly string[] }, query: SearchQuery, excluded: readonly string[] = []): Prisma.Sql {
  const inSpaces = "one" in spaces ? Prisma.sql`= ${spaces.one}` : Prisma.sql`= ANY(${[...spaces.any]}::text[])`;
  // Titles in one space are taken in page order. Sections are not: ordered, the planner walked the space's sections
  // in key order for a rare word (it cannot tell how rare a prefix query is), all 50,000 of a 10,000-page space for
  // one match (220 ms); unordered, it takes the word's few matches from the GIN index, and stops after MAX_HITS of
  // a common word's (16 and 18 ms).
  const titleOrder = "one" in spaces ? Prisma.sql`ORDER BY p."pageId"` : Prisma.empty;
  const q = query.all;
  // Pages whose words are spread over their title and sections, all in none of them (one GIN lookup of the page's
  // words, however many pages hold some of them), ranked below a page matching as much in its title or one section.
  const spread = query.several
    ? Prisma.sql`
      UNION ALL
      (SELECT p."spaceId", p."pageId", ts_rank(p.search || p.words, ${q}) * ${SPREAD_WEIGHT} AS rank
       FROM "SpacePage" p
       WHERE p."spaceId" ${inSpaces} AND NOT p."noIndex" AND p.words @@ ${q} AND NOT p.search @@ ${q}
         AND NOT EXISTS (SELECT 1 FROM "SpaceSection" s WHERE s."spaceId" = p."spaceId" AND s."pageId" = p."pageId" AND s.search @@ ${q})
       ${titleOrder}
       LIMIT ${MAX_HITS})`
    : Prisma.empty;
  return Prisma.sql`
    SELECT "spaceId", "pageId", sum(rank)::float8 AS rank
    FROM (
      (SELECT s."spaceId", s."pageId", ts_rank(s.search, ${q}) AS rank
       FROM "SpaceSection" s
       WHERE s."spaceId" ${inSpaces} AND s.search @@ ${q}
       LIMIT ${MAX_HITS})
      UNION ALL
      (SELECT p."spaceId", p."pageId", ts_rank(p.search, ${q}) + ${TITLE_BOOST}
       FROM "SpacePage" p
       WHERE p."spaceId" ${inSpaces} AND NOT p."noIndex" AND p.search @@ ${q}
       ${titleOrder}
       LIMIT ${MAX_HITS})${spread}
    ) hits
    ${excluded.length ? Prisma.sql`WHERE NOT ("pageId" = ANY(${[...excluded]}::text[]))` : Prisma.empty}
    GROUP BY "spaceId", "pageId"`;
}

/**
 * The page (`shown`, with its SpacePage `sp`) as a result row: title, path, document
 * and its best matching sections, best first (found again for the shown pages alone).
 */
function pageColumns(query: SearchQuery): Prisma.Sql {
  // A section matching only with the page's title or intro (which do not match alone) is among them: the page's
  // `header`, what of those two is added to each section, is made once per page (OFFSET 0 keeps the planner from
  // writing it out again in every use).
  const alongside = (vector: Prisma.Sql) => Prisma.sql`CASE WHEN ${vector} @@ ${query.all} THEN ''::tsvector ELSE coalesce(${vector}, ''::tsvector) END`;
  const intro = Prisma.sql`(SELECT i.search FROM "SpaceSection" i WHERE i."spaceId" = shown."spaceId" AND i."pageId" = shown."pageId" AND i.index = 0)`;
  return Prisma.sql`shown."spaceId", shown."pageId", sp.title, sp.path, sp."documentHash",
    (SELECT json_agg(json_build_object('index', best.index, 'score', best.rank) ORDER BY best.rank DESC, best.index)
     FROM (
       SELECT s.index, ts_rank(v.vector, ${query.all}) AS rank
       FROM (SELECT ${alongside(Prisma.sql`sp.search`)} || ${alongside(intro)} AS header OFFSET 0) h
       JOIN "SpaceSection" s ON s."spaceId" = shown."spaceId" AND s."pageId" = shown."pageId"
       CROSS JOIN LATERAL (SELECT s.search || h.header AS vector) v
       WHERE v.vector @@ ${query.all}
       ORDER BY rank DESC, s.index
       LIMIT ${SECTIONS_PER_PAGE}) best) AS sections`;
}

interface PageRow {
  spaceId: string;
  pageId: string;
  title: string;
  path: string;
  documentHash: string;
  rank: number;
  sections: { index: number; score: number }[] | null;
}

/** A row per result (null columns when there is none), each with the count. */
type Counted<Row> = { [K in keyof Row]: Row[K] | null } & { count: bigint };

function found<Row extends PageRow>(row: Counted<Row>): row is Counted<Row> & Row {
  return row.pageId !== null;
}

/** A shown section as its document has it: its heading, its anchor, its text with the query's matches marked. */
interface ShownSection {
  title: string;
  anchor: string;
  body: string;
}

/**
 * The shown sections' heading and anchor, and their text with the query's matches marked (ts_headline): read and
 * computed for the sections shown only, and cached (a section of a document and a query always give the same), so a
 * repeated search reads nothing again. The search statement gives each section's index only: joining the document's
 * sections there planned and ran a join per shown page in every search.
 */
async function shownSections(
  ctx: ContentDeps,
  rows: readonly PageRow[],
  query: string,
  tsquery: SearchQuery,
): Promise<(documentHash: string, index: number) => ShownSection | undefined> {
  const keyOf = (hash: string, index: number) => `${hash}/${index}/${query}`;
  const wanted = rows.flatMap((row) => (row.sections ?? []).map((section) => keyOf(row.documentHash, section.index)));
  const { found: known, missing } = ctx.contentCache.getMany<ShownSection>("shown-section", wanted);
  if (missing.length) {
    const keys = rows.flatMap((row) =>
      (row.sections ?? []).flatMap((section) => (known.has(keyOf(row.documentHash, section.index)) ? [] : [[row.documentHash, section.index] as const])),
    );
    const marked = await ctx.prisma.$queryRaw<({ documentHash: string; index: number } & ShownSection)[]>`
      SELECT ds."documentHash", ds.index, ds.title, ds.anchor,
        ts_headline('english', ds.body, ${tsquery.all}, 'StartSel=<mark>, StopSel=</mark>, MaxFragments=2, MaxWords=30, MinWords=10') AS body
      FROM "DocumentSection" ds
      JOIN unnest(${keys.map(([hash]) => hash)}::text[], ${keys.map(([, index]) => index)}::int[]) AS k(hash, idx)
        ON ds."documentHash" = k.hash AND ds.index = k.idx`;
    for (const { documentHash, index, title, anchor, body } of marked) {
      const key = keyOf(documentHash, index);
      const bytes = 2 * (key.length + title.length + anchor.length + body.length);
      known.set(key, ctx.contentCache.set("shown-section", key, { title, anchor, body }, bytes));
    }
  }
  return (documentHash, index) => known.get(keyOf(documentHash, index));
}

/** The spaces' current revisions: those given, and the others read (one statement). */
async function currentRevisions(ctx: ContentDeps, spaces: readonly SearchedSpace[]): Promise<Revision[]> {
  const isGiven = (space: SearchedSpace): space is Revision => Boolean(space.revisionId) && space.searchRevisionId !== undefined;
  const given = spaces.filter(isGiven).map(({ id, revisionId, searchRevisionId }) => ({ id, revisionId, searchRevisionId }));
  const unknown = spaces.filter((space) => !isGiven(space)).map((space) => space.id);
  const read = unknown.length
    ? await ctx.prisma.space.findMany({ where: { id: { in: unknown } }, select: { id: true, revisionId: true, searchRevisionId: true } })
    : [];
  return [...given, ...read];
}

/** The query with its variants, corrected and completed from the searched spaces' words at their current revisions. */
async function forgivingQuery(ctx: ContentDeps, revisions: readonly Revision[], query: string): Promise<SearchQuery> {
  const indexed = revisions.map((space) => ({ id: space.id, revisionId: space.searchRevisionId }));
  const deps = { db: ctx.prisma, cache: ctx.contentCache };
  return evaluatedQuery(deps, searchQuery(await vocabularies(deps, indexed), query));
}

/**
 * The query as the tsquery it stands for, worked out by the database once (to_tsquery stems its words) and given to
 * the search as a value. The search names the query in a dozen conditions: written out, each is an expression of
 * to_tsquery calls that PostgreSQL parses, plans and evaluates again, a value is one constant (a search of 1,000
 * pages, p50 2.45 → 2.19 ms: docs/search.md). The planner still sees the value, so it still estimates how common the words are.
 * Cached: the same words always stand for the same tsquery (to_tsquery is immutable).
 */
export async function evaluatedQuery(deps: ContentStore, query: SearchQuery): Promise<SearchQuery> {
  const key = `${query.all.text}\n${JSON.stringify(query.all.values)}`;
  let text = deps.cache.get<string>("tsquery", key);
  if (text === undefined) {
    const [row] = await deps.db.$queryRaw<{ tsquery: string }[]>`SELECT (${query.all})::text AS tsquery`;
    text = deps.cache.set("tsquery", key, row?.tsquery ?? "", 2 * (key.length + (row?.tsquery.length ?? 0)));
  }
  return { ...query, all: Prisma.sql`${text}::tsquery` };
}

/**
 * The pages' description and ancestors, from the index of their space's current revision (the one the search rows
 * were made from; cached, so a search of a space read before costs no more than the space lookup).
 */
async function pageDetails(ctx: ContentDeps, rows: readonly PageRow[], revisions: readonly Revision[]) {
  const spaceIds = new Set(rows.map((row) => row.spaceId));
  const indexes = new Map(
    await Promise.all(
      revisions
        .filter((space) => spaceIds.has(space.id))
        .map(async (space) => [space.id, await revisionIndex({ db: ctx.prisma, cache: ctx.contentCache }, space.revisionId)] as const),
    ),
  );
  return (row: PageRow) => {
    const index = indexes.get(row.spaceId);
    const ancestors: { id: string; title: string }[] = [];
    for (let parent = index?.byId.get(row.pageId)?.parent; parent; parent = index?.byId.get(parent)?.parent) {
      const page = index?.byId.get(parent);
      if (!page) break;
      ancestors.unshift({ id: page.id, title: page.title });
    }
    return { description: index?.byId.get(row.pageId)?.description ?? "", ancestors };
  };
}

/** A space, its current revision and the one its search index holds whole (null: being moved to the current one). */
interface Revision {
  id: string;
  revisionId: string;
  searchRevisionId: string | null;
}

/** A searched space: its revisions when the caller read them already. */
type SearchedSpace = { id: string } & Partial<Revision>;

/** Results as the contract shows them, sections best first, highlighted; `firstRank` is the first one's place among all results. */
async function pageResults(
  ctx: ContentDeps,
  rows: readonly PageRow[],
  query: { text: string; tsquery: SearchQuery },
  firstRank: number,
  revisions: readonly Revision[],
): Promise<Schemas["SearchPageResult"][]> {
  const [sections, details] = await Promise.all([shownSections(ctx, rows, query.text, query.tsquery), pageDetails(ctx, rows, revisions)]);
  return rows.map((row, i) => {
    const pageUrl = appUrl(ctx, `/spaces/${row.spaceId}/pages/${row.pageId}`);
    return {
      id: row.pageId,
      title: row.title,
      ...details(row),
      path: row.path,
      score: row.rank,
      rank: firstRank + i,
      // A section its document does not have (none should be missing) is left out, as the join that read them did.
      sections: (row.sections ?? []).flatMap((section) => {
        const shown = sections(row.documentHash, section.index);
        if (!shown) return [];
        const anchor = shown.anchor ? `#${shown.anchor}` : "";
        return {
          id: `${row.pageId}-${section.index}`,
          title: shown.title || row.title,
          path: `${row.path}${anchor}`,
          score: section.score,
          body: shown.body,
          urls: { app: `${pageUrl}${anchor}` },
        };
      }),
      urls: { app: pageUrl },
    };
  });
}

/** The statement of a search in one space: a row per result of the page asked for (none: one row of nulls), each with the count. */
export function spaceSearchStatement(spaceId: string, query: SearchQuery, offset: number, limit: number): Prisma.Sql {
  return Prisma.sql`
    WITH pages AS (${pageHits({ one: spaceId }, query)}),
    shown AS (SELECT * FROM pages ORDER BY rank DESC, "pageId" OFFSET ${offset} LIMIT ${limit})
    SELECT (SELECT count(*) FROM pages) AS count, found.*
    FROM (SELECT 1) one
    LEFT JOIN (
      SELECT shown.rank, ${pageColumns(query)}
      FROM shown JOIN "SpacePage" sp ON sp."spaceId" = shown."spaceId" AND sp."pageId" = shown."pageId") found ON true
    ORDER BY found.rank DESC, found."pageId"`;
}

/**
 * Pages of one space matching the query, best first: one page of them. The space's current revision, when the
 * caller read the space already, saves reading it again for the pages' details.
 */
export async function searchSpace(
  ctx: ContentDeps,
  space: SearchedSpace,
  query: string,
  request: PageRequest,
  scope: string,
): Promise<ListPage<Schemas["SearchPageResult"]>> {
  return paginateByOffset(ctx.cursors, scope, request, async (offset, limit) => {
    const revisions = await currentRevisions(ctx, [space]);
    const tsquery = await forgivingQuery(ctx, revisions, query);
    const rows = await ctx.prisma.$queryRaw<Counted<PageRow>[]>(spaceSearchStatement(space.id, tsquery, offset, limit));
    return { items: await pageResults(ctx, rows.filter(found), { text: query, tsquery }, offset + 1, revisions), count: Number(rows[0]?.count ?? 0) };
  });
}

/**
 * Spaces with matching pages, best first (a space ranks by its best page), each with its best pages: one page of them.
 * Pages `excluded` (by ID) are never found: those a site's reader may not see.
 */
export async function searchSpaces(
  ctx: ContentDeps,
  spaces: { id: string; title: string }[],
  query: string,
  request: PageRequest,
  scope: string,
  excluded: readonly string[] = [],
): Promise<ListPage<Schemas["SearchSpaceResult"]>> {
  const titles = new Map(spaces.map((space) => [space.id, space.title]));
  return paginateByOffset(ctx.cursors, scope, request, async (offset, limit) => {
    if (!spaces.length) return { items: [], count: 0 };
    const revisions = await currentRevisions(ctx, spaces);
    const tsquery = await forgivingQuery(ctx, revisions, query);
    const rows = await ctx.prisma.$queryRaw<Counted<PageRow & { best: number }>[]>`
      WITH pages AS (${pageHits({ any: [...titles.keys()] }, tsquery, excluded)}),
      ranked AS (
        SELECT "spaceId", max(rank) AS best FROM pages GROUP BY "spaceId"
        ORDER BY best DESC, "spaceId" OFFSET ${offset} LIMIT ${limit}),
      shown AS (
        SELECT * FROM (
          SELECT pages.*, ranked.best, row_number() OVER (PARTITION BY pages."spaceId" ORDER BY pages.rank DESC, pages."pageId") AS n
          FROM pages JOIN ranked USING ("spaceId")) numbered
        WHERE n <= ${PAGES_PER_SPACE})
      SELECT (SELECT count(DISTINCT "spaceId") FROM pages) AS count, found.*
      FROM (SELECT 1) one
      LEFT JOIN (
        SELECT shown.best, shown.rank, ${pageColumns(tsquery)}
        FROM shown JOIN "SpacePage" sp ON sp."spaceId" = shown."spaceId" AND sp."pageId" = shown."pageId") found ON true
      ORDER BY found.best DESC, found."spaceId", found.rank DESC, found."pageId"`;
    const shown = rows.filter(found);
    const results = await pageResults(ctx, shown, { text: query, tsquery }, 1, revisions);
    const bySpace = new Map<string, Schemas["SearchPageResult"][]>();
    shown.forEach((row, i) => {
      bySpace.set(row.spaceId, [...(bySpace.get(row.spaceId) ?? []), results[i]!]);
    });
    return {
      items: [...bySpace].map(([id, pages]) => ({
        type: "space" as const,
        id,
        title: titles.get(id) ?? "",
        score: Math.max(...pages.map((page) => page.score)),
        pages,
      })),
      count: Number(rows[0]?.count ?? 0),
    };
  });
}
