// What of an organization's content a user can see, for lists: the same resolution rule as
// every check (levels.ts), evaluated over the organization's collection tree at once, so that a
// list is one query filtered in the database rather than a check per row.
import type { Db } from "../db/database";
import type { Prisma } from "../generated/prisma/client";
import type { RequestContext } from "../http/context";
import { memoize } from "../http/memo";
import { grantsOf, orgRole } from "./content";
import { asDefaultLevel, resolveLevel } from "./levels";
import type { Role } from "./roles";

const ROLES: readonly Role[] = ["admin", "create", "review", "edit", "comment", "read"];

interface TreeNode {
  parentId: string | null;
  defaultLevel: string | null;
}

/** The organization's collections (parent and default level), read once per request. */
function collectionTree(ctx: RequestContext, organizationId: string): Promise<Map<string, TreeNode>> {
  return memoize(ctx, `collection-tree:${organizationId}`, async () => {
    const rows = await ctx.prisma.collection.findMany({ where: { organizationId }, select: { id: true, parentId: true, defaultLevel: true } });
    return new Map(rows.map((row) => [row.id, row]));
  });
}

/** The collections from `id` up to the root, nearest first (a cycle stops the walk). */
function chainOf(tree: ReadonlyMap<string, TreeNode>, id: string | null): string[] {
  const chain: string[] = [];
  for (let current = id; current && tree.has(current) && !chain.includes(current); current = tree.get(current)?.parentId ?? null) chain.push(current);
  return chain;
}

/** What one user reaches in an organization, from their role and what is shared with them or their teams. */
export interface Reach {
  /** Whether they see all of it (organization admins). */
  everything: boolean;
  /** Whether they get levels by default at all (members; guests only reach what is shared). */
  member: boolean;
  /** The collections they have a level on. */
  collections: Set<string>;
  /** Collections whose content with `defaultLevel: inherit` gives them a level by default (null: the root). */
  openByDefault: Set<string | null>;
  /** Collections that, or one of whose parents, are shared with them: everything in them is reachable. */
  sharedWithin: Set<string>;
  /** Spaces shared with them directly. */
  sharedSpaces: Set<string>;
}

function reachOf(
  tree: ReadonlyMap<string, TreeNode>,
  role: Role | null | undefined,
  grants: { spaces: ReadonlyMap<string, readonly Role[]>; collections: ReadonlyMap<string, readonly Role[]> },
): Reach {
  const reach: Reach = {
    everything: role === "admin",
    member: role != null,
    collections: new Set(),
    openByDefault: new Set(),
    sharedWithin: new Set(),
    sharedSpaces: new Set(role === undefined ? [] : grants.spaces.keys()),
  };
  if (role === undefined) return reach;
  // The root: content there that inherits gets the organization role (guests: nothing).
  if (resolveLevel({ orgRole: role, defaults: [], grants: [] })) reach.openByDefault.add(null);
  for (const id of tree.keys()) {
    const chain = chainOf(tree, id);
    const defaults = chain.map((collection) => asDefaultLevel(tree.get(collection)?.defaultLevel ?? null));
    const shared = chain.flatMap((collection) => grants.collections.get(collection) ?? []);
    if (resolveLevel({ orgRole: role, defaults, grants: shared })) reach.collections.add(id);
    if (resolveLevel({ orgRole: role, defaults, grants: [] })) reach.openByDefault.add(id);
    if (shared.length > 0) reach.sharedWithin.add(id);
  }
  return reach;
}

/** The caller's reach in an organization (memoized per request). */
export function callerReach(ctx: RequestContext, organizationId: string): Promise<Reach> {
  return memoize(ctx, `reach:${organizationId}`, async () => {
    const role = orgRole(ctx, organizationId);
    if (role === "admin" || role === undefined) return reachOf(new Map(), role, { spaces: new Map(), collections: new Map() });
    const [tree, grants] = await Promise.all([collectionTree(ctx, organizationId), grantsOf(ctx, organizationId)]);
    return reachOf(tree, role, grants);
  });
}

/** The spaces a reach sees, as a Prisma filter (with the organization's own). */
export function spacesWhere(reach: Reach): Prisma.SpaceWhereInput {
  if (reach.everything) return {};
  const open = [...reach.openByDefault];
  return {
    OR: [
      { id: { in: [...reach.sharedSpaces] } },
      { parentId: { in: [...reach.sharedWithin] } },
      // A member (not a guest) reaches what has a default level of its own, whatever its parents say.
      ...(reach.member ? [{ defaultLevel: { in: [...ROLES] } }] : []),
      ...(open.includes(null) ? [{ defaultLevel: "inherit", parentId: null }] : []),
      { defaultLevel: "inherit", parentId: { in: open.filter((id): id is string => id !== null) } },
    ],
  };
}

/** The collections a reach sees, as a Prisma filter. */
export function collectionsWhere(reach: Reach): Prisma.CollectionWhereInput {
  return reach.everything ? {} : { id: { in: [...reach.collections] } };
}

/** Whether a reach sees a space (for counts made in memory). */
function reachesSpace(reach: Reach, space: { id: string; parentId: string | null; defaultLevel: string | null }): boolean {
  if (reach.everything || reach.sharedSpaces.has(space.id)) return true;
  if (space.parentId && reach.sharedWithin.has(space.parentId)) return true;
  if (space.defaultLevel === null) return false;
  if (space.defaultLevel !== "inherit") return reach.member;
  return reach.openByDefault.has(space.parentId);
}

/** Grants by resource, as reachOf takes them. */
type GrantRows = readonly { spaceId: string | null; collectionId: string | null; role: Role }[];
function byResource(rows: GrantRows) {
  const spaces = new Map<string, Role[]>();
  const collections = new Map<string, Role[]>();
  for (const row of rows) {
    if (row.spaceId) spaces.set(row.spaceId, [...(spaces.get(row.spaceId) ?? []), row.role]);
    if (row.collectionId) collections.set(row.collectionId, [...(collections.get(row.collectionId) ?? []), row.role]);
  }
  return { spaces, collections };
}

/**
 * How many of the organization's spaces each of some members (with their role), and each of
 * some teams (what is shared with them alone), can read: in memory over one read of the
 * organization's collections, spaces and grants.
 */
export async function spaceCounts(
  prisma: Db,
  organizationId: string,
  members: readonly { userId: string; role: Role | null }[],
  teamIds: readonly string[] = [],
): Promise<{ ofMember: (userId: string) => number; ofTeam: (teamId: string) => number }> {
  const userIds = members.map((member) => member.userId);
  const [collections, spaces, grants, memberships] = await Promise.all([
    prisma.collection.findMany({ where: { organizationId }, select: { id: true, parentId: true, defaultLevel: true } }),
    prisma.space.findMany({ where: { organizationId, deletedAt: null }, select: { id: true, parentId: true, defaultLevel: true } }),
    prisma.contentGrant.findMany({
      where: {
        organizationId,
        siteId: null,
        OR: [{ userId: { in: userIds } }, { teamId: { in: [...teamIds] } }, { team: { members: { some: { userId: { in: userIds } } } } }],
      },
      select: { spaceId: true, collectionId: true, userId: true, teamId: true, role: true },
    }),
    prisma.teamMember.findMany({ where: { userId: { in: userIds }, team: { organizationId } }, select: { userId: true, teamId: true } }),
  ]);
  const tree = new Map(collections.map((row) => [row.id, row]));
  const count = (reach: Reach) => spaces.filter((space) => reachesSpace(reach, space)).length;
  const memberCounts = new Map(
    members.map(({ userId, role }) => {
      const teams = new Set(memberships.filter((m) => m.userId === userId).map((m) => m.teamId));
      const own = grants.filter((grant) => grant.userId === userId || (grant.teamId !== null && teams.has(grant.teamId)));
      return [userId, count(reachOf(tree, role, byResource(own)))];
    }),
  );
  // A team on its own: what is shared with it, as for a guest.
  const teamCounts = new Map(teamIds.map((teamId) => [teamId, count(reachOf(tree, null, byResource(grants.filter((grant) => grant.teamId === teamId))))]));
  return { ofMember: (userId) => memberCounts.get(userId) ?? 0, ofTeam: (teamId) => teamCounts.get(teamId) ?? 0 };
}
