// Who may see what of another user. The one rule for e-mail addresses: every User the API
// emits goes through `serializeUser` (areas/organizations/serialize.ts), which asks this.
import type { Actor } from "../http/actor";

/** What the rule needs to know of the viewer: who they are and their organizations. */
export type Viewer = Pick<Actor, "userId" | "orgRoles">;

/** What the rule needs to know of the user shown: who they are and organizations they belong to. */
export interface ShownUser {
  id: string;
  /** Organizations the user belongs to (those the viewer belongs to are enough). */
  organizationIds: Iterable<string>;
}

/**
 * Whether the viewer may see the user's e-mail address: their own, or that of a user of an
 * organization they both belong to (as the User schema says). Anyone else, e.g. the author of a
 * comment who has since left every organization the viewer is in, keeps their name, not their address.
 */
export function mayViewEmail(viewer: Viewer, user: ShownUser): boolean {
  if (user.id === viewer.userId) return true;
  for (const organizationId of user.organizationIds) if (viewer.orgRoles.has(organizationId)) return true;
  return false;
}
