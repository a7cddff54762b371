// Who may do what with a space: from the caller's level on it (policy/content.ts),
// with edits and merges refused while the space is locked.
import type { Schemas } from "@docstack/contract";
import type { Space } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { conflict, forbidden, notFound } from "../../http/errors";
import { spaceLevel } from "../../policy/content";
import { demand, grantedBy, type PermissionTable } from "../../policy/demand";
import { atLeast, type Role } from "../../policy/roles";

export type SpacePermissions = Schemas["Space"]["permissions"];
export type SpacePermission = keyof SpacePermissions;

const TABLE: PermissionTable<SpacePermission> = {
  view: "read",
  access: "read",
  comment: "comment",
  edit: "edit",
  triggerGitSync: "edit",
  merge: "edit",
  review: "review",
  admin: "admin",
  viewInviteLinks: "admin",
};
/** What a locked space refuses whatever the role. */
const REFUSED_WHEN_LOCKED: readonly SpacePermission[] = ["edit", "triggerGitSync", "merge", "comment"];

export const LOCKED_MESSAGE = "This space is locked: an admin must set its editMode to live before it can be edited";

export function spacePermissions(level: Role | null, space: Pick<Space, "editMode">): SpacePermissions {
  const permissions = grantedBy(TABLE, level);
  if (space.editMode === "locked") for (const permission of REFUSED_WHEN_LOCKED) permissions[permission] = false;
  return permissions;
}

export interface SpaceAccess {
  space: Space;
  level: Role;
  permissions: SpacePermissions;
}

/**
 * A space the caller can see (404 otherwise; deleted spaces too unless asked),
 * checked for a permission: 403 when the role is too low, 409 when the space is locked.
 */
export async function spaceAccess(
  ctx: RequestContext,
  spaceId: string,
  permission: SpacePermission,
  options: { includeDeleted?: boolean } = {},
): Promise<SpaceAccess> {
  const space = await ctx.prisma.space.findUnique({ where: { id: spaceId } });
  const level = space ? await spaceLevel(ctx, space) : null;
  if (!space || level === null || (space.deletedAt && !options.includeDeleted)) throw notFound("Space");
  const permissions = spacePermissions(level, space);
  if (!permissions[permission] && REFUSED_WHEN_LOCKED.includes(permission) && atLeast(level, TABLE[permission])) {
    throw conflict(LOCKED_MESSAGE);
  }
  demand(TABLE, permissions, permission, "this space");
  return { space, level, permissions };
}

export const onSpace =
  (permission: SpacePermission) =>
  ({ params, ctx }: { params: { spaceId: string }; ctx: RequestContext }) =>
    spaceAccess(ctx, params.spaceId, permission);

/** A role on the space whatever its lock: renaming, status moves of change requests are not content edits. */
export function demandRoleAtLeast<A extends SpaceAccess>(access: A, role: Role): A {
  if (!atLeast(access.level, role)) throw forbidden(`Your role does not allow this: it needs the ${role} role or more on this space`);
  return access;
}
