// Who may see and do what with an integration. Its `visibility` says who sees it (a
// private one: the members of the organization that owns it, 404 for everyone else);
// admins of that organization administer it.
import type { Schemas } from "@docstack/contract";
import type { Integration, Organization, Prisma } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { notFound } from "../../http/errors";
import { isMember, orgRole } from "../../policy/content";
import { demand, grantedBy, type PermissionTable } from "../../policy/demand";
import { atLeast } from "../../policy/roles";
import { organizationAccess } from "../organizations/policy";

export type IntegrationPermissions = Schemas["Integration"]["permissions"];
export type IntegrationWithOwner = Integration & { owner: Organization };

/** The least role, in the organization that owns the integration, for administering it. */
const TABLE: PermissionTable<"admin"> = { admin: "admin" };

/** Anyone who names a public or unlisted integration reads it; a private one, the owner's members only. */
export const canRead = (ctx: RequestContext, integration: Pick<Integration, "visibility" | "ownerId">) =>
  integration.visibility !== "private" || isMember(ctx, integration.ownerId);

/** What lists show the caller: every public integration, and every one of an organization they belong to. */
export const listedFor = (ctx: RequestContext): Prisma.IntegrationWhereInput => ({
  OR: [{ visibility: "public" }, { ownerId: { in: [...ctx.actor.orgRoles.keys()] } }],
});

export function integrationPermissions(ctx: RequestContext, integration: Pick<Integration, "visibility" | "ownerId">): IntegrationPermissions {
  const { admin } = grantedBy(TABLE, orgRole(ctx, integration.ownerId));
  // A private integration installs only in its owner; the others in any organization the caller administers.
  const install = integration.visibility === "private" ? admin : [...ctx.actor.orgRoles.values()].some((role) => atLeast(role, "admin"));
  return { admin, install };
}

export interface IntegrationAccess {
  integration: IntegrationWithOwner;
  permissions: IntegrationPermissions;
}

/** An integration the caller can read (404 otherwise), checked for a permission (403). */
export async function integrationAccess(ctx: RequestContext, name: string, permission: "view" | "admin"): Promise<IntegrationAccess> {
  const integration = await ctx.prisma.integration.findUnique({ where: { name }, include: { owner: true } });
  if (!integration || !canRead(ctx, integration)) throw notFound("Integration");
  const permissions = integrationPermissions(ctx, integration);
  if (permission === "admin") demand(TABLE, permissions, "admin", "the organization that owns this integration");
  return { integration, permissions };
}

export const onIntegration =
  (permission: "view" | "admin") =>
  ({ params, ctx }: { params: { integrationName: string }; ctx: RequestContext }) =>
    integrationAccess(ctx, params.integrationName, permission);

/**
 * The organization publishing, named by ID or hostname: one the caller belongs to (404
 * otherwise, as for any organization), where they are an admin (403).
 */
export async function publisherAccess(ctx: RequestContext, reference: string): Promise<Organization> {
  const found = await ctx.prisma.organization.findFirst({
    where: { id: { in: [...ctx.actor.orgRoles.keys()] }, OR: [{ id: reference }, { hostname: reference }] },
    select: { id: true },
  });
  if (!found) throw notFound("Organization");
  return (await organizationAccess(ctx, found.id, "admin")).organization;
}
