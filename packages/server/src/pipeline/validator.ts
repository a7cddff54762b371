// Request (and, in tests and development, response) validation against the
// contract, by express-openapi-validator.
import path from "node:path";
import type { OpenapiDocument } from "@docstack/contract";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { eventLoop } from "../event-loop";
import { inSequence } from "./sequence";

// express-openapi-validator's route lookup, run on every request, is patched at install
// (patches/express-openapi-validator@5.6.2.patch, pnpm's patchedDependencies): each route's
// pattern and schemas are prepared once, not per request for every route of the contract.

/**
 * express-openapi-validator 5.6 looks up each `$ref` of the contract when it prepares the
 * document by compiling the referenced component schema (`ajv.getSchema(ref).schema`),
 * only to read back the schema object it was given, in an Ajv instance used for nothing
 * else: a third of the validator's start-up. The object is read where Ajv keeps it,
 * uncompiled; any other reference goes the validator's own way.
 */
function resolveComponentRefsWithoutCompiling(validatorDir: string): void {
  type Preprocessor = {
    ajv: { schemas: Record<string, { schema: unknown } | undefined> };
    resolvedSchemaCache: Map<string, unknown>;
  };
  const { SchemaPreprocessor } = require(path.join(validatorDir, "middlewares", "parsers", "schema.preprocessor.js")) as {
    SchemaPreprocessor: { prototype: { resolveSchema: ((this: Preprocessor, schema: unknown) => unknown) & { uncompiled?: true } } };
  };
  const original = SchemaPreprocessor.prototype.resolveSchema;
  if (typeof original !== "function")
    throw new Error("express-openapi-validator changed: SchemaPreprocessor.resolveSchema is gone (see resolveComponentRefsWithoutCompiling)");
  if (original.uncompiled) return;
  SchemaPreprocessor.prototype.resolveSchema = Object.assign(
    function (this: Preprocessor, schema: unknown) {
      const ref = schema && typeof schema === "object" ? (schema as { $ref?: unknown }).$ref : undefined;
      const added = typeof ref === "string" && !this.resolvedSchemaCache.has(ref) && Object.hasOwn(this.ajv.schemas, ref) ? this.ajv.schemas[ref] : undefined;
      if (!added) return original.call(this, schema);
      this.resolvedSchemaCache.set(ref as string, added.schema);
      return added.schema;
    },
    { uncompiled: true as const },
  );
}

/**
 * express-openapi-validator 5.6 bundles the document it is given with json-schema-ref-parser
 * (resolving external references) before anything else: a tenth of start-up, and a no-op
 * for the contract, whose references are all local (`#/components/...`), which `npm run gen`
 * already bundled. Such a document is used as it is; any other is bundled as before.
 */
function skipBundlingLocalDocuments(validatorDir: string): void {
  type Framework = { prototype: { loadSpec: ((document: unknown, options?: { mode?: string }) => Promise<unknown>) & { localSkipped?: true } } };
  const { OpenAPIFramework } = require(path.join(validatorDir, "framework", "index.js")) as { OpenAPIFramework: Framework };
  const original = OpenAPIFramework.prototype.loadSpec;
  if (typeof original !== "function") throw new Error("express-openapi-validator changed: OpenAPIFramework.loadSpec is gone (see skipBundlingLocalDocuments)");
  if (original.localSkipped) return;
  OpenAPIFramework.prototype.loadSpec = Object.assign(
    function (this: unknown, document: unknown, options?: { mode?: string }) {
      // Given on the loop's next turn: what the validator does with it (preparing every schema of the contract) is
      // not added to the work that made it (docs/markdown-rendering.md, "What runs on the request thread").
      if (typeof document === "object" && document !== null && options?.mode !== "dereference" && onlyLocalReferences(document))
        return new Promise((resolve) => setImmediate(() => resolve(document)));
      return original.call(this, document, options);
    },
    { localSkipped: true as const },
  );
}

function onlyLocalReferences(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(onlyLocalReferences);
  if (!value || typeof value !== "object") return true;
  for (const [key, inner] of Object.entries(value)) {
    if (key === "$ref" ? typeof inner !== "string" || !inner.startsWith("#/") : !onlyLocalReferences(inner)) return false;
  }
  return true;
}

/**
 * The document without its responses' schemas: the validator prepares every schema it is given
 * when the app is created (a third of the start-up time), and without response validation it
 * never uses those.
 */
function withoutResponseSchemas(document: OpenapiDocument): OpenapiDocument {
  const strip = (responses: Record<string, unknown> | undefined) =>
    responses &&
    Object.fromEntries(
      Object.entries(responses).map(([status, response]) => [
        status,
        response && typeof response === "object" && "description" in response ? { description: (response as { description: string }).description } : response,
      ]),
    );
  const copy = structuredClone(document) as unknown as {
    paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    components?: { responses?: Record<string, unknown> };
  };
  for (const item of Object.values(copy.paths)) {
    for (const operation of Object.values(item)) {
      if (operation && typeof operation === "object" && "responses" in operation) operation.responses = strip(operation.responses);
    }
  }
  if (copy.components?.responses) copy.components.responses = strip(copy.components.responses);
  return copy as unknown as OpenapiDocument;
}

/** Only the API is in the contract; /healthz, /docs and the like are not. */
const IGNORED_PATHS = /^\/(?!v1\/)/;

type ValidatorOptions = { validateResponses: boolean; validateApiSpec?: boolean };

/**
 * The contract's validation, prepared by `prepare()` (a started server calls it once it is up) or by the first request
 * that reaches it, whichever comes first: loading the validator and Ajv and preparing the contract's schemas was a
 * sixth of a start's CPU, kept out of the start itself. The preparation (about 280 ms of the thread in one go) runs in
 * steps with the event loop turning between them, so that other requests (/healthz, a site's page) are not held by
 * it; requests that need it wait for it.
 */
export function contractValidator(document: OpenapiDocument, options: ValidatorOptions): ContractValidation {
  let preparing: Promise<RequestHandler[]> | undefined;
  // Set once a request has gone through the validator's middlewares. Until then each prepares its part at its first
  // run (the request validator's Ajv, the route's schemas), and the loop may turn between them.
  let warm: RequestHandler | undefined;
  const prepare = () => {
    if (!preparing) {
      preparing = preparedValidator(document, options);
      // A preparation that failed is tried again by the next request.
      preparing.catch(() => {
        preparing = undefined;
      });
    }
    return preparing;
  };
  const validate = (req: Request, res: Response, next: NextFunction) => {
    // What the validator ignores (ignorePaths below) does not prepare it: /readyz, the sites, /docs.
    if (IGNORED_PATHS.test(req.url)) return next();
    if (warm) return warm(req, res, next);
    prepare().then(
      (prepared) =>
        runChainTurning(prepared, req, res, next, () => {
          warm = inSequence(...prepared);
        }),
      next,
    );
  };
  return Object.assign(validate, {
    prepare: async () => {
      // A failure is left to the next request, which tries again and reports it.
      if (!(await prepare().catch(() => undefined))) return;
      // The document's schemas are prepared a turn after the middlewares are made (loadSpec resolves on setImmediate).
      await new Promise((resolve) => setImmediate(resolve));
    },
  });
}

/** The contract's validation, and a way to prepare it before the first request that needs it. */
export interface ContractValidation extends RequestHandler {
  /**
   * Prepares it now, in the same steps (a started server calls it once it is up): the first write after a start
   * found it unprepared, and its preparation held the thread from other requests. A failure is left to the next request.
   */
  prepare(): Promise<void>;
}

/**
 * Runs the validator's middlewares in order, the loop turning before each while they prepare, then `next` (or
 * `next(error)` at the first that fails), and `onWarm` once the request went through them all. Warm, they run as one
 * sequence (sequence.ts).
 */
function runChainTurning(chain: RequestHandler[], req: Request, res: Response, next: NextFunction, onWarm: () => void): void {
  const step = (i: number) => (error?: unknown) => {
    if (error !== undefined && error !== null) return next(error);
    if (i === chain.length) {
      onWarm();
      return next();
    }
    // turnIfBusy never fails, and the middleware's own failure goes to `next`.
    void eventLoop.turnIfBusy().then(() => {
      try {
        chain[i]!(req, res, step(i + 1));
      } catch (thrown) {
        next(thrown);
      }
    });
  };
  step(0)();
}

async function preparedValidator(document: OpenapiDocument, options: ValidatorOptions): Promise<RequestHandler[]> {
  const validatorDir = path.dirname(require.resolve("express-openapi-validator"));
  const OpenApiValidator = require("express-openapi-validator") as typeof import("express-openapi-validator");
  await eventLoop.turnIfBusy();
  resolveComponentRefsWithoutCompiling(validatorDir);
  skipBundlingLocalDocuments(validatorDir);
  const apiSpec = options.validateResponses ? document : withoutResponseSchemas(document);
  await eventLoop.turnIfBusy();
  const validator = OpenApiValidator.middleware({
    apiSpec: apiSpec as never,
    // The contract is linted in CI (redocly), and checked against OpenAPI's own schema by one test (validator.test.ts):
    // checking it again costs every app half a second of CPU, every test file's too.
    validateApiSpec: options.validateApiSpec ?? false,
    // Path and query parameters are always coerced from their text; JSON bodies never are.
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false },
    validateResponses: options.validateResponses,
    validateSecurity: false,
    // The contract takes no multipart bodies: no multer step on every request.
    fileUploader: false,
    validateFormats: true,
    // Only the API is in the contract; /healthz, /docs and the like are not.
    ignorePaths: IGNORED_PATHS,
    // The URL as routing sees it (page paths' slashes encoded, see encodePathRests).
    useRequestUrl: true,
  }) as unknown as RequestHandler[];
  return validator;
}
