// The Docstack contract as code: the bundled OpenAPI document and the types
// generated from it (src/schema.ts, by `pnpm gen`). Server and SDK both import
// these, so neither holds a hand-written copy of what the contract says.
import fs from "node:fs";
import path from "node:path";
import type { errorReasons as errorReasonTable } from "./reasons";
import type { components, operations, paths } from "./schema";

/** Who may do what: the policy kinds and each operation's rule (openapi/policies.yaml, `x-docstack-policy`). */
export { operationPolicies, policyKinds } from "./policy";
/** Each error reason (`ErrorReason`, openapi/common/schemas.yaml) with its HTTP status and meaning. */
export { errorReasons } from "./reasons";
export type { components, operations, paths };
export type Schemas = components["schemas"];
export type OperationId = keyof operations;
/** Why a request failed: one stable value per cause, each with one status (`errorReasons`). */
export type ErrorReason = Schemas["ErrorReason"];
/** The reasons that answer with `status`: `ErrorReasonOf<409>` is "space_locked" | "name_taken" | … */
export type ErrorReasonOf<Status extends number> = {
  [Reason in ErrorReason]: (typeof errorReasonTable)[Reason]["status"] extends Status ? Reason : never;
}[ErrorReason];

/** Absolute path of the bundled contract (openapi.json). */
export const openapiDocumentPath = path.join(__dirname, "..", "openapi.json");

/** A fresh copy of the bundled contract, safe for callers that mutate it. */
export function loadOpenapiDocument(): OpenapiDocument {
  return JSON.parse(fs.readFileSync(openapiDocumentPath, "utf8")) as OpenapiDocument;
}

export interface OpenapiOperation {
  operationId: string;
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}
export type HttpMethod = "get" | "put" | "post" | "delete" | "patch";
export interface OpenapiDocument {
  openapi: string;
  info: { title: string; version: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OpenapiOperation>> & { parameters?: unknown[] }>;
  components: Record<string, Record<string, unknown>>;
}
export const HTTP_METHODS: readonly HttpMethod[] = ["get", "put", "post", "delete", "patch"];
