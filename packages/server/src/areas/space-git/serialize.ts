// A space's Git Sync row as GitBook's GitSyncState (Docstack has no provider installations: the space's ID stands
// for one), with Docstack's additions (the repository's URL without credentials, the branch, the commit).
import type { Schemas } from "@docstack/contract";
import type { SpaceGitSync } from "../../generated/prisma/client";
import { providerOf, repoNameOf } from "../../git/remote";

export function serializeGitSync(sync: SpaceGitSync, operationTimeoutMs: number): Schemas["GitSyncState"] {
  const succeeded = sync.state === "success";
  return {
    installationId: sync.spaceId,
    installationProvider: providerOf(sync.url),
    installationStatus: "active",
    repoName: repoNameOf(sync.url),
    repoURL: sync.url,
    ref: sync.ref,
    repoProjectDirectory: sync.projectDirectory,
    ...(sync.treeUrl ? { url: sync.treeUrl } : {}),
    operation: {
      state: sync.state,
      direction: sync.direction,
      startedAt: sync.startedAt.toISOString(),
      ...(sync.endedAt ? { endedAt: sync.endedAt.toISOString() } : {}),
      ...(sync.error ? { error: sync.error } : {}),
      ...(succeeded && sync.commitId ? { commitId: sync.commitId } : {}),
      ...(succeeded && sync.commitId && sync.commitUrl ? { commitURL: `${sync.commitUrl}${sync.commitId}` } : {}),
      ...(sync.changeRequestId ? { changeRequestId: sync.changeRequestId } : {}),
    },
    operationTimeout: operationTimeoutMs,
    updatedAt: sync.updatedAt.toISOString(),
  };
}
