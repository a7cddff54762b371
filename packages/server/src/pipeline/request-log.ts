// One log line per request, with a short, fixed set of fields: request ID, method, route
// (the contract's path), the URL with its secrets replaced, status, duration and actor.
// Never headers, never bodies. Secrets in URLs are the parameters the contract marks
// `x-docstack-secret: true` (a share link's key, a signed download token), and any value shaped as a
// site's content token (a JWT), under whatever name a client sent it.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { OpenapiDocument } from "@docstack/contract";
import type { RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { isContentToken } from "../auth/content-tokens";
import { markStarted, msSinceStarted } from "../response-timing";

declare module "http" {
  interface IncomingMessage {
    id: string;
    /** The request's logger: every line it writes carries the request ID. */
    log: Logger;
  }
}

const REQUEST_ID = /^[A-Za-z0-9_.-]{1,64}$/;
const REDACTED = "[redacted]";

interface Parameter {
  name: string;
  in: string;
  "x-docstack-secret"?: boolean;
}

/** The parameters of a path item and its operations, `$ref`s to components followed. */
function parametersOf(document: OpenapiDocument, item: Record<string, unknown>): Parameter[] {
  const resolve = (raw: unknown): Parameter => {
    const ref = (raw as { $ref?: string }).$ref;
    if (!ref) return raw as Parameter;
    const name = ref.replace("#/components/parameters/", "");
    return (document.components.parameters as Record<string, Parameter> | undefined)?.[name] ?? (raw as Parameter);
  };
  const lists = [item.parameters, ...Object.values(item).map((operation) => (operation as { parameters?: unknown } | null)?.parameters)];
  return lists.flatMap((list) => (Array.isArray(list) ? list.map(resolve) : []));
}

/**
 * The URL of a request as it may be logged: the values of secret query parameters and
 * secret path segments replaced (and `moreSecretQuery`: those of published sites' URLs, which
 * the contract does not describe). Path patterns match the beginning of the path (a secret
 * followed by more segments is still a secret) and ignore case, as routing does.
 */
export function urlRedactor(document: OpenapiDocument, moreSecretQuery: readonly string[] = []): (url: string) => string {
  const secretQuery = new Set<string>(moreSecretQuery);
  const secretPaths: RegExp[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const secrets = parametersOf(document, item as Record<string, unknown>).filter((p) => p["x-docstack-secret"]);
    for (const parameter of secrets) {
      if (parameter.in === "query") secretQuery.add(parameter.name);
      if (parameter.in !== "path") continue;
      const at = path.indexOf(`{${parameter.name}}`);
      const prefix = path
        .slice(0, at)
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith("{") ? "[^/?#]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
        .join("");
      secretPaths.push(new RegExp(`^(${prefix})[^/?#]+`, "i"));
    }
  }
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, " "));
    } catch {
      return undefined; // malformed: logged as sent
    }
  };
  const redactQuery = (query: string): string =>
    query
      .split("&")
      .map((pair) => {
        const at = pair.indexOf("=");
        const name = at < 0 ? pair : pair.slice(0, at);
        if (secretQuery.has(decode(name) ?? name)) return `${name}=${REDACTED}`;
        // A URL given as a value (`/v1/urls/published?url=...`) has its own secrets redacted too.
        const value = at < 0 ? undefined : decode(pair.slice(at + 1));
        if (value !== undefined && isContentToken(value)) return `${name}=${REDACTED}`;
        const redacted = value?.includes("?") ? redact(value) : value;
        return redacted !== value ? `${name}=${encodeURIComponent(redacted!)}` : pair;
      })
      .join("&");
  const redact = (url: string): string => {
    const mark = url.indexOf("?");
    let path = mark < 0 ? url : url.slice(0, mark);
    for (const pattern of secretPaths) path = path.replace(pattern, `$1${REDACTED}`);
    return mark < 0 ? path : `${path}?${redactQuery(url.slice(mark + 1))}`;
  };
  return redact;
}

/**
 * Gives the requests whose prototype this is (an Express app's `app.request`) their logger, `req.log`, made when first
 * read: most requests write no line of their own, and a child logger made for each cost microseconds and garbage
 * (issue 40). Set, it is the request's own.
 */
export function lazyRequestLoggers(requestPrototype: object, logger: Logger): void {
  const own = (req: IncomingMessage, log: Logger) => Object.defineProperty(req, "log", { value: log, writable: true, configurable: true, enumerable: true });
  Object.defineProperty(requestPrototype, "log", {
    configurable: true,
    get(this: IncomingMessage) {
      const log = logger.child({ reqId: this.id });
      own(this, log);
      return log;
    },
    set(this: IncomingMessage, log: Logger) {
      own(this, log);
    },
  });
}

/**
 * Gives each request its ID (the caller's `X-Request-Id` when well-formed, else a new one, sent
 * back in `X-Request-Id`), and writes one line when the response is done (with the ID, as `req.log`'s lines;
 * see lazyRequestLoggers). Handlers set `res.locals.route` (the contract's path) and authentication
 * `res.locals.actor`.
 */
export function requestLogging(logger: Logger, redact: (url: string) => string): RequestHandler {
  // One listener for every response (`this` is the response), not a closure made per request.
  function answered(this: Response) {
    const { req } = this;
    const status = this.writableFinished ? this.statusCode : 499; // 499: the client went away first
    logger[status >= 500 ? "error" : "info"](
      {
        reqId: req.id,
        method: req.method,
        route: this.locals.route as string | undefined,
        url: redact(req.originalUrl),
        status,
        ms: Math.round(msSinceStarted(this) * 10) / 10,
        actor: (this.locals.actor as { userId?: string } | undefined)?.userId,
      },
      "request",
    );
  }
  return (req, res, next) => {
    const given = req.headers["x-request-id"];
    const id = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    markStarted(res);
    req.id = id;
    res.setHeader("X-Request-Id", id);
    // "close" comes once, when the response is sent or when the client went away first.
    res.on("close", answered);
    next();
  };
}
