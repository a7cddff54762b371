// Reading and writing comments, replies and reactions. Comments of spaces and of
// change requests share one table; the `comments` counters of spaces and change
// requests count its rows with parentId null (comments, not replies), status 'open',
// and changeRequestId null (the space's) or the change request's ID.
import type { Schemas } from "@docstack/contract";
import type { Db, Tx } from "../../db/database";
import { newId } from "../../db/ids";
import type { Comment, CommentReaction, Prisma } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { type CommentPlace, placeColumns } from "./place";
import type { PostedTarget } from "./targets";

export type CommentBody = Schemas["CommentBody"];
export type CommentStatus = Schemas["CommentStatus"];

export interface CommentFilters {
  status?: CommentStatus | "all";
  targetPage?: string;
  authors?: readonly string[];
}

/** The place's comments (not replies) matching the filters. */
export function commentsWhere(place: CommentPlace, filters: CommentFilters): Prisma.CommentWhereInput {
  return {
    ...placeColumns(place),
    parentId: null,
    ...(filters.status && filters.status !== "all" ? { status: filters.status } : {}),
    ...(filters.targetPage ? { targetPageId: filters.targetPage } : {}),
    ...(filters.authors?.length ? { postedById: { in: [...filters.authors] } } : {}),
  };
}

/** A new comment of the place; `db` is a transaction when the comment comes with another write (a review). */
export function createComment(ctx: RequestContext, place: CommentPlace, target: PostedTarget, body: CommentBody, db: Db | Tx = ctx.prisma): Promise<Comment> {
  return db.comment.create({
    data: {
      id: newId(),
      ...placeColumns(place),
      parentId: null,
      postedById: ctx.actor.userId,
      postedAt: ctx.clock.now(),
      body,
      status: "open",
      ...target,
    },
  });
}

/** A reply is in its comment's place; its status stays 'open' and counts nowhere. */
export function createReply(ctx: RequestContext, comment: Comment, body: CommentBody): Promise<Comment> {
  return ctx.prisma.comment.create({
    data: {
      id: newId(),
      spaceId: comment.spaceId,
      changeRequestId: comment.changeRequestId,
      parentId: comment.id,
      postedById: ctx.actor.userId,
      postedAt: ctx.clock.now(),
      body,
      status: "open",
    },
  });
}

export interface CommentChanges {
  body?: CommentBody;
  /** Comments only: replies are never resolved. */
  resolved?: boolean;
  addedReactions?: readonly string[];
  removedReactions?: readonly string[];
}

/** The caller's reactions: added ones kept once (a second add changes nothing), removed ones win. */
async function applyReactions(tx: Tx, ctx: RequestContext, commentId: string, changes: CommentChanges): Promise<void> {
  const removed = new Set(changes.removedReactions ?? []);
  const added = [...new Set(changes.addedReactions ?? [])].filter((emoji) => !removed.has(emoji));
  const userId = ctx.actor.userId;
  if (removed.size) await tx.commentReaction.deleteMany({ where: { commentId, userId, emoji: { in: [...removed] } } });
  if (added.length) {
    const reactedAt = ctx.clock.now();
    await tx.commentReaction.createMany({ data: added.map((emoji) => ({ commentId, userId, emoji, reactedAt })), skipDuplicates: true });
  }
}

/** Resolving sets who and when; reopening clears them; asking for the current state changes nothing. */
function resolution(ctx: RequestContext, comment: Comment, resolved: boolean | undefined): Prisma.CommentUpdateInput {
  if (resolved === undefined || resolved === (comment.status === "resolved")) return {};
  return resolved
    ? { status: "resolved", resolvedAt: ctx.clock.now(), resolvedById: ctx.actor.userId }
    : { status: "open", resolvedAt: null, resolvedById: null };
}

export function updateComment(ctx: RequestContext, comment: Comment, changes: CommentChanges): Promise<Comment> {
  return ctx.prisma.$transaction(async (tx) => {
    await applyReactions(tx, ctx, comment.id, changes);
    return tx.comment.update({
      where: { id: comment.id },
      data: {
        ...(changes.body !== undefined ? { body: changes.body, editedAt: ctx.clock.now() } : {}),
        ...resolution(ctx, comment, changes.resolved),
      },
    });
  });
}

/** Deletes a comment or a reply; a comment's replies and every reaction go with it (foreign keys cascade). */
export async function deleteComment(ctx: RequestContext, comment: Comment): Promise<void> {
  await ctx.prisma.comment.delete({ where: { id: comment.id } });
}

/** The reactions to each comment or reply, oldest first. */
export async function reactionsOf(prisma: Db, commentIds: readonly string[]): Promise<Map<string, CommentReaction[]>> {
  const rows = await prisma.commentReaction.findMany({
    where: { commentId: { in: [...commentIds] } },
    // Reactions given together (same instant) keep a stable order: by emoji, then user.
    orderBy: [{ reactedAt: "asc" }, { emoji: "asc" }, { userId: "asc" }],
  });
  const byComment = new Map<string, CommentReaction[]>();
  for (const row of rows) {
    const list = byComment.get(row.commentId);
    if (list) list.push(row);
    else byComment.set(row.commentId, [row]);
  }
  return byComment;
}

/** How many replies each comment has. */
export async function replyCounts(prisma: Db, commentIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await prisma.comment.groupBy({ by: ["parentId"], where: { parentId: { in: [...commentIds] } }, _count: true });
  return new Map(rows.map((row) => [row.parentId!, row._count]));
}
