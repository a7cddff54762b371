// The level the caller has on a collection or space: their organization role,
// refined by the `defaultLevel` of the content and of its parent collections.
// Every content policy (collections, spaces, and what lives in spaces) starts here.
import type { Collection, Space } from "../generated/prisma/client";
import { memoize, type RequestContext } from "../http/context";
import { contentLevel, type Role } from "./roles";

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

/** The default levels from a collection up to the root, nearest first. */
async function ancestorDefaults(ctx: RequestContext, collectionId: string | null): Promise<(Role | null)[]> {
  const levels: (Role | null)[] = [];
  const seen = new Set<string>();
  for (let id = collectionId; id && !seen.has(id); ) {
    seen.add(id);
    const collection = await loadCollection(ctx, id);
    if (!collection) break;
    levels.push(collection.defaultLevel);
    id = collection.parentId;
  }
  return levels;
}

export async function collectionLevel(ctx: RequestContext, collection: Collection): Promise<Role | null> {
  const role = orgRole(ctx, collection.organizationId);
  if (role == null || role === "admin") return contentLevel(role, []);
  return contentLevel(role, [collection.defaultLevel, ...(await ancestorDefaults(ctx, collection.parentId))]);
}

export async function spaceLevel(ctx: RequestContext, space: Pick<Space, "organizationId" | "defaultLevel" | "parentId">): Promise<Role | null> {
  const role = orgRole(ctx, space.organizationId);
  if (role == null || role === "admin") return contentLevel(role, []);
  return contentLevel(role, [space.defaultLevel, ...(await ancestorDefaults(ctx, space.parentId))]);
}

/** The level on a container: a collection, or the organization's root (its role). */
export async function containerLevel(ctx: RequestContext, organizationId: string, collection: Collection | null): Promise<Role | null> {
  return collection ? collectionLevel(ctx, collection) : contentLevel(orgRole(ctx, organizationId), []);
}
