// GitBook's import runs: a run is checked (its source, its target in the space), recorded `pending` and its job
// queued (src/imports/run.ts) in one transaction; the answer is 201 at once. Lists show the runs of the spaces the
// caller can read; a run is cancelled by marking it, which its job reads before each write.

import { contentStore } from "../../content/reads/reads";
import { existingRevisionIndex } from "../../content/store/revisions";
import { newId } from "../../db/ids";
import { type ImportRunStatus, Prisma } from "../../generated/prisma/client";
import { badRequest } from "../../http/errors";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { SortField } from "../../http/pagination";
import { IMPORT_RUN_JOB } from "../../imports/run";
import { checkSource } from "../../imports/sources";
import { demandEditable } from "../../models/change-requests/editable";
import { importRunStatus } from "../../models/contract-enums";
import { callerReach, spacesWhere } from "../../policy/visibility";
import { serializeImportRun } from "./serialize";

const ORDER: SortField[] = [
  { field: "createdAt", direction: "desc" },
  { field: "id", direction: "desc" },
];
const ACTIVE: ImportRunStatus[] = ["pending", "in_progress"];

export const importsOperations = {
  startImportRun: defineOperation("startImportRun", {
    handle: async ({ ctx, params, body }) => {
      const { source, secret } = checkSource(body.source, ctx.config.allowPrivateFetch);
      const { target } = body;
      const space = await ctx.prisma.space.findUniqueOrThrow({ where: { id: target.space } });
      let revisionId = space.revisionId;
      if (target.changeRequest) {
        const changeRequest = await ctx.prisma.changeRequest.findUnique({ where: { id: target.changeRequest } });
        if (!changeRequest || changeRequest.spaceId !== space.id)
          throw badRequest("invalid_reference", "request/body/target/changeRequest: not a change request of the space");
        demandEditable(changeRequest, "be imported into");
        revisionId = changeRequest.revisionId;
      }
      if (target.page) {
        if (source.type === "git" || source.type === "zip") {
          throw badRequest("invalid_request", "request/body/target/page: a git or zip source replaces the space's content: it imports under no page");
        }
        const index = await existingRevisionIndex(contentStore(ctx), revisionId);
        if (index.byId.get(target.page)?.type !== "document" && index.byId.get(target.page)?.type !== "group") {
          throw badRequest("invalid_reference", "request/body/target/page: not a page of the space that can hold sub-pages");
        }
      }
      const id = newId();
      const run = await ctx.prisma.$transaction(async (tx) => {
        const created = await tx.importRun.create({
          data: {
            id,
            organizationId: params.organizationId,
            spaceId: space.id,
            changeRequestId: target.changeRequest ?? null,
            pageId: target.page ?? null,
            siteId: body.site ?? null,
            source: source as unknown as Prisma.InputJsonObject,
            secret: secret ? (secret as unknown as Prisma.InputJsonObject) : Prisma.DbNull,
            status: "pending",
            createdById: ctx.actor.userId,
          },
        });
        await ctx.jobs.send(IMPORT_RUN_JOB, { runId: id }, { tx });
        return created;
      });
      ctx.jobs.wake(IMPORT_RUN_JOB);
      return { status: 201, body: serializeImportRun(ctx, run) };
    },
  }),
  listImportRuns: defineOperation("listImportRuns", {
    handle: async (request) => {
      const { ctx, params, query } = request;
      const status = query.status === "active" ? { in: ACTIVE } : query.status && importRunStatus.column(query.status);
      const where: Prisma.ImportRunWhereInput = {
        organizationId: params.organizationId,
        space: spacesWhere(await callerReach(ctx, params.organizationId)),
        ...(query.space ? { spaceId: query.space } : {}),
        ...(query.changeRequest ? { changeRequestId: query.changeRequest } : {}),
        ...(query.site ? { siteId: query.site } : {}),
        ...(status ? { status } : {}),
      };
      const body = await listRows(request, {
        model: ctx.prisma.importRun,
        where,
        order: ORDER,
        serialize: (rows) => rows.map((run) => serializeImportRun(ctx, run)),
      });
      return { status: 200, body };
    },
  }),
  getImportRun: defineOperation("getImportRun", {
    handle: async ({ ctx }, { run }) => ({ status: 200, body: serializeImportRun(ctx, run) }),
  }),
  cancelImportRun: defineOperation("cancelImportRun", {
    handle: async ({ ctx }, { run }) => {
      const cancelled = await ctx.prisma.importRun.updateMany({
        where: { id: run.id, status: { in: ACTIVE } },
        data: { status: "cancelled", completedAt: ctx.clock.now(), secret: Prisma.DbNull },
      });
      const now = await ctx.prisma.importRun.findUniqueOrThrow({ where: { id: run.id } });
      if (!cancelled.count) throw badRequest("import_run_ended", `The import run already ended (${now.status}): there is nothing to cancel`);
      return { status: 200, body: serializeImportRun(ctx, now) };
    },
  }),
} satisfies AreaOperations;
