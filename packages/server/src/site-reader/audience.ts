// What a reader may see of a site: the one place that decides it, on every request and
// before any cached answer. Its key is part of every cache key of rendered pages, so two
// readers who may see different things never share an answer; the key holds what
// decides visibility (which of the site's conditions hold, and a digest of that list of
// conditions, so that a key means the same on every site and every version of one: the
// renderer shares views of a space's pages by it), never a key, token or claim.
//
// - `public` and `unlisted` sites: anyone.
// - `share-link` sites: a reader holding the key of an active share link; anyone else
//   gets the 404 of an unknown site.
// - `visitor-auth` sites: a reader holding a JWT signed with the site's key (HS256 only,
//   `exp` required, CLOCK_TOLERANCE_SECONDS of skew); anyone else is sent to sign in.
// - Adaptive content: sections, site spaces and pages with a `condition` are shown when it
//   holds for the reader's claims: the verified JWT's claims, and under `unsigned` the boolean
//   claims the reader set themself, limited to the adaptive schema's `unsigned` ones.
import { createHash } from "node:crypto";
import type { Audience } from "@docstack/sites";
import { conditionHolds } from "../content/format/conditions";
import type { Site } from "../generated/prisma/client";

/** Query parameters of a site's URLs that carry secrets: redacted in request logs, never in links. */
export const SITE_URL_SECRETS = ["shareKey", "jwt_token"];
/** Skew tolerated between the signer's clock and ours when checking `exp` and `nbf`. */
export const CLOCK_TOLERANCE_SECONDS = 60;
/** jose is an ES module only: loaded once, when the first token is checked. */
let jose: Promise<typeof import("jose", { with: { "resolution-mode": "import" }})> | undefined;
/** Longer tokens are refused unread. */
const MAX_TOKEN_LENGTH = 8192;

/** What a reader brings: from the URL, cookies, or the body of `POST /v1/urls/published`. */
export interface ReaderCredentials {
  shareKey?: string | undefined;
  visitorToken?: string | undefined;
  /** Claims the reader sets unsigned (`visitor.<name>=`); only the adaptive schema's booleans are kept. */
  unsignedClaims?: Record<string, unknown>;
}

/** What the audience needs to know of a site (loaded with its snapshot, read again after every write). */
export interface AudienceFacts {
  site: Pick<Site, "published" | "visibility" | "adaptiveContent" | "adaptiveSchema" | "visitorAuthKey" | "visitorAuthFallbackUrl">;
  /** SHA-256 hashes (hex) of the keys of the site's active share links. */
  shareKeyHashes: ReadonlySet<string>;
  /** Every distinct condition of the site's sections, site spaces and their spaces' pages, in a fixed order. */
  conditions: readonly string[];
}

export type AudienceDecision =
  /** The reader may read: what they see, and the credentials worth keeping (verified ones only). */
  | { kind: "reader"; audience: Audience; keep: ReaderCredentials & { visitorTokenExpires?: number } }
  /** Nothing here for this reader: the 404 of an unknown site. */
  | { kind: "hidden" }
  /** A visitor-auth site without a valid token: to its fallback URL, or a 401 page. */
  | { kind: "sign-in"; fallbackURL?: string };

export const hashShareKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** What this reader may see of the site. */
export async function audienceFor(facts: AudienceFacts, credentials: ReaderCredentials, now: Date): Promise<AudienceDecision> {
  const { site } = facts;
  if (!site.published) return { kind: "hidden" };
  const keep: ReaderCredentials & { visitorTokenExpires?: number } = {};
  if (site.visibility === "share_link") {
    const key = credentials.shareKey;
    if (!key || key.length > 256 || !facts.shareKeyHashes.has(hashShareKey(key))) return { kind: "hidden" };
    keep.shareKey = key;
  } else if (site.visibility !== "public" && site.visibility !== "unlisted" && site.visibility !== "visitor_auth") {
    return { kind: "hidden" };
  }
  const verified = await verifiedClaims(site.visitorAuthKey, credentials.visitorToken, now);
  if (site.visibility === "visitor_auth" && !verified) {
    return site.visitorAuthFallbackUrl ? { kind: "sign-in", fallbackURL: site.visitorAuthFallbackUrl } : { kind: "sign-in" };
  }
  if (verified) {
    keep.visitorToken = credentials.visitorToken;
    keep.visitorTokenExpires = verified.exp;
  }
  const unsigned = unsignedClaimsOf(site.adaptiveSchema, credentials.unsignedClaims);
  if (Object.keys(unsigned).length) keep.unsignedClaims = unsigned;
  return { kind: "reader", audience: adaptiveAudience(facts, verified?.claims ?? {}, unsigned), keep };
}

/** What a reader with no claims sees of the site, whatever its visibility (the API's site search searches that). */
export const readerWithoutClaims = (facts: AudienceFacts): Audience => adaptiveAudience(facts, {}, {});

/** The audience of these claims: its key names which of the site's conditions hold for them. */
function adaptiveAudience(facts: AudienceFacts, signed: Record<string, unknown>, unsigned: Record<string, boolean>): Audience {
  if (!facts.site.adaptiveContent || facts.conditions.length === 0) return { key: "reader", admits: () => true };
  // Unsigned claims live under `unsigned` only: a signed claim of that name is dropped, so
  // nothing the reader sets can stand for a signed claim.
  const { unsigned: _dropped, ...signedClaims } = signed;
  const context = { visitor: { claims: { ...signedClaims, unsigned } } };
  const holds = new Map(facts.conditions.map((condition) => [condition, conditionHolds(condition, context)]));
  return {
    key: `adaptive:${digestOf(facts.conditions)}:${facts.conditions.map((condition) => (holds.get(condition) ? "1" : "0")).join("")}`,
    admits: (condition) => !condition || holds.get(condition) === true,
  };
}

/** A digest of a site's list of conditions (made once per list: a snapshot's list is shared by its requests). */
const digests = new WeakMap<readonly string[], string>();
function digestOf(conditions: readonly string[]): string {
  let digest = digests.get(conditions);
  if (digest === undefined) {
    digest = createHash("sha256").update(JSON.stringify(conditions)).digest("base64url").slice(0, 22);
    digests.set(conditions, digest);
  }
  return digest;
}

/** The claims of a token signed with the site's key (HS256), unexpired; undefined for anything else. */
async function verifiedClaims(key: string | null, token: string | undefined, now: Date): Promise<{ claims: Record<string, unknown>; exp: number } | undefined> {
  if (!key || !token || token.length > MAX_TOKEN_LENGTH) return undefined;
  jose ??= import("jose");
  const { errors, jwtVerify } = await jose;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(key), {
      algorithms: ["HS256"],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ["exp"],
      currentDate: now,
    });
    return { claims: payload as Record<string, unknown>, exp: payload.exp! };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
    throw error;
  }
}

/** The reader's unsigned claims the site's adaptive schema declares (booleans only). */
function unsignedClaimsOf(schema: unknown, claims: Record<string, unknown> | undefined): Record<string, boolean> {
  const declared = (schema as { properties?: { unsigned?: { properties?: Record<string, unknown> } } } | null)?.properties?.unsigned?.properties;
  const kept: Record<string, boolean> = {};
  if (!declared || !claims) return kept;
  for (const [name, value] of Object.entries(claims)) {
    if (Object.hasOwn(declared, name) && typeof value === "boolean") kept[name] = value;
  }
  return kept;
}
