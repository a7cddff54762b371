// Middlewares run one after another in one of Express's layers. Each layer costs Express's router about a
// microsecond on every request (matching its path, trimming and restoring the URL, its parameters), and the API's
// requests walked a dozen of them before their operation (issue 40).
import type { NextFunction, Request, RequestHandler, Response } from "express";

/**
 * The middlewares in order, as one: each calls `next()` to pass to the following one, and `next(error)`, a throw or
 * a rejected promise (as Express 5 takes them) ends the sequence with that error. Plain middlewares only: `next("route")`
 * and `next("router")` mean nothing here.
 */
export function inSequence(...middlewares: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction) => {
    let at = 0;
    const next = (error?: unknown) => {
      if (error) return done(error);
      const middleware = middlewares[at++];
      if (!middleware) return done();
      try {
        const returned: unknown = middleware(req, res, next);
        if (returned instanceof Promise) returned.catch((reason: unknown) => done(reason ?? new Error("Rejected promise")));
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}

/** Whether a request's URL is `prefix` or under it, in any case (as Express's `app.use(prefix, …)` matches). */
export function isUnderPath(prefix: string): (url: string) => boolean {
  const lower = prefix.toLowerCase();
  return (url) => {
    const follows = url.charCodeAt(prefix.length);
    // After the prefix: the end of the path, a segment, a query (NaN: the end of the URL).
    return (Number.isNaN(follows) || follows === 47 || follows === 63) && url.slice(0, prefix.length).toLowerCase() === lower;
  };
}

/**
 * `handler` for the requests whose URL is under a path (isUnderPath), others passed on. Unlike a mount, the request's
 * URL is left as it is (no `baseUrl`): a mount's layer trimmed the URL and restored it on every request.
 */
export function underPath(under: (url: string) => boolean, handler: RequestHandler): RequestHandler {
  return (req, res, next) => (under(req.url) ? handler(req, res, next) : next());
}
