// A page's former paths in its space: when a merge moves or renames a page (its path
// changes, or its parent's), the path it had is recorded, so that a published site
// answers the old URL with a permanent redirect to the page's current one, with nothing
// configured, for as long as no page takes the old path (the redirect is looked up only
// for a path no page has). A path recorded again names the page that left it last.
import type { ContentStore } from "./cache";

/** Records that these pages left these paths (in the transaction that moves the space's index). */
export async function recordFormerPaths(db: ContentStore["db"], spaceId: string, moves: readonly { path: string; pageId: string }[]): Promise<void> {
  if (!moves.length) return;
  await db.$executeRaw`
    INSERT INTO "PageFormerPath" ("spaceId", path, "pageId")
    SELECT ${spaceId}, m.path, m.page FROM unnest(${moves.map((m) => m.path)}::text[], ${moves.map((m) => m.pageId)}::text[]) AS m(path, page)
    ON CONFLICT ("spaceId", path) DO UPDATE SET "pageId" = excluded."pageId"`;
}

/** The page that last left this path of the space, if one did. */
export async function formerPathOwner(db: ContentStore["db"], spaceId: string, path: string): Promise<string | undefined> {
  const row = await db.pageFormerPath.findUnique({ where: { spaceId_path: { spaceId, path } }, select: { pageId: true } });
  return row?.pageId;
}
