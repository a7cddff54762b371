import type { Schemas } from "@docstack/contract";
import type { Space } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { apiUrl, appUrl } from "../../http/urls";
import { spaceLevel } from "../../policy/content";
import { spacePermissions, type SpacePermissions } from "./policy";
import { countersOf, type SpaceCounters, type SpaceWithCounters } from "./store";

function toSchema(ctx: RequestContext, space: Space, counters: SpaceCounters, permissions: SpacePermissions): Schemas["Space"] {
  return {
    object: "space",
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    visibility: space.visibility as Schemas["SpaceVisibility"],
    createdAt: space.createdAt.toISOString(),
    updatedAt: space.updatedAt.toISOString(),
    ...(space.deletedAt ? { deletedAt: space.deletedAt.toISOString() } : {}),
    editMode: space.editMode as "live" | "locked",
    organization: space.organizationId,
    ...(space.parentId ? { parent: space.parentId } : {}),
    revision: space.revisionId,
    defaultLevel: space.defaultLevel,
    ...counters,
    urls: { location: apiUrl(ctx, `/spaces/${space.id}`), app: appUrl(ctx, `/spaces/${space.id}`) },
    permissions,
  };
}

/** One space: its counters come with it when it was read with them (see store.ts). */
export async function serializeSpace(ctx: RequestContext, space: Space | SpaceWithCounters, permissions?: SpacePermissions): Promise<Schemas["Space"]> {
  if ("counters" in space) {
    const { counters, ...row } = space;
    return toSchema(ctx, row, counters, permissions ?? spacePermissions(await spaceLevel(ctx, row), row));
  }
  const [serialized] = await serializeSpaces(ctx, [space], permissions && [permissions]);
  return serialized!;
}

/** Serializes spaces read in bulk: counters in two queries, permissions from each one's level. */
export async function serializeSpaces(ctx: RequestContext, spaces: Space[], permissions?: SpacePermissions[]): Promise<Schemas["Space"][]> {
  const counters = await countersOf(ctx.prisma, spaces.map((space) => space.id));
  return Promise.all(
    spaces.map(async (space, index) =>
      toSchema(ctx, space, counters.get(space.id)!, permissions?.[index] ?? spacePermissions(await spaceLevel(ctx, space), space)),
    ),
  );
}
