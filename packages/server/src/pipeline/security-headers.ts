// Helmet's security headers, worked out once. With static options (no function among the CSP
// directives, which could vary with the request) they are the same on every response, so they
// are read off one run of helmet at start-up and then only copied onto each response, rather
// than running helmet's dozen middlewares per request.
import type { RequestHandler } from "express";
import helmet, { type HelmetOptions } from "helmet";

export function securityHeaders(options: HelmetOptions): RequestHandler {
  const { set, removed } = helmetHeaders(options);
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}

/** What helmet sets and removes on a response, by running it once on a recording one. */
function helmetHeaders(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
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
