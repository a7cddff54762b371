import type { Schemas } from "@docstack/contract";
import { mergeBase } from "../../commands/merge-base";
import type { ChangeRequest } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { apiUrl, appUrl } from "../../http/urls";
import { userDirectory } from "../organizations/serialize";

/** Serializes change requests of one space: creators, open comments and `outdated` read in bulk. */
export async function serializeChangeRequests(
  ctx: RequestContext,
  spaceRevisionId: string,
  changeRequests: ChangeRequest[],
): Promise<Schemas["ChangeRequest"][]> {
  const ids = changeRequests.map((cr) => cr.id);
  const [userOf, comments] = await Promise.all([
    userDirectory(
      ctx,
      changeRequests.map((cr) => cr.createdById),
    ),
    ctx.prisma.comment.groupBy({ by: ["changeRequestId"], where: { changeRequestId: { in: ids }, parentId: null, status: "open" }, _count: true }),
  ]);
  const commentsById = new Map(comments.map((row) => [row.changeRequestId, row._count]));
  return changeRequests.map((cr) => {
    return {
      object: "change-request",
      id: cr.id,
      number: cr.number,
      status: cr.status,
      subject: cr.subject,
      createdBy: userOf(cr.createdById),
      createdAt: cr.createdAt.toISOString(),
      updatedAt: cr.updatedAt.toISOString(),
      space: cr.spaceId,
      revision: cr.revisionId,
      revisionInitial: cr.revisionInitialId,
      ...(cr.revisionMergedAncestorId ? { revisionMergedAncestor: cr.revisionMergedAncestorId } : {}),
      ...(cr.revisionMergedId ? { revisionMerged: cr.revisionMergedId } : {}),
      comments: commentsById.get(cr.id) ?? 0,
      // Outdated exactly when the space's content moved since the change request's base.
      outdated: cr.status !== "merged" && mergeBase(cr) !== spaceRevisionId,
      urls: {
        app: appUrl(ctx, `/spaces/${cr.spaceId}/change-requests/${cr.number}`),
        location: apiUrl(ctx, `/spaces/${cr.spaceId}/change-requests/${cr.id}`),
      },
    };
  });
}

export async function serializeChangeRequest(ctx: RequestContext, spaceRevisionId: string, changeRequest: ChangeRequest): Promise<Schemas["ChangeRequest"]> {
  return (await serializeChangeRequests(ctx, spaceRevisionId, [changeRequest]))[0]!;
}
