// Reviews of change requests and the users requested to review them (GitBook's
// change-request reviews). What they allow is decided at merge (merge-rules.ts).
import { notFound } from "../../http/errors";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { SortField } from "../../http/pagination";
import type { ChangeRequestAccess } from "../change-requests/policy";
import type { CommentPlace } from "../space-comments/place";
import { serializeRequestedReviewers, serializeReviews } from "./serialize";
import { requestReviewers, submitReview } from "./store";

const OLDEST_FIRST: SortField[] = [
  { field: "createdAt", direction: "asc" },
  { field: "id", direction: "asc" },
];
const FIRST_REQUESTED: SortField[] = [
  { field: "createdAt", direction: "asc" },
  { field: "userId", direction: "asc" },
];

/** Reviews' comments are the change request's comments, seen with the caller's level on the space. */
const placeOf = ({ space, level, changeRequest }: ChangeRequestAccess) =>
  ({ space, level, changeRequest }) as CommentPlace & { changeRequest: typeof changeRequest };

export const changeRequestReviewsOperations = {
  getReviewsByChangeRequestId: defineOperation("getReviewsByChangeRequestId", {
    handle: async (request, access) => {
      const { ctx, query } = request;
      const where = { changeRequestId: access.changeRequest.id, ...(query.outdated !== undefined ? { outdated: query.outdated } : {}) };
      const body = await listRows(request, {
        model: ctx.prisma.changeRequestReview,
        where,
        order: OLDEST_FIRST,
        serialize: (rows) => serializeReviews(ctx, placeOf(access), rows, query.format),
      });
      return { status: 200, body };
    },
  }),

  submitChangeRequestReview: defineOperation("submitChangeRequestReview", {
    handle: async ({ ctx, body }, access) => {
      const review = await submitReview(ctx, placeOf(access), body);
      return { status: 201, body: (await serializeReviews(ctx, placeOf(access), [review]))[0]! };
    },
  }),

  getChangeRequestReviewById: defineOperation("getChangeRequestReviewById", {
    handle: async ({ ctx, params, query }, access) => {
      const review = await ctx.prisma.changeRequestReview.findFirst({ where: { id: params.reviewId, changeRequestId: access.changeRequest.id } });
      if (!review) throw notFound("Review");
      return { status: 200, body: (await serializeReviews(ctx, placeOf(access), [review], query.format))[0]! };
    },
  }),

  getRequestedReviewersByChangeRequestId: defineOperation("getRequestedReviewersByChangeRequestId", {
    handle: async (request, { changeRequest }) => {
      const { ctx } = request;
      const where = { changeRequestId: changeRequest.id };
      const body = await listRows(request, {
        model: ctx.prisma.changeRequestReviewer,
        where,
        order: FIRST_REQUESTED,
        serialize: (rows) => serializeRequestedReviewers(ctx, rows),
      });
      return { status: 200, body };
    },
  }),

  requestReviewersForChangeRequest: defineOperation("requestReviewersForChangeRequest", {
    handle: async ({ ctx, body }, { space, changeRequest }) => {
      const requested = await requestReviewers(ctx, changeRequest, space.organizationId, body);
      return { status: 200, body: { users: await serializeRequestedReviewers(ctx, requested) } };
    },
  }),

  removeRequestedReviewerFromChangeRequest: defineOperation("removeRequestedReviewerFromChangeRequest", {
    handle: async ({ ctx, params }, { changeRequest }) => {
      const { count } = await ctx.prisma.changeRequestReviewer.deleteMany({ where: { changeRequestId: changeRequest.id, userId: params.userId } });
      return count > 0 ? { status: 205 } : { status: 204 };
    },
  }),
} satisfies AreaOperations;
