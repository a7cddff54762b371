// Turns `Authorization: Bearer <token>` into the Actor every policy works from,
// in one query (token, user and memberships).

import type { IncomingMessage } from "node:http";
import type { Clock } from "../clock";
import type { Db } from "../db/database";
import type { Actor } from "../http/actor";
import { unauthorized } from "../http/errors";
import type { ActorCache } from "./actor-cache";
import { recordUse } from "./last-use";
import { hashToken } from "./tokens";

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

const hashes = new WeakMap<IncomingMessage, string | undefined>();

/**
 * The hash of the request's bearer token (what tokens are stored and rate-limited by); undefined when it
 * has none. Computed once per request, however many parts (rate limit, authentication) ask.
 */
export function bearerTokenHash(req: IncomingMessage): string | undefined {
  if (hashes.has(req)) return hashes.get(req);
  const token = bearerToken(req.headers.authorization);
  const hash = token === undefined ? undefined : hashToken(token);
  hashes.set(req, hash);
  return hash;
}

/** The actor of an Authorization header, whose token's hash is `tokenHash` (bearerTokenHash). */
export async function authenticate(
  prisma: Db,
  header: string | undefined,
  tokenHash: string | undefined,
  options: { cache?: ActorCache; clock: Clock },
): Promise<Actor> {
  if (!header) throw unauthorized("unauthenticated", "Missing API token: send Authorization: Bearer <token>");
  if (!tokenHash) throw unauthorized("token_malformed", "Malformed Authorization header: expected Bearer <token>");
  let actor = options.cache?.get(tokenHash);
  if (!actor) {
    const generation = options.cache?.begin() ?? 0;
    actor = await loadActor(prisma, tokenHash);
    options.cache?.set(tokenHash, actor, generation);
  }
  const now = options.clock.now();
  // Checked on every request, cached identity or not: an expired token stops at once everywhere.
  if (actor.expiresAt && actor.expiresAt <= now) throw unauthorized("token_expired", "Expired API token: make a new one");
  // Most requests of a minute have nothing to record: no promise to wait for then.
  const recorded = recordUse(prisma, actor, now);
  if (recorded !== undefined) await recorded;
  return actor;
}

async function loadActor(prisma: Db, tokenHash: string): Promise<Actor> {
  const found = await prisma.apiToken.findUnique({
    where: { tokenHash },
    include: { user: { include: { memberships: { select: { organizationId: true, role: true, disabled: true } } } } },
  });
  if (!found || found.revokedAt) throw unauthorized("token_invalid", "Invalid API token: it is unknown or has been revoked");
  const { user } = found;
  return {
    userId: user.id,
    tokenId: found.id,
    user: { id: user.id, displayName: user.displayName, email: user.email, photoURL: user.photoURL, emailVerified: user.emailVerifiedAt !== null },
    orgRoles: new Map(user.memberships.filter((m) => !m.disabled).map((m) => [m.organizationId, m.role])),
    expiresAt: found.expiresAt,
    lastUsedAt: found.lastUsedAt,
  };
}
