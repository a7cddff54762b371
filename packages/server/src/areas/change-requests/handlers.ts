// Change requests: proposed edits to a space, merged into it.

import { mergeChangeRequest, updateChangeRequestFromMain } from "../../commands/change-request-content";
import { createChangeRequest } from "../../commands/create-change-request";
import { type MergeBlocker, mergeBlockers } from "../../commands/mergeability";
import { contentStore } from "../../content/reads/reads";
import { revisionIndex } from "../../content/store/revisions";
import { ApiError, badRequest, notFound } from "../../http/errors";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { SortField } from "../../http/pagination";
import { demandStatusMove, lockChangeRequestAndSpace } from "../../models/change-requests/store";
import type { PolicyRequest } from "../../policy/factory";
import { changeRequestEvent } from "../../webhooks/resources";
import { type ChangeRequestAccess, changeRequestPolicy } from "./policy";
import { serializeChangeRequest, serializeChangeRequests } from "./serialize";

/** The merge's policy's refusal of the caller, as a blocker; a locked space is told by the merge's own checks. */
function roleBlocker({ ctx }: PolicyRequest, access: ChangeRequestAccess): MergeBlocker[] {
  try {
    changeRequestPolicy.demand(ctx, access, "merge");
    return [];
  } catch (error) {
    if (error instanceof ApiError && error.reason === "space_locked") return [];
    if (error instanceof ApiError && error.status === 403) return [{ reason: "merge_permission_required", message: error.message }];
    throw error;
  }
}

/** GitBook's `orderBy`: the latest first, by the field it names, then by ID. */
const ORDERS: Record<"updatedAt" | "createdAt", SortField[]> = {
  updatedAt: [
    { field: "updatedAt", direction: "desc" },
    { field: "id", direction: "desc" },
  ],
  createdAt: [
    { field: "createdAt", direction: "desc" },
    { field: "id", direction: "desc" },
  ],
};

export const changeRequestsOperations = {
  listChangeRequestsForSpace: defineOperation("listChangeRequestsForSpace", {
    handle: async (request, { space }) => {
      const { ctx, query } = request;
      const status = query.status ?? "open";
      const order = ORDERS[query.orderBy ?? "updatedAt"];
      const where = {
        spaceId: space.id,
        status,
        ...(query.contributor ? { contributors: { has: query.contributor } } : {}),
        ...(query.creator ? { createdById: query.creator } : {}),
        ...(query.requestedReviewer ? { requestedReviewers: { some: { userId: query.requestedReviewer } } } : {}),
        // Docstack has no site topics: no change request is linked to one.
        ...(query.topic !== undefined ? { id: { in: [] } } : {}),
      };
      const body = await listRows(request, {
        model: ctx.prisma.changeRequest,
        where,
        order,
        serialize: (rows) => serializeChangeRequests(ctx, space.revisionId, rows),
      });
      return { status: 200, body };
    },
  }),

  createChangeRequest: defineOperation("createChangeRequest", {
    handle: async ({ ctx, body }, { space }) => {
      const created = await ctx.prisma.$transaction(async (tx) => {
        const changeRequest = await createChangeRequest(tx, { spaceId: space.id, subject: body?.subject ?? "", createdById: ctx.actor.userId });
        await ctx.webhooks.emit(tx, changeRequestEvent(ctx, "change_request.created", space, changeRequest));
        return changeRequest;
      });
      return { status: 201, body: await serializeChangeRequest(ctx, created.revisionId, created) };
    },
  }),

  getChangeRequestById: defineOperation("getChangeRequestById", {
    handle: async ({ ctx }, { space, changeRequest }) => ({
      status: 200,
      body: await serializeChangeRequest(ctx, space.revisionId, changeRequest),
    }),
  }),

  updateChangeRequestById: defineOperation("updateChangeRequestById", {
    // Renaming and moving between draft, open and archived is allowed on a locked space: the lock is on content.
    handle: async ({ ctx, body }, { space, changeRequest }) => {
      const updated = await ctx.prisma.$transaction(async (tx) => {
        // The space, then the change request, as a content write or a merge locks them: the status change's trigger
        // updates the space's counters, so taking the change request first could deadlock with a merge. The move is
        // checked on the row as locked (a merge may have ended it since it was read).
        const { changeRequest: current } = await lockChangeRequestAndSpace(tx, changeRequest.id);
        if (body.status) demandStatusMove(current, body.status);
        else if (current.status === "merged") demandStatusMove(current, "merged");
        const saved = await tx.changeRequest.update({ where: { id: current.id }, data: { subject: body.subject, status: body.status } });
        // Archived: closed without merging.
        if (body.status === "archived" && current.status !== "archived")
          await ctx.webhooks.emit(tx, changeRequestEvent(ctx, "change_request.closed", space, saved));
        return saved;
      });
      return { status: 200, body: await serializeChangeRequest(ctx, space.revisionId, updated) };
    },
  }),

  mergeChangeRequest: defineOperation("mergeChangeRequest", {
    handle: async ({ ctx }, { changeRequest }) => {
      const outcome = await mergeChangeRequest(ctx, changeRequest.id);
      return outcome.result === "merge"
        ? { status: 200, body: { result: "merge", revision: outcome.revision, searchCaughtUp: outcome.searchCaughtUp } }
        : { status: 200, body: { result: "conflicts", revision: outcome.revision, conflicts: outcome.conflicts } };
    },
  }),

  getChangeRequestMergeability: defineOperation("getChangeRequestMergeability", {
    // The merge's own checks (commands/mergeability.ts), after its policy's: the caller's role.
    handle: async (request, access) => {
      const { ctx } = request;
      const blockers = [...roleBlocker(request, access), ...(await mergeBlockers(ctx.prisma, { ...access, userId: ctx.actor.userId }))];
      return { status: 200, body: { object: "change-request-mergeability", mergeable: blockers.length === 0, blockers } };
    },
  }),

  updateChangeRequestFromMain: defineOperation("updateChangeRequestFromMain", {
    handle: async ({ ctx }, { changeRequest }) => {
      const outcome = await updateChangeRequestFromMain(ctx, changeRequest.id);
      return outcome.result === "update"
        ? { status: 200, body: { result: "update", revision: outcome.revision } }
        : { status: 200, body: { result: "conflicts", revision: outcome.revision, conflicts: outcome.conflicts } };
    },
  }),

  getChangeRequestPdf: defineOperation("getChangeRequestPdf", {
    handle: async ({ ctx, query }, { space, changeRequest }) => {
      if (query.only && !query.page) throw badRequest("invalid_request", "request/query/page is required when only is true");
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
