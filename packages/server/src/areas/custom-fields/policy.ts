// Who may do what with custom fields: members see the organization's definitions;
// admins define them. Values on a space follow the space's policy (spaces/policy.ts).
import type { Schemas } from "@docstack/contract";
import type { RequestContext } from "../../http/context";
import { demand, grantedBy, type PermissionTable } from "../../policy/demand";
import type { Role } from "../../policy/roles";
import { organizationAccess } from "../organizations/policy";

export type CustomFieldPermissions = Schemas["CustomField"]["permissions"];
type Permission = keyof CustomFieldPermissions;

/** The least organization role for each permission but `view`, which every member (guests too) has. */
const TABLE: PermissionTable<Exclude<Permission, "view">> = { edit: "admin" };

export function customFieldPermissions(role: Role | null | undefined): CustomFieldPermissions {
  return { view: role !== undefined, ...grantedBy(TABLE, role) };
}

/** The organization's custom fields, for a caller who belongs to it (404 otherwise), checked for a permission (403). */
export async function customFieldsAccess(ctx: RequestContext, organizationId: string, permission: Permission): Promise<CustomFieldPermissions> {
  const { role } = await organizationAccess(ctx, organizationId, "view");
  const permissions = customFieldPermissions(role);
  if (permission !== "view") demand(TABLE, permissions, permission, "this organization's custom fields");
  return permissions;
}

export const onCustomFields =
  (permission: Permission) =>
  ({ params, ctx }: { params: { organizationId: string }; ctx: RequestContext }) =>
    customFieldsAccess(ctx, params.organizationId, permission);
