// What a person who opens an instance's address in a browser gets: `/` says what this is and
// links the app, the API reference, the sign-in page and the health check (rather than Express's bare
// "Cannot GET /"); `/favicon.ico` is Docstack's default icon, so browsers log no 404.
import { DEFAULT_FAVICON, pageCsp } from "@docstack/sites";
import express from "express";

const PAGE_STYLE =
  "body{font:16px/1.6 system-ui,sans-serif;max-width:44rem;margin:4rem auto;padding:0 1.5rem;color:#1f2328}code{background:#f6f8fa;padding:.1em .3em}@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}code{background:#161b22}a{color:#79b8ff}}";

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Docstack</title><style>${PAGE_STYLE}</style></head>
<body><main><h1>Docstack</h1>
<p>This is a Docstack server: self-hosted documentation (organizations, spaces of pages, change requests, published
docs sites) behind a JSON API that follows GitBook's.</p>
<ul>
<li><a href="/app/">The app</a>: sign in, find and read pages, rearrange spaces, bring colleagues in</li>
<li><a href="/docs/">The API reference</a> (and the contract itself, <a href="/openapi.json"><code>/openapi.json</code></a>)</li>
<li><a href="/sign-in">Sign in</a> by e-mail to get an API token</li>
<li><a href="/healthz">Health</a> (<code>/healthz</code>), and which release answers (<a href="/v1/"><code>/v1/</code></a>)</li>
</ul></main></body></html>
`;

export function homePageRouter(): express.Router {
  const router = express.Router();
  router.get("/", (_req, res) => {
    res.set({ "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": pageCsp(PAGE_STYLE) }).send(PAGE);
  });
  router.get("/favicon.ico", (_req, res) => {
    res.set({ "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" }).send(DEFAULT_FAVICON);
  });
  return router;
}
