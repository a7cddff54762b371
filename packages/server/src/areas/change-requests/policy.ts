// Who may do what with a change request: the caller's permissions on its space
// (a change request has no permissions of its own), then its status.
import type { ChangeRequest } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { type SpaceAccess, type SpacePermission, spaceAccess } from "../spaces/policy";

export { demandRoleAtLeast } from "../spaces/policy";

export interface ChangeRequestAccess extends SpaceAccess {
  changeRequest: ChangeRequest;
}

/** `{changeRequestId}` is the change request's ID or its number in the space. */
export async function findChangeRequest(ctx: RequestContext, spaceId: string, changeRequestId: string): Promise<ChangeRequest | null> {
  return /^\d{1,9}$/.test(changeRequestId)
    ? ctx.prisma.changeRequest.findUnique({ where: { spaceId_number: { spaceId, number: Number(changeRequestId) } } })
    : ctx.prisma.changeRequest.findFirst({ where: { id: changeRequestId, spaceId } });
}

export async function changeRequestAccess(
  ctx: RequestContext,
  params: { spaceId: string; changeRequestId: string },
  permission: SpacePermission,
): Promise<ChangeRequestAccess> {
  const access = await spaceAccess(ctx, params.spaceId, permission);
  const changeRequest = await findChangeRequest(ctx, params.spaceId, params.changeRequestId);
  if (!changeRequest) throw notFound("Change request");
  return { ...access, changeRequest };
}

/** Content writes, merges and updates need a change request still being worked on. */
export function demandEditable(changeRequest: ChangeRequest, action: string): void {
  if (changeRequest.status === "merged") throw conflict(`Change request #${changeRequest.number} is merged: it can no longer ${action}`);
  if (changeRequest.status === "archived") {
    throw conflict(`Change request #${changeRequest.number} is archived: reopen it (status draft or open) to ${action}`);
  }
}

/** The policy rule of operations on `/v1/spaces/{spaceId}/change-requests/{changeRequestId}/...`. */
export const onChangeRequest =
  (permission: SpacePermission) =>
  ({ params, ctx }: { params: { spaceId: string; changeRequestId: string }; ctx: RequestContext }) =>
    changeRequestAccess(ctx, params, permission);
