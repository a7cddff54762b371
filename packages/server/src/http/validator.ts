// Request (and, in tests and development, response) validation against the
// contract, by express-openapi-validator.
import path from "node:path";
import type { OpenapiDocument } from "@docstack/contract";
import type { RequestHandler } from "express";
import * as OpenApiValidator from "express-openapi-validator";
import { refuseNulCharacters } from "./nul-guard";

/**
 * express-openapi-validator 5.6 compiles the pattern of every route of the contract
 * on every request to find the operation (`lookupRoute`), a cost that grows with
 * the contract. Compiled patterns are pure values (no global flag), so they are
 * kept: each route is compiled once. The validator's own matching is unchanged.
 */
function compilePatternsOnce(): void {
  const validatorDir = path.dirname(require.resolve("express-openapi-validator"));
  const pathToRegexp = require(require.resolve("path-to-regexp", { paths: [validatorDir] })) as {
    pathToRegexp: ((route: string, options?: { sensitive?: boolean; strict?: boolean }) => unknown) & { memoized?: true };
  };
  const compile = pathToRegexp.pathToRegexp;
  if (compile.memoized) return;
  // By route, then by the two flags (0 to 3): no key is built per call (it is called once per route per request).
  const compiled = new Map<string, unknown[]>();
  const memoized = Object.assign(
    (route: string, options?: { sensitive?: boolean; strict?: boolean }) => {
      if (typeof route !== "string" || (options && Object.keys(options).some((name) => name !== "sensitive" && name !== "strict"))) {
        return compile(route, options);
      }
      const flags = (options?.sensitive ? 1 : 0) + (options?.strict ? 2 : 0);
      let byFlags = compiled.get(route);
      if (!byFlags) {
        byFlags = [];
        compiled.set(route, byFlags);
      }
      if (byFlags[flags] === undefined) byFlags[flags] = compile(route, options);
      return byFlags[flags];
    },
    { memoized: true as const },
  );
  pathToRegexp.pathToRegexp = memoized;
}

export function contractValidator(document: OpenapiDocument, options: { validateResponses: boolean }): RequestHandler[] {
  compilePatternsOnce();
  const validator = OpenApiValidator.middleware({
    apiSpec: document as never,
    // Path and query parameters are always coerced from their text; JSON bodies never are.
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false },
    validateResponses: options.validateResponses,
    validateSecurity: false,
    validateFormats: true,
    // Only the API is in the contract; /healthz, /docs and the like are not.
    ignorePaths: /^\/(?!v1\/)/,
    // The URL as routing sees it (page paths' slashes encoded, see encodePathRests).
    useRequestUrl: true,
  }) as unknown as RequestHandler[];
  return [...validator, refuseNulCharacters];
}
