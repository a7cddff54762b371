// The search index of each space's current revision (SpacePage), kept in step with
// Space.revisionId: only the pages that changed are written.
import type { Tx } from "../db/database";
import { pagePaths, type StoredPage } from "./tree";

export async function syncSpacePages(tx: Tx, spaceId: string, pages: readonly StoredPage[]): Promise<void> {
  const paths = pagePaths(pages);
  const wanted = new Map(
    pages.map((page) => [
      page.id,
      { spaceId, pageId: page.id, title: page.title, path: paths.get(page.id)!, documentHash: page.document ?? null, noIndex: Boolean(page.noIndex) },
    ]),
  );
  const existing = await tx.spacePage.findMany({ where: { spaceId } });
  const stale = existing.filter((row) => {
    const next = wanted.get(row.pageId);
    return !next || next.title !== row.title || next.path !== row.path || next.documentHash !== row.documentHash || next.noIndex !== row.noIndex;
  });
  const current = new Set(existing.map((row) => row.pageId));
  const staleIds = new Set(stale.map((row) => row.pageId));
  if (stale.length) await tx.spacePage.deleteMany({ where: { spaceId, pageId: { in: [...staleIds] } } });
  const rows = [...wanted.values()].filter((row) => !current.has(row.pageId) || staleIds.has(row.pageId));
  if (rows.length) await tx.spacePage.createMany({ data: rows });
}

/** The index of a copied space is the copy of its source's. */
export async function copySpacePages(tx: Tx, fromSpaceId: string, toSpaceId: string): Promise<void> {
  const rows = await tx.spacePage.findMany({ where: { spaceId: fromSpaceId } });
  if (rows.length) await tx.spacePage.createMany({ data: rows.map((row) => ({ ...row, spaceId: toSpaceId })) });
}
