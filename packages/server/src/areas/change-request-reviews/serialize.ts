import type { Schemas } from "@docstack/contract";
import type { ChangeRequestReview, ChangeRequestReviewer } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { apiUrl } from "../../http/urls";
import { reviewStatus } from "../../models/contract-enums";
import { userDirectory } from "../organizations/serialize";
import type { CommentPlace } from "../space-comments/place";
import { type BodyFormat, serializeComments } from "../space-comments/serialize";

const reviewsPath = (place: CommentPlace) => `/spaces/${place.space.id}/change-requests/${place.changeRequest!.id}/reviews`;

/** Reviews of the place's change request: users and comments read in bulk. */
export async function serializeReviews(
  ctx: RequestContext,
  place: CommentPlace,
  reviews: readonly ChangeRequestReview[],
  format?: BodyFormat,
): Promise<Schemas["ChangeRequestReview"][]> {
  const commentIds = reviews.flatMap((review) => (review.commentId ? [review.commentId] : []));
  const [userOf, comments] = await Promise.all([
    userDirectory(
      ctx,
      reviews.flatMap((review) => [review.reviewerId, ...(review.requestedById ? [review.requestedById] : [])]),
    ),
    commentIds.length ? ctx.prisma.comment.findMany({ where: { id: { in: commentIds } } }).then((rows) => serializeComments(ctx, place, rows, format)) : [],
  ]);
  const commentById = new Map(comments.map((comment) => [comment.id, comment]));
  return reviews.map((review) => {
    const comment = review.commentId ? commentById.get(review.commentId) : undefined;
    return {
      object: "change-request-review",
      id: review.id,
      revision: review.revisionId,
      reviewer: userOf(review.reviewerId),
      ...(review.requestedById ? { requestedBy: userOf(review.requestedById) } : {}),
      status: reviewStatus.value(review.status),
      outdated: review.outdated,
      // A comment deleted since is no longer shown.
      ...(comment ? { comment } : {}),
      createdAt: review.createdAt.toISOString(),
      updatedAt: review.updatedAt.toISOString(),
      urls: { location: apiUrl(ctx, `${reviewsPath(place)}/${review.id}`) },
    };
  });
}

export async function serializeRequestedReviewers(
  ctx: RequestContext,
  requests: readonly ChangeRequestReviewer[],
): Promise<Schemas["ChangeRequestRequestedReviewer"][]> {
  const userOf = await userDirectory(
    ctx,
    requests.flatMap((request) => [request.userId, request.requestedById]),
  );
  return requests.map((request) => ({
    object: "change-request-requested-reviewer",
    kind: "user",
    user: userOf(request.userId),
    revision: request.revisionId,
    requestedBy: userOf(request.requestedById),
    createdAt: request.createdAt.toISOString(),
  }));
}
