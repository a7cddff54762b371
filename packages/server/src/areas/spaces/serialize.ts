import type { Schemas } from "@docstack/contract";
import type { Space } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { apiUrl, appUrl } from "../../http/urls";
import { spaceLevel } from "../../policy/content";
import { spacePermissions, type SpacePermissions } from "./policy";

interface SpaceCounters {
  comments: number;
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
}

/** The counters of spaces, read together: open comments and change requests by status. */
async function countersOf(ctx: RequestContext, spaceIds: string[]): Promise<Map<string, SpaceCounters>> {
  const [comments, changeRequests] = await Promise.all([
    ctx.prisma.comment.groupBy({
      by: ["spaceId"],
      where: { spaceId: { in: spaceIds }, changeRequestId: null, parentId: null, status: "open" },
      _count: true,
    }),
    ctx.prisma.changeRequest.groupBy({ by: ["spaceId", "status"], where: { spaceId: { in: spaceIds } }, _count: true }),
  ]);
  const counters = new Map(spaceIds.map((id) => [id, { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 }]));
  for (const row of comments) counters.get(row.spaceId)!.comments = row._count;
  for (const row of changeRequests) {
    const counter = counters.get(row.spaceId)!;
    counter.changeRequests += row._count;
    if (row.status === "open") counter.changeRequestsOpen += row._count;
    if (row.status === "draft") counter.changeRequestsDraft += row._count;
  }
  return counters;
}

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

export async function serializeSpace(ctx: RequestContext, space: Space, permissions?: SpacePermissions): Promise<Schemas["Space"]> {
  const [serialized] = await serializeSpaces(ctx, [space], permissions && [permissions]);
  return serialized!;
}

/** Serializes spaces read in bulk: counters in two queries, permissions from each one's level. */
export async function serializeSpaces(ctx: RequestContext, spaces: Space[], permissions?: SpacePermissions[]): Promise<Schemas["Space"][]> {
  const counters = await countersOf(ctx, spaces.map((space) => space.id));
  return Promise.all(
    spaces.map(async (space, index) =>
      toSchema(ctx, space, counters.get(space.id)!, permissions?.[index] ?? spacePermissions(await spaceLevel(ctx, space), space)),
    ),
  );
}
