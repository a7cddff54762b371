// Importing a branch into a space: the branch's last commit is cloned, the files under the project folder read, and
// the space's content replaced by them (importRepository: a change request, merged unless `standalone`). The same
// commit imported onto the revision it made is not imported again, unless forced.
import { importRepository } from "../commands/import-repository";
import { importRepositoryChanges } from "../commands/import-repository-changes";
import type { SpaceGitSync } from "../generated/prisma/client";
import { actorOf } from "./actor";
import { repoNameOf } from "./remote";
import { cloneBranch, type GitSession, inTemporaryRepository, readFolder, remoteHead, treeFiles } from "./repository";
import { type GitSyncDeps, GitSyncFailure, type GitSyncOutcome, type GitSyncRequest } from "./types";

/** The branch's last commit, cloned into `dir`, and its files under the project folder. */
async function readBranch(session: GitSession, dir: string, sync: SpaceGitSync): Promise<{ commit: string; files: Map<string, Buffer> }> {
  const commit = await cloneBranch(session, dir);
  const files = await readFolder(session, dir, await treeFiles(dir, commit), sync.projectDirectory);
  if (!files.size) throw new GitSyncFailure(`the branch ${session.branch} has no files${sync.projectDirectory ? ` under ${sync.projectDirectory}` : ""}`);
  return { commit, files };
}

const subjectOf = (sync: SpaceGitSync, session: GitSession, commit: string) =>
  `Import from ${repoNameOf(sync.url)} (${session.branch} at ${commit.slice(0, 7)})`;

export async function importBranch(deps: GitSyncDeps, sync: SpaceGitSync, request: GitSyncRequest, session: GitSession): Promise<GitSyncOutcome> {
  const head = await remoteHead(session, false);
  if (!head) throw new GitSyncFailure(`the repository has no branch ${session.branch}`);
  const space = await deps.prisma.space.findUniqueOrThrow({ where: { id: sync.spaceId }, select: { revisionId: true } });
  if (!request.force && !request.standalone && sync.commitId === head && sync.revisionId === space.revisionId) {
    return { commitId: head, revisionId: space.revisionId };
  }
  const actor = await actorOf(deps, sync);
  return inTemporaryRepository(async (dir) => {
    const { commit, files } = await readBranch(session, dir, sync);
    const outcome = await importRepository(actor.ctx, {
      spaceId: sync.spaceId,
      files,
      subject: subjectOf(sync, session, commit),
      merge: !request.standalone,
    });
    // As a request's write does: every instance drops what it cached of the space.
    await deps.changes.writeCommitted();
    const changeRequestId = outcome.changeRequest.id;
    if (outcome.result === "conflicts") {
      return {
        changeRequestId,
        importedCommitId: commit,
        error: `the space changed during the import: its change request #${outcome.changeRequest.number} is left open with its conflicts`,
      };
    }
    // A standalone import leaves the space as it was: nothing is synced.
    if (outcome.result === "open") return { changeRequestId, importedCommitId: commit };
    return { commitId: commit, revisionId: outcome.revision, changeRequestId };
  });
}

/**
 * What the branch changed since the space's `baseRevisionId` (the last sync), imported page by page and merged into
 * the space (importRepositoryChanges): `error` and an open change request when a page changed on both sides;
 * `unchanged` when the branch changed no page of it.
 */
export async function importBranchChanges(
  deps: GitSyncDeps,
  sync: SpaceGitSync,
  baseRevisionId: string,
  session: GitSession,
): Promise<GitSyncOutcome & { unchanged?: boolean }> {
  const actor = await actorOf(deps, sync);
  return inTemporaryRepository(async (dir) => {
    const { commit, files } = await readBranch(session, dir, sync);
    const outcome = await importRepositoryChanges(actor.ctx, { spaceId: sync.spaceId, files, baseRevisionId, subject: subjectOf(sync, session, commit) });
    if (outcome.result === "unchanged") return { importedCommitId: commit, unchanged: true };
    await deps.changes.writeCommitted();
    const changeRequestId = outcome.changeRequest.id;
    if (outcome.result === "conflicts") {
      const pages = outcome.conflicts.map((conflict) => conflict.page.path).join(", ");
      return { changeRequestId, importedCommitId: commit, error: `the branch and the space both changed ${pages}` };
    }
    if (outcome.result === "open") return { changeRequestId, importedCommitId: commit };
    return { commitId: commit, revisionId: outcome.revision, changeRequestId, importedCommitId: commit };
  });
}
