// `Idempotency-Key` on POSTs: a retried create answers what the first request answered, without
// doing the work twice. Keys are per token and kept in the database (every instance sees them) for
// 24 hours; the request they were first sent with is remembered as a fingerprint of its operation,
// parameters and body. Only a completed request's JSON answer is replayed: a failure releases the
// key, so retrying a request that failed runs it again.
import { createHash } from "node:crypto";
import type { Request } from "express";
import type { Clock } from "../clock";
import type { Db } from "../db/database";
import type { Prisma } from "../generated/prisma/client";
import type { RequestContext } from "../http/context";
import { conflict } from "../http/errors";

/** How long a key is remembered; the purge job deletes older ones. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const REPLAYED_HEADER = "Idempotent-Replayed";

interface Outcome {
  status: number;
  body?: unknown;
}

interface Claim {
  tokenId: string;
  key: string;
  fingerprint: string;
}

/**
 * The key of a POST sent with one, by a token (a request without a token has nobody to scope its
 * key to: its header is ignored). The contract validated the header (visible ASCII, 1 to 255).
 */
export function idempotencyClaim(req: Request, ctx: RequestContext, operationId: string, request: { params: unknown; query: unknown; body: unknown }) {
  const key = req.method === "POST" ? req.get("Idempotency-Key") : undefined;
  if (!key || !ctx.actor) return undefined;
  const fingerprint = createHash("sha256")
    .update(JSON.stringify([operationId, request.params, request.query, request.body ?? null]))
    .digest("base64url");
  return { tokenId: ctx.actor.tokenId, key, fingerprint };
}

/**
 * Runs `perform` once per claim: a request repeating a completed one gets its answer (`replayed`),
 * one still in progress or sent with another request's key a 409 naming why.
 */
export async function idempotently<R extends Outcome>(
  ctx: Pick<RequestContext, "prisma" | "clock">,
  claim: Claim,
  perform: () => Promise<R>,
): Promise<R | (Outcome & { replayed: true })> {
  const earlier = await claimKey(ctx.prisma, ctx.clock, claim);
  if (earlier) {
    if (earlier.fingerprint !== claim.fingerprint) {
      throw conflict(
        "idempotency_key_reused",
        `Idempotency-Key "${claim.key}" was first sent with another request (operation, parameters or body): use a new key for a new request`,
      );
    }
    if (earlier.status === null)
      throw conflict("idempotency_key_in_progress", `A request with Idempotency-Key "${claim.key}" is still in progress: retry once it has completed`);
    return { status: earlier.status, ...(earlier.body === null ? {} : { body: earlier.body }), replayed: true };
  }
  const where = { tokenId: claim.tokenId, key: claim.key };
  let result: R;
  try {
    result = await perform();
  } catch (error) {
    await ctx.prisma.idempotencyKey.deleteMany({ where });
    throw error;
  }
  // A raw answer (bytes) is not kept: a retry runs again.
  if ("raw" in result) await ctx.prisma.idempotencyKey.deleteMany({ where });
  else
    await ctx.prisma.idempotencyKey.updateMany({
      where,
      data: { status: result.status, ...("body" in result ? { body: result.body as Prisma.InputJsonValue } : {}) },
    });
  return result;
}

/** Claims the key (undefined), or answers the request that holds it. */
async function claimKey(prisma: Db, clock: Clock, claim: Claim) {
  const now = clock.now();
  const expired = new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS);
  await prisma.idempotencyKey.deleteMany({ where: { tokenId: claim.tokenId, key: claim.key, createdAt: { lt: expired } } });
  // The earlier request may fail, releasing the key, between our insert and our read: claim again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const { count } = await prisma.idempotencyKey.createMany({ data: [{ ...claim, createdAt: now }], skipDuplicates: true });
    if (count === 1) return undefined;
    const earlier = await prisma.idempotencyKey.findUnique({ where: { tokenId_key: { tokenId: claim.tokenId, key: claim.key } } });
    if (earlier) return earlier;
  }
  throw conflict("idempotency_key_in_progress", `A request with Idempotency-Key "${claim.key}" is still in progress: retry once it has completed`);
}

/** Deletes the keys older than their lifetime; returns how many. */
export async function purgeIdempotencyKeys(prisma: Db, clock: Clock): Promise<number> {
  const expired = new Date(clock.now().getTime() - IDEMPOTENCY_KEY_LIFETIME_MS);
  return (await prisma.idempotencyKey.deleteMany({ where: { createdAt: { lt: expired } } })).count;
}
