// The HTTP application: contract-driven routes under /v1 behind rate limiting,
// authentication and request validation, plus health, contract and docs.
import { loadOpenapiDocument, type OpenapiDocument } from "@docstack/contract";
import cors from "cors";
import express, { type Request, type RequestHandler, type Response } from "express";
import { samlSignInRouter } from "./areas/sso/sign-in";
import { authenticate, credentialHash } from "./auth/authenticate";
import type { Actor } from "./http/actor";
import type { RequestContext, Services } from "./http/context";
import type { OperationRegistry } from "./http/operation";
import { matchesEtag, type PreparedJson, prepareJson } from "./http/prepared-json";
import { appRouter } from "./pipeline/app-route";
import { compressAnswers } from "./pipeline/compression";
import { docsRouter } from "./pipeline/docs";
import { errorHandler } from "./pipeline/error-handler";
import { homePageRouter } from "./pipeline/home-page";
import { refuseNulCharacters } from "./pipeline/nul-guard";
import { DatabaseRateLimitStore, MemoryRateLimitStore, RateLimiter } from "./pipeline/rate-limit";
import { lazyRequestLoggers, requestLogging, urlRedactor } from "./pipeline/request-log";
import { type ContractRoute, contractRoutes, encodePathRests, operationRouter } from "./pipeline/routes";
import { API_SECURITY_HEADERS, securityHeaders } from "./pipeline/security-headers";
import { inSequence, isUnderPath, underPath } from "./pipeline/sequence";
import { signInRouter } from "./pipeline/sign-in-page";
import { signedBody } from "./pipeline/signed-body";
import { type ContractValidation, contractValidator } from "./pipeline/validator";
import { SITE_URL_SECRETS } from "./site-reader/audience";
import { siteChangesMiddleware, sitesMiddleware } from "./site-reader/middleware";
import { registry as defaultRegistry } from "./wiring/operations";
import { policies } from "./wiring/policies";

export interface AppOptions {
  registry?: OperationRegistry;
  document?: OpenapiDocument;
  /**
   * The contract's validation, prepared elsewhere: a process running many apps on the same contract (each test file's
   * harness) prepares it once instead of once per app. By default each app prepares its own.
   */
  contractValidator?: RequestHandler;
  /** False once the server drains (SIGTERM): /readyz answers 503 so load balancers stop sending. */
  accepting?: () => boolean;
}

/**
 * The app as `serve` runs it, with its contract validation to prepare once the server is up (server.ts; the bench's
 * target does the same): prepared by the first write instead, it held every other request meanwhile.
 */
export function createServingApp(services: Services, options: Pick<AppOptions, "accepting"> = {}): { app: express.Express; validation: ContractValidation } {
  const document = loadOpenapiDocument();
  const validation = contractValidator(document, { validateResponses: services.config.validateResponses });
  return { app: createApp(services, { ...options, document, contractValidator: validation }), validation };
}

export function createApp(services: Services, options: AppOptions = {}): express.Express {
  const { config } = services;
  const document = options.document ?? loadOpenapiDocument();
  const registry = options.registry ?? defaultRegistry;
  const routes = contractRoutes(document);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.set("trust proxy fn", rememberedTrust(app.get("trust proxy fn")));
  app.set("query parser", "extended");
  // An answer carries an ETag where the contract declares one (a page tree's, made once with its bytes:
  // http/prepared-json.ts); Express's own, a hash of every answer's bytes on every request, was the costliest
  // step a GET space adds to bare Express, and answered 304 where the contract declares none.
  app.set("etag", false);
  lazyRequestLoggers(app.request, services.logger);

  const underApi = isUnderPath("/v1");
  const headers = securityHeaders({
    pages: { contentSecurityPolicy: { directives: { "script-src": ["'self'"], "img-src": ["'self'", "data:"] } } },
    api: API_SECURITY_HEADERS,
    isApi: (req) => underApi(req.url),
  });
  // Every request's first steps, then the API's, then its operation: three of Express's layers, not fifteen
  // (pipeline/sequence.ts).
  app.use(
    inSequence(
      services.metrics.middleware(),
      requestLogging(services.logger, urlRedactor(document, SITE_URL_SECRETS)),
      headers.middleware,
      ...(config.corsOrigins ? [corsMiddleware(config.corsOrigins)] : []),
      // Before anything writes an answer: the API's JSON and the app's files (pipeline/compression.ts).
      compressAnswers(),
      writesOnceJobsOpen(services),
      // Published sites first: their hosts and /sites/ paths are theirs, whatever the path.
      sitesMiddleware(services, headers.page),
      // The API next: its requests walk none of the routes of the pages below.
      encodePathRests(routes),
    ),
  );
  // Instances sharing a PostgreSQL database count together; the embedded database has one process.
  const store = services.shared ? new DatabaseRateLimitStore(services.prisma, services.clock) : new MemoryRateLimitStore(services.clock);
  const limiter = new RateLimiter({ ...config.rateLimit, clock: services.clock, store });
  app.use(underPath(underApi, inSequence(limiter.middleware(), siteChangesMiddleware(services), authenticationMiddleware(services, routes, limiter))));
  app.use(
    inSequence(
      jsonBody(routes, config.bodyLimitBytes),
      options.contractValidator ?? contractValidator(document, { validateResponses: config.validateResponses }),
      refuseNulCharacters,
      operationRouter(routes, registry, policies, requestContexts(services)),
    ),
  );
  app.use("/sso/saml", limiter.middleware(), samlSignInRouter(services));
  app.use("/app", appRouter(config.appDir));

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (req, res) => {
    if (options.accepting && !options.accepting()) {
      res.status(503).json({ status: "draining" });
      return;
    }
    try {
      await services.prisma.$queryRaw`SELECT 1`;
      res.json({ status: "ready" });
    } catch (error) {
      req.log.error({ err: error }, "database not reachable");
      res.status(503).json({ status: "unavailable" });
    }
  });
  app.get("/metrics", async (_req, res) => {
    res.type(services.metrics.registry.contentType).send(await services.metrics.registry.metrics());
  });
  // The contract's bytes and their ETag made once, on the first request that asks.
  let contractJson: PreparedJson | undefined;
  app.get("/openapi.json", (req, res) => {
    contractJson ??= prepareJson(document);
    res.setHeader("ETag", contractJson.etag);
    if (matchesEtag(req.headers["if-none-match"], contractJson.etag)) res.status(304).end();
    else res.type("application/json").send(contractJson.bytes);
  });
  app.use("/docs", docsRouter());
  app.use(signInRouter());
  app.use(homePageRouter());

  app.use(errorHandler({ bodyLimit: config.bodyLimitBytes, revealResponseErrors: config.validateResponses }));
  return app;
}

/** CORS for the origins configured (a comma-separated list, or "*"), the API's own headers readable by them. */
function corsMiddleware(corsOrigins: string): RequestHandler {
  const origins = corsOrigins === "*" ? "*" : corsOrigins.split(",").map((origin) => origin.trim());
  return cors({
    origin: origins,
    exposedHeaders: [
      "X-Request-Id",
      "RateLimit-Limit",
      "RateLimit-Remaining",
      "RateLimit-Reset",
      "X-RateLimit-Limit",
      "X-RateLimit-Remaining",
      "X-RateLimit-Reset",
      "Retry-After",
      "Idempotent-Replayed",
    ],
  });
}

/** Methods that write nothing, hence send no job in a transaction. */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A write waits for the job queue to be open (`serve` opens it once it listens): it may send a job in its
 * transaction, which cannot wait for the queue's opening (on the embedded database that opening's queries would
 * wait for the transaction). Reads pass at once.
 */
function writesOnceJobsOpen({ jobs }: Services): RequestHandler {
  return (req, _res, next) => {
    if (jobs.isOpen || READS.has(req.method)) return next();
    jobs.ready().then(() => next(), next);
  };
}

/**
 * Express's trust test of proxy addresses, remembered per address: it parses the address on each call,
 * and a request asks it again for each of `req.ip`, `req.protocol` and `req.hostname`.
 */
function rememberedTrust(trust: (address: string, hop: number) => boolean): (address: string, hop: number) => boolean {
  const known = new Map<string, boolean>();
  return (address, hop) => {
    const key = `${hop} ${address}`;
    let trusted = known.get(key);
    if (trusted === undefined) {
      // Bounded: clients choose their addresses.
      if (known.size >= 1024) known.clear();
      trusted = trust(address, hop);
      known.set(key, trusted);
    }
    return trusted;
  };
}

/** A request matcher for the routes the predicate selects (by method and path pattern). */
function routeMatcher(routes: readonly ContractRoute[], select: (route: ContractRoute) => boolean) {
  const matchers = routes.filter(select).map((route) => ({
    method: route.method.toUpperCase(),
    pattern: new RegExp(`^${route.path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
    route,
  }));
  return (req: Request) => {
    if (matchers.length === 0) return undefined;
    const path = req.originalUrl.split("?")[0] ?? "";
    return matchers.find((m) => m.method === req.method && m.pattern.test(path))?.route;
  };
}

/**
 * Every operation needs a token, but those the contract marks `security: []` (signed downloads).
 * The rate limiter is told which tokens work, so their requests count against them, not their address.
 */
function authenticationMiddleware(services: Services, routes: readonly ContractRoute[], limiter: RateLimiter): RequestHandler {
  const isPublic = routeMatcher(routes, (route) => route.public);
  return async (req, res, next) => {
    if (isPublic(req)) return next();
    const tokenHash = credentialHash(req);
    try {
      res.locals.actor = await authenticate(services.prisma, req, {
        cache: services.actors,
        clock: services.clock,
        sessions: services.config.sessions,
        contentTokens: services.contentTokens,
      });
      if (tokenHash) limiter.tokenAuthenticated(tokenHash);
      next();
    } catch (error) {
      if (tokenHash) limiter.tokenRefused(tokenHash);
      next(error);
    }
  };
}

/** The API's JSON bodies, with the operation's own limit where the contract sets a larger one. */
function jsonBody(routes: readonly ContractRoute[], defaultLimit: number): RequestHandler {
  const parsers = new Map<number, RequestHandler>();
  const parser = (limit: number) => {
    let found = parsers.get(limit);
    if (!found) {
      found = express.json({ limit, type: ["application/json", "application/*+json"] });
      parsers.set(limit, found);
    }
    return found;
  };
  // Kept as bytes too where a signature of them is checked (a Git server's push webhook).
  const keepingBytes = signedBody(defaultLimit);
  const large = routeMatcher(routes, (route) => Boolean(route.bodyLimit));
  const signed = routeMatcher(routes, (route) => Boolean(route.rawBody));
  return (req, res, next) => {
    // Without a body (type-is's test, which the parser would make): no parser, no limit to look up.
    const hasBody = req.headers["transfer-encoding"] !== undefined || !Number.isNaN(Number(req.headers["content-length"]));
    if (!hasBody || !req.url.startsWith("/v1/")) return next();
    if (signed(req)) return keepingBytes(req, res, next);
    parser(large(req)?.bodyLimit ?? defaultLimit)(req, res, next);
  };
}

/**
 * The base URL each request reached the app by (its protocol, weighing a trusted proxy's `X-Forwarded-Proto`, and its
 * `Host`), kept per connection while the two headers stay the same: the protocol's proxy weighing and header parsing
 * cost microseconds on each request (issue 40), and a connection's address, hence its trust, never changes.
 */
function connectionBaseUrls(): (req: Request) => string {
  const kept = new WeakMap<Request["socket"], { host: string | undefined; forwardedProto: string | string[] | undefined; base: string }>();
  return (req) => {
    const { host, "x-forwarded-proto": forwardedProto } = req.headers;
    const known = kept.get(req.socket);
    if (known && known.host === host && known.forwardedProto === forwardedProto) return known.base;
    const base = `${req.protocol}://${host ?? "localhost"}`;
    kept.set(req.socket, { host, forwardedProto, base });
    return base;
  };
}

/** What a request's context holds of its own, beside the services. */
interface OwnContext {
  req: Request;
  base: string | undefined;
  outbox: Services["webhooks"] | undefined;
}

/**
 * Each request's context: its own fields on a prototype holding the services and the getters. An object
 * literal spreading the services, with getters, cost microseconds per request (V8's slow path).
 */
function requestContexts(services: Services): (req: Request, res: Response) => RequestContext {
  const baseUrlOf = connectionBaseUrls();
  const shared = Object.create(services, {
    // Read only by the operations that need them: each weighs the trusted proxies again.
    clientAddress: {
      get(this: OwnContext) {
        return this.req.ip ?? "unknown";
      },
    },
    secure: {
      get(this: OwnContext) {
        return this.req.secure;
      },
    },
    headers: {
      get(this: OwnContext) {
        return this.req.headers;
      },
    },
    // Made when first read (pipeline/request-log.ts).
    log: {
      get(this: OwnContext) {
        return this.req.log;
      },
    },
    rawBody: {
      get(this: OwnContext) {
        return (this.req as Request & { rawBody?: Buffer }).rawBody;
      },
    },
    baseUrl: {
      get(this: OwnContext) {
        this.base ??= services.config.publicUrl ?? baseUrlOf(this.req);
        return this.base;
      },
    },
    // The request's own outbox, made when a handler emits or a write commits: it knows whether this request queued a delivery.
    webhooks: {
      get(this: OwnContext) {
        this.outbox ??= services.webhooks.forRequest();
        return this.outbox;
      },
    },
  });
  return (req, res) =>
    Object.assign(Object.create(shared), {
      actor: res.locals.actor as Actor,
      requestId: req.id,
      memo: new Map(),
      req,
      base: undefined,
      outbox: undefined,
    } satisfies Omit<RequestContext, keyof Services | "clientAddress" | "baseUrl" | "headers" | "log" | "rawBody" | "secure"> & OwnContext);
}
