// The 404 page of a URL shaped like a site's that names none (or a site its reader may
// not see): the same for both, so a 404 tells nothing of what exists. And the 401 page of
// a visitor-auth site for readers without a valid token, when the site has no fallback URL.
import { pageCsp } from "@docstack/sites";

const STYLE =
  "body{font:16px/1.6 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1.5rem;color:#1f2328}@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}}";

const PAGE = Buffer.from(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Page not found</title><style>${STYLE}</style></head>
<body><main><h1>Page not found</h1><p>There is no page at this address. It may have moved, or the link may be mistyped.</p></main></body>
</html>
`);

const SIGN_IN = Buffer.from(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Sign-in required</title><style>${STYLE}</style></head>
<body><main><h1>Sign-in required</h1><p>These docs are for signed-in readers. Open them from the link your sign-in gave you; if it has expired, sign in again.</p></main></body>
</html>
`);

const answer = (body: Buffer, cacheControl: string) => ({
  headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": pageCsp(STYLE), "X-Robots-Tag": "noindex", "Cache-Control": cacheControl },
  body,
});

export function notFoundPage(): { headers: Record<string, string>; body: Buffer } {
  return answer(PAGE, "no-cache");
}

/** The 401 page of a visitor-auth site without a fallback URL, for readers without a valid token. */
export function signInPage(): { headers: Record<string, string>; body: Buffer } {
  return answer(SIGN_IN, "no-store");
}
