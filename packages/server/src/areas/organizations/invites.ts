// Invite links of an organization: read, change the role of, delete. No operation
// creates them (the contract has none yet). Every operation needs the admin role.
import type { Schemas } from "@docstack/contract";
import type { Db } from "../../db/database";
import type { OrganizationInvite } from "../../generated/prisma/client";
import { notFound } from "../../http/errors";
import { defineOperation } from "../../http/operation";

async function findInvite(prisma: Db, organizationId: string, id: string): Promise<OrganizationInvite> {
  const invite = await prisma.organizationInvite.findFirst({ where: { id, organizationId } });
  if (!invite) throw notFound("Invite link");
  return invite;
}

/** `redundant`: another invite link of the organization already grants the same role. */
async function serializeInvite(prisma: Db, invite: OrganizationInvite): Promise<Schemas["InviteLink"]> {
  const others = await prisma.organizationInvite.count({ where: { organizationId: invite.organizationId, role: invite.role, id: { not: invite.id } } });
  return { object: "invite", id: invite.id, role: invite.role, redundant: others > 0 };
}

export const getOrganizationInviteLink = defineOperation("getOrganizationInviteLink", {
  handle: async ({ ctx, params }) => ({
    status: 200,
    body: await serializeInvite(ctx.prisma, await findInvite(ctx.prisma, params.organizationId, params.inviteId)),
  }),
});

export const deleteOrganizationInviteLink = defineOperation("deleteOrganizationInviteLink", {
  handle: async ({ ctx, params }) => {
    const { count } = await ctx.prisma.organizationInvite.deleteMany({ where: { id: params.inviteId, organizationId: params.organizationId } });
    if (count === 0) throw notFound("Invite link");
    return { status: 205 };
  },
});

export const updateOrganizationInviteLink = defineOperation("updateOrganizationInviteLink", {
  handle: async ({ ctx, params, body }) => {
    const invite = await findInvite(ctx.prisma, params.organizationId, params.inviteId);
    const updated = await ctx.prisma.organizationInvite.update({ where: { id: invite.id }, data: { role: body.role } });
    return { status: 200, body: await serializeInvite(ctx.prisma, updated) };
  },
});
