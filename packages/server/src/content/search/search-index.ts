// The search index of each space's current revision: SpacePage (a row per page: title,
// path, document) and SpaceSection (a row per section of the pages not marked noIndex,
// with its search vector). It follows Space.revisionId after the commit that moves it, in
// steps of a few hundred pages, each its own transaction (content/search/search-catch-up.ts). A
// move from one revision to the next rewrites the rows of the pages that differ between
// them, found by comparing the two revisions' indexes in memory, and only the pages of
// the chunks that differ between them (and the sub-pages of a page renamed or moved): a
// one-page merge into a 10,000-page space reads and writes one page's rows.
import { releaseEvery } from "../../db/batch-memory";
import type { Tx } from "../../db/database";
import { runsOf } from "../../db/statement-runs";
import type { ContentStore } from "../store/cache";
import { chunkHashes, loadChunks } from "../store/chunks";
import { recordFormerPaths } from "../store/former-paths";
import type { RevisionIndex } from "../store/revisions";
import type { StoredPage } from "../store/tree";

interface PageRow {
  spaceId: string;
  pageId: string;
  title: string;
  path: string;
  documentHash: string | null;
  noIndex: boolean;
}

function pageRow(spaceId: string, index: RevisionIndex, page: StoredPage): PageRow {
  return {
    spaceId,
    pageId: page.id,
    title: page.title,
    path: index.pathById.get(page.id)!,
    documentHash: page.document ?? null,
    noIndex: Boolean(page.noIndex),
  };
}

const searched = (row: PageRow | undefined) => (row && !row.noIndex ? row.documentHash : null);

/**
 * Page rows (with their title's search vector), in one statement of a few array parameters (a space's first
 * import writes thousands), and their titles' words in the space's words. The vectors and words come from
 * SQL functions of the migration `search_forgives` (docstack_page_vector, docstack_words), the one definition
 * of how text is searched.
 */
/**
 * Pages written per statement: between statements the event loop serves other requests,
 * and a merge of thousands of pages releases what the statements left every 1,000 pages (db/batch-memory.ts).
 */
const PAGES_PER_STATEMENT = 500;

async function insertPages(tx: ContentStore["db"], spaceId: string, all: readonly PageRow[]): Promise<void> {
  const release = releaseEvery(2);
  for (let start = 0; start < all.length; start += PAGES_PER_STATEMENT) {
    const rows = all.slice(start, start + PAGES_PER_STATEMENT);
    await tx.$executeRaw`
      INSERT INTO "SpacePage" ("spaceId", "pageId", title, path, "documentHash", "noIndex", search)
      SELECT r.*, docstack_page_vector(r.title)
      FROM unnest(${rows.map((r) => r.spaceId)}::text[], ${rows.map((r) => r.pageId)}::text[], ${rows.map((r) => r.title)}::text[],
        ${rows.map((r) => r.path)}::text[], ${rows.map((r) => r.documentHash)}::text[], ${rows.map((r) => r.noIndex)}::boolean[])
        AS r("spaceId", "pageId", title, path, "documentHash", "noIndex")`;
    await tx.$executeRaw`
      INSERT INTO "SpaceWord" ("spaceId", word)
      SELECT DISTINCT ${spaceId}, w FROM unnest(${rows.filter((r) => !r.noIndex).map((r) => r.title)}::text[]) AS t(title) CROSS JOIN LATERAL docstack_words(t.title) AS w
      ON CONFLICT DO NOTHING`;
    release();
  }
}

/**
 * The characters of a section's text that are searched (its heading always is): past them a section is stored and shown
 * whole but not indexed. Sections are rarely a few KB; a page of a million characters without a heading
 * would otherwise hold the embedded database (and with it the event loop) for about a second.
 */
export const SEARCHED_SECTION_CHARACTERS = 64 * 1024;
/**
 * Searched characters indexed per statement: between statements the event loop serves other requests. 64 KiB of
 * prose took 200 ms of CPU per statement (a 3,000-page import's index, on a loaded 2-core machine), holding /healthz
 * that long; 16 KiB stays near 50 ms.
 */
const CHARACTERS_PER_STATEMENT = 16 * 1024;

interface SectionToIndex {
  page: string;
  hash: string;
  index: number;
  size: number;
}

/**
 * Section rows (with their search vector: docstack_section_vector) for pages and their documents, and their
 * words, a bounded batch of text per statement (see CHARACTERS_PER_STATEMENT).
 */
async function insertSections(tx: ContentStore["db"], spaceId: string, pages: readonly { pageId: string; documentHash: string }[]): Promise<void> {
  if (!pages.length) return;
  const sections = await tx.$queryRaw<SectionToIndex[]>`
    SELECT p.page, ds."documentHash" AS hash, ds.index, length(ds.title) + least(length(ds.body), ${SEARCHED_SECTION_CHARACTERS})::int AS size
    FROM unnest(${pages.map((page) => page.pageId)}::text[], ${pages.map((page) => page.documentHash)}::text[]) AS p(page, hash)
    JOIN "DocumentSection" ds ON ds."documentHash" = p.hash
    ORDER BY p.page, ds.index`;
  // What a long run of statements leaves is released every 2 MiB of text (db/batch-memory.ts).
  const release = releaseEvery(32);
  for (const batch of runsOf(sections, (section) => section.size, CHARACTERS_PER_STATEMENT)) {
    const [pageIds, hashes, indexes] = [batch.map((s) => s.page), batch.map((s) => s.hash), batch.map((s) => s.index)];
    await tx.$executeRaw`
      INSERT INTO "SpaceSection" ("spaceId", "pageId", index, search)
      SELECT ${spaceId}, s.page, ds.index, docstack_section_vector(ds.title, left(ds.body, ${SEARCHED_SECTION_CHARACTERS}))
      FROM unnest(${pageIds}::text[], ${hashes}::text[], ${indexes}::int[]) AS s(page, hash, index)
      JOIN "DocumentSection" ds ON ds."documentHash" = s.hash AND ds.index = s.index`;
    await tx.$executeRaw`
      INSERT INTO "SpaceWord" ("spaceId", word)
      SELECT DISTINCT ${spaceId}, w
      FROM (SELECT DISTINCT * FROM unnest(${hashes}::text[], ${indexes}::int[])) AS s(hash, index)
      JOIN "DocumentSection" ds ON ds."documentHash" = s.hash AND ds.index = s.index
      CROSS JOIN LATERAL docstack_words(ds.title || ' ' || left(ds.body, ${SEARCHED_SECTION_CHARACTERS})) AS w
      ON CONFLICT DO NOTHING`;
    release();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Pages whose words are gathered per statement: a page's words are all its sections' lexemes, so a statement of 500
 * pages of real prose held the embedded database (and the event loop with it) for seconds, and one of 50 pages still
 * about 100 ms of CPU on a loaded 2-core machine.
 */
const WORD_PAGES_PER_STATEMENT = 20;

/** The pages' words (docstack_page_words: their title's and sections' lexemes), once their rows are written. */
async function updatePageWords(tx: ContentStore["db"], spaceId: string, pageIds: readonly string[]): Promise<void> {
  const release = releaseEvery(20);
  for (let start = 0; start < pageIds.length; start += WORD_PAGES_PER_STATEMENT) {
    const batch = pageIds.slice(start, start + WORD_PAGES_PER_STATEMENT);
    await tx.$executeRaw`
      UPDATE "SpacePage" SET words = docstack_page_words("spaceId", "pageId") WHERE "spaceId" = ${spaceId} AND "pageId" = ANY(${batch}::text[])`;
    release();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * The pages whose rows may differ between two revisions: those in the chunks only one of
 * them has, and the sub-pages of those renamed or moved (their paths change); undefined
 * (every page) for revisions whose pages are not chunked.
 */
async function pagesToCompare(store: ContentStore, previous: RevisionIndex, next: RevisionIndex): Promise<Iterable<string> | undefined> {
  const [before, after] = [chunkHashes(previous.revision.tree), chunkHashes(next.revision.tree)];
  if (!before || !after) return undefined;
  const [had, has] = [new Set(before), new Set(after)];
  const differing = [...before.filter((hash) => !has.has(hash)), ...after.filter((hash) => !had.has(hash))];
  const ids = new Set((await loadChunks<StoredPage>(store, differing)).map((page) => page.id));
  const below = (id: string) => {
    for (const child of next.children.get(id) ?? []) {
      ids.add(child.id);
      below(child.id);
    }
  };
  for (const id of [...ids]) {
    const [then, now] = [previous.byId.get(id), next.byId.get(id)];
    if (then && now && (then.slug !== now.slug || then.parent !== now.parent)) below(id);
  }
  return ids;
}

/** A page whose row changed between two revisions (what webhooks' page events report). */
export interface PageChange {
  pageId: string;
  title: string;
  path: string;
  kind: "created" | "updated" | "deleted" | "moved";
}

/**
 * The pages that changed from the revision `previous` to `next` (found in memory, from the chunks that differ), and
 * records the paths pages left (their redirects): what a move of a space's revision does in its own transaction. The
 * search index follows after the commit (content/search/search-catch-up.ts).
 */
export async function changedPages(store: ContentStore, spaceId: string, previous: RevisionIndex, next: RevisionIndex): Promise<PageChange[]> {
  const changes: PageChange[] = [];
  const moves: { path: string; pageId: string }[] = [];
  const ids = (await pagesToCompare(store, previous, next)) ?? new Set([...previous.byId.keys(), ...next.byId.keys()]);
  for (const id of ids) {
    const [old, page] = [previous.byId.get(id), next.byId.get(id)];
    if (!page) {
      if (old) {
        const gone = pageRow(spaceId, previous, old);
        changes.push({ pageId: id, title: gone.title, path: gone.path, kind: "deleted" });
      }
      continue;
    }
    const row = pageRow(spaceId, next, page);
    const before = old && pageRow(spaceId, previous, old);
    if (before && sameRow(before, row)) continue;
    // A page that leaves its path (moved, renamed, or under a parent that did): its old URL redirects to it.
    if (before && before.path !== row.path) moves.push({ path: before.path, pageId: id });
    changes.push({ pageId: id, title: row.title, path: row.path, kind: !old ? "created" : old.parent !== page.parent ? "moved" : "updated" });
  }
  await recordFormerPaths(store.db, spaceId, moves);
  return changes;
}

const sameRow = (a: PageRow, b: PageRow) => a.title === b.title && a.path === b.path && a.documentHash === b.documentHash && a.noIndex === b.noIndex;

/**
 * The pages whose index rows may differ from `target`'s when the index holds the revision `indexed` (every page of
 * either, or every page with a row, when the index holds no one revision whole).
 */
export async function pagesToIndex(store: ContentStore, spaceId: string, indexed: RevisionIndex | null, target: RevisionIndex): Promise<string[]> {
  const ids = indexed ? await pagesToCompare(store, indexed, target) : undefined;
  if (ids) return [...ids].sort();
  const rows = indexed ? [] : await store.db.spacePage.findMany({ where: { spaceId }, select: { pageId: true } });
  return [...new Set([...(indexed?.byId.keys() ?? []), ...target.byId.keys(), ...rows.map((row) => row.pageId)])].sort();
}

/**
 * Makes the index rows of these pages those of the revision `target`, whatever they hold now (so a step run twice, or
 * after a step that failed, does the same): reads their rows, and rewrites the pages whose row differs.
 */
export async function indexPages(db: ContentStore["db"], spaceId: string, target: RevisionIndex, pageIds: readonly string[]): Promise<void> {
  const current = await db.spacePage.findMany({
    where: { spaceId, pageId: { in: [...pageIds] } },
    select: { spaceId: true, pageId: true, title: true, path: true, documentHash: true, noIndex: true },
  });
  const rows = new Map(current.map((row) => [row.pageId, row]));
  const [goneRows, changedRows, sectionsGone, sectionsNew] = [
    [] as string[],
    [] as PageRow[],
    [] as string[],
    [] as { pageId: string; documentHash: string }[],
  ];
  for (const id of pageIds) {
    const [before, page] = [rows.get(id), target.byId.get(id)];
    const row = page && pageRow(spaceId, target, page);
    if (before && row && sameRow(before, row)) continue;
    if (before) goneRows.push(id);
    if (searched(before)) sectionsGone.push(id);
    if (!row) continue;
    changedRows.push(row);
    if (searched(row)) sectionsNew.push({ pageId: id, documentHash: searched(row)! });
  }
  if (goneRows.length) await db.spacePage.deleteMany({ where: { spaceId, pageId: { in: goneRows } } });
  if (changedRows.length) await insertPages(db, spaceId, changedRows);
  if (sectionsGone.length) await db.$executeRaw`DELETE FROM "SpaceSection" WHERE "spaceId" = ${spaceId} AND "pageId" = ANY(${sectionsGone}::text[])`;
  await insertSections(db, spaceId, sectionsNew);
  await updatePageWords(
    db,
    spaceId,
    changedRows.flatMap((row) => (row.noIndex ? [] : [row.pageId])),
  );
}

/** The index of a copied space is the copy of its source's. */
export async function copySpacePages(tx: Tx, fromSpaceId: string, toSpaceId: string): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "SpacePage" ("spaceId", "pageId", title, path, "documentHash", "noIndex", search, words)
    SELECT ${toSpaceId}, "pageId", title, path, "documentHash", "noIndex", search, words FROM "SpacePage" WHERE "spaceId" = ${fromSpaceId}`;
  await tx.$executeRaw`INSERT INTO "SpaceWord" ("spaceId", word) SELECT ${toSpaceId}, word FROM "SpaceWord" WHERE "spaceId" = ${fromSpaceId}`;
  await tx.$executeRaw`
    INSERT INTO "SpaceSection" ("spaceId", "pageId", index, search)
    SELECT ${toSpaceId}, "pageId", index, search FROM "SpaceSection" WHERE "spaceId" = ${fromSpaceId}`;
}
