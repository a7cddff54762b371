// Who may do what with a change request: the caller's permissions on its space (a change
// request has no permissions of its own), then its status.
import type { ChangeRequest } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
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
