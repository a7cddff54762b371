// Creating a space: the one place a space row and its first revision are made, whether the API creates one,
// duplicates one (its content, search index and sharing copied) or a new site needs one.
import type { Schemas } from "@docstack/contract";
import { copySpacePages } from "../content/search/search-index";
import { copyRevision, createEmptyRevision } from "../content/store/revisions";
import type { Tx } from "../db/database";
import { newId } from "../db/ids";
import type { Space } from "../generated/prisma/client";
import { placeAmongSiblings } from "../tree/siblings";
import type { WebhookOutbox } from "../webhooks/outbox";
import { type EventActor, spaceEvent } from "../webhooks/resources";

/** GitBook's longest space title. */
export const SPACE_TITLE_MAX = 50;

export interface CreateSpaceInput {
  organizationId: string;
  parentId: string | null;
  title: string;
  emoji?: string;
  editMode?: Space["editMode"];
  visibility?: Space["visibility"];
  defaultLevel?: string | null;
  /** Where among its siblings (default: last). */
  position?: Schemas["Position"];
  /** A copy of this space: its content, search index and sharing, and its emoji, visibility and default level unless given (default: empty). */
  copyOf?: Space;
}

/** What creating a space uses besides the transaction: who creates it, and the outbox its `space.created` event goes to. */
export interface CreateSpaceDeps extends EventActor {
  webhooks: Pick<WebhookOutbox, "emit">;
}

/** Creates the space in the caller's transaction (a site's creation makes one within its own). */
export async function createSpace(deps: CreateSpaceDeps, tx: Tx, input: CreateSpaceInput): Promise<Space> {
  const source = input.copyOf;
  const id = newId();
  const revisionId = newId();
  const position = await placeAmongSiblings(tx, input.organizationId, input.parentId, id, input.position);
  const space = await tx.space.create({
    data: {
      id,
      organizationId: input.organizationId,
      parentId: input.parentId,
      title: input.title.slice(0, SPACE_TITLE_MAX),
      emoji: input.emoji ?? source?.emoji ?? "",
      ...(input.editMode ? { editMode: input.editMode } : {}),
      ...((input.visibility ?? source?.visibility) ? { visibility: input.visibility ?? source?.visibility } : {}),
      ...((input.defaultLevel ?? source?.defaultLevel) !== undefined ? { defaultLevel: input.defaultLevel ?? source?.defaultLevel } : {}),
      position,
      revisionId,
      // An empty space's index (none) is its revision's; a copy's is its source's, when that one's is whole.
      searchRevisionId: !source || source.searchRevisionId === source.revisionId ? revisionId : null,
    },
  });
  await deps.webhooks.emit(tx, spaceEvent(deps, "space.created", space));
  if (!source) {
    await createEmptyRevision(tx, id, revisionId);
    return space;
  }
  await copyRevision(tx, source.revisionId, id, revisionId);
  await copySpacePages(tx, source.id, id);
  // The copy is shared as the space is, so the same people and teams reach it.
  const grants = await tx.contentGrant.findMany({ where: { spaceId: source.id } });
  await tx.contentGrant.createMany({ data: grants.map((row) => ({ ...row, id: newId(), spaceId: id, createdAt: undefined })) });
  return space;
}
