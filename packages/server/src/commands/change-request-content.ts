// Writing a change request's content, merging it into its space, updating it with the
// space's content, and imports. Each runs in one transaction holding the rows it
// changes, so concurrent writes and merges serialize instead of losing updates.

import type { Clock } from "../clock";
import { type AppliedChanges, applyChanges, type ChangeInputs, type ContentChange } from "../content/edits/changes";
import { type Conflict, type Content, mergeContent } from "../content/edits/merge";
import type { ContentStoreDeps } from "../content/reads/deps";
import { contentStore } from "../content/reads/reads";
import { indexesItself, type SearchCatchUpDeps, searchAfterCommit } from "../content/search/search-catch-up";
import { changedPages } from "../content/search/search-index";
import type { ContentStore } from "../content/store/cache";
import { loadDocuments } from "../content/store/documents";
import { existingRevisionIndex, type RevisionIndex, revisionIndex, writeRevision, writeSameContent } from "../content/store/revisions";
import type { ImportedPage } from "../content/web/import";
import { releaseBatchMemory } from "../db/batch-memory";
import type { ChangeRequest } from "../generated/prisma/client";
import { conflict } from "../http/errors";
import type { BaseUrl } from "../http/urls";
import type { JobQueue } from "../jobs/queue";
import { demandEditable, LOCKED_MESSAGE } from "../models/change-requests/editable";
import { lockChangeRequestAndSpace, lockSpace } from "../models/change-requests/store";
import type { WebhookOutbox } from "../webhooks/outbox";
import { changeRequestEvent, type EventActor, pageEvents } from "../webhooks/resources";
import { GIT_CONTINUOUS_JOB, queueGitSyncOfSpace } from "./git-sync-after-write";
import { mergeBase } from "./merge-base";
import { demandMergeable } from "./mergeability";
import { demandFreshEdits } from "./stale-edits";

/** What these commands use: the content store, the time, where URLs start, who is writing, and the outbox of their events. */
export interface ContentCommandDeps extends ContentStoreDeps, SearchCatchUpDeps, BaseUrl, EventActor {
  clock: Clock;
  webhooks: Pick<WebhookOutbox, "emit">;
  /** A space's continuous Git Sync is queued by each write to its content (src/git/after-write.ts). */
  jobs: Pick<JobQueue, "send" | "wake">;
}

/** The markdown of the documents a three-way merge may have to merge line by line. */
async function documentsToMerge(store: ContentStore, base: Content, ours: Content, theirs: Content): Promise<Map<string, string>> {
  const hashes = new Set<string>();
  const oursById = new Map(ours.pages.map((page) => [page.id, page]));
  const baseById = new Map(base.pages.map((page) => [page.id, page]));
  for (const page of theirs.pages) {
    const [o, b] = [oursById.get(page.id), baseById.get(page.id)];
    if (o && b && o.document !== page.document && o.document !== b.document && page.document !== b.document) {
      for (const hash of [o.document, b.document, page.document]) if (hash) hashes.add(hash);
    }
  }
  const loaded = await loadDocuments(store, hashes);
  return new Map([...loaded].map(([hash, document]) => [hash, document.markdown]));
}

/**
 * Applies a batch to a change request's content: one new revision. `fetched` holds the bytes of files given by URL
 * (fetched before, outside the transaction); the revisions `revert_page` changes name are read here.
 */
export async function writeChangeRequestContent(
  ctx: ContentCommandDeps,
  changeRequestId: string,
  changes: readonly ContentChange[],
  fetched?: ChangeInputs["fetched"],
  pageKinds?: ChangeInputs["pageKinds"],
): Promise<{ changeRequest: ChangeRequest; outcomes: AppliedChanges["outcomes"]; insertedFiles: string[] }> {
  return ctx.prisma.$transaction(
    async (tx) => {
      const { changeRequest, space } = await lockChangeRequestAndSpace(tx, changeRequestId);
      demandEditable(changeRequest, "be edited");
      if (space.editMode === "locked") throw conflict("space_locked", LOCKED_MESSAGE);
      const store = contentStore(ctx, tx);
      const current = await existingRevisionIndex(store, changeRequest.revisionId);
      await demandFreshEdits(store, changeRequest.spaceId, current, changes);
      const baseRevisionId = mergeBase(changeRequest);
      const revisions = new Map<string, RevisionIndex>();
      for (const change of changes) {
        if (change.operation !== "revert_page") continue;
        const id = change.revision ?? baseRevisionId;
        const index = revisions.has(id) ? undefined : await revisionIndex(store, id);
        // Only revisions of this space (another's is as unknown as a made-up ID).
        if (index && index.revision.spaceId === changeRequest.spaceId) revisions.set(id, index);
      }
      const applied = applyChanges(current, changes, ctx.clock.now(), { fetched, revisions, baseRevisionId, pageKinds });
      const { revision } = await writeRevision(store, {
        spaceId: changeRequest.spaceId,
        changeRequestId: changeRequest.id,
        parents: [changeRequest.revisionId],
        type: "edits",
        ...applied,
        appBase: ctx.baseUrl,
      });
      const updated = await tx.changeRequest.update({
        where: { id: changeRequest.id },
        data: {
          revisionId: revision.id,
          contributors: changeRequest.contributors.includes(ctx.actor.userId) ? undefined : { push: ctx.actor.userId },
        },
      });
      return { changeRequest: updated, outcomes: applied.outcomes, insertedFiles: applied.newFiles.map((file) => file.file.id) };
    },
    { timeout: 30_000 },
  );
}

export type MergeOutcome =
  | { result: "merge"; revision: string; changeRequest: ChangeRequest; searchCaughtUp: boolean }
  | { result: "conflicts"; revision: string; conflicts: Conflict[] };

/** `timeoutMs`: how long the merge's transaction may take (an import's merge of thousands of pages takes longer than an edit's). */
export async function mergeChangeRequest(ctx: ContentCommandDeps, changeRequestId: string, timeoutMs = 30_000): Promise<MergeOutcome> {
  const outcome = await ctx.prisma.$transaction(
    async (tx): Promise<MergeOutcome> => {
      // Merges into one space queue on its lock, each seeing the previous one's result.
      const { changeRequest, space } = await lockChangeRequestAndSpace(tx, changeRequestId);
      const spaceId = space.id;
      await demandMergeable(tx, { changeRequest, space, userId: ctx.actor.userId });
      const store = contentStore(ctx, tx);
      const [ours, theirs] = await Promise.all([existingRevisionIndex(store, space.revisionId), existingRevisionIndex(store, changeRequest.revisionId)]);
      const merge = { spaceId, changeRequestId: null, parents: [space.revisionId, changeRequest.revisionId], type: "merge" as const };
      let merged: RevisionIndex;
      if (mergeBase(changeRequest) === space.revisionId) {
        // The space has not moved since the change request's base: its content is the result.
        merged = await writeSameContent(store, theirs, merge);
      } else {
        const base = await existingRevisionIndex(store, mergeBase(changeRequest));
        const result = mergeContent(base, ours, theirs, await documentsToMerge(store, base, ours, theirs));
        if (result.conflicts.length) return { result: "conflicts", revision: changeRequest.revisionId, conflicts: result.conflicts };
        merged = await writeRevision(store, { ...merge, pages: result.pages, files: result.files, storedBodies: result.mergedBodies, appBase: ctx.baseUrl });
      }
      const revision = merged.revision;
      await tx.space.update({ where: { id: spaceId }, data: { revisionId: revision.id } });
      const pageChanges = await changedPages(store, spaceId, ours, merged);
      const indexNow = await indexesItself(tx, ctx, spaceId, space.revisionId, pageChanges.length);
      const updated = await tx.changeRequest.update({
        where: { id: changeRequest.id },
        data: { status: "merged", revisionMergedId: revision.id },
      });
      await ctx.webhooks.emit(tx, [...pageEvents(ctx, space, pageChanges), changeRequestEvent(ctx, "change_request.merged", space, updated)]);
      await queueGitSyncOfSpace(tx, ctx.jobs, spaceId);
      return { result: "merge", revision: revision.id, changeRequest: updated, searchCaughtUp: indexNow };
    },
    { timeout: timeoutMs },
  );
  if (outcome.result !== "merge") return outcome;
  // Committed: this process's Git Sync worker starts at once (other processes poll); the search index follows.
  ctx.jobs.wake(GIT_CONTINUOUS_JOB);
  return { ...outcome, searchCaughtUp: await searchAfterCommit(ctx, outcome.changeRequest.spaceId, outcome.searchCaughtUp) };
}

export type UpdateOutcome = { result: "update"; revision: string } | { result: "conflicts"; revision: string; conflicts: Conflict[] };

/** Brings the space's current content into the change request (the same merge, the other way). */
export async function updateChangeRequestFromMain(ctx: ContentCommandDeps, changeRequestId: string): Promise<UpdateOutcome> {
  return ctx.prisma.$transaction(
    async (tx): Promise<UpdateOutcome> => {
      const { changeRequest, space } = await lockChangeRequestAndSpace(tx, changeRequestId);
      demandEditable(changeRequest, "be updated");
      if (space.editMode === "locked") throw conflict("space_locked", LOCKED_MESSAGE);
      const baseId = mergeBase(changeRequest);
      if (space.revisionId === baseId) return { result: "update", revision: changeRequest.revisionId };
      if (changeRequest.revisionId === baseId) {
        // Nothing of its own yet: it simply moves to the space's content.
        await tx.changeRequest.update({ where: { id: changeRequest.id }, data: { revisionId: space.revisionId, revisionMergedAncestorId: space.revisionId } });
        return { result: "update", revision: space.revisionId };
      }
      const store = contentStore(ctx, tx);
      const [base, ours, theirs] = await Promise.all([
        existingRevisionIndex(store, baseId),
        existingRevisionIndex(store, space.revisionId),
        existingRevisionIndex(store, changeRequest.revisionId),
      ]);
      const merged = mergeContent(base, ours, theirs, await documentsToMerge(store, base, ours, theirs));
      if (merged.conflicts.length) return { result: "conflicts", revision: changeRequest.revisionId, conflicts: merged.conflicts };
      const { revision } = await writeRevision(store, {
        spaceId: changeRequest.spaceId,
        changeRequestId: changeRequest.id,
        parents: [changeRequest.revisionId, space.revisionId],
        type: "update",
        pages: merged.pages,
        files: merged.files,
        storedBodies: merged.mergedBodies,
        appBase: ctx.baseUrl,
      });
      await tx.changeRequest.update({ where: { id: changeRequest.id }, data: { revisionId: revision.id, revisionMergedAncestorId: space.revisionId } });
      return { result: "update", revision: revision.id };
    },
    { timeout: 30_000 },
  );
}

/** Imported pages, added after the existing top-level pages (or the sub-pages of `into`). */
const asInsertions = (pages: readonly ImportedPage[], into?: string): ContentChange[] =>
  pages.map((page) => ({ operation: "insert_page", title: page.title || "Untitled", document: { markdown: page.markdown }, ...(into ? { into } : {}) }));

/** How many imported pages one revision of a change request takes: an import's memory is one batch's, whatever its size. */
export const IMPORT_BATCH_PAGES = 50;

/**
 * Adds imported pages to a change request (under the page `into`), a revision per batch of 50; answers the last
 * revision and the pages' IDs, in the order given.
 */
export async function importIntoChangeRequest(
  ctx: ContentCommandDeps,
  changeRequestId: string,
  pages: readonly ImportedPage[],
  into?: string,
): Promise<{ revision: string; pageIds: string[] }> {
  let revision: string | undefined;
  const pageIds: string[] = [];
  for (let start = 0; start === 0 || start < pages.length; start += IMPORT_BATCH_PAGES) {
    const { changeRequest, outcomes } = await writeChangeRequestContent(
      ctx,
      changeRequestId,
      asInsertions(pages.slice(start, start + IMPORT_BATCH_PAGES), into),
    );
    revision = changeRequest.revisionId;
    // Each insertion touches its own page only, so the batch's outcomes are its pages in order.
    for (const [id, outcome] of outcomes) if (outcome.object === "created_page") pageIds.push(id);
  }
  return { revision: revision!, pageIds };
}

/**
 * Merges an import's change request: merging thousands of pages (their search index with them) takes longer than an
 * edit's merge, 30 s and 20 ms a page; what its transaction left in memory is released after, as after each batch.
 */
export async function mergeImport(ctx: ContentCommandDeps, changeRequestId: string, pages: number): Promise<MergeOutcome> {
  const merged = await mergeChangeRequest(ctx, changeRequestId, 30_000 + 20 * pages);
  releaseBatchMemory();
  return merged;
}

/** Adds imported pages straight to a space's content: a new revision of the space. */
export async function importIntoSpace(ctx: ContentCommandDeps, spaceId: string, imported: ImportedPage[]): Promise<string> {
  const revision = await ctx.prisma.$transaction(
    async (tx) => {
      const space = await lockSpace(tx, spaceId);
      if (space.editMode === "locked") throw conflict("space_locked", LOCKED_MESSAGE);
      const store = contentStore(ctx, tx);
      const current = await existingRevisionIndex(store, space.revisionId);
      const applied = applyChanges(current, asInsertions(imported), ctx.clock.now());
      const written = await writeRevision(store, {
        spaceId,
        changeRequestId: null,
        parents: [space.revisionId],
        type: "edits",
        ...applied,
        appBase: ctx.baseUrl,
      });
      await tx.space.update({ where: { id: spaceId }, data: { revisionId: written.revision.id } });
      const pageChanges = await changedPages(store, spaceId, current, written);
      await ctx.webhooks.emit(tx, pageEvents(ctx, space, pageChanges));
      await queueGitSyncOfSpace(tx, ctx.jobs, spaceId);
      return { id: written.revision.id, indexNow: await indexesItself(tx, ctx, spaceId, space.revisionId, pageChanges.length) };
    },
    { timeout: 30_000 },
  );
  ctx.jobs.wake(GIT_CONTINUOUS_JOB);
  await searchAfterCommit(ctx, spaceId, revision.indexNow);
  return revision.id;
}
