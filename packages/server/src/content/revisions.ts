// Revisions: immutable states of a space's content. (The content model is in
// ./tree.ts; this file holds what spaces need to exist: their first revision
// and copies of a revision.)
import type { Tx } from "../db/database";
import { newId } from "../db/ids";

/** The first revision of a new space (create the space first: the revision refers to it). */
export async function createEmptyRevision(tx: Tx, spaceId: string, id = newId()): Promise<string> {
  await tx.revision.create({ data: { id, spaceId, parents: [], type: "edits", tree: { pages: [] }, files: [], links: [] } });
  return id;
}

/** A new revision of `spaceId` holding the same content as `revisionId` (documents are shared, not copied). */
export async function copyRevision(tx: Tx, revisionId: string, spaceId: string, id = newId()): Promise<string> {
  const source = await tx.revision.findUniqueOrThrow({ where: { id: revisionId } });
  await tx.revision.create({
    data: { id, spaceId, parents: [], type: "edits", tree: source.tree ?? { pages: [] }, files: source.files ?? [], links: source.links ?? [] },
  });
  return id;
}
