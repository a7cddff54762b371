// Who may do what in an organization. Members see it; the rest follows their role.
import type { Schemas } from "@docstack/contract";
import type { Organization } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { notFound } from "../../http/errors";
import { orgRole } from "../../policy/content";
import { demand, grantedBy, type PermissionTable } from "../../policy/demand";
import type { Role } from "../../policy/roles";

export type OrganizationPermissions = Schemas["Organization"]["permissions"];
type Permission = keyof OrganizationPermissions;

/** The least organization role for each permission (any member has `read` or more, guests have none). */
const TABLE: PermissionTable<Exclude<Permission, "view" | "listMembers" | "listTeams">> = {
  admin: "admin",
  ownTeam: "admin",
  createContent: "create",
  createOpenAPISpec: "create",
  viewBilling: "admin",
  listIntegrations: "admin",
};

export function organizationPermissions(role: Role | null | undefined): OrganizationPermissions {
  const member = role !== undefined;
  return { view: member, listMembers: member, listTeams: member, ...grantedBy(TABLE, role) };
}

export interface OrganizationAccess {
  organization: Organization;
  role: Role | null;
  permissions: OrganizationPermissions;
}

/** Loads an organization the caller belongs to (404 otherwise) and checks a permission (403). */
export async function organizationAccess(ctx: RequestContext, organizationId: string, permission: Permission): Promise<OrganizationAccess> {
  const role = orgRole(ctx, organizationId);
  if (role === undefined) throw notFound("Organization");
  const organization = await ctx.prisma.organization.findUnique({ where: { id: organizationId } });
  if (!organization) throw notFound("Organization");
  const permissions = organizationPermissions(role);
  if (permission !== "view" && permission !== "listMembers" && permission !== "listTeams") {
    demand(TABLE, permissions, permission, "this organization");
  }
  return { organization, role, permissions };
}

/** The policy rule of operations on `/v1/orgs/{organizationId}/...`. */
export const onOrganization =
  (permission: Permission) =>
  ({ params, ctx }: { params: { organizationId: string }; ctx: RequestContext }) =>
    organizationAccess(ctx, params.organizationId, permission);

/** Any authenticated caller (the operation only touches the caller's own data). */
export const authenticated = async (): Promise<void> => undefined;
