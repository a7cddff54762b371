// The comment operations, written once for both places comments live in: a space's
// content and a change request. Each area's handlers.ts gives them its operationIds.
import type { Schemas } from "@docstack/contract";
import type { RequestContext } from "../../http/context";
import type { ListRequest } from "../../http/lists";
import { commentEvent } from "../../webhooks/resources";
import { type CommentListQuery, listComments, listReplies, type ReplyListQuery } from "./lists";
import type { CommentPlace } from "./place";
import type { CommentAccess, ReplyAccess } from "./policy";
import { type BodyFormat, serializeComment, serializeReply } from "./serialize";
import { type CommentChanges, createComment, createReply, deleteComment, storedBody, updateComment } from "./store";
import { resolveTarget } from "./targets";

/** The part of an operation's request these operations read (each is typed by its operationId where used). */
interface Request<Params = unknown, Query = unknown, Body = unknown> {
  ctx: RequestContext;
  params: Params;
  query: Query;
  body: Body;
}

// Posting answers 200, not 201, as the contract (after the specification) says.
const ok = <Body>(body: Body) => ({ status: 200 as const, body });

/** The `format` of the answer's bodies, where the operation takes one (reads, and GitBook's postCommentReplyInChangeRequest). */
type Formatted = { format?: BodyFormat };

/** An update's changes, its body (if any) as stored. */
function changesOf(body: Schemas["UpdateCommentRequest"] | Schemas["UpdateCommentReplyRequest"]): CommentChanges {
  return { ...body, body: body.body && storedBody(body.body, "request/body/body") };
}

/** The operations; their policies (policy.ts) find the place from the path: a change request's when it names one. */
export function commentOperations() {
  return {
    listComments: {
      handle: async (request: ListRequest<CommentListQuery>, { place }: { place: CommentPlace }) => ok(await listComments(request, place)),
    },

    postComment: {
      handle: async ({ ctx, body }: Request<unknown, unknown, Schemas["PostCommentRequest"]>, { place }: { place: CommentPlace }) => {
        const text = storedBody(body.body, "request/body/body");
        const target = await resolveTarget(ctx, place, body);
        const comment = await ctx.prisma.$transaction(async (tx) => {
          const created = await createComment(ctx, place, target, text, tx);
          const where = { organizationId: place.space.organizationId, spaceId: place.space.id, changeRequestId: place.changeRequest?.id ?? null };
          await ctx.webhooks.emit(tx, commentEvent(ctx, "comment.created", where, created));
          return created;
        });
        return ok(await serializeComment(ctx, place, comment));
      },
    },

    getComment: {
      handle: async ({ ctx, query }: Request<unknown, Formatted>, { place, comment }: CommentAccess) =>
        ok(await serializeComment(ctx, place, comment, query.format)),
    },

    updateComment: {
      handle: async ({ ctx, body }: Request<unknown, unknown, Schemas["UpdateCommentRequest"]>, { place, comment }: CommentAccess) =>
        ok(await serializeComment(ctx, place, await updateComment(ctx, comment, changesOf(body)))),
    },

    deleteComment: {
      handle: async ({ ctx }: Request, { comment }: CommentAccess) => {
        await deleteComment(ctx, comment);
        return { status: 205 as const };
      },
    },

    listReplies: {
      handle: async (request: ListRequest<ReplyListQuery>, { place, comment }: CommentAccess) => ok(await listReplies(request, place, comment)),
    },

    postReply: {
      handle: async ({ ctx, query, body }: Request<unknown, Formatted, Schemas["PostCommentReplyRequest"]>, { place, comment }: CommentAccess) =>
        ok(await serializeReply(ctx, place, comment, await createReply(ctx, comment, storedBody(body.body, "request/body/body")), query.format)),
    },

    getReply: {
      handle: async ({ ctx, query }: Request<unknown, Formatted>, { place, comment, reply }: ReplyAccess) =>
        ok(await serializeReply(ctx, place, comment, reply, query.format)),
    },

    updateReply: {
      handle: async ({ ctx, body }: Request<unknown, unknown, Schemas["UpdateCommentReplyRequest"]>, { place, comment, reply }: ReplyAccess) =>
        ok(await serializeReply(ctx, place, comment, await updateComment(ctx, reply, changesOf(body)))),
    },

    deleteReply: {
      handle: async ({ ctx }: Request, { reply }: ReplyAccess) => {
        await deleteComment(ctx, reply);
        return { status: 205 as const };
      },
    },
  };
}
