// Where a reader's credentials come from and where they are kept. They arrive in the URL
// (`?shareKey=`, `?jwt_token=`, `?visitor.<claim>=true|false`); once the audience has
// verified them, they are kept in cookies and the reader is sent to the same URL without
// them, so that no key or token stays in the address bar, in links or in a Referer.
// Cookies are HttpOnly, SameSite=Lax, Secure on HTTPS (as the request or a trusted proxy's
// X-Forwarded-Proto says), named after the site and scoped to its path on its host (no
// Domain): a reader's key for one site is never sent to another site on the same host.
import { parse, serialize } from "cookie";
import type { AudienceDecision, ReaderCredentials } from "./audience";

const CLAIM_PARAMETER = /^visitor\.([A-Za-z_][A-Za-z0-9_]{0,63})$/;
/** The most unsigned claims read from a URL or cookie (the adaptive schema keeps fewer). */
const MAX_CLAIMS = 64;

const cookieNames = (siteId: string) => ({ share: `ds_share_${siteId}`, visitor: `ds_visitor_${siteId}`, claims: `ds_claims_${siteId}` });

const isCredentialParameter = (name: string) => name === "shareKey" || name === "jwt_token" || CLAIM_PARAMETER.test(name);

/** The reader's credentials (the URL's over the cookies'), and whether the URL carried any. */
export function readerCredentials(
  siteId: string,
  query: URLSearchParams,
  cookieHeader: string | undefined,
): { credentials: ReaderCredentials; inUrl: boolean } {
  const names = cookieNames(siteId);
  const cookies = cookieHeader ? parse(cookieHeader) : {};
  const unsignedClaims: Record<string, unknown> = {};
  const stored = parseClaims(cookies[names.claims]);
  for (const [name, value] of Object.entries(stored).slice(0, MAX_CLAIMS)) unsignedClaims[name] = value;
  let inUrl = false;
  let count = 0;
  for (const [name, value] of query) {
    if (!isCredentialParameter(name)) continue;
    inUrl = true;
    const claim = CLAIM_PARAMETER.exec(name)?.[1];
    if (claim && count++ < MAX_CLAIMS && (value === "true" || value === "false")) unsignedClaims[claim] = value === "true";
  }
  return {
    credentials: {
      shareKey: query.get("shareKey") ?? cookies[names.share],
      visitorToken: query.get("jwt_token") ?? cookies[names.visitor],
      unsignedClaims,
    },
    inUrl,
  };
}

function parseClaims(value: string | undefined): Record<string, unknown> {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The Set-Cookie headers keeping what the audience verified; cookies of what it did not are cleared. */
export function keptCookies(
  siteId: string,
  keep: Extract<AudienceDecision, { kind: "reader" }>["keep"],
  scope: { path: string; secure: boolean; now: Date },
): string[] {
  const names = cookieNames(siteId);
  const options = { path: scope.path || "/", httpOnly: true, secure: scope.secure, sameSite: "lax" as const };
  const cookie = (name: string, value: string | undefined, maxAge?: number) =>
    value === undefined ? serialize(name, "", { ...options, maxAge: 0 }) : serialize(name, value, { ...options, ...(maxAge !== undefined ? { maxAge } : {}) });
  const tokenLife = keep.visitorTokenExpires !== undefined ? Math.max(0, keep.visitorTokenExpires - Math.floor(scope.now.getTime() / 1000)) : undefined;
  return [
    cookie(names.share, keep.shareKey),
    cookie(names.visitor, keep.visitorToken, tokenLife),
    cookie(names.claims, keep.unsignedClaims ? JSON.stringify(keep.unsignedClaims) : undefined),
  ];
}

/** The query without credential parameters, as a search string (`?...`, or empty). */
export function withoutCredentials(query: URLSearchParams): string {
  const kept = new URLSearchParams([...query].filter(([name]) => !isCredentialParameter(name)));
  const search = kept.toString();
  return search ? `?${search}` : "";
}
