// Comments and replies as the contract shows them. Lists are serialized in bulk:
// users, reactions, reply counts and targets are read once per page, not per item.
import type { Schemas } from "@docstack/contract";
import { markdownToGitBookDocument } from "../../content/format/gitbook-document";
import type { Comment, CommentReaction } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { apiUrl } from "../../http/urls";
import { userDirectory } from "../organizations/serialize";
import { type CommentPlace, commentsPath } from "./place";
import { commentPermissions } from "./policy";
import { reactionsOf, repliersOf } from "./store";
import { describeTargets } from "./targets";

type User = Schemas["User"];
/** How bodies are answered: the `format` query parameter. */
export type BodyFormat = "markdown" | "document";

/** A stored body is `{markdown}` or `{}`; anything else reads as no text. `document` is GitBook's document of its Markdown. */
function readBody(stored: unknown, format: BodyFormat): Schemas["CommentBody"] {
  const markdown = (stored as { markdown?: unknown } | null)?.markdown;
  if (typeof markdown !== "string") return {};
  return format === "document" ? { document: markdownToGitBookDocument(markdown) } : { markdown };
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

/** What comments and replies show alike: author, dates, text, reactions, permissions; `otherUsers` are read with theirs. */
async function commonParts(ctx: RequestContext, place: CommentPlace, rows: readonly Comment[], format: BodyFormat, otherUsers: readonly string[] = []) {
  const reactions = await reactionsOf(
    ctx.prisma,
    rows.map((row) => row.id),
  );
  const userOf = await userDirectory(ctx, [
    ...rows.flatMap((row) => [row.postedById, ...(row.resolvedById ? [row.resolvedById] : [])]),
    ...[...reactions.values()].flatMap((list) => list.map((reaction) => reaction.userId)),
    ...otherUsers,
  ]);
  const partsOf = (row: Comment) => ({
    id: row.id,
    postedBy: userOf(row.postedById),
    postedAt: row.postedAt.toISOString(),
    ...(row.editedAt ? { editedAt: row.editedAt.toISOString() } : {}),
    reactions: groupReactions(reactions.get(row.id) ?? [], userOf),
    body: readBody(row.body, format),
    permissions: commentPermissions(ctx, place, row),
  });
  return { userOf, partsOf };
}

export async function serializeComments(
  ctx: RequestContext,
  place: CommentPlace,
  comments: readonly Comment[],
  format: BodyFormat = "markdown",
): Promise<Schemas["Comment"][]> {
  const [repliers, targets] = await Promise.all([
    repliersOf(
      ctx.prisma,
      comments.map((comment) => comment.id),
    ),
    describeTargets(ctx, place, comments),
  ]);
  const replierIds = [...repliers.values()].flatMap((list) => list.map((replier) => replier.userId));
  const { userOf, partsOf } = await commonParts(ctx, place, comments, format, replierIds);
  return comments.map((comment) => {
    const resolved = comment.status === "resolved";
    const repliedBy = repliers.get(comment.id) ?? [];
    return {
      object: "comment",
      ...partsOf(comment),
      replies: repliedBy.reduce((sum, replier) => sum + replier.count, 0),
      repliers: repliedBy.map((replier) => ({ user: userOf(replier.userId), count: replier.count, updatedAt: replier.lastAt.toISOString() })),
      target: targets.get(comment.id)!,
      urls: { location: apiUrl(ctx, `${commentsPath(place)}/${comment.id}`) },
      status: resolved ? "resolved" : "open",
      ...(resolved && comment.resolvedAt ? { resolvedAt: comment.resolvedAt.toISOString() } : {}),
      ...(resolved && comment.resolvedById ? { resolvedBy: userOf(comment.resolvedById) } : {}),
    };
  });
}

export async function serializeComment(ctx: RequestContext, place: CommentPlace, comment: Comment, format?: BodyFormat): Promise<Schemas["Comment"]> {
  return (await serializeComments(ctx, place, [comment], format))[0]!;
}

export async function serializeReplies(
  ctx: RequestContext,
  place: CommentPlace,
  comment: Comment,
  replies: readonly Comment[],
  format: BodyFormat = "markdown",
): Promise<Schemas["CommentReply"][]> {
  const { partsOf } = await commonParts(ctx, place, replies, format);
  return replies.map((reply) => ({
    object: "comment-reply",
    ...partsOf(reply),
    urls: { location: apiUrl(ctx, `${commentsPath(place)}/${comment.id}/replies/${reply.id}`) },
  }));
}

export async function serializeReply(
  ctx: RequestContext,
  place: CommentPlace,
  comment: Comment,
  reply: Comment,
  format?: BodyFormat,
): Promise<Schemas["CommentReply"]> {
  return (await serializeReplies(ctx, place, comment, [reply], format))[0]!;
}
