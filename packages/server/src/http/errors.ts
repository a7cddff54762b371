// One error shape for every failure: {"error": {"code", "type", "message", "requestId"}}.
// Handlers throw ApiError; anything else becomes a 500 without internals.
import type { Schemas } from "@docstack/contract";

type ErrorType = Schemas["ErrorType"];

/** The contract's `type` of each status the server answers with; any other 4xx is an invalid request, any other 5xx internal. */
const TYPES: Readonly<Record<number, ErrorType>> = {
  400: "invalid_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  500: "internal_error",
  501: "not_implemented",
  503: "unavailable",
};

export const errorType = (status: number): ErrorType => TYPES[status] ?? (status >= 500 ? "internal_error" : "invalid_request");

export class ApiError extends Error {
  /** On a 404: the kind of resource missing from a place the caller can see (see `absent`). */
  missingKind?: string;

  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message: string) => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
/** Unknown, or in an organization the caller cannot see: the same answer, so nothing leaks. */
export const notFound = (what: string) => new ApiError(404, `${what} not found`);
/**
 * A 404 for a resource of `kind` missing from a place the caller can see (a section of a site they read, a team of
 * their organization): what does not exist there, or no longer does. A DELETE of it answers 204 instead, as
 * GitBook's contract says ("did not exist"); anything else answers this 404.
 */
export const absent = (what: string, kind: string) => Object.assign(notFound(what), { missingKind: kind });
export const conflict = (message: string) => new ApiError(409, message);
export const notImplemented = (operationId: string) => new ApiError(501, `${operationId} is in the contract but not implemented yet`);

export function errorBody(status: number, message: string, requestId?: string): Schemas["Error"] {
  return { error: { code: status, type: errorType(status), message, ...(requestId ? { requestId } : {}) } };
}
