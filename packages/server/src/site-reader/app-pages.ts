// `urls.app` links (/app/...): Docstack has no web editor, so each answers a small page
// naming the resource, with a link to it in the API (which needs a token) and, for a
// published site anyone may read, to the site. Nothing is looked up but what is public.
import { escapeHtml, pageCsp } from "@docstack/sites";
import type { RequestHandler } from "express";
import type { Config } from "../config";
import type { Db } from "../db/database";
import { readAt } from "../models/sites/urls";
import { readableByAnyone } from "./audience";

export const PAGE_STYLE =
  "body{font:16px/1.6 system-ui,sans-serif;max-width:44rem;margin:4rem auto;padding:0 1.5rem;color:#1f2328}code{background:#f6f8fa;padding:.1em .3em}@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}code{background:#161b22}a{color:#79b8ff}}";

const KINDS: Record<string, string> = {
  orgs: "organization",
  spaces: "space",
  collections: "collection",
  sites: "site",
  pages: "page",
  "change-requests": "change request",
  revisions: "revision",
  comments: "comment",
  teams: "team",
  sections: "site section",
  "site-spaces": "site space",
};

export function appPages(services: { config: Config; prisma: Db }): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    try {
      const path = req.path.replace(/^\/app/, "");
      const segments = path.split("/").filter(Boolean);
      const kind = KINDS[segments.at(-2) ?? ""] ?? KINDS[segments.at(-1) ?? ""] ?? "resource";
      const base = services.config.publicUrl ?? `${req.protocol}://${req.host}`;
      const apiUrl = `${base}/v1${path}`;
      let published = "";
      const [orgs, organizationId, sites, siteId] = segments;
      if (orgs === "orgs" && sites === "sites" && siteId && segments.length === 4) {
        const site = await services.prisma.site.findFirst({ where: { id: siteId, organizationId }, include: { organization: true } });
        if (site && readableByAnyone(site)) {
          const url = readAt({ baseUrl: base, config: services.config }, site, site.organization);
          published = `<p>Readers read it at <a href="${escapeHtml(url)}">${escapeHtml(url)}</a>.</p>`;
        }
      }
      const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Docstack: a ${kind}</title><style>${PAGE_STYLE}</style></head>
<body><main><h1>A ${escapeHtml(kind)} in Docstack</h1>
<p>Docstack has no web editor: its resources are read and changed through its API, with a token.</p>
<p>This ${escapeHtml(kind)} in the API: <a href="${escapeHtml(apiUrl)}"><code>${escapeHtml(apiUrl)}</code></a></p>
${published}<p><a href="${escapeHtml(base)}/docs">The API reference</a></p></main></body></html>
`;
      res.status(200).set({ "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": pageCsp(PAGE_STYLE), "X-Robots-Tag": "noindex" });
      res.end(req.method === "HEAD" ? undefined : page);
    } catch (error) {
      next(error);
    }
  };
}
