// Roles and levels, and how they compare. Every permission in Docstack derives from a level:
// the member's organization role, or their level on a piece of content.
import type { Schemas } from "@docstack/contract";

export type Role = Schemas["Role"];

/**
 * The caller's level on something: a role, `guest` (a member of the organization without a
 * role, for what any member may do there), or null (none: the caller cannot see it).
 */
export type Level = Role | "guest" | null;

/** From least to most: each level can do everything the ones before it can. */
const ORDER: readonly Exclude<Level, null>[] = ["guest", "read", "comment", "edit", "review", "create", "admin"];

export function reaches(level: Level | undefined, minimum: Exclude<Level, null>): boolean {
  return level != null && ORDER.indexOf(level) >= ORDER.indexOf(minimum);
}

export function atLeast(role: Role | null | undefined, minimum: Role): boolean {
  return reaches(role, minimum);
}

/** The level an organization role gives on the organization itself: undefined (not a member) is none, null (a guest) is `guest`. */
export const organizationLevel = (role: Role | null | undefined): Level => (role === undefined ? null : (role ?? "guest"));
