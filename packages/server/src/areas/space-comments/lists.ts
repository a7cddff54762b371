// Lists of comments and of replies, paged by keyset on (postedAt, id): stable while
// comments are posted, and a cursor only works on the list (place, order, filters) it came from.
import type { Schemas } from "@docstack/contract";
import type { Comment } from "../../generated/prisma/client";
import { type ListRequest, listRows } from "../../http/lists";
import type { ListPage, PageRequest, SortField } from "../../http/pagination";
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
export function listComments(request: ListRequest<CommentListQuery>, place: CommentPlace): Promise<ListPage<Schemas["Comment"]>> {
  const { ctx, query } = request;
  const direction = query.order ?? "desc";
  const order = byPostedAt(direction);
  const filters = { status: query.status ?? "all", targetPage: query.targetPage, authors: query.authors ?? [] };
  const where = commentsWhere(place, filters);
  return listRows(request, {
    model: ctx.prisma.comment,
    where,
    order,
    serialize: (comments) => serializeComments(ctx, place, comments, query.format),
  });
}

const OLDEST_FIRST = byPostedAt("asc");

/** A comment's replies, oldest first. */
export function listReplies(request: ListRequest<ReplyListQuery>, place: CommentPlace, comment: Comment): Promise<ListPage<Schemas["CommentReply"]>> {
  const { ctx, query } = request;
  const where = { parentId: comment.id };
  return listRows(request, {
    model: ctx.prisma.comment,
    where,
    order: OLDEST_FIRST,
    serialize: (replies) => serializeReplies(ctx, place, comment, replies, query.format),
  });
}
