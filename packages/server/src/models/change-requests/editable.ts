// Whether a change request's content may change: not once merged or archived, and not in a locked space.
import type { ChangeRequest } from "../../generated/prisma/client";
import { conflict } from "../../http/errors";

/** Why a locked space refuses every edit and merge (409 `space_locked`). */
export const LOCKED_MESSAGE = "This space is locked: an admin must set its editMode to live before it can be edited";

/** Why the change request's status refuses the action (its 409 reason and message), or null when it allows it. */
export function statusRefusal(
  changeRequest: ChangeRequest,
  action: string,
): { reason: "change_request_merged" | "change_request_archived"; message: string } | null {
  if (changeRequest.status === "merged")
    return { reason: "change_request_merged", message: `Change request #${changeRequest.number} is merged: it can no longer ${action}` };
  if (changeRequest.status === "archived")
    return { reason: "change_request_archived", message: `Change request #${changeRequest.number} is archived: reopen it (status draft or open) to ${action}` };
  return null;
}

/** Content writes, merges and updates need a change request still being worked on. */
export function demandEditable(changeRequest: ChangeRequest, action: string): void {
  const refusal = statusRefusal(changeRequest, action);
  if (refusal) throw conflict(refusal.reason, refusal.message);
}
