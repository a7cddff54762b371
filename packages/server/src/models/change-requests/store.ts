// A change request's rows: the status moves a PATCH may make, and the row locks its writes take.
import type { Schemas } from "@docstack/contract";
import type { Tx } from "../../db/database";
import type { ChangeRequest } from "../../generated/prisma/client";
import { conflict } from "../../http/errors";

export type Status = Schemas["ChangeRequestStatus"];

/** Status moves a PATCH may make; `merged` is reached only by merging, and is final. */
const MOVES: Record<Status, readonly Status[]> = {
  draft: ["draft", "open", "archived"],
  open: ["open", "draft", "archived"],
  archived: ["archived", "draft", "open"],
  merged: [],
};

export function demandStatusMove(changeRequest: ChangeRequest, next: Status): void {
  const current = changeRequest.status;
  if (current === "merged") throw conflict("change_request_merged", `Change request #${changeRequest.number} is merged: it can no longer change`);
  if (!MOVES[current].includes(next)) throw conflict("status_move_invalid", `Change request #${changeRequest.number} cannot move from ${current} to ${next}`);
}

/** Locks a change request's row for the rest of the transaction and returns it fresh. */
export async function lockChangeRequest(tx: Tx, id: string): Promise<ChangeRequest> {
  await tx.$executeRaw`SELECT 1 FROM "ChangeRequest" WHERE id = ${id} FOR UPDATE`;
  return tx.changeRequest.findUniqueOrThrow({ where: { id } });
}

/**
 * Locks a change request and its space for the rest of the transaction: the space first, then the change request,
 * as every write, update and merge of a change request's content does. One order, so that a write and a merge of one
 * change request wait for each other instead of deadlocking; merges into one space queue on the space.
 */
export async function lockChangeRequestAndSpace(tx: Tx, changeRequestId: string) {
  const { spaceId } = await tx.changeRequest.findUniqueOrThrow({ where: { id: changeRequestId }, select: { spaceId: true } });
  const space = await lockSpace(tx, spaceId);
  const changeRequest = await lockChangeRequest(tx, changeRequestId);
  return { space, changeRequest };
}

/** Locks a space's row (merges into one space happen one at a time) and returns its current revision. */
export async function lockSpace(
  tx: Tx,
  spaceId: string,
): Promise<{ id: string; organizationId: string; revisionId: string; editMode: string; deletedAt: Date | null }> {
  const [space] = await tx.$queryRaw<{ id: string; organizationId: string; revisionId: string; editMode: string; deletedAt: Date | null }[]>`
    SELECT id, "organizationId", "revisionId", "editMode", "deletedAt" FROM "Space" WHERE id = ${spaceId} FOR UPDATE`;
  if (!space) throw new Error(`Space ${spaceId} vanished`);
  return space;
}
