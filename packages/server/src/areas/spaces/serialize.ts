import type { Schemas } from "@docstack/contract";
import type { Space } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { apiUrl, appUrl } from "../../http/urls";
import { spaceMergeRules } from "../../models/change-requests/merge-rules";
import { spaceVisibility } from "../../models/contract-enums";
import { spaceLevel } from "../../policy/content";
import { asDefaultLevel } from "../../policy/levels";
import { type SpacePermissions, spacePermissions } from "./policy";
import { countersOf } from "./store";

function toSchema(ctx: RequestContext, space: Space, permissions: SpacePermissions): Schemas["Space"] {
  return {
    object: "space",
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    visibility: spaceVisibility.value(space.visibility),
    createdAt: space.createdAt.toISOString(),
    updatedAt: space.updatedAt.toISOString(),
    ...(space.deletedAt ? { deletedAt: space.deletedAt.toISOString() } : {}),
    editMode: space.editMode,
    organization: space.organizationId,
    ...(space.parentId ? { parent: space.parentId } : {}),
    revision: space.revisionId,
    defaultLevel: asDefaultLevel(space.defaultLevel),
    ...countersOf(space),
    mergeRules: spaceMergeRules(space.mergeRules),
    urls: { location: apiUrl(ctx, `/spaces/${space.id}`), app: appUrl(ctx, `/spaces/${space.id}`) },
    permissions,
  };
}

/** One space, with the caller's permissions (computed from their level unless given). */
export async function serializeSpace(ctx: RequestContext, space: Space, permissions?: SpacePermissions): Promise<Schemas["Space"]> {
  return toSchema(ctx, space, permissions ?? spacePermissions(await spaceLevel(ctx, space), space));
}

/** Serializes spaces read in bulk, each with the caller's permissions (from their level unless given). */
export function serializeSpaces(ctx: RequestContext, spaces: Space[], permissions?: SpacePermissions[]): Promise<Schemas["Space"][]> {
  return Promise.all(spaces.map((space, index) => serializeSpace(ctx, space, permissions?.[index])));
}
