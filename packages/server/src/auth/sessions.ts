// The app's browser sessions: a secret in an HttpOnly cookie, stored as an API token row of origin
// `session` (so revocation, the actor cache and last use work as they do for tokens), but read only
// from that cookie, never from a header or the query string; and an API token is never read from a
// cookie. Writes made with the cookie must echo the session's CSRF token in a header: another site can
// make a browser send the cookie, never read the CSRF cookie nor set a header.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Db } from "../db/database";
import { newId } from "../db/ids";
import { newSecret } from "../secrets";
import { hashToken } from "./tokens";

export const SESSION_PREFIX = "dss_";
export const SESSION_ORIGIN = "session" as const;
export const CSRF_HEADER = "x-csrf-token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** How long a session lives: `idleMs` past its last use, never past `maxMs` after it started. */
export interface SessionLifetime {
  idleMs: number;
  maxMs: number;
}

/** The cookies' names: behind HTTPS the `__Host-` prefix, which browsers only accept Secure, host-only and on `/`. */
export function cookieNames(secure: boolean) {
  const prefix = secure ? "__Host-" : "";
  return { session: `${prefix}docstack_session`, csrf: `${prefix}docstack_csrf` };
}

/** One cookie's value from a Cookie header (the last of that name wins nowhere: the first is taken, as browsers send the most specific first). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The CSRF token of a session: derived from its secret, so nothing more is stored and only its holder can compute it. */
export const csrfTokenOf = (sessionSecret: string) => createHash("sha256").update(`docstack-csrf:${sessionSecret}`).digest("base64url");

/** Whether a request made with the session may go on: reads always; writes only with the session's CSRF token in the header. */
export function csrfSatisfied(req: IncomingMessage, sessionSecret: string): boolean {
  if (SAFE_METHODS.has(req.method ?? "GET")) return true;
  const given = req.headers[CSRF_HEADER];
  if (typeof given !== "string") return false;
  const expected = Buffer.from(csrfTokenOf(sessionSecret));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** When a session used at `now` ends: its idle lifetime from now, within its maximum. */
export const slidExpiry = (createdAt: Date, now: Date, lifetime: SessionLifetime) =>
  new Date(Math.min(now.getTime() + lifetime.idleMs, createdAt.getTime() + lifetime.maxMs));

/** `ssoOrganizationId`: the organization whose SAML sign-in starts it (auth/sso-enforcement.ts). */
export async function startSession(prisma: Db, userId: string, device: string, now: Date, lifetime: SessionLifetime, ssoOrganizationId: string | null = null) {
  const secret = newSecret(32, { prefix: SESSION_PREFIX });
  const id = newId();
  const row = await prisma.apiToken.create({
    data: {
      id,
      userId,
      tokenHash: hashToken(secret),
      label: device.slice(0, 200),
      origin: SESSION_ORIGIN,
      createdAt: now,
      expiresAt: slidExpiry(now, now, lifetime),
      ssoOrganizationId,
    },
  });
  return { secret, row };
}

/** The Set-Cookie values that start a session (or, with `secret` null, clear its cookies). */
export function sessionCookies(secret: string | null, secure: boolean, maxAgeSeconds: number): string[] {
  const names = cookieNames(secure);
  const common = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}; Max-Age=${secret ? maxAgeSeconds : 0}`;
  return [`${names.session}=${secret ?? ""}; HttpOnly; ${common}`, `${names.csrf}=${secret ? csrfTokenOf(secret) : ""}; ${common}`];
}
