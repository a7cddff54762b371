// An import run as a job: it reads its source and writes it through a change request, recording its progress on
// the run's row. Pages of a website or a document are written as they are read, 50 to a batch (each a revision of
// the change request), so a run holds one batch whatever the site's size; a repository or a zip in GitBook's layout
// replaces the space's content as a Git import does (importRepository). A run's own change request is merged at
// the end (left open with its conflicts when the space changed meanwhile); one it was given is left open. Before
// each write the run's status is read again: a cancelled run writes nothing more. Failures the source causes end
// the run as `failed` with the reason; a failure of the server itself (its database) is thrown, and the job retried
// (the retry finds the run `in-progress` and ends it as failed: a run does not resume half-written).

import type { Schemas } from "@docstack/contract";
import { IMPORT_BATCH_PAGES, importIntoChangeRequest, mergeImport } from "../commands/change-request-content";
import { createChangeRequest } from "../commands/create-change-request";
import { ImportStopped, importRepository } from "../commands/import-repository";
import { fetchSafely } from "../content/web/fetch-safely";
import { type CrawledPage, crawl } from "../content/web/import";
import { releaseBatchMemory } from "../db/batch-memory";
import { type ImportRun, Prisma } from "../generated/prisma/client";
import { actorOf } from "../git/actor";
import { ByteBudget, checkedGitHttp, GitTooLarge } from "../git/http";
import { branchOf, withoutCredentials } from "../git/remote";
import { cloneBranch, inTemporaryRepository, readFolder, remoteHead, treeFiles } from "../git/repository";
import { GitSyncFailure } from "../git/types";
import { ApiError } from "../http/errors";
import type { JobDefinition } from "../jobs/queue";
import { RecordedPages } from "./pages";
import { ImportFailure, type ImportRunDeps, type ImportSecret } from "./types";
import { readZip } from "./zip";

export const IMPORT_RUN_JOB = "import.run";

type Source = Schemas["ContentImportSource"];
type ActorContext = Awaited<ReturnType<typeof actorOf>>["ctx"];

interface RunContext {
  deps: ImportRunDeps;
  run: ImportRun;
  source: Source;
  secret: ImportSecret;
  signal: AbortSignal;
  ctx: ActorContext;
  /** The pages it created (the first of them), saved with its progress. */
  pages: RecordedPages;
}

/** True while the run was not cancelled (read before each write). */
async function active({ deps, run }: RunContext): Promise<boolean> {
  const row = await deps.prisma.importRun.findUnique({ where: { id: run.id }, select: { status: true } });
  return row?.status === "in_progress";
}

/** Its progress (and the pages it created so far) saved, while it runs. */
function update({ deps, run }: RunContext, data: Prisma.ImportRunUpdateManyMutationInput) {
  return deps.prisma.importRun.updateMany({ where: { id: run.id, status: "in_progress" }, data });
}

const progress = (context: RunContext, importedPages: number, totalPages: number) =>
  update(context, { importedPages, totalPages, pages: context.pages.list as unknown as Prisma.InputJsonValue });

/** A repository's files under its project folder: the branch's last commit, cloned shallow into a temporary folder. */
async function gitFiles({ deps, source, secret, signal }: RunContext): Promise<Map<string, Buffer>> {
  const budget = new ByteBudget(deps.config.git.maxBytes);
  const session = {
    remote: { url: source.url!, ...(secret.credentials ? { credentials: secret.credentials } : {}) },
    branch: branchOf(source.ref!),
    http: checkedGitHttp({ allowPrivate: deps.config.allowPrivateFetch, signal, budget }),
    budget,
    signal,
  };
  try {
    if (!(await remoteHead(session, false))) throw new ImportFailure(`the repository has no branch ${session.branch}`);
    return await inTemporaryRepository(async (dir) => {
      const commit = await cloneBranch(session, dir);
      return readFolder(session, dir, await treeFiles(dir, commit), source.repoProjectDirectory ?? "");
    });
  } catch (error) {
    throw budget.exceeded ? new GitTooLarge(budget.maxBytes) : error;
  }
}

/** A zip's files: sent with the request, or fetched. */
async function zipFiles({ deps, source, secret }: RunContext): Promise<Map<string, Buffer>> {
  const { maxBytes, timeoutMs } = deps.config.imports;
  const data = secret.data
    ? Buffer.from(secret.data, "base64")
    : (await fetchSafely(source.url!, { allowPrivate: deps.config.allowPrivateFetch, maxBytes, deadline: Date.now() + timeoutMs })).bytes;
  return readZip(data, maxBytes);
}

/** A repository or a zip in GitBook's layout (or plain Markdown files) replaces the space's content. */
async function importLayout(context: RunContext): Promise<string | undefined> {
  const { run, source } = context;
  const files = source.type === "git" ? await gitFiles(context) : await zipFiles(context);
  if (![...files.keys()].some((path) => path.toLowerCase().endsWith(".md"))) throw new ImportFailure("the source holds no Markdown file");
  if (!(await active(context))) return undefined;
  let outcome: Awaited<ReturnType<typeof importRepository>>;
  try {
    outcome = await importRepository(context.ctx, {
      spaceId: run.spaceId,
      files,
      subject: `Import from ${source.type === "git" ? source.url : "a zip archive"}`,
      ...(run.changeRequestId ? { changeRequestId: run.changeRequestId } : {}),
      opened: (changeRequest) => update(context, { changeRequestId: changeRequest.id, ownChangeRequest: true }),
      inserted: (pages) =>
        context.pages.add(pages.map(({ id, type, file }) => ({ id, type: type === "group" ? "folder" : "page", ...(file ? { sourceURL: file } : {}) }))),
      // Its progress recorded after each batch; a cancel stops it before the next.
      proceed: async ({ written, total }) => {
        await progress(context, written, total);
        await context.deps.beforeRepositoryBatch?.(run.id);
        return active(context);
      },
    });
  } catch (error) {
    if (error instanceof ImportStopped) return undefined;
    throw error;
  }
  await progress(context, outcome.pages, outcome.pages);
  return outcome.result === "conflicts" ? conflictReason(outcome.changeRequest.number) : undefined;
}

const conflictReason = (number: number) => `the space changed during the import: its change request #${number} is left open with its conflicts`;

/** The change request the run writes through: the one it was given, else its own (opened now). */
async function changeRequestOf(context: RunContext): Promise<{ id: string; own: boolean }> {
  const { deps, run, source } = context;
  if (run.changeRequestId) return { id: run.changeRequestId, own: run.ownChangeRequest };
  const changeRequest = await deps.prisma.$transaction((tx) =>
    createChangeRequest(tx, { spaceId: run.spaceId, subject: `Import from ${source.url}`, createdById: run.createdById }),
  );
  await update(context, { changeRequestId: changeRequest.id, ownChangeRequest: true });
  return { id: changeRequest.id, own: true };
}

/** A website's pages (or one document) added to the target, a batch at a time as they are read. */
async function importPages(context: RunContext): Promise<string | undefined> {
  const { deps, run, source, signal } = context;
  const changeRequest = await changeRequestOf(context);
  let imported = 0;
  let total = 0;
  let batch: CrawledPage[] = [];
  const write = async () => {
    if (!(await active(context))) return false;
    const written = await importIntoChangeRequest(
      context.ctx,
      changeRequest.id,
      batch.map(({ page }) => page),
      run.pageId ?? undefined,
    );
    context.pages.add(written.pageIds.map((id, i) => ({ id, sourceURL: batch[i]!.url, type: "page" })));
    imported += batch.length;
    batch = [];
    // As a repository's batches: what the batch's transaction left is released (db/batch-memory.ts).
    releaseBatchMemory();
    await progress(context, imported, total);
    return true;
  };
  const { maxBytes, maxPages, timeoutMs } = deps.config.imports;
  const limits = { allowPrivate: deps.config.allowPrivateFetch, maxBytes, maxPages, deadline: Date.now() + timeoutMs, signal };
  for await (const crawled of crawl(source.url!, source.type as "website" | "markdown" | "html", limits)) {
    batch.push(crawled);
    total = crawled.total;
    if (batch.length === IMPORT_BATCH_PAGES && !(await write())) return undefined;
  }
  if (batch.length && !(await write())) return undefined;
  if (!changeRequest.own || !(await active(context))) return undefined;
  const merged = await mergeImport(context.ctx, changeRequest.id, imported);
  if (merged.result !== "conflicts") return undefined;
  return conflictReason((await deps.prisma.changeRequest.findUniqueOrThrow({ where: { id: changeRequest.id } })).number);
}

/** True when the error comes from the source or its content (the run fails), false when it is the server's own (retried). */
function sourceSide(error: unknown, timeout: AbortSignal, jobSignal: AbortSignal): boolean {
  if (jobSignal.aborted && !timeout.aborted) return false;
  if (timeout.aborted || error instanceof ImportFailure || error instanceof GitSyncFailure || error instanceof ApiError) return true;
  const name = (error as { name?: string }).name ?? "";
  return !(name.startsWith("PrismaClient") || name === "DriverAdapterError");
}

function describe(error: unknown, context: RunContext, timedOut: boolean): string {
  if (timedOut) return `the import ran longer than ${context.deps.config.imports.timeoutMs / 1000} s (DOCSTACK_IMPORT_TIMEOUT_SECONDS)`;
  const message = (error instanceof Error ? error.message : String(error)).replace(/^request\/body\/(source\/)?url: /, "");
  return withoutCredentials(message, context.secret.credentials).slice(0, 2000);
}

export async function runImport(deps: ImportRunDeps, runId: string, jobSignal: AbortSignal): Promise<void> {
  const run = await deps.prisma.importRun.findUnique({ where: { id: runId } });
  if (!run || (run.status !== "pending" && run.status !== "in_progress")) return;
  const now = deps.clock.now();
  if (run.status === "in_progress") {
    // A retried job: the run was interrupted part way.
    await deps.prisma.importRun.updateMany({
      where: { id: run.id, status: "in_progress" },
      data: {
        status: "failed",
        reason: "the import was interrupted (the server stopped or its database failed): start it again",
        completedAt: now,
        secret: Prisma.DbNull,
      },
    });
    return;
  }
  const started = await deps.prisma.importRun.updateMany({ where: { id: run.id, status: "pending" }, data: { status: "in_progress", startedAt: now } });
  if (!started.count) return;
  await deps.beforeImportRun?.(run.id);
  const timeout = AbortSignal.timeout(deps.config.imports.timeoutMs);
  const context: RunContext = {
    deps,
    run,
    source: run.source as unknown as Source,
    secret: (run.secret ?? {}) as ImportSecret,
    signal: AbortSignal.any([jobSignal, timeout]),
    ctx: (await actorOf(deps, { actorId: run.createdById })).ctx,
    pages: new RecordedPages(),
  };
  let reason: string | undefined;
  try {
    const layout = context.source.type === "git" || context.source.type === "zip";
    reason = layout ? await importLayout(context) : await importPages(context);
  } catch (error) {
    if (!sourceSide(error, timeout, jobSignal)) throw error;
    reason = describe(error, context, timeout.aborted);
    deps.logger.info({ importRunId: run.id, reason }, "import run failed");
  } finally {
    // As a request's write does: every instance drops what it cached of the space.
    await deps.changes.writeCommitted();
  }
  await update(context, { status: reason ? "failed" : "completed", ...(reason ? { reason } : {}), completedAt: deps.clock.now(), secret: Prisma.DbNull });
}

export const importRunJob: JobDefinition<{ runId: string }, ImportRunDeps> = {
  name: IMPORT_RUN_JOB,
  concurrency: 2,
  heartbeatSeconds: 30,
  run: (deps, { runId }, signal) => runImport(deps, runId, signal),
};
