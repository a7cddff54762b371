// The last middleware: every failure leaves here as the contract's error body.
import type { ErrorReason } from "@docstack/contract";
import type { ErrorRequestHandler, Request } from "express";
// The error classes only, not the validator (loaded with the first request it validates: pipeline/validator.ts).
import * as validatorErrors from "express-openapi-validator/dist/framework/types";
import { ApiError, errorBody } from "../http/errors";
import { sendJson } from "./compression";
import { raceOutcome } from "./database-errors";

/** A failure as the body will name it; internals of unexpected errors are not revealed. */
interface Failure {
  reason: ErrorReason;
  message: string;
  headers: Record<string, string>;
}

const failure = (reason: ErrorReason, message: string, headers: Record<string, string> = {}): Failure => ({ reason, message, headers });
const INTERNAL = "Internal error";

/**
 * body-parser's errors that are the request's doing, by their `type` (body-parser documents each).
 * The others (a stream already read, an unreadable one) are the server's: 500.
 */
const BODY_PARSER_REASONS: Readonly<Record<string, ErrorReason>> = {
  "entity.too.large": "payload_too_large",
  "parameters.too.many": "payload_too_large",
  "entity.parse.failed": "invalid_json",
  "encoding.unsupported": "unsupported_media_type",
  "charset.unsupported": "unsupported_media_type",
  "request.aborted": "invalid_request",
  "request.size.invalid": "invalid_request",
};

/** Whether the request came without any content (no type, no length, not chunked). */
function hasNoBody(req: Request): boolean {
  const length = req.headers["content-length"];
  return !req.headers["content-type"] && (length === undefined || length === "0") && !req.headers["transfer-encoding"];
}

/** The validator's message: its items, whose fields (/body/title) read "request/body/title". */
function validatorMessage(error: validatorErrors.HttpError): string {
  const details = error.errors
    ?.map((item) => [item.path?.replace(/^\.?\/?(body|query|params|path|headers)\b/, "request/$1"), item.message].filter(Boolean).join(" "))
    .join("; ");
  return details || error.message || "Error";
}

/** express-openapi-validator's errors: the request breaks the contract (4xx), or the response does (500). */
function validatorFailure(error: validatorErrors.HttpError, req: Request, revealResponseErrors: boolean): Failure {
  const message = validatorMessage(error);
  if (error instanceof validatorErrors.BadRequest) return failure("invalid_request", message);
  if (error instanceof validatorErrors.NotFound) return failure("not_found", message);
  if (error instanceof validatorErrors.MethodNotAllowed) return failure("method_not_allowed", message || "Method not allowed", { ...error.headers });
  if (error instanceof validatorErrors.RequestEntityTooLarge) return failure("payload_too_large", message);
  if (error instanceof validatorErrors.UnsupportedMediaType) {
    // The validator answers a missing required body as an unsupported media type ("undefined"):
    // nothing was sent, so it is a missing field of the request, 400, not a wrong content type.
    if (hasNoBody(req)) return failure("invalid_request", "request/body is required: send it as JSON, with Content-Type: application/json");
    return failure("unsupported_media_type", message);
  }
  const isResponseValidation = error.errors?.some((item) => item.path?.startsWith("/response") || item.path?.startsWith(".response"));
  return failure("internal_error", revealResponseErrors && isResponseValidation ? `Response breaks the contract: ${message}` : INTERNAL);
}

/** body-parser's failure, by its documented `type`. */
function bodyParserFailure(error: Error & { type: string; body?: unknown }, bodyLimit: number): Failure | undefined {
  const reason = Object.hasOwn(BODY_PARSER_REASONS, error.type) ? BODY_PARSER_REASONS[error.type] : undefined;
  if (reason === "payload_too_large") return failure(reason, `Request body is larger than ${bodyLimit} bytes`);
  if (reason === "invalid_json") {
    // body-parser's strict mode refuses JSON that is not an object or an array, with a syntax error.
    let json = false;
    try {
      JSON.parse(String(error.body));
      json = true;
    } catch {
      // not JSON at all
    }
    return failure(reason, json ? "Request body must be a JSON object" : "Request body is not valid JSON");
  }
  return reason && failure(reason, error.message);
}

/** The failure of what was thrown: ApiError, the validator's, body-parser's, a database race; anything else is a 500. */
function describe(error: unknown, req: Request, bodyLimit: number, revealResponseErrors: boolean): Failure {
  if (error instanceof ApiError) return failure(error.reason, error.message, error.headers);
  if (error instanceof validatorErrors.HttpError) return validatorFailure(error, req, revealResponseErrors);
  const raced = raceOutcome(error);
  if (raced) return failure(raced.reason, raced.message);
  // The router's: a path parameter that is not valid percent-encoding.
  if (error instanceof URIError) return failure("invalid_request", "The URL is not valid: a path segment is not valid percent-encoding");
  const parsed =
    error instanceof Error && typeof (error as { type?: unknown }).type === "string" && bodyParserFailure(error as Error & { type: string }, bodyLimit);
  return parsed || failure("internal_error", INTERNAL);
}

export function errorHandler(options: { bodyLimit: number; revealResponseErrors: boolean }): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const { reason, message, headers } = describe(error, req, options.bodyLimit, options.revealResponseErrors);
    const body = errorBody(reason, message === INTERNAL ? `Internal error (request ${req.id ?? ""})` : message, req.id || undefined);
    if (body.error.code >= 500) req.log?.error({ err: error }, "request failed");
    if (res.headersSent) return res.end();
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    sendJson(req, res, body.error.code, body, options.revealResponseErrors);
  };
}
