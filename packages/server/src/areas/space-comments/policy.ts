// Who may do what with comments and replies: from the caller's level on the space, whether
// they wrote it, and whether its place is closed (a locked space, a merged change request).
// The least levels are the contract's (openapi/policies.yaml: `comment`, with what authors
// need instead); the `permissions` of responses and the checks on requests both come from
// `commentPermissions`.
import { policyKinds, type Schemas } from "@docstack/contract";
import type { Comment } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { absent, forbidden } from "../../http/errors";
import { type Access, definePolicy, grantedBy, type PolicyRequest, tableOf } from "../../policy/factory";
import { type Level, type Role, reaches } from "../../policy/roles";
import { changeRequestPolicy } from "../change-requests/policy";
import { spacePolicy } from "../spaces/policy";
import { type CommentPlace, closedConflict, closedReason } from "./place";

export type CommentPermissions = Schemas["CommentPermissions"];
export type CommentPermission = keyof CommentPermissions;

/** On someone else's comment or reply: the contract's table (`author` permissions: none). */
const AS_OTHER = tableOf("comment");
/** On one's own: the same, with what authors need instead. */
const AS_AUTHOR = { ...AS_OTHER, ...policyKinds.comment.author };
/** What a closed place refuses whatever the role. */
const REFUSED_WHEN_CLOSED: readonly CommentPermission[] = ["edit", "reply", "delete"];
/** Posting a comment is replying to the place itself: the same level. */
const POST_LEVEL = tableOf("comments").post as Role;

type Author = Pick<Comment, "postedById">;

const grantedByRole = (level: Level, isAuthor: boolean): CommentPermissions => grantedBy(isAuthor ? AS_AUTHOR : AS_OTHER, level);

/** What the caller may do with a comment or reply of `place`. */
export function commentPermissions(ctx: RequestContext, place: CommentPlace, comment: Author): CommentPermissions {
  const permissions = grantedByRole(place.level, comment.postedById === ctx.actor.userId);
  if (closedReason(place)) for (const permission of REFUSED_WHEN_CLOSED) permissions[permission] = false;
  return permissions;
}

/** 403 when the caller's role or authorship does not allow it, 409 when only the place's state refuses it. */
function refusalOnComment(ctx: RequestContext, place: CommentPlace, comment: Author, permission: CommentPermission) {
  const isAuthor = comment.postedById === ctx.actor.userId;
  if (grantedByRole(place.level, isAuthor)[permission]) return closedConflict(place)!;
  if (permission === "edit" && !isAuthor) return forbidden("comment_author_only", "Only its author can change the text of a comment or reply");
  if (permission === "delete" && !isAuthor) return forbidden("role_required", "Deleting someone else's comment needs the admin role on this space");
  return forbidden("role_required", `Your role does not allow this: it needs the ${AS_AUTHOR[permission]} role or more on this space`);
}

/** The place of the path: a change request's comments when it names one, else the space's. */
async function findPlace(request: PolicyRequest): Promise<{ place: CommentPlace }> {
  if (request.params.changeRequestId !== undefined) {
    const { space, level, changeRequest } = await changeRequestPolicy.load(request);
    return { place: { space, level: level as Role, changeRequest } };
  }
  const { space, level } = await spacePolicy.load(request);
  return { place: { space, level: level as Role, changeRequest: null } };
}

/** The comments of a place: read with the space, posted with the comment role while the place is open. */
export const commentsPolicy = definePolicy("comments", {
  what: "Space",
  find: findPlace,
  level: (_ctx, { place }) => place.level,
  permissions: (_ctx, { place }, level) => ({ view: reaches(level, "read"), post: reaches(level, POST_LEVEL) && !closedReason(place) }),
  refuse: (_ctx, { place }) =>
    reaches(place.level, POST_LEVEL)
      ? closedConflict(place)!
      : forbidden("role_required", `Your role does not allow this: it needs the ${POST_LEVEL} role or more on this space`),
});

type FoundComment = { place: CommentPlace; comment: Comment };
export type CommentAccess = Access<"comment", FoundComment>;

/** A comment (not a reply) of the place, or 404. */
export const commentPolicy = definePolicy("comment", {
  what: "Space",
  find: async (request) => {
    const { place } = await findPlace(request);
    const comment = await request.ctx.prisma.comment.findFirst({
      where: { id: request.params.commentId as string, spaceId: place.space.id, changeRequestId: place.changeRequest?.id ?? null, parentId: null },
    });
    if (!comment) throw absent("Comment", "comment");
    return { place, comment };
  },
  level: (_ctx, { place }) => place.level,
  permissions: (ctx, { place, comment }) => commentPermissions(ctx, place, comment),
  refuse: (ctx, { place, comment }, permission) => refusalOnComment(ctx, place, comment, permission),
});

/** A reply to the comment, or 404; what the caller may do with it follows its own author. */
export const commentReplyPolicy = definePolicy("commentReply", {
  what: "Space",
  find: async (request) => {
    const { place, comment } = await commentPolicy.load(request);
    const reply = await request.ctx.prisma.comment.findFirst({ where: { id: request.params.commentReplyId as string, parentId: comment.id } });
    if (!reply) throw absent("Comment reply", "commentReply");
    return { place, comment, reply };
  },
  level: (_ctx, { place }) => place.level,
  permissions: (ctx, { place, reply }) => commentPermissions(ctx, place, reply),
  refuse: (ctx, { place, reply }, permission) => refusalOnComment(ctx, place, reply, permission),
});

export type ReplyAccess = Access<"commentReply", FoundComment & { reply: Comment }>;
