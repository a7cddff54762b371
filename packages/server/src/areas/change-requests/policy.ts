// Who may do what with a change request: the caller's permissions on its space (a change
// request has no permissions of its own), then its status.
import type { ChangeRequest } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { conflict } from "../../http/errors";
import { definePolicyWithin } from "../../policy/factory";
import { spacePolicy } from "../spaces/policy";

/** `{changeRequestId}` is the change request's ID or its number in the space. */
async function findChangeRequest(ctx: RequestContext, spaceId: string, changeRequestId: string): Promise<ChangeRequest | null> {
  return /^\d{1,9}$/.test(changeRequestId)
    ? ctx.prisma.changeRequest.findUnique({ where: { spaceId_number: { spaceId, number: Number(changeRequestId) } } })
    : ctx.prisma.changeRequest.findFirst({ where: { id: changeRequestId, spaceId } });
}

/** The change request of the path, in a space the caller can see; its permissions are the space's. */
export const changeRequestPolicy = definePolicyWithin("changeRequest", spacePolicy, {
  what: "Change request",
  find: async ({ ctx, params }, { space }) => {
    const changeRequest = await findChangeRequest(ctx, space.id, params.changeRequestId as string);
    return changeRequest && { changeRequest };
  },
});

export type ChangeRequestAccess = Awaited<ReturnType<typeof changeRequestPolicy.load>>;

/** Content writes, merges and updates need a change request still being worked on. */
export function demandEditable(changeRequest: ChangeRequest, action: string): void {
  if (changeRequest.status === "merged")
    throw conflict("change_request_merged", `Change request #${changeRequest.number} is merged: it can no longer ${action}`);
  if (changeRequest.status === "archived") {
    throw conflict("change_request_archived", `Change request #${changeRequest.number} is archived: reopen it (status draft or open) to ${action}`);
  }
}
