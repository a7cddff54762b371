// The comment operations, written once for both places comments live in: a space's
// content and a change request. Each area's handlers.ts gives them its operationIds
// and how to find its place from the path (see place.ts).
import type { Schemas } from "@docstack/contract";
import type { Comment } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import type { PageRequest } from "../../http/pagination";
import { type CommentListQuery, listComments, listReplies } from "./lists";
import type { CommentPlace } from "./place";
import { type CommentPermission, demandOnComment, demandPost, findComment, findReply, permissionsToUpdate } from "./policy";
import { serializeComment, serializeReply } from "./serialize";
import { createComment, createReply, deleteComment, updateComment } from "./store";
import { resolveTarget } from "./targets";

type PlaceOf<Params> = (ctx: RequestContext, params: Params) => Promise<CommentPlace>;

/** The part of an operation's request these operations read (each is typed by its operationId where used). */
interface Request<Params = unknown, Query = unknown, Body = unknown> {
  ctx: RequestContext;
  params: Params;
  query: Query;
  body: Body;
}

export interface CommentAccess {
  place: CommentPlace;
  comment: Comment;
}
export interface ReplyAccess extends CommentAccess {
  reply: Comment;
}

// Posting answers 200, not 201, as the contract (after the specification) says.
const ok = <Body>(body: Body) => ({ status: 200 as const, body });

export function commentOperations<Params>(placeOf: PlaceOf<Params>) {
  type OnComment = Params & { commentId: string };
  type OnReply = OnComment & { commentReplyId: string };

  async function commentAccess(ctx: RequestContext, params: OnComment, needed: readonly CommentPermission[]): Promise<CommentAccess> {
    const place = await placeOf(ctx, params);
    const comment = await findComment(ctx, place, params.commentId);
    for (const permission of needed) demandOnComment(ctx, place, comment, permission);
    return { place, comment };
  }

  async function replyAccess(ctx: RequestContext, params: OnReply, needed: readonly CommentPermission[]): Promise<ReplyAccess> {
    const { place, comment } = await commentAccess(ctx, params, ["view"]);
    const reply = await findReply(ctx, comment, params.commentReplyId);
    for (const permission of needed) demandOnComment(ctx, place, reply, permission);
    return { place, comment, reply };
  }

  return {
    listComments: {
      authorize: ({ ctx, params }: Request<Params>) => placeOf(ctx, params),
      handle: async ({ ctx, query }: Request<unknown, CommentListQuery>, place: CommentPlace) => ok(await listComments(ctx, place, query)),
    },

    postComment: {
      authorize: async ({ ctx, params }: Request<Params>) => demandPost(await placeOf(ctx, params)),
      handle: async ({ ctx, body }: Request<unknown, unknown, Schemas["PostCommentRequest"]>, place: CommentPlace) => {
        const target = await resolveTarget(ctx, place, body);
        const comment = await createComment(ctx, place, target, body.body);
        return ok(await serializeComment(ctx, place, comment));
      },
    },

    getComment: {
      authorize: ({ ctx, params }: Request<OnComment>) => commentAccess(ctx, params, ["view"]),
      handle: async ({ ctx }: Request, { place, comment }: CommentAccess) => ok(await serializeComment(ctx, place, comment)),
    },

    updateComment: {
      authorize: ({ ctx, params, body }: Request<OnComment, unknown, Schemas["UpdateCommentRequest"]>) => commentAccess(ctx, params, permissionsToUpdate(body)),
      handle: async ({ ctx, body }: Request<unknown, unknown, Schemas["UpdateCommentRequest"]>, { place, comment }: CommentAccess) =>
        ok(await serializeComment(ctx, place, await updateComment(ctx, comment, body))),
    },

    deleteComment: {
      authorize: ({ ctx, params }: Request<OnComment>) => commentAccess(ctx, params, ["delete"]),
      handle: async ({ ctx }: Request, { comment }: CommentAccess) => {
        await deleteComment(ctx, comment);
        return { status: 205 as const };
      },
    },

    listReplies: {
      authorize: ({ ctx, params }: Request<OnComment>) => commentAccess(ctx, params, ["view"]),
      handle: async ({ ctx, query }: Request<unknown, PageRequest>, { place, comment }: CommentAccess) => ok(await listReplies(ctx, place, comment, query)),
    },

    postReply: {
      authorize: ({ ctx, params }: Request<OnComment>) => commentAccess(ctx, params, ["reply"]),
      handle: async ({ ctx, body }: Request<unknown, unknown, Schemas["PostCommentReplyRequest"]>, { place, comment }: CommentAccess) =>
        ok(await serializeReply(ctx, place, comment, await createReply(ctx, comment, body.body))),
    },

    getReply: {
      authorize: ({ ctx, params }: Request<OnReply>) => replyAccess(ctx, params, ["view"]),
      handle: async ({ ctx }: Request, { place, comment, reply }: ReplyAccess) => ok(await serializeReply(ctx, place, comment, reply)),
    },

    updateReply: {
      authorize: ({ ctx, params, body }: Request<OnReply, unknown, Schemas["UpdateCommentReplyRequest"]>) =>
        replyAccess(ctx, params, permissionsToUpdate(body)),
      handle: async ({ ctx, body }: Request<unknown, unknown, Schemas["UpdateCommentReplyRequest"]>, { place, comment, reply }: ReplyAccess) =>
        ok(await serializeReply(ctx, place, comment, await updateComment(ctx, reply, body))),
    },
  };
}
