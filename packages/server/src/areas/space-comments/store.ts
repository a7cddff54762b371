// Reading and writing comments, replies and reactions. Comments of spaces and of
// change requests share one table; the `comments` counters of spaces and change
// requests count its rows with parentId null (comments, not replies), status 'open',
// and changeRequestId null (the space's) or the change request's ID.
import type { Schemas } from "@docstack/contract";
import { gitBookDocumentToMarkdown } from "../../content/format/gitbook-document";
import type { Db, Tx } from "../../db/database";
import { newId } from "../../db/ids";
import type { Comment, CommentReaction, Prisma } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { badRequest } from "../../http/errors";
import { commentEvent } from "../../webhooks/resources";
import { type CommentPlace, placeColumns } from "./place";
import type { PostedTarget } from "./targets";

/** A body as sent: Markdown, a GitBook document, or nothing. */
export type CommentBodyInput = Schemas["CommentBodyInput"];
/** A body as stored: `{markdown}` or `{}`. */
export type StoredCommentBody = Exclude<CommentBodyInput, { document: unknown }>;

/** The longest text of a comment or reply, in Markdown (the contract's `maxLength` of `markdown`). */
const MAX_MARKDOWN = 100_000;

/**
 * A body as it is stored: a GitBook document becomes Markdown (400 naming the node, under `at`,
 * for what Markdown cannot hold or the converter does not know); Markdown and `{}` are kept.
 */
export function storedBody(body: CommentBodyInput, at: string): StoredCommentBody {
  if (!("document" in body)) return body;
  const markdown = gitBookDocumentToMarkdown(body.document, `${at}/document`);
  if (markdown.length > MAX_MARKDOWN) {
    throw badRequest("invalid_request", `${at}/document: ${markdown.length} characters once in Markdown, more than the ${MAX_MARKDOWN} a comment holds`);
  }
  return { markdown };
}
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
export function createComment(
  ctx: RequestContext,
  place: CommentPlace,
  target: PostedTarget,
  body: StoredCommentBody,
  db: Db | Tx = ctx.prisma,
): Promise<Comment> {
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
export function createReply(ctx: RequestContext, comment: Comment, body: StoredCommentBody): Promise<Comment> {
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
  body?: StoredCommentBody;
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
    const updated = await tx.comment.update({
      where: { id: comment.id },
      data: {
        ...(changes.body !== undefined ? { body: changes.body, editedAt: ctx.clock.now() } : {}),
        ...resolution(ctx, comment, changes.resolved),
      },
    });
    if (changes.resolved === true && comment.status !== "resolved") {
      const { organizationId } = await tx.space.findUniqueOrThrow({ where: { id: comment.spaceId }, select: { organizationId: true } });
      await ctx.webhooks.emit(
        tx,
        commentEvent(ctx, "comment.resolved", { organizationId, spaceId: comment.spaceId, changeRequestId: comment.changeRequestId }, updated),
      );
    }
    return updated;
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

export interface Replier {
  userId: string;
  count: number;
  firstAt: Date;
  lastAt: Date;
}

/** Who replied to each comment, with how many replies and when, in the order they first replied. */
export async function repliersOf(prisma: Db, commentIds: readonly string[]): Promise<Map<string, Replier[]>> {
  const rows = await prisma.comment.groupBy({
    by: ["parentId", "postedById"],
    where: { parentId: { in: [...commentIds] } },
    _count: true,
    _min: { postedAt: true },
    _max: { postedAt: true },
  });
  const byComment = new Map<string, Replier[]>();
  for (const row of rows) {
    const replier = { userId: row.postedById, count: row._count, firstAt: row._min.postedAt!, lastAt: row._max.postedAt! };
    byComment.set(row.parentId!, [...(byComment.get(row.parentId!) ?? []), replier]);
  }
  for (const repliers of byComment.values()) repliers.sort((a, b) => a.firstAt.getTime() - b.firstAt.getTime() || a.userId.localeCompare(b.userId));
  return byComment;
}
