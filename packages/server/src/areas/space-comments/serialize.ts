// Comments and replies as the contract shows them. Lists are serialized in bulk:
// users, reactions, reply counts and targets are read once per page, not per item.
import type { Schemas } from "@docstack/contract";
import type { Comment, CommentReaction } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { apiUrl } from "../../http/urls";
import { userDirectory } from "../organizations/serialize";
import { type CommentPlace, commentsPath } from "./place";
import { commentPermissions } from "./policy";
import { type CommentBody, reactionsOf, replyCounts } from "./store";
import { describeTargets } from "./targets";

type User = Schemas["User"];

/** A stored body is `{markdown}` or `{}`; anything else reads as no text. */
function readBody(stored: unknown): CommentBody {
  const markdown = (stored as { markdown?: unknown } | null)?.markdown;
  return typeof markdown === "string" ? { markdown } : {};
}

/** One entry per emoji, in the order each was first given; its users first reaction first. */
function groupReactions(reactions: readonly CommentReaction[], userOf: (id: string) => User): Schemas["CommentReaction"][] {
  const byEmoji = new Map<string, Schemas["CommentReaction"]>();
  for (const reaction of reactions) {
    let entry = byEmoji.get(reaction.emoji);
    if (!entry) {
      entry = { emoji: reaction.emoji, count: 0, users: [] };
      byEmoji.set(reaction.emoji, entry);
    }
    entry.users.push({ user: userOf(reaction.userId), reactedAt: reaction.reactedAt.toISOString() });
    entry.count = entry.users.length;
  }
  return [...byEmoji.values()];
}

/** What comments and replies show alike: author, dates, text, reactions, permissions. */
async function commonParts(ctx: RequestContext, place: CommentPlace, rows: readonly Comment[]) {
  const reactions = await reactionsOf(
    ctx.prisma,
    rows.map((row) => row.id),
  );
  const userOf = await userDirectory(ctx, [
    ...rows.flatMap((row) => [row.postedById, ...(row.resolvedById ? [row.resolvedById] : [])]),
    ...[...reactions.values()].flatMap((list) => list.map((reaction) => reaction.userId)),
  ]);
  const partsOf = (row: Comment) => ({
    id: row.id,
    postedBy: userOf(row.postedById),
    postedAt: row.postedAt.toISOString(),
    ...(row.editedAt ? { editedAt: row.editedAt.toISOString() } : {}),
    reactions: groupReactions(reactions.get(row.id) ?? [], userOf),
    body: readBody(row.body),
    permissions: commentPermissions(ctx, place, row),
  });
  return { userOf, partsOf };
}

export async function serializeComments(ctx: RequestContext, place: CommentPlace, comments: readonly Comment[]): Promise<Schemas["Comment"][]> {
  const ids = comments.map((comment) => comment.id);
  const [{ userOf, partsOf }, replies, targets] = await Promise.all([
    commonParts(ctx, place, comments),
    replyCounts(ctx.prisma, ids),
    describeTargets(ctx, place, comments),
  ]);
  return comments.map((comment) => {
    const resolved = comment.status === "resolved";
    return {
      object: "comment",
      ...partsOf(comment),
      replies: replies.get(comment.id) ?? 0,
      target: targets.get(comment.id)!,
      urls: { location: apiUrl(ctx, `${commentsPath(place)}/${comment.id}`) },
      status: resolved ? "resolved" : "open",
      ...(resolved && comment.resolvedAt ? { resolvedAt: comment.resolvedAt.toISOString() } : {}),
      ...(resolved && comment.resolvedById ? { resolvedBy: userOf(comment.resolvedById) } : {}),
    };
  });
}

export async function serializeComment(ctx: RequestContext, place: CommentPlace, comment: Comment): Promise<Schemas["Comment"]> {
  return (await serializeComments(ctx, place, [comment]))[0]!;
}

export async function serializeReplies(
  ctx: RequestContext,
  place: CommentPlace,
  comment: Comment,
  replies: readonly Comment[],
): Promise<Schemas["CommentReply"][]> {
  const { partsOf } = await commonParts(ctx, place, replies);
  return replies.map((reply) => ({
    object: "comment-reply",
    ...partsOf(reply),
    urls: { location: apiUrl(ctx, `${commentsPath(place)}/${comment.id}/replies/${reply.id}`) },
  }));
}

export async function serializeReply(ctx: RequestContext, place: CommentPlace, comment: Comment, reply: Comment): Promise<Schemas["CommentReply"]> {
  return (await serializeReplies(ctx, place, comment, [reply]))[0]!;
}
