// Spaces: containers of pages and files.

import type { Schemas } from "@docstack/contract";
import { createSpace } from "../../commands/create-space";
import { brokenLinksInOpenChangeRequests, listLinks } from "../../content/reads/reads";
import { badRequest, conflict, notFound } from "../../http/errors";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { SortField } from "../../http/pagination";
import { demandRuleUsersAreMembers, storedMergeRules } from "../../models/change-requests/merge-rules";
import { spaceVisibility } from "../../models/contract-enums";
import { callerReach, spacesWhere } from "../../policy/visibility";
import { placeAmongSiblings } from "../../tree/siblings";
import { spaceEvent } from "../../webhooks/resources";
import { revokeAllOn } from "../permissions/grants";
import { isRestorable, SPACE_RETENTION_MS } from "./retention";
import { serializeSpace, serializeSpaces } from "./serialize";

const BY_CREATION: SortField[] = [{ field: "id", direction: "asc" }];
const LAST_DELETED_FIRST: SortField[] = [
  { field: "deletedAt", direction: "desc" },
  { field: "id", direction: "desc" },
];

/** The emoji to store: one given wins; `emoji: null` or `icon: null` removes the icon (an empty emoji, as a space without one has). */
function emojiUpdate(body: Schemas["UpdateSpaceRequest"]): string | undefined {
  if (typeof body.emoji === "string") return body.emoji;
  return body.emoji === null || body.icon === null ? "" : undefined;
}

export const spacesOperations = {
  getSpaceById: defineOperation("getSpaceById", {
    handle: async ({ ctx }, { space, permissions }) => ({ status: 200, body: await serializeSpace(ctx, space, permissions) }),
  }),

  deleteSpaceById: defineOperation("deleteSpaceById", {
    handle: async ({ ctx }, { space }) => {
      await ctx.prisma.$transaction(async (tx) => {
        await tx.space.update({ where: { id: space.id }, data: { deletedAt: ctx.clock.now() } });
        await ctx.webhooks.emit(tx, spaceEvent(ctx, "space.deleted", space));
      });
      return { status: 205 };
    },
  }),

  updateSpaceById: defineOperation("updateSpaceById", {
    handle: async ({ ctx, body }, { space }) => {
      const parentId = space.parentId;
      if (body.visibility === "in-collection" && !parentId) {
        throw badRequest("invalid_request", "request/body/visibility: in-collection is only for spaces in a collection");
      }
      await demandRuleUsersAreMembers(ctx.prisma, space.organizationId, body.mergeRules);
      const updated = await ctx.prisma.space.update({
        where: { id: space.id },
        data: {
          title: body.title,
          emoji: emojiUpdate(body),
          editMode: body.editMode,
          defaultLevel: body.defaultLevel,
          visibility: body.visibility && spaceVisibility.column(body.visibility),
          mergeRules: storedMergeRules(body.mergeRules),
        },
      });
      return { status: 200, body: await serializeSpace(ctx, updated) };
    },
  }),

  duplicateSpace: defineOperation("duplicateSpace", {
    handle: async ({ ctx }, { space }) => {
      const copy = await ctx.prisma.$transaction((tx) =>
        createSpace(ctx, tx, {
          organizationId: space.organizationId,
          parentId: space.parentId,
          title: `${space.title} (copy)`,
          emoji: space.emoji,
          visibility: space.visibility,
          defaultLevel: space.defaultLevel,
          position: { after: { type: "space", space: space.id } },
          copyOf: space,
        }),
      );
      // What this request read of grants predates the copy's.
      ctx.memo.clear();
      return { status: 201, body: await serializeSpace(ctx, copy) };
    },
  }),

  restoreSpace: defineOperation("restoreSpace", {
    handle: async ({ ctx }, { space }) => {
      if (!space.deletedAt) throw conflict("space_not_deleted", "This space is not deleted");
      if (!isRestorable(space.deletedAt, ctx.clock.now())) throw notFound("Space");
      const restored = await ctx.prisma.$transaction(async (tx) => {
        const parent = space.parentId ? await tx.collection.findUnique({ where: { id: space.parentId } }) : null;
        const parentId = parent?.organizationId === space.organizationId ? parent.id : null;
        const position = await placeAmongSiblings(tx, space.organizationId, parentId, space.id);
        return tx.space.update({ where: { id: space.id }, data: { deletedAt: null, parentId, position } });
      });
      return { status: 200, body: await serializeSpace(ctx, restored) };
    },
  }),

  moveSpace: defineOperation("moveSpace", {
    handle: async ({ ctx, body }, { space }) => {
      const parentId = body.parent === undefined ? space.parentId : body.parent;
      const moved = await ctx.prisma.$transaction(async (tx) => {
        const position = await placeAmongSiblings(tx, space.organizationId, parentId, space.id, body.position);
        const visibility = !parentId && space.visibility === "in_collection" ? "private" : space.visibility;
        return tx.space.update({ where: { id: space.id }, data: { parentId, position, visibility } });
      });
      ctx.memo.clear();
      return { status: 200, body: await serializeSpace(ctx, moved) };
    },
  }),

  transferSpace: defineOperation("transferSpace", {
    handle: async ({ ctx, body }, { space }) => {
      if (body.collection) {
        const collection = await ctx.prisma.collection.findUnique({ where: { id: body.collection } });
        if (!collection || collection.organizationId !== body.organization) throw notFound("Collection");
      }
      const parentId = body.collection ?? null;
      const moved = await ctx.prisma.$transaction(async (tx) => {
        // What was shared with people and teams of the old organization is not shared in the new one.
        await revokeAllOn(tx, { spaceIds: [space.id] });
        const position = await placeAmongSiblings(tx, body.organization, parentId, space.id);
        const visibility = !parentId && space.visibility === "in_collection" ? "private" : space.visibility;
        return tx.space.update({ where: { id: space.id }, data: { organizationId: body.organization, parentId, position, visibility } });
      });
      ctx.memo.clear();
      return { status: 200, body: await serializeSpace(ctx, moved) };
    },
  }),

  listOrganizationSpaces: defineOperation("listOrganizationSpaces", {
    handle: async (request) => {
      const { ctx, params } = request;
      const where = { organizationId: params.organizationId, deletedAt: null, ...spacesWhere(await callerReach(ctx, params.organizationId)) };
      const body = await listRows(request, {
        model: ctx.prisma.space,
        where,
        order: BY_CREATION,
        serialize: (spaces) => serializeSpaces(ctx, spaces),
      });
      return { status: 200, body };
    },
  }),

  listDeletedSpaces: defineOperation("listDeletedSpaces", {
    handle: async (request) => {
      const { ctx, params } = request;
      // Only what restoreSpace still restores; older ones await the hourly purge.
      const restorableSince = new Date(ctx.clock.now().getTime() - SPACE_RETENTION_MS);
      const body = await listRows(request, {
        model: ctx.prisma.space,
        where: { organizationId: params.organizationId, deletedAt: { gte: restorableSince } },
        order: LAST_DELETED_FIRST,
        serialize: (spaces) => serializeSpaces(ctx, spaces),
      });
      return { status: 200, body };
    },
  }),

  createSpace: defineOperation("createSpace", {
    handle: async ({ ctx, params, body }) => {
      // The rule checked `create` on this parent (a collection of the organization), or at the root.
      const parentId = body?.parent ?? null;
      const space = await ctx.prisma.$transaction((tx) =>
        createSpace(ctx, tx, {
          organizationId: params.organizationId,
          parentId,
          title: body?.title ?? "Untitled",
          emoji: body?.emoji ?? "",
          ...(body?.editMode ? { editMode: body.editMode } : {}),
        }),
      );
      return { status: 201, body: await serializeSpace(ctx, space) };
    },
  }),

  listSpaceLinks: defineOperation("listSpaceLinks", {
    handle: async ({ ctx, query }, { space }) => ({
      status: 200,
      body: await listLinks({ ctx, organizationId: space.organizationId, spaceId: space.id, revisionId: space.revisionId }, query, {
        brokenInChangeRequests: (filter) => brokenLinksInOpenChangeRequests(ctx, space.id, filter),
      }),
    }),
  }),
} satisfies AreaOperations;
