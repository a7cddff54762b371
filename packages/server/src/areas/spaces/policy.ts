// Who may do what with a space: from the caller's level on it (policy/content.ts) and the
// contract's table (openapi/policies.yaml), with edits and merges refused while it is locked.
import type { Schemas } from "@docstack/contract";
import type { Space } from "../../generated/prisma/client";
import { conflict } from "../../http/errors";
import { LOCKED_MESSAGE } from "../../models/change-requests/editable";
import { spaceLevel } from "../../policy/content";
import { type Access, definePolicy, grantedBy, type PolicyRequest, tableOf } from "../../policy/factory";
import { type Level, reaches } from "../../policy/roles";

export type SpacePermissions = Schemas["Space"]["permissions"];
export type SpacePermission = keyof SpacePermissions;

/** What a locked space refuses whatever the role. */
const REFUSED_WHEN_LOCKED: readonly SpacePermission[] = ["edit", "triggerGitSync", "merge", "comment"];

export function spacePermissions(level: Level, space: Pick<Space, "editMode">): SpacePermissions {
  const permissions = grantedBy(tableOf("space"), level);
  if (space.editMode === "locked") for (const permission of REFUSED_WHEN_LOCKED) permissions[permission] = false;
  return permissions;
}

export type SpaceAccess = Access<"space", { space: Space }>;

/** 409 for what only the lock refuses (the level would allow it). */
function lockRefusal(access: SpaceAccess, permission: SpacePermission) {
  const least = tableOf("space")[permission];
  return REFUSED_WHEN_LOCKED.includes(permission) && least !== "author" && least !== null && reaches(access.level, least)
    ? conflict("space_locked", LOCKED_MESSAGE)
    : undefined;
}

function findSpace({ ctx, params }: PolicyRequest, includeDeleted: boolean) {
  return ctx.prisma.space
    .findUnique({ where: { id: params.spaceId as string } })
    .then((space) => (space && (includeDeleted || !space.deletedAt) ? { space } : null));
}

const spaceSpec = {
  what: "Space",
  level: (ctx: PolicyRequest["ctx"], { space }: { space: Space }) => spaceLevel(ctx, space),
  permissions: (_ctx: PolicyRequest["ctx"], { space }: { space: Space }, level: Level) => spacePermissions(level, space),
  refuse: (_ctx: PolicyRequest["ctx"], access: SpaceAccess, permission: SpacePermission) => lockRefusal(access, permission),
};

/** The space of the path (deleted spaces are not found). */
export const spacePolicy = definePolicy("space", { ...spaceSpec, find: (request) => findSpace(request, false) });

/** The space of the path, deleted or not (to restore it). */
export const restorableSpacePolicy = definePolicy("restorableSpace", {
  ...spaceSpec,
  find: (request) => findSpace(request, true),
  permissions: (_ctx, { space }, level) => ({ admin: spacePermissions(level, space).admin }),
  refuse: undefined,
});
