// Whether a change request's content may change: not once merged or archived, and not in a locked space.
import type { ChangeRequest } from "../../generated/prisma/client";
import { conflict } from "../../http/errors";

/** Why a locked space refuses every edit and merge (409 `space_locked`). */
export const LOCKED_MESSAGE = "This space is locked: an admin must set its editMode to live before it can be edited";

/** Content writes, merges and updates need a change request still being worked on. */
export function demandEditable(changeRequest: ChangeRequest, action: string): void {
  if (changeRequest.status === "merged")
    throw conflict("change_request_merged", `Change request #${changeRequest.number} is merged: it can no longer ${action}`);
  if (changeRequest.status === "archived") {
    throw conflict("change_request_archived", `Change request #${changeRequest.number} is archived: reopen it (status draft or open) to ${action}`);
  }
}
