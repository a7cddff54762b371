// Reviews and review requests of change requests. A reviewer's earlier reviews become outdated
// when they review again or are requested again, in the same transaction, so at most one review
// per reviewer counts for the merge rules.
import type { Schemas } from "@docstack/contract";
import type { Tx } from "../../db/database";
import { newId } from "../../db/ids";
import type { ChangeRequest, ChangeRequestReview, ChangeRequestReviewer } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { badRequest } from "../../http/errors";
import { demandEditable } from "../../models/change-requests/editable";
import { lockChangeRequest } from "../../models/change-requests/store";
import { reviewStatus } from "../../models/contract-enums";
import type { CommentPlace } from "../space-comments/place";
import { closedConflict } from "../space-comments/place";
import { createComment, storedBody } from "../space-comments/store";
import { resolveTarget } from "../space-comments/targets";

const outdateReviewsOf = (tx: Tx, changeRequestId: string, reviewerIds: readonly string[]) =>
  tx.changeRequestReview.updateMany({ where: { changeRequestId, reviewerId: { in: [...reviewerIds] }, outdated: false }, data: { outdated: true } });

export async function submitReview(
  ctx: RequestContext,
  place: CommentPlace & { changeRequest: ChangeRequest },
  input: Schemas["SubmitChangeRequestReviewRequest"],
): Promise<ChangeRequestReview> {
  const reviewerId = ctx.actor.userId;
  const text = input.comment && storedBody(input.comment, "request/body/comment");
  const target = text ? await resolveTarget(ctx, place, {}) : null;
  return ctx.prisma.$transaction(async (tx) => {
    const changeRequest = await lockChangeRequest(tx, place.changeRequest.id);
    demandEditable(changeRequest, "be reviewed");
    const closed = closedConflict({ ...place, changeRequest });
    if (text && closed) throw closed;
    const request = await tx.changeRequestReviewer.findUnique({ where: { changeRequestId_userId: { changeRequestId: changeRequest.id, userId: reviewerId } } });
    await outdateReviewsOf(tx, changeRequest.id, [reviewerId]);
    const comment = text && target ? await createComment(ctx, place, target, text, tx) : null;
    const now = ctx.clock.now();
    return tx.changeRequestReview.create({
      data: {
        id: newId(),
        changeRequestId: changeRequest.id,
        reviewerId,
        requestedById: request?.requestedById ?? null,
        status: reviewStatus.column(input.status),
        revisionId: changeRequest.revisionId,
        commentId: comment?.id ?? null,
        createdAt: now,
        updatedAt: now,
      },
    });
  });
}

/** Requests (or renews the requests of) each user; 400 for a user who is not a member. */
export async function requestReviewers(
  ctx: RequestContext,
  changeRequest: ChangeRequest,
  organizationId: string,
  input: Schemas["RequestReviewersRequest"],
): Promise<ChangeRequestReviewer[]> {
  const users = [...new Set(input.users)];
  const members = await ctx.prisma.member.findMany({ where: { organizationId, userId: { in: users } }, select: { userId: true } });
  const known = new Set(members.map((member) => member.userId));
  const stranger = users.find((user) => !known.has(user));
  if (stranger) throw badRequest("invalid_reference", `request/body/users/${input.users.indexOf(stranger)}: ${stranger} is not a member of this organization`);
  return ctx.prisma.$transaction(async (tx) => {
    const locked = await lockChangeRequest(tx, changeRequest.id);
    demandEditable(locked, "be reviewed");
    if (input.subject !== undefined) await tx.changeRequest.update({ where: { id: locked.id }, data: { subject: input.subject } });
    await outdateReviewsOf(tx, locked.id, users);
    const now = ctx.clock.now();
    const requested: ChangeRequestReviewer[] = [];
    for (const userId of users) {
      const data = { requestedById: ctx.actor.userId, revisionId: locked.revisionId, createdAt: now };
      requested.push(
        await tx.changeRequestReviewer.upsert({
          where: { changeRequestId_userId: { changeRequestId: locked.id, userId } },
          create: { changeRequestId: locked.id, userId, ...data },
          update: data,
        }),
      );
    }
    return requested;
  });
}
