// One error shape for every failure: {"error": {"code", "type", "reason", "message", "requestId"}}.
// Handlers throw ApiError; anything else becomes a 500 without internals.
import { type ErrorReason, type ErrorReasonOf, errorReasons, type Schemas } from "@docstack/contract";

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

/** A failure of a declared cause: its status is the one the contract gives its reason (`x-docstack-status`). */
export class ApiError extends Error {
  readonly status: number;
  /** On a 404: the kind of resource missing from a place the caller can see (see `absent`). */
  missingKind?: string;

  constructor(
    readonly reason: ErrorReason,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = errorReasons[reason].status;
  }
}

export const badRequest = (reason: ErrorReasonOf<400>, message: string) => new ApiError(reason, message);
export const unauthorized = (reason: ErrorReasonOf<401>, message: string) => new ApiError(reason, message);
export const forbidden = (reason: ErrorReasonOf<403>, message: string) => new ApiError(reason, message);
/** Unknown, or in an organization the caller cannot see: the same answer, so nothing leaks. */
export const notFound = (what: string) => new ApiError("not_found", `${what} not found`);
/**
 * A 404 for a resource of `kind` missing from a place the caller can see (a section of a site they read, a team of
 * their organization): what does not exist there, or no longer does. A DELETE of it answers 204 instead, as
 * GitBook's contract says ("did not exist"); anything else answers this 404.
 */
export const absent = (what: string, kind: string) => Object.assign(notFound(what), { missingKind: kind });
export const conflict = (reason: ErrorReasonOf<409>, message: string) => new ApiError(reason, message);
export const notImplemented = (operationId: string) => new ApiError("not_implemented", `${operationId} is in the contract but not implemented yet`);

export function errorBody(reason: ErrorReason, message: string, requestId?: string): Schemas["Error"] {
  const code = errorReasons[reason].status;
  return { error: { code, type: errorType(code), reason, message, ...(requestId ? { requestId } : {}) } };
}
