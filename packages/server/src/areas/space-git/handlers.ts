// GitBook's Git Sync operations on a space: an import or export is checked (URL, branch, folder), recorded on the
// space's SpaceGitSync row as `running` and queued as a job (src/git/sync.ts) in one transaction; the answer is 204
// at once. One operation of a space runs at a time: another asked meanwhile is refused with 409.

import type { Schemas } from "@docstack/contract";
import { newId } from "../../db/ids";
import type { Prisma, Space } from "../../generated/prisma/client";
import { branchOf, parseRemote, projectDirectory } from "../../git/remote";
import { GIT_SYNC_JOB } from "../../git/sync";
import type { GitSyncRequest } from "../../git/types";
import type { RequestContext } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { lockSpace } from "../../models/change-requests/store";
import { serializeGitSync } from "./serialize";
import { spaceGitSyncOperations } from "./sync-handlers";

type Body = Schemas["ImportGitRepository"] | Schemas["ExportToGitRepository"];

/** A `running` operation older than this is taken as lost (its job gave up): a new one may replace it. */
const lostAfterMs = (ctx: RequestContext) => 2 * ctx.config.git.timeoutMs + 5 * 60_000;

async function queueOperation(ctx: RequestContext, space: Space, direction: "import" | "export", body: Body): Promise<{ status: 204 }> {
  const remote = parseRemote(body.url, ctx.config.allowPrivateFetch);
  const ref = `refs/heads/${branchOf(body.ref)}`;
  const folder = projectDirectory(body.repoProjectDirectory);
  const request: GitSyncRequest = {
    force: body.force ?? false,
    standalone: body.standalone ?? false,
    ...("commitMessage" in body ? { commitMessage: body.commitMessage } : {}),
    ...(remote.credentials ? { credentials: remote.credentials } : {}),
  };
  const now = ctx.clock.now();
  const operationId = newId();
  await ctx.prisma.$transaction(async (tx) => {
    // Requests for one space queue here: the check below sees the previous one's row.
    await lockSpace(tx, space.id);
    const current = await tx.spaceGitSync.findUnique({ where: { spaceId: space.id } });
    if (current?.state === "running" && now.getTime() - current.startedAt.getTime() < lostAfterMs(ctx)) {
      throw conflict("git_sync_running", `A Git ${current.direction} of this space is running: wait until GET /v1/spaces/${space.id}/git/info says it ended`);
    }
    // What was synced last stays known only for the same repository, branch and folder.
    const same = current && current.url === remote.url && current.ref === ref && current.projectDirectory === folder;
    const data = {
      url: remote.url,
      ref,
      projectDirectory: folder,
      treeUrl: body.repoTreeURL ?? null,
      commitUrl: body.repoCommitURL ?? null,
      direction,
      state: "running" as const,
      error: null,
      startedAt: now,
      endedAt: null,
      actorId: ctx.actor.userId,
      operationId,
      request: request as unknown as Prisma.InputJsonObject,
      commitId: same ? current.commitId : null,
      revisionId: same ? current.revisionId : null,
      changeRequestId: null,
      // Another repository, branch or folder replaces a continuous Git Sync of the space: it stops.
      ...(same ? {} : { syncEnabled: false, syncSecrets: null, syncUsername: null, conflictChangeRequestId: null, conflictCommitId: null }),
    };
    await tx.spaceGitSync.upsert({ where: { spaceId: space.id }, create: { spaceId: space.id, ...data }, update: data });
    await ctx.jobs.send(GIT_SYNC_JOB, { spaceId: space.id, operationId }, { tx });
  });
  ctx.jobs.wake(GIT_SYNC_JOB);
  return { status: 204 };
}

export const spaceGitOperations = {
  ...spaceGitSyncOperations,
  importGitRepository: defineOperation("importGitRepository", {
    handle: ({ ctx, body }, { space }) => queueOperation(ctx, space, "import", body),
  }),
  exportToGitRepository: defineOperation("exportToGitRepository", {
    handle: ({ ctx, body }, { space }) => queueOperation(ctx, space, "export", body),
  }),
  getSpaceGitInfo: defineOperation("getSpaceGitInfo", {
    handle: async ({ ctx }, { space }) => {
      const sync = await ctx.prisma.spaceGitSync.findUnique({ where: { spaceId: space.id } });
      if (!sync) throw notFound("Git Sync of the space");
      return { status: 200, body: serializeGitSync(sync, ctx.config.git.timeoutMs) };
    },
  }),
} satisfies AreaOperations;
