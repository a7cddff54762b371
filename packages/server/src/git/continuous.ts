// A continuous Git Sync (PUT …/git/sync): one job per space at a time (`stately`, keyed by the space) brings the
// space and its branch in step. What each side changed is measured from the last sync (`commitId` on the branch,
// `revisionId` in the space):
// - only the branch moved (a push, a force-push too): the pages it changed since the last sync are imported as a
//   change request based on the last sync's revision, merged (the first sync imports the whole branch);
// - only the space moved (merges, live edits): one commit is pushed, naming the change requests and their author;
// - both moved: the same change request, merged page by page (the change requests' three-way merge), then the space
//   holding both sides is pushed as one commit on top of the branch's; a page changed on both sides: nothing is
//   overwritten, the change request stays open, the space keeps its content and the sync says `conflict` until that
//   change request is merged or archived (then the space, as it is, is pushed on top of the branch's commit);
// - a failure (remote down, credentials refused) is recorded (`failing`, the reason) and retried with backoff.
// Each outcome is also the row's operation (what GET …/git/info answers in GitBook's shape).

import { setTimeout as delay } from "node:timers/promises";
import { GIT_CONTINUOUS_JOB } from "../commands/git-sync-after-write";
import { PagesNotMatched } from "../commands/import-repository-changes";
import { contentStore } from "../content/reads/reads";
import { existingRevisionIndex } from "../content/store/revisions";
import type { SpaceGitSync } from "../generated/prisma/client";
import type { JobDefinition } from "../jobs/queue";
import { exportToBranch } from "./export";
import { exportCommit } from "./export-message";
import { ByteBudget, GitTooLarge } from "./http";
import { importBranch, importBranchChanges } from "./import";
import type { GitCredentials } from "./remote";
import { type GitSession, remoteHead } from "./repository";
import { openSecrets } from "./sealed";
import { describe, gitSession, repositorySide } from "./sync";
import type { GitSyncDeps } from "./types";

interface SyncOutcome {
  /** What was done, when something was. */
  direction?: "import" | "export";
  /** The new base: the branch's commit and the space's revision now in step. */
  commitId?: string;
  revisionId?: string;
  changeRequestId?: string;
  /** Both sides changed: the change request holding the branch's side, the commit it holds. */
  conflict?: { changeRequestId: string; commitId: string; message: string };
  /** The conflict's change request was merged or archived: the conflict is over. */
  resolved?: boolean;
}

/** Seconds before the next try after `failures` failures in a row: the poll's interval, doubling, at most an hour. */
const retryDelaySeconds = (failures: number, pollSeconds: number) => Math.min(pollSeconds * 2 ** Math.max(0, failures - 1), 3600);

const OPEN_STATUSES = new Set(["draft", "open"]);

async function spaceIsEmpty(deps: GitSyncDeps, revisionId: string): Promise<boolean> {
  const index = await existingRevisionIndex(contentStore(deps), revisionId);
  return index.pages.length === 0;
}

async function syncOnce(deps: GitSyncDeps, row: SpaceGitSync, session: GitSession, credentials: GitCredentials | undefined): Promise<SyncOutcome> {
  let base = { commit: row.commitId, revision: row.revisionId };
  let resolved = false;
  if (row.conflictChangeRequestId) {
    const pending = await deps.prisma.changeRequest.findUnique({ where: { id: row.conflictChangeRequestId }, select: { status: true } });
    if (pending && OPEN_STATUSES.has(pending.status)) {
      return { conflict: { changeRequestId: row.conflictChangeRequestId, commitId: row.conflictCommitId ?? "", message: row.syncError ?? "conflict" } };
    }
    // Merged (the branch's side won, as edited there) or archived (the space's side won): the space is pushed as it is.
    base = { commit: row.conflictCommitId, revision: null };
    resolved = true;
  }
  const head = await remoteHead(session, false);
  const space = await deps.prisma.space.findUniqueOrThrow({ where: { id: row.spaceId }, select: { revisionId: true } });
  const branchMoved = head !== undefined && head !== base.commit;
  const spaceMoved = space.revisionId !== base.revision;
  const withCredentials = credentials ? { credentials } : {};
  if (!branchMoved && !spaceMoved) return { commitId: head, revisionId: space.revisionId, resolved };

  if (!branchMoved) {
    const commit = await exportCommit(deps, row.spaceId, base.revision, space.revisionId);
    const request = { force: false, standalone: false, commitMessage: commit.message, ...(commit.author ? { author: commit.author } : {}), ...withCredentials };
    const out = await exportToBranch(deps, row, request, session);
    return { direction: "export", commitId: out.commitId, revisionId: out.revisionId, resolved };
  }

  if (base.revision !== null) {
    const at = { commit: head, revision: base.revision, spaceRevision: space.revisionId };
    const merged = await importSinceLastSync(deps, row, session, at, spaceMoved, withCredentials);
    if (merged) return merged;
  }
  // The branch moved. When the space moved too (at the first sync, has content of its own; or its pages could not be
  // matched with the branch's), the branch's side waits in an open change request: nothing is overwritten.
  const bothMoved = spaceMoved && (base.revision !== null || !(await spaceIsEmpty(deps, space.revisionId)));
  const out = await importBranch(deps, row, { force: true, standalone: bothMoved, ...withCredentials }, session);
  if (out.changeRequestId && (bothMoved || out.error)) {
    const changeRequest = await deps.prisma.changeRequest.update({ where: { id: out.changeRequestId }, data: { status: "open" }, select: { number: true } });
    return conflictOf(out.changeRequestId, changeRequest.number, out.importedCommitId ?? head, "since the last sync");
  }
  return { direction: "import", commitId: out.commitId, revisionId: out.revisionId, changeRequestId: out.changeRequestId, resolved: true };
}

function conflictOf(changeRequestId: string, number: number, commitId: string, what: string): SyncOutcome {
  const message =
    `the branch and the space both changed ${what}: the branch's commit ${commitId.slice(0, 7)} waits in change request ` +
    `#${number}; merge it (after resolving what conflicts) or archive it to sync again`;
  return { direction: "import", changeRequestId, conflict: { changeRequestId, commitId, message } };
}

/**
 * The branch moved since the last sync: what it changed since then is merged page by page into the space (a change
 * request based on the last sync's revision), so the pages keep their IDs. When the space moved too, it now holds
 * both sides and is pushed as one commit on top of the branch's; a page changed on both sides: that change request
 * stays open, a conflict. Undefined when the pages could not be matched (the caller then imports the whole branch).
 */
async function importSinceLastSync(
  deps: GitSyncDeps,
  row: SpaceGitSync,
  session: GitSession,
  at: { commit: string; revision: string; spaceRevision: string },
  spaceMoved: boolean,
  withCredentials: { credentials?: GitCredentials },
): Promise<SyncOutcome | undefined> {
  // The space's side is named before the import's merge joins it.
  const commit = spaceMoved ? await exportCommit(deps, row.spaceId, at.revision, at.spaceRevision) : undefined;
  let out: Awaited<ReturnType<typeof importBranchChanges>>;
  try {
    out = await importBranchChanges(deps, row, at.revision, session);
  } catch (error) {
    if (error instanceof PagesNotMatched) return undefined;
    throw error;
  }
  const imported = out.importedCommitId ?? at.commit;
  if (out.error && out.changeRequestId) {
    const changeRequest = await deps.prisma.changeRequest.update({ where: { id: out.changeRequestId }, data: { status: "open" }, select: { number: true } });
    return conflictOf(
      out.changeRequestId,
      changeRequest.number,
      imported,
      `${out.error.replace(/^the branch and the space both changed /, "")} since the last sync`,
    );
  }
  if (!commit) {
    return { direction: "import", commitId: imported, revisionId: out.revisionId ?? at.spaceRevision, changeRequestId: out.changeRequestId, resolved: true };
  }
  // Pushed on top of the commit imported, never of a newer one (a push meanwhile fails this sync; the next merges it).
  const request = {
    force: false,
    standalone: false,
    onto: imported,
    commitMessage: commit.message,
    ...(commit.author ? { author: commit.author } : {}),
    ...withCredentials,
  };
  const exported = await exportToBranch(deps, row, request, session);
  return { direction: "import", commitId: exported.commitId, revisionId: exported.revisionId, changeRequestId: out.changeRequestId, resolved: true };
}

export async function runContinuousSync(deps: GitSyncDeps, spaceId: string, jobSignal: AbortSignal): Promise<void> {
  const row = await deps.prisma.spaceGitSync.findUnique({ where: { spaceId } });
  // Not synced (any more); or a one-shot import or export of the space runs: the next poll comes back.
  if (!row?.syncEnabled || !row.syncSecrets || (row.state === "running" && row.request)) return;
  const started = deps.clock.now();
  const secrets = await openSecrets(deps, row.syncSecrets);
  const timeout = AbortSignal.timeout(deps.config.git.timeoutMs);
  const signal = AbortSignal.any([jobSignal, timeout]);
  const budget = new ByteBudget(deps.config.git.maxBytes);
  const session = gitSession(deps, row, secrets.credentials, signal, budget);
  // Only this configuration's row: one replaced or deleted meanwhile is left as it is now.
  const where = { spaceId, syncEnabled: true, syncSecrets: row.syncSecrets };
  let outcome: SyncOutcome;
  try {
    outcome = await syncOnce(deps, row, session, secrets.credentials);
  } catch (caught) {
    const error = budget.exceeded ? new GitTooLarge(budget.maxBytes) : caught;
    if (!repositorySide(error, timeout, jobSignal)) throw error;
    const message = timeout.aborted
      ? `the sync ran longer than ${deps.config.git.timeoutMs / 1000} s (DOCSTACK_GIT_TIMEOUT_SECONDS)`
      : describe(error, row, secrets.credentials);
    const failures = row.syncFailures + 1;
    const now = deps.clock.now();
    deps.logger.info({ spaceId, failures, reason: message }, "Git Sync failed");
    await deps.prisma.spaceGitSync.updateMany({
      where,
      data: {
        polledAt: started,
        syncFailures: failures,
        syncError: message,
        syncRetryAt: new Date(now.getTime() + retryDelaySeconds(failures, deps.config.git.pollSeconds) * 1000),
        state: timeout.aborted ? "timeout" : "failure",
        error: message,
        startedAt: started,
        endedAt: now,
      },
    });
    return;
  }
  const now = deps.clock.now();
  const conflict = outcome.conflict;
  await deps.prisma.spaceGitSync.updateMany({
    where,
    data: {
      polledAt: started,
      syncFailures: 0,
      syncRetryAt: null,
      syncError: conflict?.message ?? null,
      state: conflict ? "failure" : "success",
      error: conflict?.message ?? null,
      endedAt: now,
      ...(conflict ? {} : { syncedAt: now }),
      ...(outcome.commitId ? { commitId: outcome.commitId, revisionId: outcome.revisionId ?? null } : {}),
      ...(conflict ? { conflictChangeRequestId: conflict.changeRequestId, conflictCommitId: conflict.commitId } : {}),
      ...(outcome.resolved ? { conflictChangeRequestId: null, conflictCommitId: null } : {}),
      ...(outcome.direction ? { direction: outcome.direction, startedAt: started, changeRequestId: outcome.changeRequestId ?? null } : {}),
    },
  });
  if (outcome.direction === "import") await deps.changes.writeCommitted();
}

export const gitContinuousJob: JobDefinition<{ spaceId: string }, GitSyncDeps> = {
  name: GIT_CONTINUOUS_JOB,
  policy: "stately",
  concurrency: 2,
  heartbeatSeconds: 30,
  run: (deps, { spaceId }, signal) => runContinuousSync(deps, spaceId, signal),
};

/** The spaces whose branch was last read `DOCSTACK_GIT_POLL_SECONDS` ago or more (and not backing off): a sync each. */
export async function pollGitSyncs(deps: Pick<GitSyncDeps, "prisma" | "clock" | "config" | "jobs">): Promise<string[]> {
  const now = deps.clock.now();
  const due = new Date(now.getTime() - deps.config.git.pollSeconds * 1000);
  const rows = await deps.prisma.spaceGitSync.findMany({
    where: {
      syncEnabled: true,
      AND: [{ OR: [{ polledAt: null }, { polledAt: { lte: due } }] }, { OR: [{ syncRetryAt: null }, { syncRetryAt: { lte: now } }] }],
    },
    select: { spaceId: true },
    orderBy: { polledAt: { sort: "asc", nulls: "first" } },
    take: 1000,
  });
  for (const row of rows) await deps.jobs.send(GIT_CONTINUOUS_JOB, { spaceId: row.spaceId }, { key: row.spaceId });
  return rows.map((row) => row.spaceId);
}

/** The poll job's occurrences: once a minute across the cluster (pg-boss files each in a one-minute slot). */
const POLL_EVERY_SECONDS = 60;
/** A run polling again within its minute stops this long before the next occurrence, so that runs do not overlap. */
const POLL_MARGIN_SECONDS = 5;

/**
 * One occurrence's polls: the first at once, then every `DOCSTACK_GIT_POLL_SECONDS` while that falls within the
 * minute (a setting below 60). One run at a time across the cluster (one per occurrence), so no space is polled twice.
 */
export async function pollWithinMinute(deps: GitSyncDeps, signal: AbortSignal): Promise<void> {
  const { pollSeconds } = deps.config.git;
  const ends = performance.now() + (POLL_EVERY_SECONDS - POLL_MARGIN_SECONDS) * 1000;
  const stop = AbortSignal.any([signal, deps.jobs.stopping]);
  for (;;) {
    await pollGitSyncs(deps);
    if (performance.now() + pollSeconds * 1000 > ends) return;
    try {
      await delay(pollSeconds * 1000, undefined, { signal: stop });
    } catch {
      return; // the job or the queue stops
    }
  }
}

/**
 * Every minute: the spaces due for a poll; again every `DOCSTACK_GIT_POLL_SECONDS` within the minute when it is shorter.
 * Also once when a worker starts: the first poll comes within the interval from the start, not at the next minute.
 */
export const gitPollJob: JobDefinition<object, GitSyncDeps> = {
  name: "space-git.poll",
  schedule: "* * * * *",
  atStart: true,
  run: (deps, _data, signal) => pollWithinMinute(deps, signal),
};
