import type { Schemas } from "@docstack/contract";
import type { Collection } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { apiUrl, appUrl } from "../../http/urls";
import { collectionLevel } from "../../policy/content";
import { asDefaultLevel } from "../../policy/levels";
import { type CollectionPermissions, collectionPermissions } from "./policy";

export function serializeCollection(ctx: RequestContext, collection: Collection, permissions: CollectionPermissions): Schemas["Collection"] {
  return {
    object: "collection",
    id: collection.id,
    title: collection.title,
    ...(collection.description ? { description: collection.description } : {}),
    organization: collection.organizationId,
    ...(collection.parentId ? { parent: collection.parentId } : {}),
    defaultLevel: asDefaultLevel(collection.defaultLevel),
    urls: {
      location: apiUrl(ctx, `/collections/${collection.id}`),
      app: appUrl(ctx, `/collections/${collection.id}`),
    },
    permissions,
  };
}

/** Serializes collections read in bulk, computing each one's permissions. */
export function serializeCollections(ctx: RequestContext, collections: Collection[]): Promise<Schemas["Collection"][]> {
  return Promise.all(
    collections.map(async (collection) => {
      ctx.memo.set(`collection:${collection.id}`, Promise.resolve(collection));
      return serializeCollection(ctx, collection, collectionPermissions(await collectionLevel(ctx, collection)));
    }),
  );
}
