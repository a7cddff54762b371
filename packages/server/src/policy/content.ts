// The level the caller has on a collection, a space or a site, from what the database holds:
// the `defaultLevel` chain and what is shared with them (grants), through the one resolution
// rule (levels.ts). Every content policy (collections, spaces, what lives in spaces, sites)
// starts here.
import type { Collection, Role as DbRole, Site, Space } from "../generated/prisma/client";
import type { RequestContext } from "../http/context";
import { memoize } from "../http/memo";
import { contentTokenLevel } from "./content-token";
import { asDefaultLevel, highest, resolveLevel } from "./levels";
import { type Level, organizationLevel, type Role } from "./roles";

/** The caller's role in an organization: undefined when not a member, null for a guest. */
export function orgRole(ctx: RequestContext, organizationId: string): Role | null | undefined {
  return ctx.actor.orgRoles.has(organizationId) ? (ctx.actor.orgRoles.get(organizationId) ?? null) : undefined;
}

export function isMember(ctx: RequestContext, organizationId: string): boolean {
  return ctx.actor.orgRoles.has(organizationId);
}

export function loadCollection(ctx: RequestContext, id: string): Promise<Collection | null> {
  return memoize(ctx, `collection:${id}`, () => ctx.prisma.collection.findUnique({ where: { id } }));
}

/** The roles shared with the caller or one of their teams in an organization, by resource ID. */
export interface Grants {
  spaces: ReadonlyMap<string, readonly Role[]>;
  collections: ReadonlyMap<string, readonly Role[]>;
  sites: ReadonlyMap<string, readonly Role[]>;
}

/** Every grant to the caller or their teams in the organization: one query per request. */
export function grantsOf(ctx: RequestContext, organizationId: string): Promise<Grants> {
  return memoize(ctx, `grants:${organizationId}`, async () => {
    const rows = await ctx.prisma.contentGrant.findMany({
      where: { organizationId, OR: [{ userId: ctx.actor.userId }, { team: { members: { some: { userId: ctx.actor.userId } } } }] },
      select: { spaceId: true, collectionId: true, siteId: true, role: true },
    });
    const grants = { spaces: new Map<string, DbRole[]>(), collections: new Map<string, DbRole[]>(), sites: new Map<string, DbRole[]>() };
    const add = (map: Map<string, DbRole[]>, id: string | null, role: DbRole) => {
      if (id) map.set(id, [...(map.get(id) ?? []), role]);
    };
    for (const row of rows) {
      add(grants.spaces, row.spaceId, row.role);
      add(grants.collections, row.collectionId, row.role);
      add(grants.sites, row.siteId, row.role);
    }
    return grants;
  });
}

/** The collections from `collectionId` up to the root, nearest first. */
export async function ancestry(ctx: RequestContext, collectionId: string | null): Promise<Collection[]> {
  const chain: Collection[] = [];
  const seen = new Set<string>();
  for (let id = collectionId; id && !seen.has(id); ) {
    seen.add(id);
    const collection = await loadCollection(ctx, id);
    if (!collection) break;
    chain.push(collection);
    id = collection.parentId;
  }
  return chain;
}

/** The level on content: its own default level and grants, then its parent collections'. */
async function contentLevel(
  ctx: RequestContext,
  organizationId: string,
  own: { defaultLevel: string | null; grants: (grants: Grants) => readonly Role[] | undefined },
  parentId: string | null,
): Promise<Role | null> {
  const role = orgRole(ctx, organizationId);
  if (role === undefined || role === "admin") return resolveLevel({ orgRole: role, defaults: [], grants: [] });
  const [chain, grants] = await Promise.all([ancestry(ctx, parentId), grantsOf(ctx, organizationId)]);
  return resolveLevel({
    orgRole: role,
    defaults: [asDefaultLevel(own.defaultLevel), ...chain.map((collection) => asDefaultLevel(collection.defaultLevel))],
    grants: [...(own.grants(grants) ?? []), ...chain.flatMap((collection) => grants.collections.get(collection.id) ?? [])],
  });
}

export function collectionLevel(ctx: RequestContext, collection: Collection): Promise<Role | null> {
  return contentLevel(
    ctx,
    collection.organizationId,
    { defaultLevel: collection.defaultLevel, grants: (grants) => grants.collections.get(collection.id) },
    collection.parentId,
  );
}

export async function spaceLevel(ctx: RequestContext, space: Pick<Space, "id" | "organizationId" | "defaultLevel" | "parentId">): Promise<Role | null> {
  // A site's content token reads its site's spaces (policy/content-token.ts), whatever their levels say.
  const byContentToken = contentTokenLevel(ctx, space.id);
  if (byContentToken !== undefined) return byContentToken === "read" ? "read" : null;
  return contentLevel(ctx, space.organizationId, { defaultLevel: space.defaultLevel, grants: (grants) => grants.spaces.get(space.id) }, space.parentId);
}

/** The level on a container: a collection, or the organization's root (the organization role; guests: none). */
export async function containerLevel(ctx: RequestContext, organizationId: string, collection: Collection | null): Promise<Role | null> {
  return collection ? collectionLevel(ctx, collection) : resolveLevel({ orgRole: orgRole(ctx, organizationId), defaults: [], grants: [] });
}

/** The level on a site: the organization role (any member reads sites), or what the site is shared with them as, the higher. */
export async function siteLevel(ctx: RequestContext, site: Pick<Site, "id" | "organizationId">): Promise<Level> {
  const level = organizationLevel(orgRole(ctx, site.organizationId));
  if (level === null || level === "admin") return level;
  const grants = await grantsOf(ctx, site.organizationId);
  return highest<Level>([level, ...(grants.sites.get(site.id) ?? [])]);
}
