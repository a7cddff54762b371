// The one resolution rule of a user's level on content (a collection or a space), used by
// every check and every `permissions` boolean: the highest of
// - their organization role through the `defaultLevel` chain (the content's own, then each
//   parent collection's up to the root; `inherit` passes to the next one, a role sets the
//   level, `null` gives no default access; all `inherit`: the organization role), and
// - the roles the content, or a collection holding it, is shared with them or their teams.
// Organization admins are always `admin`; guests get nothing by default, only what is shared.
import { type Level, type Role, reaches } from "./roles";

/** A content's `defaultLevel`: from its parent, a role, or (null) no default access. */
export type DefaultLevel = Role | "inherit" | null;

export interface LevelSources {
  /** The user's organization role: undefined when not a member, null for a guest. */
  orgRole: Role | null | undefined;
  /** The `defaultLevel`s from the content up through its parent collections, nearest first. */
  defaults: readonly DefaultLevel[];
  /** The roles shared with the user or one of their teams, on the content or a collection holding it. */
  grants: readonly Role[];
}

/** The highest of some levels (null when there are none, or only nulls). */
export function highest<L extends Level>(levels: readonly (L | null | undefined)[]): L | null {
  let best: L | null = null;
  for (const level of levels) if (level != null && (best === null || !reaches(best, level))) best = level;
  return best;
}

/** What the `defaultLevel` chain gives a member with `orgRole` (not an admin, not a guest). */
function byDefault(orgRole: Role, defaults: readonly DefaultLevel[]): Role | null {
  for (const level of defaults) if (level !== "inherit") return level;
  return orgRole;
}

export function resolveLevel({ orgRole, defaults, grants }: LevelSources): Role | null {
  if (orgRole === undefined) return null;
  if (orgRole === "admin") return "admin";
  return highest([orgRole === null ? null : byDefault(orgRole, defaults), ...grants]);
}

/** Reads a stored `defaultLevel` (a column of free text, checked on write). */
export const asDefaultLevel = (stored: string | null): DefaultLevel => stored as DefaultLevel;
