// A space's Git operations as jobs: a request records the operation on the space's SpaceGitSync row (`running`, with
// its options and the URL's credentials) and queues a job naming it; the job imports or exports, then records how it
// went (`success`, `failure` with the reason, `timeout`) and forgets the options, credentials included. A job whose
// operation was replaced since does nothing. Failures of the repository's side (unreachable, refused, too large, no
// such branch, bad layout) end the operation; a failure of the database is thrown, and the job retried.
import { Prisma, type SpaceGitSync } from "../generated/prisma/client";
import type { JobDefinition } from "../jobs/queue";
import { exportToBranch } from "./export";
import { ByteBudget, checkedGitHttp, GitTooLarge } from "./http";
import { importBranch } from "./import";
import { type GitCredentials, withoutCredentials } from "./remote";
import type { GitSession } from "./repository";
import { type GitSyncDeps, GitSyncFailure, type GitSyncOutcome, type GitSyncRequest } from "./types";

export const GIT_SYNC_JOB = "space-git.sync";

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Why it failed, in words for the user: isomorphic-git's errors and the outbound checks' name their cause. */
export function describe(error: unknown, sync: SpaceGitSync, credentials: GitCredentials | undefined): string {
  const data = (error as { code?: string; data?: { statusCode?: number } }) ?? {};
  let message = errorText(error);
  if (data.code === "HttpError" && data.data?.statusCode === 401) message = "the repository refused the credentials (HTTP 401)";
  else if (data.code === "HttpError" && data.data?.statusCode === 404) message = `no Git repository at ${sync.url} (HTTP 404)`;
  else if (message === "fetch failed") message = `${sync.url} could not be reached (${errorText((error as Error).cause)})`;
  return withoutCredentials(message, credentials).slice(0, 2000);
}

/**
 * True when the error comes from the repository's side (recorded), false when it is the server's own: its database,
 * or its shutdown stopping the job (retried, by another instance or after the restart).
 */
export function repositorySide(error: unknown, timeout: AbortSignal, jobSignal: AbortSignal): boolean {
  if (jobSignal.aborted && !timeout.aborted) return false;
  if (timeout.aborted || error instanceof GitSyncFailure) return true;
  const name = (error as { name?: string; code?: string }).name ?? "";
  const prismaError = name.startsWith("PrismaClient") || name === "DriverAdapterError";
  return !prismaError;
}

/** The connection to the row's repository and branch, with the credentials, stopped by `signal`, limited by `budget`. */
export function gitSession(
  deps: GitSyncDeps,
  sync: SpaceGitSync,
  credentials: GitCredentials | undefined,
  signal: AbortSignal,
  budget: ByteBudget,
): GitSession {
  return {
    remote: { url: sync.url, ...(credentials ? { credentials } : {}) },
    branch: sync.ref.slice("refs/heads/".length),
    http: checkedGitHttp({ allowPrivate: deps.config.allowPrivateFetch, signal, budget }),
    budget,
    signal,
  };
}

async function runOperation(deps: GitSyncDeps, sync: SpaceGitSync, request: GitSyncRequest, signal: AbortSignal, budget: ByteBudget): Promise<GitSyncOutcome> {
  const session = gitSession(deps, sync, request.credentials, signal, budget);
  return sync.direction === "import" ? importBranch(deps, sync, request, session) : exportToBranch(deps, sync, request, session);
}

async function finish(deps: GitSyncDeps, sync: SpaceGitSync, state: "success" | "failure" | "timeout", outcome: GitSyncOutcome): Promise<void> {
  await deps.prisma.spaceGitSync.updateMany({
    where: { spaceId: sync.spaceId, operationId: sync.operationId },
    data: {
      state,
      endedAt: deps.clock.now(),
      error: outcome.error ?? null,
      request: Prisma.DbNull,
      ...(outcome.commitId ? { commitId: outcome.commitId, revisionId: outcome.revisionId ?? null } : {}),
      ...(outcome.changeRequestId ? { changeRequestId: outcome.changeRequestId } : {}),
    },
  });
}

export async function runGitSync(deps: GitSyncDeps, spaceId: string, operationId: string, jobSignal: AbortSignal): Promise<void> {
  const sync = await deps.prisma.spaceGitSync.findUnique({ where: { spaceId } });
  // Replaced by a newer operation, or ended already (a retried job).
  if (!sync || sync.operationId !== operationId || sync.state !== "running" || !sync.request) return;
  const request = sync.request as unknown as GitSyncRequest;
  const timeout = AbortSignal.timeout(deps.config.git.timeoutMs);
  const signal = AbortSignal.any([jobSignal, timeout]);
  const budget = new ByteBudget(deps.config.git.maxBytes);
  let outcome: GitSyncOutcome;
  try {
    outcome = await runOperation(deps, sync, request, signal, budget);
  } catch (caught) {
    const error = budget.exceeded ? new GitTooLarge(budget.maxBytes) : caught;
    if (!repositorySide(error, timeout, jobSignal)) throw error;
    const timedOut = timeout.aborted;
    const message = timedOut
      ? `the operation ran longer than ${deps.config.git.timeoutMs / 1000} s (DOCSTACK_GIT_TIMEOUT_SECONDS)`
      : describe(error, sync, request.credentials);
    deps.logger.info({ spaceId, direction: sync.direction, reason: message }, "Git operation failed");
    await finish(deps, sync, timedOut ? "timeout" : "failure", { error: message });
    return;
  }
  await finish(deps, sync, outcome.error ? "failure" : "success", outcome);
}

export const gitSyncJob: JobDefinition<{ spaceId: string; operationId: string }, GitSyncDeps> = {
  name: GIT_SYNC_JOB,
  concurrency: 2,
  heartbeatSeconds: 30,
  run: (deps, { spaceId, operationId }, signal) => runGitSync(deps, spaceId, operationId, signal),
};
