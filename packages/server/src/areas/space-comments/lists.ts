// Lists of comments and of replies, paged by keyset on (postedAt, id): stable while
// comments are posted, and a cursor only works on the list (place, order, filters) it came from.
import type { Schemas } from "@docstack/contract";
import type { Comment } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { type ListPage, orderBy, type PageRequest, paginate, type SortField, whereAfter } from "../../http/pagination";
import type { CommentPlace } from "./place";
import { type BodyFormat, serializeComments, serializeReplies } from "./serialize";
import { type CommentStatus, commentsWhere } from "./store";

export interface ReplyListQuery extends PageRequest {
  format?: BodyFormat;
}

export interface CommentListQuery extends ReplyListQuery {
  order?: "asc" | "desc";
  status?: CommentStatus | "all";
  targetPage?: string;
  authors?: string[];
}

const byPostedAt = (direction: "asc" | "desc"): SortField[] => [
  { field: "postedAt", direction },
  { field: "id", direction },
];

/** The place's comments, newest first unless `order=asc`. */
export function listComments(ctx: RequestContext, place: CommentPlace, query: CommentListQuery): Promise<ListPage<Schemas["Comment"]>> {
  const direction = query.order ?? "desc";
  const order = byPostedAt(direction);
  const filters = { status: query.status ?? "all", targetPage: query.targetPage, authors: query.authors ?? [] };
  const where = commentsWhere(place, filters);
  const scope = [
    "comments",
    place.space.id,
    place.changeRequest?.id ?? "",
    direction,
    filters.status,
    filters.targetPage ?? "",
    [...filters.authors].sort().join(","),
  ].join(":");
  return paginate({
    cursors: ctx.cursors,
    scope,
    request: query,
    order,
    find: (after, take) => ctx.prisma.comment.findMany({ where: whereAfter(where, after), orderBy: orderBy(order), take }),
    count: () => ctx.prisma.comment.count({ where }),
    sortValues: (comment) => [comment.postedAt, comment.id],
    serialize: (comments) => serializeComments(ctx, place, comments, query.format),
  });
}

const OLDEST_FIRST = byPostedAt("asc");

/** A comment's replies, oldest first. */
export function listReplies(ctx: RequestContext, place: CommentPlace, comment: Comment, query: ReplyListQuery): Promise<ListPage<Schemas["CommentReply"]>> {
  const where = { parentId: comment.id };
  return paginate({
    cursors: ctx.cursors,
    scope: `comment-replies:${comment.id}`,
    request: query,
    order: OLDEST_FIRST,
    find: (after, take) => ctx.prisma.comment.findMany({ where: whereAfter(where, after), orderBy: orderBy(OLDEST_FIRST), take }),
    count: () => ctx.prisma.comment.count({ where }),
    sortValues: (reply) => [reply.postedAt, reply.id],
    serialize: (replies) => serializeReplies(ctx, place, comment, replies, query.format),
  });
}
