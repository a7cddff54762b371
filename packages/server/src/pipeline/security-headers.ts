// Helmet's security headers, worked out once. With static options (no function among the CSP
// directives, which could vary with the request) they are the same on every response, so they
// are read off one run of helmet at start-up and then only copied onto each response, rather
// than running helmet's dozen middlewares per request. The API's answers get a set of their own.
import type { ServerResponse } from "node:http";
import type { Request, RequestHandler } from "express";
import helmet, { type HelmetOptions } from "helmet";

/**
 * The API's answers' headers (its JSON, and the files it serves), as OWASP's REST Security Cheat Sheet lists them and
 * GitHub's API sends them: a policy allowing nothing (a JSON answer or a file opened as a page runs no script, loads
 * nothing, is framed by nothing), no framing, no sniffing, HSTS, no referrer, no read by another origin's page. What
 * only an HTML page uses (its opener, DNS prefetching, Origin-Agent-Cluster, old IE's and Flash's switches) is left
 * out: six headers instead of twelve on every answer, which a `GET` paid for in microseconds (issue 40).
 */
export const API_SECURITY_HEADERS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: "deny" },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

interface HeaderSet {
  set: [string, string][];
  removed: string[];
}

const apply = (res: ServerResponse, { set, removed }: HeaderSet) => {
  for (const [name, value] of set) res.setHeader(name, value);
  for (const name of removed) res.removeHeader(name);
};

export interface SecurityHeaders {
  /** Sets the API's headers on the API's requests (`isApi`), a page's on every other. */
  middleware: RequestHandler;
  /** Sets a page's headers instead where the API's were set: a page answered at an API path (a published site at its own host). */
  page: (res: ServerResponse & { req: Request }) => void;
}

export function securityHeaders({ pages, api, isApi }: { pages: HelmetOptions; api: HelmetOptions; isApi: (req: Request) => boolean }): SecurityHeaders {
  const pageSet = helmetHeaders(pages);
  const apiSet = helmetHeaders(api);
  const pageNames = new Set(pageSet.set.map(([name]) => name.toLowerCase()));
  // What the API's set sends and a page's does not: taken away when a page is answered at an API path.
  const pageInstead = {
    set: pageSet.set,
    removed: [...pageSet.removed, ...apiSet.set.map(([name]) => name).filter((name) => !pageNames.has(name.toLowerCase()))],
  };
  return {
    middleware: (req, res, next) => {
      apply(res, isApi(req) ? apiSet : pageSet);
      next();
    },
    page: (res) => {
      if (isApi(res.req)) apply(res, pageInstead);
    },
  };
}

/** What helmet sets and removes on a response, by running it once on a recording one. */
function helmetHeaders(options: HelmetOptions): HeaderSet {
  const directives = options.contentSecurityPolicy && typeof options.contentSecurityPolicy === "object" ? options.contentSecurityPolicy.directives : {};
  if (Object.values(directives ?? {}).some((value) => typeof value === "function" || (Array.isArray(value) && value.some((v) => typeof v === "function")))) {
    throw new Error("securityHeaders: CSP directives that depend on the request need helmet per request");
  }
  const set = new Map<string, string>();
  const removed = new Set<string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, String(value));
      removed.delete(name.toLowerCase());
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.add(name.toLowerCase());
    },
  };
  let finished = false;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error("securityHeaders: helmet did not finish at once");
  return { set: [...set], removed: [...removed] };
}
