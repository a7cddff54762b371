// Routes come from the contract: every path and method of the bundled document
// is served by the registry's definition for its operationId, and nothing else is.

import { pipeline } from "node:stream/promises";
import { HTTP_METHODS, type OpenapiDocument } from "@docstack/contract";
import type express from "express";
import type { NextFunction, Request, Response } from "express";
import { type AuditedOperation, AuditRecorder } from "../audit/recorder";
import { eventLoop } from "../event-loop";
import type { RequestContext } from "../http/context";
import { ApiError } from "../http/errors";
import type { OperationId, OperationRegistry, OperationRequest } from "../http/operation";
import { matchesEtag, type PreparedJson } from "../http/prepared-json";
import type { RawBody } from "../http/raw-body";
import type { PolicyRequest } from "../policy/factory";
import { authorize, type PolicyTable, ruleOf } from "../policy/rules";
import { compressedOf, compressingFromHere, sendJson } from "./compression";
import { idempotencyClaim, idempotently, REPLAYED_HEADER } from "./idempotency";

export interface ContractRoute {
  method: (typeof HTTP_METHODS)[number];
  /** The contract's path, e.g. /v1/spaces/{spaceId} */
  path: string;
  operationId: OperationId;
  /** x-docstack-body-limit: a larger body limit than the default, in bytes. */
  bodyLimit?: number;
  /** x-docstack-raw-body: the handler gets the body's bytes too (`ctx.rawBody`), to check a signature of them. */
  rawBody?: true;
  /** `security: []`: no token (the request carries its own authorization, such as a signed URL). */
  public: boolean;
  /** x-docstack-path-rest: the last path parameter takes the rest of the path, slashes included. */
  pathRest: boolean;
  /** A DELETE declaring 204 beside 205: what is already gone answers 204 (GitBook's "did not exist"). */
  answersGone: boolean;
  /** Every write (any method but GET): the audit event it records (`x-docstack-audit`, else its operationId). */
  audit?: AuditedOperation;
}

export function contractRoutes(document: OpenapiDocument): ContractRoute[] {
  const routes: ContractRoute[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as
        | (NonNullable<(typeof item)[typeof method]> & {
            "x-docstack-body-limit"?: number;
            "x-docstack-path-rest"?: boolean;
            "x-docstack-audit"?: string;
            "x-docstack-raw-body"?: boolean;
          })
        | undefined;
      if (!operation) continue;
      routes.push({
        method,
        path,
        operationId: operation.operationId as OperationId,
        public: Array.isArray(operation.security) && operation.security.length === 0,
        pathRest: operation["x-docstack-path-rest"] === true,
        answersGone: method === "delete" && "204" in operation.responses && "205" in operation.responses,
        ...(method !== "get" ? { audit: { operationId: operation.operationId, action: operation["x-docstack-audit"] ?? operation.operationId } } : {}),
        ...(operation["x-docstack-body-limit"] ? { bodyLimit: operation["x-docstack-body-limit"] } : {}),
        ...(operation["x-docstack-raw-body"] ? { rawBody: true as const } : {}),
      });
    }
  }
  // Literal segments before parameters (…/versions/latest before …/versions/{versionId}).
  const rank = (path: string) => path.split("/").map((segment) => (segment.startsWith("{") ? "~" : segment));
  return routes.sort((a, b) => {
    const ra = rank(a.path);
    const rb = rank(b.path);
    for (let i = 0; i < Math.min(ra.length, rb.length); i++) {
      if (ra[i] !== rb[i]) return (ra[i] as string) < (rb[i] as string) ? -1 : 1;
    }
    return ra.length - rb.length;
  });
}

/**
 * For the routes whose last parameter takes the rest of the path (a page's path such as
 * `guides/getting-started`, which clients send with its slashes as they are), encodes those
 * slashes (`%2F`), so that validation and routing see one segment and the handler gets
 * the path decoded, as when the client encoded it.
 */
export function encodePathRests(routes: readonly ContractRoute[]): express.RequestHandler {
  const patterns = routes
    .filter((route) => route.pathRest)
    .map((route) => new RegExp(`^(${route.path.replace(/\{[^}]+\}$/, "").replace(/\{[^}]+\}/g, "[^/]+")})([^?]+/[^?]*)([?].*)?$`));
  return (req, _res, next) => {
    for (const pattern of patterns) {
      const match = pattern.exec(req.url);
      if (match) {
        req.url = `${match[1]}${match[2]!.replaceAll("/", "%2F")}${match[3] ?? ""}`;
        break;
      }
    }
    next();
  };
}

/**
 * Serves every contract operation: its policy rule (from the contract), then its handler (a POST with an
 * `Idempotency-Key` once per key, see idempotency.ts). The operation is
 * the one request validation matched (`req.openapi`, which runs first and answers 404 or
 * 405 for anything else), found in a map: no second walk through the routes.
 */
export function operationRouter(
  routes: readonly ContractRoute[],
  registry: OperationRegistry,
  policies: PolicyTable,
  contextOf: (req: Request, res: Response) => RequestContext,
): express.RequestHandler {
  const operations = new Map<string, ContractRoute>();
  for (const route of routes) {
    if (!registry[route.operationId]) throw new Error(`No handler for operation ${route.operationId}`);
    operations.set(`${route.method.toUpperCase()} ${route.path}`, route);
  }
  return async (req: Request, res: Response, next: NextFunction) => {
    const matched = (req as { openapi?: { openApiRoute?: string; pathParams?: Record<string, string> } }).openapi;
    const route = matched?.openApiRoute && operations.get(`${req.method} ${matched.openApiRoute}`);
    if (!route) return next();
    const definition = registry[route.operationId]!;
    res.locals.route = route.path;
    try {
      const request = {
        operationId: route.operationId,
        method: req.method,
        // Decoded by validation (Express gives a middleware's own, empty, params).
        params: matched.pathParams ?? {},
        query: req.query,
        body: req.body,
        ctx: contextOf(req, res),
      } as unknown as OperationRequest<typeof route.operationId>;
      // A large body's parse and validation were one stretch of work: let other requests in before the handler's.
      await eventLoop.turnIfBusy();
      const access = await authorize(policies, ruleOf(route.operationId), request as unknown as PolicyRequest);
      const prisma = request.ctx.prisma;
      const audit = route.audit && new AuditRecorder(request.ctx, route.audit, request.params as Record<string, unknown>, access);
      const perform = async () => {
        if (audit) request.ctx.prisma = audit.wrap(prisma);
        const result = (await definition.handle(request as never, access as never)) as {
          status: number;
          body?: unknown;
          raw?: RawBody;
          prepared?: PreparedJson;
          cookies?: string[];
        };
        // A deletion finding nothing to delete (204) wrote nothing: no event.
        if (audit && !(route.answersGone && result.status === 204)) await audit.finish(prisma, result.body);
        // A write committed: every instance drops what it cached of it before the answer leaves.
        if (route.method !== "get") {
          await request.ctx.changes.writeCommitted();
          request.ctx.webhooks.committed();
        }
        return result;
      };
      const claim = idempotencyClaim(req, request.ctx, route.operationId, request);
      const result = claim ? await idempotently(request.ctx, claim, perform) : await perform();
      if ("replayed" in result) res.setHeader(REPLAYED_HEADER, "true");
      if ("cookies" in result && result.cookies) res.append("Set-Cookie", result.cookies);
      const { validateResponses } = request.ctx.config;
      if ("prepared" in result && result.prepared) await sendPrepared(req, res.status(result.status), result.prepared, validateResponses);
      else if ("body" in result) sendJson(req, res, result.status, result.body, validateResponses);
      else if ("raw" in result && result.raw) sendRaw(req, res.status(result.status), result.raw);
      else res.status(result.status).end();
    } catch (error) {
      // Deleting what is already gone from a place the caller sees: nothing to do, as GitBook answers.
      if (route.answersGone && error instanceof ApiError && error.missingKind === ruleOf(route.operationId).on) res.status(204).end();
      else next(error);
    }
  };
}

/**
 * Prepared JSON: 304 when the client holds these bytes (If-None-Match), else the bytes with their ETag, compressed
 * once for every request that accepts it (pipeline/compression.ts), or as they are.
 */
async function sendPrepared(req: Request, res: Response, prepared: PreparedJson, validateResponses: boolean): Promise<void> {
  res.setHeader("ETag", prepared.etag);
  if (matchesEtag(req.headers["if-none-match"], prepared.etag)) {
    res.status(304).end();
    return;
  }
  // Parsed back so that the contract's validator (on res.json) checks them as it checks every answer.
  if (validateResponses) {
    sendJson(req, res, res.statusCode, JSON.parse(prepared.bytes.toString("utf8")), true);
    return;
  }
  const compressed = await compressedOf(req, prepared.bytes);
  res.vary("Accept-Encoding");
  if (compressed) res.set("Content-Encoding", compressed.encoding);
  res.type("application/json").send(compressed?.bytes ?? prepared.bytes);
}

/** Bytes or a stream as they are (compressed where their media type is worth it: JSON). */
function sendRaw(req: Request, res: Response, raw: RawBody): void {
  res.setHeader("Content-Type", raw.contentType);
  // Served bytes are never rendered as a page of this origin.
  res.setHeader("Content-Security-Policy", "sandbox");
  if (raw.fileName) res.attachment(raw.fileName);
  const data = raw.data;
  compressingFromHere(req, res, () => {
    if (Buffer.isBuffer(data)) res.send(data);
    // A stream failing after its first bytes left can only cut the response short: the client sees it incomplete.
    else pipeline(data, res).catch((error: unknown) => res.destroy(error as Error));
  });
}
