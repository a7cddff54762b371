// Full-text search (PostgreSQL's, the same on the embedded database and on a server)
// over the current revision of spaces: page titles (SpacePage) and sections, the text
// under each heading (SpaceSection), both kept in step with merges (./search-index).
//
// What a search costs is bounded, whatever the size of the space: the database finds
// matches through the GIN indexes (or, for a term on most pages, walks the space's
// rows in key order and stops early), ranks at most MAX_HITS sections and MAX_HITS
// titles, groups them by page and returns one page of results; only the sections of
// the returned pages are then highlighted (ts_headline, the expensive part), at most
// SECTIONS_PER_PAGE per page. A term on more than MAX_HITS sections of a space is
// therefore ranked among the first MAX_HITS found (in page-ID order), not among all.
import type { Schemas } from "@docstack/contract";
import { Prisma } from "../generated/prisma/client";
import type { RequestContext } from "../http/context";
import { type ListPage, type PageRequest, paginateByOffset } from "../http/pagination";
import { appUrl } from "../http/urls";

/** At most this many matching sections, and as many matching titles, are ranked per search. */
export const MAX_HITS = 1000;
/** A page's best matching sections shown (and highlighted) with it. */
export const SECTIONS_PER_PAGE = 3;
/** An organization search shows a space's best pages, at most this many. */
export const PAGES_PER_SPACE = 5;
/** A page whose title matches ranks above pages matching only in their text. */
const TITLE_BOOST = 1;

const tsquery = (query: string) => Prisma.sql`websearch_to_tsquery('english', ${query})`;

/**
 * Matches in one space (or several), one row per page: its rank (the sum of its
 * matches') and its best sections. The tsquery is written out in each condition (not
 * shared through a CTE) so that the planner sees its value and estimates how common it
 * is. In one space, matches are taken in key order (the primary key's order, so a term
 * on every page stops the walk after MAX_HITS rows, and pages of results are stable);
 * across spaces, in whatever order the plan finds them first.
 */
function pageHits(spaces: { one: string } | { any: readonly string[] }, query: string): Prisma.Sql {
  const inSpaces = "one" in spaces ? Prisma.sql`= ${spaces.one}` : Prisma.sql`= ANY(${[...spaces.any]}::text[])`;
  const [sectionOrder, titleOrder] =
    "one" in spaces ? [Prisma.sql`ORDER BY s."pageId", s.index`, Prisma.sql`ORDER BY p."pageId"`] : [Prisma.empty, Prisma.empty];
  return Prisma.sql`
    SELECT "spaceId", "pageId", sum(rank)::float8 AS rank,
      (array_agg(index ORDER BY rank DESC, index) FILTER (WHERE index >= 0))[1:${SECTIONS_PER_PAGE}] AS sections
    FROM (
      (SELECT s."spaceId", s."pageId", s.index, ts_rank(s.search, ${tsquery(query)}) AS rank
       FROM "SpaceSection" s
       WHERE s."spaceId" ${inSpaces} AND s.search @@ ${tsquery(query)}
       ${sectionOrder}
       LIMIT ${MAX_HITS})
      UNION ALL
      (SELECT p."spaceId", p."pageId", -1, ts_rank(to_tsvector('english', p.title), ${tsquery(query)}) + ${TITLE_BOOST}
       FROM "SpacePage" p
       WHERE p."spaceId" ${inSpaces} AND NOT p."noIndex" AND to_tsvector('english', p.title) @@ ${tsquery(query)}
       ${titleOrder}
       LIMIT ${MAX_HITS})
    ) hits
    GROUP BY "spaceId", "pageId"`;
}

interface PageRow {
  spaceId: string;
  pageId: string;
  rank: number;
  sections: number[] | null;
  title: string;
  path: string;
  documentHash: string | null;
}

/** The pages' matching sections, highlighted, with their anchors and titles. */
async function highlight(ctx: RequestContext, rows: readonly PageRow[], query: string): Promise<Map<string, { anchor: string; title: string; body: string }>> {
  const keys = rows.flatMap((row) => (row.documentHash ? (row.sections ?? []).map((index) => [row.documentHash!, index] as const) : []));
  if (!keys.length) return new Map();
  const found = await ctx.prisma.$queryRaw<{ documentHash: string; index: number; anchor: string; title: string; body: string }[]>`
    SELECT ds."documentHash", ds.index, ds.anchor, ds.title,
      ts_headline('english', ds.body, ${tsquery(query)}, 'StartSel=<mark>, StopSel=</mark>, MaxFragments=2, MaxWords=30, MinWords=10') AS body
    FROM "DocumentSection" ds
    JOIN unnest(${keys.map(([hash]) => hash)}::text[], ${keys.map(([, index]) => index)}::int[]) AS k(hash, idx)
      ON ds."documentHash" = k.hash AND ds.index = k.idx`;
  return new Map(found.map((row) => [`${row.documentHash}/${row.index}`, row]));
}

/** Results as the contract shows them, sections best first. */
async function pageResults(ctx: RequestContext, rows: readonly PageRow[], query: string): Promise<Schemas["SearchPageResult"][]> {
  const sections = await highlight(ctx, rows, query);
  return rows.map((row) => {
    const pageUrl = appUrl(ctx, `/spaces/${row.spaceId}/pages/${row.pageId}`);
    return {
      id: row.pageId,
      title: row.title,
      path: row.path,
      sections: (row.sections ?? []).flatMap((index) => {
        const section = sections.get(`${row.documentHash}/${index}`);
        if (!section) return [];
        const anchor = section.anchor ? `#${section.anchor}` : "";
        return [{ id: `${row.pageId}-${index}`, title: section.title || row.title, path: `${row.path}${anchor}`, body: section.body, urls: { app: `${pageUrl}${anchor}` } }];
      }),
      urls: { app: pageUrl },
    };
  });
}

/** Pages of one space matching the query, best first: one page of them. */
export async function searchSpace(
  ctx: RequestContext,
  spaceId: string,
  query: string,
  request: PageRequest,
  scope: string,
): Promise<ListPage<Schemas["SearchPageResult"]>> {
  const page = await paginateByOffset(ctx.cursors, scope, request, async (offset, take) => {
    // One row at least (the count), with the page's rows joined to it.
    const rows = await ctx.prisma.$queryRaw<(Omit<PageRow, "spaceId"> & { spaceId: string | null; count: bigint })[]>`
      WITH pages AS (${pageHits({ one: spaceId }, query)})
      SELECT (SELECT count(*) FROM pages) AS count, ranked.*, sp.title, sp.path, sp."documentHash"
      FROM (SELECT 1) one
      LEFT JOIN (SELECT * FROM pages ORDER BY rank DESC, "pageId" OFFSET ${offset} LIMIT ${take}) ranked ON true
      LEFT JOIN "SpacePage" sp ON sp."spaceId" = ranked."spaceId" AND sp."pageId" = ranked."pageId"
      ORDER BY ranked.rank DESC, ranked."pageId"`;
    return { items: rows.filter((row): row is PageRow & { count: bigint } => row.spaceId !== null), count: Number(rows[0]?.count ?? 0) };
  });
  return { ...page, items: await pageResults(ctx, page.items, query) };
}

/** Spaces with matching pages, best first (a space ranks by its best page), each with its best pages: one page of them. */
export async function searchSpaces(
  ctx: RequestContext,
  spaces: { id: string; title: string }[],
  query: string,
  request: PageRequest,
  scope: string,
): Promise<ListPage<Schemas["SearchSpaceResult"]>> {
  const page = await paginateByOffset(ctx.cursors, scope, request, async (offset, take) => {
    if (!spaces.length) return { items: [], count: 0 };
    // One row at least (the count), with the shown pages of the page's spaces joined to it.
    const rows = await ctx.prisma.$queryRaw<(PageRow & { count: bigint })[]>`
      WITH pages AS (${pageHits(
        { any: spaces.map((space) => space.id) },
        query,
      )}),
      ranked AS (
        SELECT "spaceId", max(rank) AS best FROM pages GROUP BY "spaceId"
        ORDER BY best DESC, "spaceId" OFFSET ${offset} LIMIT ${take}),
      shown AS (
        SELECT pages.*, ranked.best, row_number() OVER (PARTITION BY pages."spaceId" ORDER BY pages.rank DESC, pages."pageId") AS n
        FROM pages JOIN ranked USING ("spaceId"))
      SELECT (SELECT count(DISTINCT "spaceId") FROM pages) AS count, found.*
      FROM (SELECT 1) one
      LEFT JOIN (
        SELECT shown.*, sp.title, sp.path, sp."documentHash"
        FROM shown JOIN "SpacePage" sp ON sp."spaceId" = shown."spaceId" AND sp."pageId" = shown."pageId"
        WHERE n <= ${PAGES_PER_SPACE}) found ON true
      ORDER BY found.best DESC, found."spaceId", found.rank DESC, found."pageId"`;
    const count = Number(rows[0]?.count ?? 0);
    const bySpace = new Map<string, PageRow[]>();
    for (const row of rows) if (row.spaceId !== null) bySpace.set(row.spaceId, [...(bySpace.get(row.spaceId) ?? []), row]);
    return { items: [...bySpace.values()], count };
  });
  const titles = new Map(spaces.map((space) => [space.id, space.title]));
  const results = await pageResults(ctx, page.items.flat(), query);
  let next = 0;
  const items = page.items.map((rows) => {
    const spaceId = rows[0]!.spaceId;
    const pages = results.slice(next, next + rows.length);
    next += rows.length;
    return { id: spaceId, title: titles.get(spaceId) ?? "", pages };
  });
  return { ...page, items };
}
