// Collections: nestable groups of spaces.

import type { Tx } from "../../db/database";
import { newId } from "../../db/ids";
import { badRequest } from "../../http/errors";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { SortField } from "../../http/pagination";
import { callerReach, collectionsWhere, spacesWhere } from "../../policy/visibility";
import { placeAmongSiblings } from "../../tree/siblings";
import { revokeAllOn } from "../permissions/grants";
import { serializeSpaces } from "../spaces/serialize";
import { collectionAccess, collectionPermissions } from "./policy";
import { serializeCollection, serializeCollections } from "./serialize";

const BY_CREATION: SortField[] = [{ field: "id", direction: "asc" }];
const BY_POSITION: SortField[] = [
  { field: "position", direction: "asc" },
  { field: "id", direction: "asc" },
];

/** A collection and every collection nested in it, at any depth. */
async function subtreeIds(tx: Tx, rootId: string): Promise<string[]> {
  const ids = [rootId];
  for (let level = [rootId]; level.length > 0; ) {
    const children = await tx.collection.findMany({ where: { parentId: { in: level } }, select: { id: true } });
    level = children.map((child) => child.id);
    ids.push(...level);
  }
  return ids;
}

export const collectionsOperations = {
  getCollectionById: defineOperation("getCollectionById", {
    handle: async ({ ctx }, { collection, permissions }) => ({ status: 200, body: serializeCollection(ctx, collection, permissions) }),
  }),

  updateCollectionById: defineOperation("updateCollectionById", {
    handle: async ({ ctx, body }, { collection }) => {
      const updated = await ctx.prisma.collection.update({
        where: { id: collection.id },
        data: { title: body.title, description: body.description, defaultLevel: body.defaultLevel },
      });
      ctx.memo.set(`collection:${updated.id}`, Promise.resolve(updated));
      const { permissions } = await collectionAccess(ctx, updated.id, "view");
      return { status: 200, body: serializeCollection(ctx, updated, permissions) };
    },
  }),

  deleteCollectionById: defineOperation("deleteCollectionById", {
    handle: async ({ ctx }, { collection }) => {
      await ctx.prisma.$transaction(async (tx) => {
        const ids = await subtreeIds(tx, collection.id);
        // Their spaces are deleted as spaces are: restorable for 7 days, at the root.
        await tx.space.updateMany({
          where: { parentId: { in: ids }, deletedAt: null },
          data: { deletedAt: ctx.clock.now(), parentId: null },
        });
        await tx.space.updateMany({ where: { parentId: { in: ids } }, data: { parentId: null } });
        await tx.collection.deleteMany({ where: { id: { in: ids } } });
      });
      return { status: 205 };
    },
  }),

  listSpacesInCollectionById: defineOperation("listSpacesInCollectionById", {
    handle: async (request, { collection }) => {
      const { ctx } = request;
      const where = { parentId: collection.id, deletedAt: null, ...spacesWhere(await callerReach(ctx, collection.organizationId)) };
      const body = await listRows(request, {
        model: ctx.prisma.space,
        where,
        order: BY_POSITION,
        serialize: (spaces) => serializeSpaces(ctx, spaces),
      });
      return { status: 200, body };
    },
  }),

  moveCollection: defineOperation("moveCollection", {
    handle: async ({ ctx, body }, { collection }) => {
      const parentId = body.parent === undefined ? collection.parentId : body.parent;
      const moved = await ctx.prisma.$transaction(async (tx) => {
        if (parentId && (await subtreeIds(tx, collection.id)).includes(parentId)) {
          throw badRequest("invalid_request", "request/body/parent: a collection cannot move into itself or one of its nested collections");
        }
        const position = await placeAmongSiblings(tx, collection.organizationId, parentId, collection.id, body.position);
        return tx.collection.update({ where: { id: collection.id }, data: { parentId, position } });
      });
      ctx.memo.clear();
      const { permissions } = await collectionAccess(ctx, moved.id, "view");
      return { status: 200, body: serializeCollection(ctx, moved, permissions) };
    },
  }),

  transferCollection: defineOperation("transferCollection", {
    handle: async ({ ctx, body }, { collection }) => {
      const target = body.organization;
      const moved = await ctx.prisma.$transaction(async (tx) => {
        const ids = await subtreeIds(tx, collection.id);
        const position = await placeAmongSiblings(tx, target, null, collection.id);
        await tx.collection.updateMany({ where: { id: { in: ids } }, data: { organizationId: target } });
        const spaces = await tx.space.findMany({ where: { parentId: { in: ids } }, select: { id: true } });
        await tx.space.updateMany({ where: { parentId: { in: ids } }, data: { organizationId: target } });
        // What was shared with people and teams of the old organization is not shared in the new one.
        await revokeAllOn(tx, { collectionIds: ids, spaceIds: spaces.map((space) => space.id) });
        return tx.collection.update({ where: { id: collection.id }, data: { parentId: null, position } });
      });
      ctx.memo.clear();
      return { status: 200, body: serializeCollection(ctx, moved, collectionPermissions("admin")) };
    },
  }),

  listCollections: defineOperation("listCollections", {
    handle: async (request) => {
      const { ctx, params, query } = request;
      const nested = query.nested ?? true;
      const where = {
        organizationId: params.organizationId,
        ...(nested ? {} : { parentId: null }),
        ...collectionsWhere(await callerReach(ctx, params.organizationId)),
      };
      const body = await listRows(request, {
        model: ctx.prisma.collection,
        where,
        order: BY_CREATION,
        serialize: (collections) => serializeCollections(ctx, collections),
      });
      return { status: 200, body };
    },
  }),

  createCollection: defineOperation("createCollection", {
    handle: async ({ ctx, params, body }) => {
      // The rule checked `create` on this parent (a collection of the organization), or at the root.
      const parentId = body?.parent ?? null;
      const id = newId();
      const created = await ctx.prisma.$transaction(async (tx) => {
        const position = await placeAmongSiblings(tx, params.organizationId, parentId, id);
        return tx.collection.create({
          data: { id, organizationId: params.organizationId, parentId, title: body?.title ?? "Untitled", position },
        });
      });
      const { permissions } = await collectionAccess(ctx, created.id, "view");
      return { status: 201, body: serializeCollection(ctx, created, permissions) };
    },
  }),
} satisfies AreaOperations;
