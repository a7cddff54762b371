// Who may do what with a comment or a reply: from the caller's level on the space,
// whether they wrote it, and whether its place is closed (a locked space, a merged
// change request). The `permissions` of responses and the checks on requests both
// come from `commentPermissions`.
import type { Schemas } from "@docstack/contract";
import type { Comment } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { conflict, forbidden, notFound } from "../../http/errors";
import { grantedBy, type PermissionTable } from "../../policy/demand";
import { atLeast, type Role } from "../../policy/roles";
import { type CommentPlace, closedReason } from "./place";

export type CommentPermissions = Schemas["CommentPermissions"];
export type CommentPermission = keyof CommentPermissions;

/** On one's own comment or reply: the least role for each permission. */
const AS_AUTHOR: PermissionTable<CommentPermission> = { view: "read", edit: "comment", reply: "comment", delete: "comment" };
/** On someone else's: its text stays its author's (no role edits it); space admins may delete it. */
const AS_OTHER: PermissionTable<Exclude<CommentPermission, "edit">> = { view: "read", reply: "comment", delete: "admin" };
/** What a closed place refuses whatever the role. */
const REFUSED_WHEN_CLOSED: readonly CommentPermission[] = ["edit", "reply", "delete"];
/** Posting a comment is replying to the place itself: the same role. */
const POST_ROLE: Role = AS_AUTHOR.reply;

type Author = Pick<Comment, "postedById">;

function grantedByRole(level: Role, isAuthor: boolean): CommentPermissions {
  return isAuthor ? grantedBy(AS_AUTHOR, level) : { ...grantedBy(AS_OTHER, level), edit: false };
}

/** What the caller may do with a comment or reply of `place`. */
export function commentPermissions(ctx: RequestContext, place: CommentPlace, comment: Author): CommentPermissions {
  const permissions = grantedByRole(place.level, comment.postedById === ctx.actor.userId);
  if (closedReason(place)) for (const permission of REFUSED_WHEN_CLOSED) permissions[permission] = false;
  return permissions;
}

/** 403 when the caller's role or authorship does not allow it, 409 when only the place's state refuses it. */
export function demandOnComment(ctx: RequestContext, place: CommentPlace, comment: Author, permission: CommentPermission): void {
  if (commentPermissions(ctx, place, comment)[permission]) return;
  const isAuthor = comment.postedById === ctx.actor.userId;
  if (grantedByRole(place.level, isAuthor)[permission]) throw conflict(closedReason(place)!);
  if (permission === "edit" && !isAuthor) throw forbidden("Only its author can change the text of a comment or reply");
  if (permission === "delete" && !isAuthor) throw forbidden("Deleting someone else's comment needs the admin role on this space");
  throw forbidden(`Your role does not allow this: it needs the ${AS_AUTHOR[permission]} role or more on this space`);
}

/** Posting a comment on the place: 403 below the comment role, 409 when the place is closed. */
export function demandPost(place: CommentPlace): CommentPlace {
  if (!atLeast(place.level, POST_ROLE)) {
    throw forbidden(`Your role does not allow this: it needs the ${POST_ROLE} role or more on this space`);
  }
  const reason = closedReason(place);
  if (reason) throw conflict(reason);
  return place;
}

/** A comment (not a reply) of the place, or 404. */
export async function findComment(ctx: RequestContext, place: CommentPlace, commentId: string): Promise<Comment> {
  const comment = await ctx.prisma.comment.findFirst({
    where: { id: commentId, spaceId: place.space.id, changeRequestId: place.changeRequest?.id ?? null, parentId: null },
  });
  if (!comment) throw notFound("Comment");
  return comment;
}

/** A reply to the comment, or 404. */
export async function findReply(ctx: RequestContext, comment: Comment, replyId: string): Promise<Comment> {
  const reply = await ctx.prisma.comment.findFirst({ where: { id: replyId, parentId: comment.id } });
  if (!reply) throw notFound("Comment reply");
  return reply;
}

/**
 * The permissions an update needs: `edit` for the text, `reply` for resolving and
 * reactions. An update changing nothing still needs `reply` (the comment role): an
 * update is a write, whatever it sends, and a read-only member makes none.
 */
export function permissionsToUpdate(body: {
  body?: unknown;
  resolved?: boolean;
  addedReactions?: readonly string[];
  removedReactions?: readonly string[];
}): CommentPermission[] {
  const needed: CommentPermission[] = [];
  if (body.body !== undefined) needed.push("edit");
  if (body.resolved !== undefined || body.addedReactions?.length || body.removedReactions?.length) needed.push("reply");
  return needed.length ? needed : ["reply"];
}
