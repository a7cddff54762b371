// Who may see and do what with an integration. Its `visibility` says who sees it (a
// private one: the members of the organization that owns it, 404 for everyone else);
// admins of that organization administer it.
import type { Schemas } from "@docstack/contract";
import type { Integration, Organization, Prisma } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { isMember, orgRole } from "../../policy/content";
import { definePolicy, grantedBy, tableOf } from "../../policy/factory";
import { findMembership } from "../../policy/membership";
import { atLeast, organizationLevel } from "../../policy/roles";

export type IntegrationPermissions = Schemas["Integration"]["permissions"];
export type IntegrationWithOwner = Integration & { owner: Organization };

/** Anyone who names a public or unlisted integration reads it; a private one, the owner's members only. */
export const canRead = (ctx: RequestContext, integration: Pick<Integration, "visibility" | "ownerId">) =>
  integration.visibility !== "private" || isMember(ctx, integration.ownerId);

/** What lists show the caller: every public integration, and every one of an organization they belong to. */
export const listedFor = (ctx: RequestContext): Prisma.IntegrationWhereInput => ({
  OR: [{ visibility: "public" }, { ownerId: { in: [...ctx.actor.orgRoles.keys()] } }],
});

export function integrationPermissions(ctx: RequestContext, integration: Pick<Integration, "visibility" | "ownerId">): IntegrationPermissions {
  const { admin } = grantedBy(tableOf("integration"), organizationLevel(orgRole(ctx, integration.ownerId)));
  // A private integration installs only in its owner; the others in any organization the caller administers.
  const install = integration.visibility === "private" ? admin : [...ctx.actor.orgRoles.values()].some((role) => atLeast(role, "admin"));
  return { admin, install };
}

/** An integration the caller can read (404 otherwise). */
export const integrationPolicy = definePolicy("integration", {
  what: "Integration",
  on: "the organization that owns this integration",
  find: async ({ ctx, params }) => {
    const integration = await ctx.prisma.integration.findUnique({ where: { name: params.integrationName as string }, include: { owner: true } });
    return integration && { integration };
  },
  level: (ctx, { integration }) => organizationLevel(orgRole(ctx, integration.ownerId)),
  visible: (ctx, { integration }) => canRead(ctx, integration),
  permissions: (ctx, { integration }, level) => ({ view: canRead(ctx, integration), admin: grantedBy(tableOf("integration"), level).admin }),
});

/** The organization publishing, named by ID or hostname: one the caller belongs to (404 otherwise, as for any organization). */
export const publisherPolicy = definePolicy("publisher", {
  what: "Organization",
  on: "this organization",
  find: async ({ ctx, body }) => {
    const reference = (body as { organization: string }).organization;
    const found = await ctx.prisma.organization.findFirst({
      where: { id: { in: [...ctx.actor.orgRoles.keys()] }, OR: [{ id: reference }, { hostname: reference }] },
      select: { id: true },
    });
    return found ? findMembership(ctx, found.id) : null;
  },
  level: (_ctx, { role }) => organizationLevel(role),
});
