// Importing a branch into a space: the branch's last commit is cloned, the files under the project folder read, and
// the space's content replaced by them (importRepository: a change request, merged unless `standalone`). The same
// commit imported onto the revision it made is not imported again, unless forced.
import { importRepository } from "../commands/import-repository";
import type { SpaceGitSync } from "../generated/prisma/client";
import { actorOf } from "./actor";
import { repoNameOf } from "./remote";
import { cloneBranch, type GitSession, inTemporaryRepository, readFolder, remoteHead, treeFiles } from "./repository";
import { type GitSyncDeps, GitSyncFailure, type GitSyncOutcome, type GitSyncRequest } from "./types";

export async function importBranch(deps: GitSyncDeps, sync: SpaceGitSync, request: GitSyncRequest, session: GitSession): Promise<GitSyncOutcome> {
  const head = await remoteHead(session, false);
  if (!head) throw new GitSyncFailure(`the repository has no branch ${session.branch}`);
  const space = await deps.prisma.space.findUniqueOrThrow({ where: { id: sync.spaceId }, select: { revisionId: true } });
  if (!request.force && !request.standalone && sync.commitId === head && sync.revisionId === space.revisionId) {
    return { commitId: head, revisionId: space.revisionId };
  }
  const actor = await actorOf(deps, sync);
  return inTemporaryRepository(async (dir) => {
    const commit = await cloneBranch(session, dir);
    const files = await readFolder(session, dir, await treeFiles(dir, commit), sync.projectDirectory);
    if (!files.size) throw new GitSyncFailure(`the branch ${session.branch} has no files${sync.projectDirectory ? ` under ${sync.projectDirectory}` : ""}`);
    const outcome = await importRepository(actor.ctx, {
      spaceId: sync.spaceId,
      files,
      subject: `Import from ${repoNameOf(sync.url)} (${session.branch} at ${commit.slice(0, 7)})`,
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
