// Full-text search (PostgreSQL's, the same on the embedded database and on a server)
// over the current revision of spaces: page titles and sections (the text under each
// heading), ranked, each page with its matching sections highlighted.
import type { Schemas } from "@docstack/contract";
import type { Db } from "../db/database";
import type { RequestContext } from "../http/context";
import { type ListPage, type PageRequest, paginateArray } from "../http/pagination";
import { appUrl } from "../http/urls";

/** At most this many matching sections are ranked per search: a bound on its cost. */
const MAX_MATCHES = 2000;
/** A page whose title matches ranks above pages matching only in their text. */
const TITLE_BOOST = 1;

interface Match {
  spaceId: string;
  pageId: string;
  title: string;
  path: string;
  documentHash: string | null;
  sectionIndex: number | null;
  anchor: string | null;
  sectionTitle: string | null;
  rank: number;
}

async function matches(prisma: Db, spaceIds: string[], query: string): Promise<Match[]> {
  if (!spaceIds.length) return [];
  return prisma.$queryRaw<Match[]>`
    WITH q AS (SELECT websearch_to_tsquery('english', ${query}) AS query)
    SELECT * FROM (
      SELECT sp."spaceId", sp."pageId", sp.title, sp.path, ds."documentHash",
        ds.index AS "sectionIndex", ds.anchor, ds.title AS "sectionTitle",
        ts_rank(to_tsvector('english', ds."title" || ' ' || ds."body"), q.query)::float8 AS rank
      FROM q, "DocumentSection" ds
      JOIN "SpacePage" sp ON sp."documentHash" = ds."documentHash"
      WHERE to_tsvector('english', ds."title" || ' ' || ds."body") @@ q.query
        AND sp."spaceId" = ANY(${spaceIds}) AND NOT sp."noIndex"
      UNION ALL
      SELECT sp."spaceId", sp."pageId", sp.title, sp.path, NULL, NULL, NULL, NULL,
        (ts_rank(to_tsvector('english', sp."title"), q.query) + ${TITLE_BOOST})::float8
      FROM q, "SpacePage" sp
      WHERE to_tsvector('english', sp."title") @@ q.query
        AND sp."spaceId" = ANY(${spaceIds}) AND NOT sp."noIndex"
    ) found
    ORDER BY rank DESC, "pageId", "sectionIndex"
    LIMIT ${MAX_MATCHES}`;
}

type PageResult = Schemas["SearchPageResult"] & { spaceId: string; rank: number; sectionKeys: [string, number][] };

function groupByPage(ctx: RequestContext, found: Match[]): PageResult[] {
  const pages = new Map<string, PageResult>();
  for (const match of found) {
    const key = `${match.spaceId}/${match.pageId}`;
    let page = pages.get(key);
    const pageUrl = appUrl(ctx, `/spaces/${match.spaceId}/pages/${match.pageId}`);
    if (!page) {
      page = { spaceId: match.spaceId, id: match.pageId, title: match.title, path: match.path, sections: [], urls: { app: pageUrl }, rank: 0, sectionKeys: [] };
      pages.set(key, page);
    }
    page.rank += match.rank;
    if (match.sectionIndex !== null && !page.sections.some((section) => section.id === `${match.pageId}-${match.sectionIndex}`)) {
      const anchor = match.anchor ? `#${match.anchor}` : "";
      page.sections.push({
        id: `${match.pageId}-${match.sectionIndex}`,
        title: match.sectionTitle || match.title,
        path: `${match.path}${anchor}`,
        body: "",
        urls: { app: `${pageUrl}${anchor}` },
      });
      page.sectionKeys.push([match.documentHash!, match.sectionIndex]);
    }
  }
  return [...pages.values()].sort((a, b) => b.rank - a.rank || (a.id < b.id ? -1 : 1));
}

/**
 * Highlights the matches in the sections of the pages about to be returned (and only
 * those: highlighting is the expensive part of a search), then drops internal fields.
 */
async function finish(prisma: Db, pages: PageResult[], query: string): Promise<Schemas["SearchPageResult"][]> {
  const keys = pages.flatMap((page) => page.sectionKeys);
  const highlighted = new Map<string, string>();
  if (keys.length) {
    const rows = await prisma.$queryRaw<{ documentHash: string; index: number; body: string }[]>`
      SELECT ds."documentHash", ds.index,
        ts_headline('english', ds.body, websearch_to_tsquery('english', ${query}), 'StartSel=<mark>, StopSel=</mark>, MaxFragments=2, MaxWords=30, MinWords=10') AS body
      FROM "DocumentSection" ds
      JOIN unnest(${keys.map(([hash]) => hash)}::text[], ${keys.map(([, index]) => index)}::int[]) AS k(hash, idx)
        ON ds."documentHash" = k.hash AND ds.index = k.idx`;
    for (const row of rows) highlighted.set(`${row.documentHash}/${row.index}`, row.body);
  }
  return pages.map(({ spaceId: _space, rank: _rank, sectionKeys, ...page }) => ({
    ...page,
    sections: page.sections.map((section, i) => ({ ...section, body: highlighted.get(`${sectionKeys[i]![0]}/${sectionKeys[i]![1]}`) ?? "" })),
  }));
}

/** Pages of one space matching the query, best first: one page of them. */
export async function searchSpace(
  ctx: RequestContext,
  spaceId: string,
  query: string,
  request: PageRequest,
  scope: string,
): Promise<ListPage<Schemas["SearchPageResult"]>> {
  const page = paginateArray(ctx.cursors, scope, request, groupByPage(ctx, await matches(ctx.prisma, [spaceId], query)));
  return { ...page, items: await finish(ctx.prisma, page.items, query) };
}

/** Spaces with matching pages, best first (a space ranks by its best page): one page of them. */
export async function searchSpaces(
  ctx: RequestContext,
  spaces: { id: string; title: string }[],
  query: string,
  request: PageRequest,
  scope: string,
): Promise<ListPage<Schemas["SearchSpaceResult"]>> {
  const pages = groupByPage(
    ctx,
    await matches(
      ctx.prisma,
      spaces.map((space) => space.id),
      query,
    ),
  );
  const bySpace = new Map<string, PageResult[]>();
  for (const page of pages) bySpace.set(page.spaceId, [...(bySpace.get(page.spaceId) ?? []), page]);
  const titles = new Map(spaces.map((space) => [space.id, space.title]));
  const page = paginateArray(ctx.cursors, scope, request, [...bySpace.keys()]);
  const items = await Promise.all(
    page.items.map(async (spaceId) => ({ id: spaceId, title: titles.get(spaceId) ?? "", pages: await finish(ctx.prisma, bySpace.get(spaceId)!, query) })),
  );
  return { ...page, items };
}
