// What a failed request throws: one class per kind of HTTP failure (the status family, and the
// statuses a program handles differently), each carrying the status, the server's `type` and
// `reason`, message and request ID, and the response's headers. A request that got no answer at all
// throws a ConnectionError (a TimeoutError when it took too long). All of them are DocstackErrors.
import type { components } from "@docstack/contract";

/** The contract's kinds of failure (`error.type`): invalid_request, unauthenticated, not_found, rate_limited, … */
export type ErrorType = components["schemas"]["ErrorType"];
/** The contract's causes of failure (`error.reason`): space_locked, change_request_merged, name_taken, role_required, … */
export type ErrorReason = components["schemas"]["ErrorReason"];

/** A request the server answered with an error, or that got no answer (ConnectionError). */
export class DocstackError extends Error {
  readonly status: number;
  /** What kind of failure it is; stable, for programs (the message is for people). Undefined when the body was not Docstack's. */
  readonly type: ErrorType | undefined;
  /** Why it failed: one stable value per cause (a locked space and a taken name are both 409 conflicts). Undefined when the body was not Docstack's. */
  readonly reason: ErrorReason | undefined;
  /** The request's ID, for the server's logs (also in `X-Request-Id`). */
  readonly requestId: string | undefined;
  readonly headers: Headers;

  constructor(
    status: number,
    message: string,
    details: { type?: ErrorType | undefined; reason?: ErrorReason | undefined; requestId?: string | undefined; headers?: Headers } = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.type = details.type;
    this.reason = details.reason;
    this.requestId = details.requestId;
    this.headers = details.headers ?? new Headers();
  }
}

/** 4xx: the request must change before it can succeed. */
export class ClientError extends DocstackError {}
/** 400: the message names the field and the rule. */
export class InvalidRequestError extends ClientError {}
/** 401: no token, or an unknown or revoked one. */
export class AuthenticationError extends ClientError {}
/** 403: the token's user may see the resource, but their role does not allow this. */
export class PermissionDeniedError extends ClientError {}
/** 404: unknown, or in an organization the token's user does not belong to. */
export class NotFoundError extends ClientError {}
/** 409: the resource's state forbids it now (a locked space, a merged change request), or a concurrent request changed it first. */
export class ConflictError extends ClientError {}
/** 429: rate limited; `retryAfterSeconds` says when to try again. */
export class RateLimitError extends ClientError {
  /** From `Retry-After`; undefined when the server did not say. */
  get retryAfterSeconds(): number | undefined {
    const delay = retryAfterMs(this.headers.get("Retry-After"));
    return delay === undefined ? undefined : Math.ceil(delay / 1000);
  }
}
/** 5xx: the server failed (500), or does not implement the operation yet (501). */
export class ServerError extends DocstackError {}

/**
 * The request got no answer: the connection failed or was dropped (`cause` says how). A DocstackError like the
 * others, so one `instanceof DocstackError` catches every failure; its `status` is 0 (no answer, as fetch's network
 * errors have), with no `type`, `reason` or `requestId`.
 */
export class ConnectionError extends DocstackError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(0, message);
    if (options && "cause" in options) this.cause = options.cause;
  }
}
/** The request got no answer within the client's timeout. */
export class TimeoutError extends ConnectionError {}

const BY_STATUS: Record<number, new (...args: ConstructorParameters<typeof DocstackError>) => DocstackError> = {
  400: InvalidRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  429: RateLimitError,
};

/** The error for a failed response and its parsed body (Docstack's `{error: {...}}`, or anything else). */
export function errorFromResponse(response: Response, body: unknown): DocstackError {
  const error = (body as { error?: { message?: unknown; type?: unknown; reason?: unknown; requestId?: unknown } } | undefined)?.error;
  const message = typeof error?.message === "string" ? error.message : response.statusText || `HTTP ${response.status}`;
  const details = {
    type: typeof error?.type === "string" ? (error.type as ErrorType) : undefined,
    reason: typeof error?.reason === "string" ? (error.reason as ErrorReason) : undefined,
    requestId: typeof error?.requestId === "string" ? error.requestId : (response.headers.get("X-Request-Id") ?? undefined),
    headers: response.headers,
  };
  const ErrorClass = BY_STATUS[response.status] ?? (response.status >= 500 ? ServerError : response.status >= 400 ? ClientError : DocstackError);
  return new ErrorClass(response.status, message, details);
}

/** `Retry-After` in milliseconds from now: seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
