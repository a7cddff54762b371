// Routes come from the contract: every path and method of the bundled document
// is served by the registry's definition for its operationId, and nothing else is.

import { HTTP_METHODS, type OpenapiDocument } from "@docstack/contract";
import express, { type NextFunction, type Request, type Response } from "express";
import type { RequestContext } from "./context";
import type { OperationId, OperationRegistry, OperationRequest, RawBody } from "./operation";

export interface ContractRoute {
  method: (typeof HTTP_METHODS)[number];
  /** The contract's path, e.g. /v1/spaces/{spaceId} */
  path: string;
  /** Express's form, e.g. /v1/spaces/:spaceId */
  expressPath: string;
  operationId: OperationId;
  /** x-docstack-body-limit: a larger body limit than the default, in bytes. */
  bodyLimit?: number;
  /** `security: []`: no token (the request carries its own authorization, such as a signed URL). */
  public: boolean;
}

export function contractRoutes(document: OpenapiDocument): ContractRoute[] {
  const routes: ContractRoute[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as (NonNullable<(typeof item)[typeof method]> & { "x-docstack-body-limit"?: number }) | undefined;
      if (!operation) continue;
      routes.push({
        method,
        path,
        expressPath: path.replace(/\{([^}]+)\}/g, ":$1"),
        operationId: operation.operationId as OperationId,
        public: Array.isArray(operation.security) && operation.security.length === 0,
        ...(operation["x-docstack-body-limit"] ? { bodyLimit: operation["x-docstack-body-limit"] } : {}),
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

/** Registers one route per contract operation, each running its policy rule, then its handler. */
export function operationRouter(
  routes: readonly ContractRoute[],
  registry: OperationRegistry,
  contextOf: (req: Request, res: Response) => RequestContext,
): express.Router {
  const router = express.Router();
  for (const route of routes) {
    const definition = registry[route.operationId];
    if (!definition) throw new Error(`No handler for operation ${route.operationId}`);
    router[route.method](route.expressPath, async (req: Request, res: Response, next: NextFunction) => {
      res.locals.route = route.path;
      try {
        const request = {
          params: req.params,
          query: req.query,
          body: req.body,
          ctx: contextOf(req, res),
        } as unknown as OperationRequest<typeof route.operationId>;
        const resource = await definition.authorize(request as never);
        const result = (await definition.handle(request as never, resource)) as { status: number; body?: unknown; raw?: RawBody };
        if ("body" in result) res.status(result.status).json(result.body);
        else if (result.raw) sendRaw(res.status(result.status), result.raw);
        else res.status(result.status).end();
      } catch (error) {
        next(error);
      }
    });
  }
  return router;
}

function sendRaw(res: Response, raw: RawBody): void {
  res.setHeader("Content-Type", raw.contentType);
  // Served bytes are never rendered as a page of this origin.
  res.setHeader("Content-Security-Policy", "sandbox");
  if (raw.fileName) res.attachment(raw.fileName);
  res.send(raw.data);
}
