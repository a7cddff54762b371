// A site's content tokens: the `apiToken` of a resolved published URL (GitBook's
// `PublishedSiteContent`), with which a site renderer reads that site's content through the API.
// A JWT (HS256) under the server's signing secrets, for minutes: it names the site, its
// organization and the spaces its reader may see, and no user. Nothing is stored: it is checked
// by its signature and expiry alone, and policies grant it reads of those spaces only
// (policy/content-token.ts). Read from the Authorization header only (auth/authenticate.ts).
import { declareSecret } from "../secrets";
import type { SigningKeys } from "../signing";

/** What a content token may read: spaces of one site. */
export interface ContentScope {
  organizationId: string;
  siteId: string;
  spaceIds: ReadonlySet<string>;
}

export type ContentTokenCheck = { ok: true; scope: ContentScope; expiresAt: Date } | { ok: false; reason: "content_token_expired" | "content_token_invalid" };

/** jose is an ES module only: loaded once, when the first token is made or checked. */
let jose: Promise<typeof import("jose", { with: { "resolution-mode": "import" }})> | undefined;
const loadJose = () => {
  jose ??= import("jose");
  return jose;
};

/** What only these tokens carry: no other JWT the server sees (a site visitor's) can pass for one. */
const AUDIENCE = "docstack:site-content";
const ISSUER = "docstack";
/** A JWT's three base64url segments, the header a JSON object (`eyJ`): never the shape of an API token (`dst_…`). */
const JWT_SHAPE = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Longer tokens are refused unread (a site of many spaces stays far below). */
const MAX_LENGTH = 8192;

/** Whether a bearer token is shaped as a content token (then only a content token's check applies). */
export const isContentToken = (token: string) => JWT_SHAPE.test(token);

export class ContentTokens {
  private readonly keys: Uint8Array[];

  constructor(
    signing: SigningKeys,
    /** How long a token lives. */
    private readonly lifetimeMs: number,
  ) {
    this.keys = signing.keys.map((key) => new TextEncoder().encode(key));
  }

  async mint(scope: ContentScope, now: Date): Promise<string> {
    const { SignJWT } = await loadJose();
    const issuedAt = Math.floor(now.getTime() / 1000);
    const token = await new SignJWT({ org: scope.organizationId, spaces: [...scope.spaceIds] })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(scope.siteId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + Math.ceil(this.lifetimeMs / 1000))
      .sign(this.keys[0] as Uint8Array);
    return declareSecret(token);
  }

  /** The token's scope, or why it is refused; every signing key verifies (a rotated secret's tokens live out their minutes). */
  async check(token: string, now: Date): Promise<ContentTokenCheck> {
    if (token.length > MAX_LENGTH || !isContentToken(token)) return { ok: false, reason: "content_token_invalid" };
    const { errors, jwtVerify } = await loadJose();
    let expired = false;
    for (const key of this.keys) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ["exp", "sub"],
          currentDate: now,
        });
        const scope = scopeOf(payload);
        if (!scope || payload.exp === undefined) return { ok: false, reason: "content_token_invalid" };
        return { ok: true, scope, expiresAt: new Date(payload.exp * 1000) };
      } catch (error) {
        if (error instanceof errors.JWTExpired) expired = true;
        else if (!(error instanceof errors.JOSEError || error instanceof TypeError)) throw error;
      }
    }
    return { ok: false, reason: expired ? "content_token_expired" : "content_token_invalid" };
  }
}

function scopeOf(payload: Record<string, unknown>): ContentScope | undefined {
  const { org, sub, spaces } = payload;
  if (typeof org !== "string" || typeof sub !== "string" || !Array.isArray(spaces) || !spaces.every((id) => typeof id === "string")) return undefined;
  return { organizationId: org, siteId: sub, spaceIds: new Set(spaces as string[]) };
}
