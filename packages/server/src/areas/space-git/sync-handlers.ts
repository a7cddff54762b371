// A space's continuous Git Sync (src/git/continuous.ts): configured, read and deleted by the space's admins; the
// Git server's push webhook (no token: its signature with the sync's secret is the authorization) queues a sync.
import type { Schemas } from "@docstack/contract";
import { GIT_CONTINUOUS_JOB } from "../../commands/git-sync-after-write";
import { newId } from "../../db/ids";
import type { SpaceGitSync } from "../../generated/prisma/client";
import { hookSigned } from "../../git/hook-signature";
import { branchOf, parseRemote, projectDirectory } from "../../git/remote";
import { openSecrets, sealSecrets } from "../../git/sealed";
import type { RequestContext } from "../../http/context";
import { badRequest, notFound, unauthorized } from "../../http/errors";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { lockSpace } from "../../models/change-requests/store";
import { declareSecret, newSecret } from "../../secrets";

function statusOf(sync: SpaceGitSync): Schemas["GitSyncStatus"] {
  if (sync.conflictChangeRequestId) return "conflict";
  if (sync.syncFailures > 0) return "failing";
  return sync.syncedAt ? "synced" : "pending";
}

function serializeSync(ctx: RequestContext, sync: SpaceGitSync, webhookSecret?: string): Schemas["GitSync"] {
  return {
    object: "git-sync",
    url: sync.url,
    ref: sync.ref,
    projectDirectory: sync.projectDirectory,
    ...(sync.syncUsername ? { username: sync.syncUsername } : {}),
    status: statusOf(sync),
    ...(sync.syncedAt ? { lastSyncedAt: sync.syncedAt.toISOString() } : {}),
    ...(sync.commitId && sync.syncedAt ? { lastCommit: sync.commitId } : {}),
    ...(sync.syncError ? { error: sync.syncError } : {}),
    failures: sync.syncFailures,
    ...(sync.conflictChangeRequestId ? { conflictChangeRequestId: sync.conflictChangeRequestId } : {}),
    webhookURL: `${ctx.baseUrl}/v1/spaces/${sync.spaceId}/git/sync/hook`,
    ...(webhookSecret ? { webhookSecret } : {}),
  };
}

const hookRefused = () =>
  unauthorized("git_hook_signature_invalid", "The push webhook is not signed with the space's Git Sync secret (or the space has no Git Sync)");

/**
 * The push event: the JSON body, or a form's `payload` (GitHub's and Gitea's form content type), read from the bytes
 * whose signature was checked.
 */
function pushEvent(ctx: RequestContext, rawBody: Buffer, body: Schemas["GitPushHook"]): Schemas["GitPushHook"] {
  const type = String(ctx.headers["content-type"] ?? "")
    .split(";")[0]
    ?.trim()
    .toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return body;
  const payload = new URLSearchParams(rawBody.toString("utf8")).get("payload");
  if (payload === null) throw badRequest("invalid_request", "request/body must have required property 'payload'");
  try {
    const event = JSON.parse(payload) as Schemas["GitPushHook"] | null;
    if (event !== null && typeof event === "object" && !Array.isArray(event)) return event;
  } catch {
    // answered below
  }
  throw badRequest("invalid_json", "request/body/payload is not a JSON object (the push event)");
}

export const spaceGitSyncOperations = {
  getSpaceGitSync: defineOperation("getSpaceGitSync", {
    handle: async ({ ctx }, { space }) => {
      const sync = await ctx.prisma.spaceGitSync.findUnique({ where: { spaceId: space.id } });
      if (!sync?.syncEnabled) throw notFound("Git Sync of the space");
      return { status: 200, body: serializeSync(ctx, sync) };
    },
  }),
  configureSpaceGitSync: defineOperation("configureSpaceGitSync", {
    handle: async ({ ctx, body }, { space }) => {
      const remote = parseRemote(body.url, ctx.config.allowPrivateFetch);
      if (remote.credentials) throw badRequest("invalid_request", "request/body/url: give the credentials as username and password, not in the URL");
      const ref = `refs/heads/${branchOf(body.ref)}`;
      const folder = projectDirectory(body.projectDirectory);
      const credentials =
        body.password !== undefined || body.username !== undefined ? { username: body.username ?? "git", password: body.password ?? "" } : undefined;
      if (credentials?.password) declareSecret(credentials.password);
      const webhookSecret = newSecret(24, { encoding: "hex" });
      const sealed = await sealSecrets(ctx, { ...(credentials ? { credentials } : {}), webhookSecret });
      const now = ctx.clock.now();
      const sync = await ctx.prisma.$transaction(async (tx) => {
        await lockSpace(tx, space.id);
        const current = await tx.spaceGitSync.findUnique({ where: { spaceId: space.id } });
        // What was synced last is kept only for the same repository, branch and folder.
        const same = current && current.url === remote.url && current.ref === ref && current.projectDirectory === folder;
        const data = {
          url: remote.url,
          ref,
          projectDirectory: folder,
          syncEnabled: true,
          syncSecrets: sealed,
          syncUsername: credentials?.username ?? null,
          syncFailures: 0,
          syncError: same ? current.syncError : null,
          syncRetryAt: null,
          polledAt: null,
          ...(same ? {} : { commitId: null, revisionId: null, syncedAt: null, conflictChangeRequestId: null, conflictCommitId: null }),
        };
        // A new row's operation is the first sync, queued.
        const created = { direction: "import" as const, state: "running" as const, startedAt: now, actorId: ctx.actor.userId, operationId: newId() };
        const saved = await tx.spaceGitSync.upsert({
          where: { spaceId: space.id },
          create: { spaceId: space.id, ...created, ...data },
          update: { ...data, actorId: ctx.actor.userId },
        });
        await ctx.jobs.send(GIT_CONTINUOUS_JOB, { spaceId: space.id }, { tx, key: space.id });
        return saved;
      });
      ctx.jobs.wake(GIT_CONTINUOUS_JOB);
      return { status: 200, body: serializeSync(ctx, sync, webhookSecret) };
    },
  }),
  deleteSpaceGitSync: defineOperation("deleteSpaceGitSync", {
    handle: async ({ ctx }, { space }) => {
      await ctx.prisma.spaceGitSync.updateMany({
        where: { spaceId: space.id, syncEnabled: true },
        data: { syncEnabled: false, syncSecrets: null, syncUsername: null, syncRetryAt: null },
      });
      return { status: 204 };
    },
  }),
  receiveGitSyncHook: defineOperation("receiveGitSyncHook", {
    handle: async ({ ctx, params, body }) => {
      const sync = await ctx.prisma.spaceGitSync.findUnique({ where: { spaceId: params.spaceId } });
      if (!sync?.syncEnabled || !sync.syncSecrets || !ctx.rawBody) throw hookRefused();
      const { webhookSecret } = await openSecrets(ctx, sync.syncSecrets);
      if (!hookSigned(ctx.headers, ctx.rawBody, webhookSecret)) throw hookRefused();
      const { ref } = pushEvent(ctx, ctx.rawBody, body);
      // A push to another branch of the repository: nothing to do.
      if (typeof ref === "string" && ref !== sync.ref) return { status: 202, body: { queued: false } };
      await ctx.jobs.send(GIT_CONTINUOUS_JOB, { spaceId: sync.spaceId }, { key: sync.spaceId });
      return { status: 202, body: { queued: true } };
    },
  }),
} satisfies AreaOperations;
