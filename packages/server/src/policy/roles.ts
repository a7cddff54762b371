// Roles and how they combine. Every permission in Docstack derives from a role:
// the member's organization role, or the default level of the content.
import type { Schemas } from "@docstack/contract";

export type Role = Schemas["Role"];

/** From least to most: each role can do everything the ones before it can. */
const ORDER: readonly Role[] = ["read", "comment", "edit", "review", "create", "admin"];

export function atLeast(role: Role | null | undefined, minimum: Role): boolean {
  return role != null && ORDER.indexOf(role) >= ORDER.indexOf(minimum);
}

/**
 * The level a member has on a collection or space.
 * - not a member (undefined) or a guest (null): none;
 * - organization admins: admin;
 * - otherwise the first non-null `defaultLevel` from the content up through its
 *   parent collections, or, when every one inherits, the organization role.
 */
export function contentLevel(orgRole: Role | null | undefined, defaultLevels: readonly (Role | null)[]): Role | null {
  if (orgRole == null) return null;
  if (orgRole === "admin") return "admin";
  return defaultLevels.find((level): level is Role => level != null) ?? orgRole;
}
