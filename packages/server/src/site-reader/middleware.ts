// Express glue: requests for sites' URLs are answered by PublishedSites (their MCP server,
// `<site>/~mcp`, by mcp/) before the API sees them; every successful write through the API
// tells PublishedSites, before its response leaves, so the next request to a site shows it.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { mayNameSite } from "./directory";
import { MCP_PATH, type SiteUrl, siteMcpHandler } from "./mcp/handler";
import { notFoundPage, signInPage } from "./not-found";
import type { PublishedSites } from "./published-sites";

/** What the glue needs: the published sites. */
type SitesDeps = { sites: PublishedSites };

/**
 * `pageHeaders`: sets a page's security headers, for a site answering at a path of the API's (on its own host), whose
 * answers were given the API's.
 */
export function sitesMiddleware(services: SitesDeps, pageHeaders: (res: Response) => void): RequestHandler {
  const mcp = siteMcpHandler(services);
  return (req, res, next) => {
    const queryAt = req.originalUrl.indexOf("?");
    const path = queryAt < 0 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
    const url = { path, query: queryAt < 0 ? "" : req.originalUrl.slice(queryAt + 1) };
    // The raw headers, a proxy's included: whether that proxy is trusted is decided in `answerSite`, only when it matters.
    if (!mayNameSite(path, [req.headers.host, req.get("x-forwarded-host")])) return next();
    // The site's MCP server takes POST (and answers other methods); its pages, GET and HEAD only.
    if (path.endsWith(MCP_PATH)) return mcp(req, res, next, url);
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    void answerSite(services, req, res, next, url, pageHeaders);
  };
}

async function answerSite(services: SitesDeps, req: Request, res: Response, next: NextFunction, url: SiteUrl, pageHeaders: (res: Response) => void) {
  try {
    const answer = await services.sites.answer({
      protocol: req.protocol,
      host: req.host,
      hostname: req.hostname,
      path: url.path,
      query: new URLSearchParams(url.query),
      ifNoneMatch: req.get("if-none-match"),
      cookie: req.get("cookie"),
    });
    if (!answer) return next();
    pageHeaders(res);
    if (answer.kind === "redirect") {
      if (answer.cookies) res.set("Set-Cookie", answer.cookies);
      // Where a reader's credentials sent them depends on those credentials: never stored by a shared cache. A site's
      // redirect (307/308) is revalidated: it ends when a page takes its path or the redirect changes.
      if (answer.status) return res.set("Cache-Control", "private, no-cache").redirect(answer.status, answer.location);
      return res.set("Cache-Control", "no-store").redirect(302, answer.location);
    }
    if (answer.kind === "not-found") return send(res, req.method, 404, notFoundPage());
    if (answer.kind === "sign-in") return send(res, req.method, 401, signInPage());
    const { stream } = answer.response;
    if (!stream || req.method === "HEAD") return send(res, req.method, answer.response.status, answer.response);
    res.status(answer.response.status).set(answer.response.headers);
    // Written as it is produced, at the pace the reader takes it; a reader gone stops the production.
    await pipeline(Readable.from(stream), res).catch((error: unknown) => {
      if (!res.writableFinished && req.socket.destroyed) return; // the reader left: nothing failed
      throw error;
    });
  } catch (error) {
    next(error);
  }
}

function send(res: Response, method: string, status: number, answer: { headers: Record<string, string>; body: Buffer }): void {
  res.status(status).set(answer.headers);
  res.end(method === "HEAD" ? undefined : answer.body);
}

/** Calls `sites.changed()` when a write succeeds, as its response starts (after its transaction committed). */
export function siteChangesMiddleware(services: SitesDeps): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      if (res.statusCode < 400) services.sites.changed();
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  };
}
