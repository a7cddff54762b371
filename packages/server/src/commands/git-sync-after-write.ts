// Docstack → Git: a write changing a space's content (a merge, a live edit) queues its continuous Git Sync in the
// write's transaction (as the webhooks' outbox does), so a write that commits is pushed and one rolled back is not.
// The job is `stately`, keyed by the space: at most one waits and one runs per space, across every instance.
import type { Tx } from "../db/database";
import type { JobQueue } from "../jobs/queue";

/** The continuous Git Sync of one space (data: `{spaceId}`, key: the space's ID). */
export const GIT_CONTINUOUS_JOB = "space-git.continuous";

export async function queueGitSyncOfSpace(tx: Tx, jobs: Pick<JobQueue, "send">, spaceId: string): Promise<void> {
  const synced = await tx.spaceGitSync.findFirst({ where: { spaceId, syncEnabled: true }, select: { spaceId: true } });
  if (synced) await jobs.send(GIT_CONTINUOUS_JOB, { spaceId }, { tx, key: spaceId });
}
