// Turns a request's credential into the Actor every policy works from, in one query (token, user and
// memberships): `Authorization: Bearer <token>` (an API token, or a site's content token, checked by
// its signature alone: auth/content-tokens.ts), or else the app's session cookie (auth/sessions.ts).
// Each is read from its one place only: a session never from a header or the query string, an API
// token or a content token never from a cookie.

import type { IncomingMessage } from "node:http";
import type { Clock } from "../clock";
import type { Db } from "../db/database";
import type { Actor } from "../http/actor";
import { ApiError, unauthorized } from "../http/errors";
import type { ActorCache } from "./actor-cache";
import { type ContentTokens, isContentToken } from "./content-tokens";
import { recordUse } from "./last-use";
import { cookieNames, csrfSatisfied, readCookie, SESSION_ORIGIN, type SessionLifetime } from "./sessions";
import { countsUnderSso } from "./sso-enforcement";
import { hashToken } from "./tokens";

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

/** Whether the request came over HTTPS (directly or through a trusted proxy), so cookies are `__Host-` and Secure. */
export const isSecure = (req: IncomingMessage) => (req as IncomingMessage & { secure?: boolean }).secure === true;

/** The session cookie's value: the `__Host-` one behind HTTPS (no other host or path can have set it), the plain one otherwise. */
export const sessionSecret = (req: IncomingMessage) => readCookie(req.headers.cookie, cookieNames(isSecure(req)).session);

const hashes = new WeakMap<IncomingMessage, string | undefined>();

/**
 * The hash of the request's credential (what tokens and sessions are stored and rate-limited by): its bearer
 * token when it has an Authorization header, its session cookie otherwise; undefined with neither. Computed
 * once per request, however many parts (rate limit, authentication) ask.
 */
export function credentialHash(req: IncomingMessage): string | undefined {
  if (hashes.has(req)) return hashes.get(req);
  const secret = req.headers.authorization !== undefined ? bearerToken(req.headers.authorization) : sessionSecret(req);
  const hash = secret === undefined ? undefined : hashToken(secret);
  hashes.set(req, hash);
  return hash;
}

export interface AuthenticationOptions {
  cache?: ActorCache;
  clock: Clock;
  sessions: SessionLifetime;
  contentTokens: ContentTokens;
}

/** The actor of the request's credential (see credentialHash). */
export async function authenticate(prisma: Db, req: IncomingMessage, options: AuthenticationOptions): Promise<Actor> {
  const header = req.headers.authorization;
  const tokenHash = credentialHash(req);
  if (header !== undefined) {
    if (!tokenHash) throw unauthorized("token_malformed", "Malformed Authorization header: expected Bearer <token>");
    const bearer = bearerToken(header) as string;
    if (isContentToken(bearer)) return contentActor(bearer, tokenHash, options);
    const actor = await actorOf(prisma, tokenHash, options);
    if (!actor || actor.session) throw unauthorized("token_invalid", "Invalid API token: it is unknown or has been revoked");
    if (actor.expiresAt && actor.expiresAt <= options.clock.now()) throw unauthorized("token_expired", "Expired API token: make a new one");
    await used(prisma, actor, options);
    return actor;
  }
  const secret = sessionSecret(req);
  if (!tokenHash || secret === undefined) {
    throw unauthorized("unauthenticated", "Missing API token: send Authorization: Bearer <token> (or sign in to the app at /app/)");
  }
  const actor = await actorOf(prisma, tokenHash, options);
  if (!actor?.session) throw unauthorized("session_invalid", "Invalid session: it has ended or is unknown; sign in again");
  if (actor.expiresAt && actor.expiresAt <= options.clock.now()) throw unauthorized("session_expired", "Expired session: sign in again");
  if (!csrfSatisfied(req, secret)) {
    throw new ApiError("csrf_token_invalid", "A write made with the session cookie must send the docstack_csrf cookie's value in the X-CSRF-Token header");
  }
  await used(prisma, actor, options);
  return actor;
}

/** The actor of a site's content token: no user, no role, the spaces it names (policy/content-token.ts). */
async function contentActor(token: string, tokenHash: string, options: AuthenticationOptions): Promise<Actor> {
  const checked = await options.contentTokens.check(token, options.clock.now());
  if (!checked.ok) {
    throw checked.reason === "content_token_expired"
      ? unauthorized(checked.reason, "Expired content token: resolve the published URL again for a new one")
      : unauthorized(checked.reason, "Invalid content token: it was modified, or not signed by this server");
  }
  const { siteId } = checked.scope;
  const now = options.clock.now();
  return {
    userId: `content-token:${siteId}`,
    tokenId: tokenHash,
    session: false,
    user: { id: `content-token:${siteId}`, displayName: "Site content token", email: "", photoURL: null, emailVerified: false },
    orgRoles: new Map(),
    expiresAt: checked.expiresAt,
    lastUsedAt: now,
    createdAt: now,
    contentScope: checked.scope,
  };
}

async function actorOf(prisma: Db, tokenHash: string, options: AuthenticationOptions): Promise<Actor | undefined> {
  let actor = options.cache?.get(tokenHash);
  if (!actor) {
    const generation = options.cache?.begin() ?? 0;
    actor = await loadActor(prisma, tokenHash);
    if (actor) options.cache?.set(tokenHash, actor, generation);
  }
  return actor;
}

async function used(prisma: Db, actor: Actor, options: AuthenticationOptions): Promise<void> {
  // Most requests of a minute have nothing to record: no promise to wait for then.
  const recorded = recordUse(prisma, actor, options.clock.now(), options.sessions);
  if (recorded !== undefined) await recorded;
}

async function loadActor(prisma: Db, tokenHash: string): Promise<Actor | undefined> {
  const found = await prisma.apiToken.findUnique({
    where: { tokenHash },
    include: { user: { include: { memberships: { select: { organizationId: true, role: true, disabled: true, organization: { select: { sso: true } } } } } } },
  });
  if (!found || found.revokedAt) return undefined;
  const { user } = found;
  return {
    userId: user.id,
    tokenId: found.id,
    session: found.origin === SESSION_ORIGIN,
    user: { id: user.id, displayName: user.displayName, email: user.email, photoURL: user.photoURL, emailVerified: user.emailVerifiedAt !== null },
    orgRoles: new Map(
      user.memberships
        .filter((m) => !m.disabled && countsUnderSso(found, { id: m.organizationId, sso: m.organization.sso }))
        .map((m) => [m.organizationId, m.role]),
    ),
    expiresAt: found.expiresAt,
    lastUsedAt: found.lastUsedAt,
    createdAt: found.createdAt,
    ssoOrganizationId: found.ssoOrganizationId,
  };
}
