// An import run in GitBook's shape. A run still `in-progress` long after its job would have ended (it was lost with
// its worker, and its retries) is answered as `failed`, as GitBook answers runs that never reported back.
import type { Schemas } from "@docstack/contract";
import type { ImportRun } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { apiUrl } from "../../http/urls";
import { listedPages } from "../../imports/pages";
import { importRunStatus } from "../../models/contract-enums";

type Run = Schemas["ContentImportRun"];

const lostAfterMs = (ctx: RequestContext) => 2 * ctx.config.imports.timeoutMs + 5 * 60_000;

export function serializeImportRun(ctx: RequestContext, run: ImportRun): Run {
  const lost = run.status === "in_progress" && ctx.clock.now().getTime() - run.updatedAt.getTime() > lostAfterMs(ctx);
  const target: Run["target"] = {
    space: run.spaceId,
    ...(run.changeRequestId ? { changeRequest: run.changeRequestId } : {}),
    ...(run.pageId ? { page: run.pageId } : {}),
  };
  const status = lost ? "failed" : importRunStatus.value(run.status);
  return {
    object: "import-run",
    id: run.id,
    status,
    ...(lost ? { reason: "the import never reported back (its job was lost)" } : run.reason ? { reason: run.reason } : {}),
    source: run.source as unknown as Run["source"],
    target,
    ...(run.siteId ? { site: run.siteId } : {}),
    createdBy: run.createdById,
    createdAt: run.createdAt.toISOString(),
    updatedAt: run.updatedAt.toISOString(),
    ...(run.startedAt ? { startedAt: run.startedAt.toISOString() } : {}),
    ...(run.completedAt ? { completedAt: run.completedAt.toISOString() } : {}),
    urls: { location: apiUrl(ctx, `/org/${run.organizationId}/imports/${run.id}`) },
    importedPages: run.importedPages,
    totalPages: run.totalPages,
    pages: listedPages(run, status),
  };
}
