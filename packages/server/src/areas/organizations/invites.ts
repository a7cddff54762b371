// Invite links of an organization: admins create, list, read, change and delete them; whoever
// has one joins through it. A link's ID is its secret (192 random bits, from the secrets registry):
// the request log masks it (the contract marks `inviteId` `x-docstack-secret`), and it is compared
// only by the database's index lookup.
import type { Schemas } from "@docstack/contract";
import type { OrganizationInvite } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { forbidden, notFound } from "../../http/errors";
import { listRows } from "../../http/lists";
import { defineOperation } from "../../http/operation";
import type { SortField } from "../../http/pagination";
import { apiUrl } from "../../http/urls";
import { newSecret } from "../../secrets";
import { joinAs } from "./store";

const OLDEST_FIRST: SortField[] = [
  { field: "createdAt", direction: "asc" },
  { field: "id", direction: "asc" },
];

/** A new link's ID, which is its secret. */
const newInviteId = () => newSecret(24);

async function findInvite(ctx: RequestContext, organizationId: string, id: string): Promise<OrganizationInvite> {
  const invite = await ctx.prisma.organizationInvite.findFirst({ where: { id, organizationId } });
  if (!invite) throw notFound("Invite link");
  return invite;
}

/** `redundant`: another invite link of the organization already grants the same role. */
async function serializeInvites(ctx: RequestContext, invites: OrganizationInvite[]): Promise<Schemas["InviteLink"][]> {
  const organizationId = invites[0]?.organizationId;
  const all = organizationId ? await ctx.prisma.organizationInvite.findMany({ where: { organizationId }, select: { id: true, role: true } }) : [];
  return invites.map((invite) => ({
    object: "invite",
    id: invite.id,
    role: invite.role,
    redundant: all.some((other) => other.id !== invite.id && other.role === invite.role),
    urls: { join: apiUrl(ctx, `/orgs/${invite.organizationId}/invites/${invite.id}`) },
  }));
}

const serializeInvite = async (ctx: RequestContext, invite: OrganizationInvite) => (await serializeInvites(ctx, [invite]))[0] as Schemas["InviteLink"];

export const inviteLinksOperations = {
  listOrganizationInviteLinks: defineOperation("listOrganizationInviteLinks", {
    handle: async (request) => {
      const { ctx, params } = request;
      const where = { organizationId: params.organizationId };
      const body = await listRows(request, {
        model: ctx.prisma.organizationInvite,
        where,
        order: OLDEST_FIRST,
        serialize: (invites) => serializeInvites(ctx, invites),
      });
      return { status: 200, body };
    },
  }),

  createOrganizationInvite: defineOperation("createOrganizationInvite", {
    handle: async ({ ctx, body }, { organization }) => {
      if (!organization.inviteLinks) throw forbidden("invite_links_disabled", "This organization does not allow invite links (inviteLinks is false)");
      const invite = await ctx.prisma.organizationInvite.create({ data: { id: newInviteId(), organizationId: organization.id, role: body.role } });
      return { status: 201, body: await serializeInvite(ctx, invite) };
    },
  }),

  getOrganizationInviteLink: defineOperation("getOrganizationInviteLink", {
    handle: async ({ ctx, params }) => ({ status: 200, body: await serializeInvite(ctx, await findInvite(ctx, params.organizationId, params.inviteId)) }),
  }),

  deleteOrganizationInviteLink: defineOperation("deleteOrganizationInviteLink", {
    handle: async ({ ctx, params }) => {
      const { count } = await ctx.prisma.organizationInvite.deleteMany({ where: { id: params.inviteId, organizationId: params.organizationId } });
      return count > 0 ? { status: 205 } : { status: 204 };
    },
  }),

  updateOrganizationInviteLink: defineOperation("updateOrganizationInviteLink", {
    handle: async ({ ctx, params, body }) => {
      const invite = await findInvite(ctx, params.organizationId, params.inviteId);
      const updated = await ctx.prisma.organizationInvite.update({ where: { id: invite.id }, data: { role: body.role } });
      return { status: 200, body: await serializeInvite(ctx, updated) };
    },
  }),

  joinOrganizationWithInvite: defineOperation("joinOrganizationWithInvite", {
    handle: async ({ ctx }, { invite }) => {
      // Links stop working once the organization turns them off.
      if (!invite.organization.inviteLinks) throw notFound("Invite link");
      await joinAs(ctx, invite.organizationId, invite.role);
      return { status: 200, body: {} };
    },
  }),
};
