// The save precondition of `update_page` (`baseRevision`): an edit based on a revision where its page's body or
// title was not what the change request holds now would overwrite someone else's save silently; it is refused with
// 409 `stale_edit` instead, naming the current revision, so the writer can read the page again and merge.

import type { ContentChange } from "../content/edits/changes";
import type { ContentStore } from "../content/store/cache";
import { type RevisionIndex, revisionIndex } from "../content/store/revisions";
import { badRequest, conflict } from "../http/errors";

/** Throws for the first `update_page` whose page changed (body or title) between its `baseRevision` and `current`. */
export async function demandFreshEdits(store: ContentStore, spaceId: string, current: RevisionIndex, changes: readonly ContentChange[]): Promise<void> {
  const bases = new Map<string, RevisionIndex>();
  for (const [i, change] of changes.entries()) {
    if (change.operation !== "update_page" || change.baseRevision === undefined || change.baseRevision === current.revision.id) continue;
    const now = current.byId.get(change.page);
    // A page the change request does not have (a `ref` of the batch, an unknown ID) is the batch's own 400.
    if (!now) continue;
    const where = `changes/${i}/baseRevision`;
    let base = bases.get(change.baseRevision);
    if (!base) {
      const found = await revisionIndex(store, change.baseRevision);
      // Only revisions of this space (another's is as unknown as a made-up ID).
      if (!found || found.revision.spaceId !== spaceId) throw badRequest("invalid_request", `${where}: the space has no revision ${change.baseRevision}`);
      base = found;
      bases.set(change.baseRevision, base);
    }
    const then = base.byId.get(change.page);
    // A page the base did not have cannot have been read there.
    if (!then) throw badRequest("invalid_request", `${where}: revision ${change.baseRevision} has no page ${change.page}`);
    if (now.document !== then.document || now.title !== then.title) {
      throw conflict(
        "stale_edit",
        `changes/${i}: page ${change.page} changed since revision ${change.baseRevision} (its body or title): the change request's current revision is ${current.revision.id}`,
      );
    }
  }
}
