// The search index follows a space's revision after the commit that moves it, in steps: a merge of 10,000 pages
// of real prose took longer than its transaction may last when its index was written inside it. A step indexes
// `searchIndexStepPages` pages in a transaction of its own (content/search/search-index.ts: a step reads the pages' rows
// and rewrites those that differ, so a step run twice does the same); `Space.searchRevisionId` says which
// revision the index holds whole (null while a move is under way), so a run stopped half-way is resumed by the
// next one, which then compares every page with its row. A write that changes at most one step's pages indexes
// them before it answers; a larger one leaves them to the job `search.index` (sent in its transaction, so it
// exists once the write commits), and a scheduled sweep queues the job for any space left behind.
import type { Config } from "../../config";
import type { Tx } from "../../db/database";
import { eventLoop } from "../../event-loop";
import type { JobDefinition, JobQueue } from "../../jobs/queue";
import type { ContentStoreDeps } from "../reads/deps";
import { contentStore } from "../reads/reads";
import { existingRevisionIndex, revisionIndex } from "../store/revisions";
import { indexPages, pagesToIndex } from "./search-index";

/** The index of one space (data: `{spaceId}`, key: the space's ID: one waits and one runs per space). */
export const SEARCH_INDEX_JOB = "search.index";

export interface SearchCatchUpDeps extends ContentStoreDeps {
  config: Pick<Config, "searchIndexStepPages">;
}

/**
 * Brings the search index of a space to its current revision, a step (a transaction) per `searchIndexStepPages`
 * pages, letting the event loop turn between steps; again while the space's revision moves meanwhile.
 */
export async function catchUpSearch(deps: SearchCatchUpDeps, spaceId: string): Promise<void> {
  const store = contentStore(deps);
  for (;;) {
    const space = await deps.prisma.space.findUnique({ where: { id: spaceId }, select: { revisionId: true, searchRevisionId: true } });
    if (!space || space.searchRevisionId === space.revisionId) return;
    const target = await existingRevisionIndex(store, space.revisionId);
    const indexed = space.searchRevisionId ? await revisionIndex(store, space.searchRevisionId) : null;
    const pageIds = await pagesToIndex(store, spaceId, indexed, target);
    const step = Math.max(1, deps.config.searchIndexStepPages);
    for (let start = 0; start < pageIds.length; start += step) {
      await deps.prisma.$transaction(
        async (tx) => {
          // Half-way from one revision to the next, the index holds neither whole.
          if (start === 0) await tx.space.update({ where: { id: spaceId }, data: { searchRevisionId: null } });
          await indexPages(tx, spaceId, target, pageIds.slice(start, start + step));
        },
        { timeout: 30_000 },
      );
      await eventLoop.turnIfBusy();
    }
    await deps.prisma.space.updateMany({ where: { id: spaceId }, data: { searchRevisionId: target.revision.id } });
  }
}

/**
 * In the transaction of a write that moved the space's revision from `previousRevisionId` (changing `changedPages`
 * pages): true when the write is to index them itself once committed (`catchUpSearch`, before it answers: at most
 * one step, into an index that held the previous revision); otherwise the job is sent (wake it once committed).
 */
export async function indexesItself(
  tx: Tx,
  deps: { config: Pick<Config, "searchIndexStepPages">; jobs: Pick<JobQueue, "send"> },
  spaceId: string,
  previousRevisionId: string,
  changedPages: number,
): Promise<boolean> {
  const space = await tx.space.findUniqueOrThrow({ where: { id: spaceId }, select: { searchRevisionId: true } });
  if (space.searchRevisionId === previousRevisionId && changedPages <= deps.config.searchIndexStepPages) return true;
  await deps.jobs.send(SEARCH_INDEX_JOB, { spaceId }, { tx, key: spaceId });
  return false;
}

/**
 * After the commit of a write that moved the space's revision: indexes its pages when `indexNow` (see
 * `indexesItself`), else wakes the job sent in its transaction. True when search has caught up with the write; an
 * index that could not be written now is left to the job (sent here), as for a larger write.
 */
export async function searchAfterCommit(
  deps: SearchCatchUpDeps & { jobs: Pick<JobQueue, "send" | "wake"> },
  spaceId: string,
  indexNow: boolean,
): Promise<boolean> {
  if (indexNow) {
    try {
      await catchUpSearch(deps, spaceId);
      return true;
    } catch {
      // The write is committed whatever its index: the job retries it.
      await deps.jobs.send(SEARCH_INDEX_JOB, { spaceId }, { key: spaceId });
      return false;
    }
  }
  deps.jobs.wake(SEARCH_INDEX_JOB);
  return false;
}

export const searchIndexJob: JobDefinition<{ spaceId: string }, SearchCatchUpDeps> = {
  name: SEARCH_INDEX_JOB,
  policy: "stately",
  run: (deps, { spaceId }) => catchUpSearch(deps, spaceId),
};

/** Every five minutes: a job for each space whose index is behind and has none (its writer stopped before indexing). */
export const sweepSearchIndexJob: JobDefinition<object, SearchCatchUpDeps & { jobs: Pick<JobQueue, "send"> }> = {
  name: "search.sweep",
  schedule: "*/5 * * * *",
  run: async (deps) => {
    const behind = await deps.prisma.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Space" WHERE "deletedAt" IS NULL AND "searchRevisionId" IS DISTINCT FROM "revisionId"`;
    for (const { id } of behind) await deps.jobs.send(SEARCH_INDEX_JOB, { spaceId: id }, { key: id });
  },
};
