// A merge refused because the space changed the same pages: the change request is brought up to date with the
// space, keeping the writer's edits. The server merges line by line and refuses a page both sides changed, so,
// for each such page: its three versions are read (the change request's base, the space's, the change
// request's), merged block by block (merge.ts: both versions kept, the space's first, where both changed one
// place), the change request's page set to the space's version so that the update goes through, then to the
// merged text for the writer to finish in the editor. Should the update still fail, the writer's versions are
// written back: nothing is lost. Loaded on demand (it needs the editor's Markdown reader).
import type { Schemas } from "@docstack/sdk";
import { api, unwrap } from "../../api";
import { mergeBlocks } from "./merge";

type ChangeRequest = Schemas["ChangeRequest"];
const markdownOf = (page: object) => ("markdown" in page && typeof page.markdown === "string" ? page.markdown : "");

async function versionsOf(spaceId: string, cr: ChangeRequest, pageId: string) {
  const base = cr.revisionMergedAncestor ?? cr.revisionInitial;
  const [before, theirs, mine] = await Promise.all([
    unwrap(api.GET("/v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}", { params: { path: { spaceId, revisionId: base, pageId } } })),
    unwrap(api.GET("/v1/spaces/{spaceId}/content/page/{pageId}", { params: { path: { spaceId, pageId } } })),
    unwrap(
      api.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}", {
        params: { path: { spaceId, changeRequestId: cr.id, pageId } },
      }),
    ),
  ]);
  const [b, t, m] = [markdownOf(before), markdownOf(theirs), markdownOf(mine)];
  return { pageId, theirs: t, mine: m, merged: mergeBlocks(b, t, m) };
}

const write = (spaceId: string, cr: ChangeRequest, pages: { pageId: string; markdown: string }[]) =>
  unwrap(
    api.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content", {
      params: { path: { spaceId, changeRequestId: cr.id } },
      body: { changes: pages.map(({ pageId, markdown }) => ({ operation: "update_page" as const, page: pageId, document: { markdown } })) },
    }),
  );

/** Updates the change request from the space, keeping the writer's edits of `pageIds`; how many places both changed. */
export async function updateKeepingEdits(spaceId: string, cr: ChangeRequest, pageIds: readonly string[]): Promise<number> {
  const pages = await Promise.all(pageIds.map((pageId) => versionsOf(spaceId, cr, pageId)));
  await write(
    spaceId,
    cr,
    pages.map((page) => ({ pageId: page.pageId, markdown: page.theirs })),
  );
  const path = { spaceId, changeRequestId: cr.id };
  let refused: string | undefined;
  try {
    const updated = await unwrap(api.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/update", { params: { path } }));
    if (updated.result === "conflicts") refused = updated.conflicts.map((c) => `${c.page.title}: ${c.reason}`).join("; ");
  } catch (error) {
    refused = error instanceof Error ? error.message : String(error);
  }
  if (refused !== undefined) {
    await write(
      spaceId,
      cr,
      pages.map((page) => ({ pageId: page.pageId, markdown: page.mine })),
    );
    throw new Error(`The change request could not be updated from the space (${refused}); your edits are kept as they were.`);
  }
  await write(
    spaceId,
    cr,
    pages.map((page) => ({ pageId: page.pageId, markdown: page.merged.markdown })),
  );
  return pages.reduce((sum, page) => sum + page.merged.conflicts, 0);
}
