// The comment operations, written once for both places comments live in: a space's
// content and a change request. Each area's handlers.ts gives them its operationIds.
import type { Schemas } from "@docstack/contract";
import type { RequestContext } from "../../http/context";
import type { PageRequest } from "../../http/pagination";
import { type CommentListQuery, listComments, listReplies } from "./lists";
import type { CommentPlace } from "./place";
import type { CommentAccess, ReplyAccess } from "./policy";
import { serializeComment, serializeReply } from "./serialize";
import { createComment, createReply, deleteComment, updateComment } from "./store";
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

/** The operations; their policies (policy.ts) find the place from the path: a change request's when it names one. */
export function commentOperations() {
  return {
    listComments: {
      handle: async ({ ctx, query }: Request<unknown, CommentListQuery>, { place }: { place: CommentPlace }) => ok(await listComments(ctx, place, query)),
    },

    postComment: {
      handle: async ({ ctx, body }: Request<unknown, unknown, Schemas["PostCommentRequest"]>, { place }: { place: CommentPlace }) => {
        const target = await resolveTarget(ctx, place, body);
        const comment = await createComment(ctx, place, target, body.body);
        return ok(await serializeComment(ctx, place, comment));
      },
    },

    getComment: {
      handle: async ({ ctx }: Request, { place, comment }: CommentAccess) => ok(await serializeComment(ctx, place, comment)),
    },

    updateComment: {
      handle: async ({ ctx, body }: Request<unknown, unknown, Schemas["UpdateCommentRequest"]>, { place, comment }: CommentAccess) =>
        ok(await serializeComment(ctx, place, await updateComment(ctx, comment, body))),
    },

    deleteComment: {
      handle: async ({ ctx }: Request, { comment }: CommentAccess) => {
        await deleteComment(ctx, comment);
        return { status: 205 as const };
      },
    },

    listReplies: {
      handle: async ({ ctx, query }: Request<unknown, PageRequest>, { place, comment }: CommentAccess) => ok(await listReplies(ctx, place, comment, query)),
    },

    postReply: {
      handle: async ({ ctx, body }: Request<unknown, unknown, Schemas["PostCommentReplyRequest"]>, { place, comment }: CommentAccess) =>
        ok(await serializeReply(ctx, place, comment, await createReply(ctx, comment, body.body))),
    },

    getReply: {
      handle: async ({ ctx }: Request, { place, comment, reply }: ReplyAccess) => ok(await serializeReply(ctx, place, comment, reply)),
    },

    updateReply: {
      handle: async ({ ctx, body }: Request<unknown, unknown, Schemas["UpdateCommentReplyRequest"]>, { place, comment, reply }: ReplyAccess) =>
        ok(await serializeReply(ctx, place, comment, await updateComment(ctx, reply, body))),
    },

    deleteReply: {
      handle: async ({ ctx }: Request, { reply }: ReplyAccess) => {
        await deleteComment(ctx, reply);
        return { status: 205 as const };
      },
    },
  };
}
