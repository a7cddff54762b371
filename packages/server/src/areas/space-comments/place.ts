// Where comments live: on a space's content, or on one of its change requests.
// Both kinds share one table; a place says which rows are its own, which revision
// is its current content, and whether its comments may still change.
import type { ErrorReasonOf } from "@docstack/contract";
import type { ChangeRequest, Space } from "../../generated/prisma/client";
import { type ApiError, conflict } from "../../http/errors";
import type { Role } from "../../policy/roles";

export interface CommentPlace {
  space: Space;
  /** The caller's level on the space (change requests have no permissions of their own). */
  level: Role;
  /** Null for comments on the space's content. */
  changeRequest: ChangeRequest | null;
}

/** The columns that tell this place's comments from the others in the table. */
export function placeColumns(place: CommentPlace): { spaceId: string; changeRequestId: string | null } {
  return { spaceId: place.space.id, changeRequestId: place.changeRequest?.id ?? null };
}

/** The revision comments are posted on: the change request's content, or the space's. */
export function currentRevisionId(place: CommentPlace): string {
  return place.changeRequest?.revisionId ?? place.space.revisionId;
}

/** The API path of the place's comments. */
export function commentsPath(place: CommentPlace): string {
  const space = `/spaces/${place.space.id}`;
  return place.changeRequest ? `${space}/change-requests/${place.changeRequest.id}/comments` : `${space}/comments`;
}

/**
 * Why the place's comments cannot change any more, or null when they can: a locked
 * space freezes its discussions, a merged change request is final (an archived one
 * can still be discussed).
 */
export function closedReason(place: CommentPlace): { reason: ErrorReasonOf<409>; message: string } | null {
  if (place.space.editMode === "locked") {
    return { reason: "space_locked", message: "This space is locked: its comments cannot change until an admin sets its editMode to live" };
  }
  if (place.changeRequest?.status === "merged") {
    return { reason: "change_request_merged", message: `Change request #${place.changeRequest.number} is merged: its comments can no longer change` };
  }
  return null;
}

/** The 409 refusing a change to a closed place's comments, or null when they can change. */
export function closedConflict(place: CommentPlace): ApiError | null {
  const closed = closedReason(place);
  return closed && conflict(closed.reason, closed.message);
}
