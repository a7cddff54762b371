// Change requests: proposed edits to a space, merged into it.

import { contentStore } from "../../content/reads";
import { revisionIndex } from "../../content/revisions";
import { badRequest, notFound } from "../../http/errors";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { orderBy, paginate, type SortField, whereAfter } from "../../http/pagination";
import { onSpace } from "../spaces/policy";
import { demandRoleAtLeast, onChangeRequest } from "./policy";
import { serializeChangeRequest, serializeChangeRequests } from "./serialize";
import { createChangeRequest, demandStatusMove } from "./store";
import { mergeChangeRequest, updateChangeRequestFromMain } from "./workflows";

const NEWEST_FIRST: SortField[] = [{ field: "number", direction: "desc" }];

export const changeRequestsOperations = {
  listChangeRequestsForSpace: defineOperation("listChangeRequestsForSpace", {
    authorize: onSpace("view"),
    handle: async ({ ctx, query }, { space }) => {
      const status = query.status ?? "open";
      const where = { spaceId: space.id, status, ...(query.contributor ? { contributors: { has: query.contributor } } : {}) };
      const body = await paginate({
        cursors: ctx.cursors,
        scope: `change-requests:${space.id}:${status}:${query.contributor ?? ""}`,
        request: query,
        order: NEWEST_FIRST,
        find: (after, take) => ctx.prisma.changeRequest.findMany({ where: whereAfter(where, after), orderBy: orderBy(NEWEST_FIRST), take }),
        count: () => ctx.prisma.changeRequest.count({ where }),
        sortValues: (cr) => [cr.number],
        serialize: (rows) => serializeChangeRequests(ctx, space.revisionId, rows),
      });
      return { status: 200, body };
    },
  }),

  createChangeRequest: defineOperation("createChangeRequest", {
    authorize: onSpace("edit"),
    handle: async ({ ctx, body }, { space }) => {
      const created = await ctx.prisma.$transaction((tx) =>
        createChangeRequest(tx, { spaceId: space.id, subject: body?.subject ?? "", createdById: ctx.actor.userId }),
      );
      return { status: 201, body: await serializeChangeRequest(ctx, created.revisionId, created) };
    },
  }),

  getChangeRequestById: defineOperation("getChangeRequestById", {
    authorize: onChangeRequest("view"),
    handle: async ({ ctx }, { space, changeRequest }) => ({
      status: 200,
      body: await serializeChangeRequest(ctx, space.revisionId, changeRequest),
    }),
  }),

  updateChangeRequestById: defineOperation("updateChangeRequestById", {
    // Renaming and moving between draft, open and archived is allowed on a locked space: the lock is on content.
    authorize: async (request) => demandRoleAtLeast(await onChangeRequest("view")(request), "edit"),
    handle: async ({ ctx, body }, { space, changeRequest }) => {
      if (body.status) demandStatusMove(changeRequest, body.status);
      else if (changeRequest.status === "merged") demandStatusMove(changeRequest, "merged");
      const updated = await ctx.prisma.changeRequest.update({
        where: { id: changeRequest.id },
        data: { subject: body.subject, status: body.status },
      });
      return { status: 200, body: await serializeChangeRequest(ctx, space.revisionId, updated) };
    },
  }),

  mergeChangeRequest: defineOperation("mergeChangeRequest", {
    authorize: onChangeRequest("merge"),
    handle: async ({ ctx }, { changeRequest }) => {
      const outcome = await mergeChangeRequest(ctx, changeRequest.id);
      return outcome.result === "merge"
        ? { status: 200, body: { result: "merge", revision: outcome.revision } }
        : { status: 200, body: { result: "conflicts", conflicts: outcome.conflicts } };
    },
  }),

  updateChangeRequestFromMain: defineOperation("updateChangeRequestFromMain", {
    authorize: onChangeRequest("edit"),
    handle: async ({ ctx }, { changeRequest }) => {
      const outcome = await updateChangeRequestFromMain(ctx, changeRequest.id);
      return outcome.result === "update"
        ? { status: 200, body: { result: "update", revision: outcome.revision } }
        : { status: 200, body: { result: "conflicts", conflicts: outcome.conflicts } };
    },
  }),

  getChangeRequestPdf: defineOperation("getChangeRequestPdf", {
    authorize: onChangeRequest("view"),
    handle: async ({ ctx, query }, { space, changeRequest }) => {
      if (query.only && !query.page) throw badRequest("request/query/page is required when only is true");
      if (query.page) {
        const content = await revisionIndex(contentStore(ctx), changeRequest.revisionId);
        if (!content?.byId.has(query.page)) throw notFound("Page");
      }
      const url = ctx.downloads.url(ctx.baseUrl, {
        kind: "pdf",
        spaceId: space.id,
        changeRequestId: changeRequest.id,
        ...(query.page ? { pageId: query.page, only: Boolean(query.only) } : {}),
      });
      return { status: 200, body: { url } };
    },
  }),
} satisfies AreaOperations;
