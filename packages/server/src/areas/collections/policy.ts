// Who may do what with a collection: from the caller's level on it (policy/content.ts).
import type { Schemas } from "@docstack/contract";
import type { Collection } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { notFound } from "../../http/errors";
import { collectionLevel, containerLevel, loadCollection } from "../../policy/content";
import { demand, grantedBy, type PermissionTable } from "../../policy/demand";
import type { Role } from "../../policy/roles";

export type CollectionPermissions = Schemas["Collection"]["permissions"];
type Permission = keyof CollectionPermissions;

const TABLE: PermissionTable<Permission> = {
  view: "read",
  admin: "admin",
  viewInviteLinks: "admin",
  create: "create",
};

export const collectionPermissions = (level: Role | null): CollectionPermissions => grantedBy(TABLE, level);

export interface CollectionAccess {
  collection: Collection;
  permissions: CollectionPermissions;
}

/** A collection the caller can see (404 otherwise), checked for a permission (403). */
export async function collectionAccess(ctx: RequestContext, collectionId: string, permission: Permission): Promise<CollectionAccess> {
  const collection = await loadCollection(ctx, collectionId);
  const permissions = collectionPermissions(collection ? await collectionLevel(ctx, collection) : null);
  if (!collection || !permissions.view) throw notFound("Collection");
  demand(TABLE, permissions, permission, "this collection");
  return { collection, permissions };
}

export const onCollection =
  (permission: Permission) =>
  ({ params, ctx }: { params: { collectionId: string }; ctx: RequestContext }) =>
    collectionAccess(ctx, params.collectionId, permission);

/**
 * Creating in a container: the organization's root (role `create`) or a collection
 * of the same organization (`create` on it). An unknown parent answers 404.
 */
export async function demandCreateIn(ctx: RequestContext, organizationId: string, parentId: string | null | undefined): Promise<Collection | null> {
  if (!parentId) {
    const level = await containerLevel(ctx, organizationId, null);
    if (level === null) throw notFound("Organization");
    demand(TABLE, grantedBy(TABLE, level), "create", "this organization");
    return null;
  }
  const { collection } = await collectionAccess(ctx, parentId, "create");
  if (collection.organizationId !== organizationId) throw notFound("Collection");
  return collection;
}
