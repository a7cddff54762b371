// The last middleware: every failure leaves here as the contract's error body.
import type { ErrorRequestHandler, Request } from "express";
import { raceOutcome } from "../db/errors";
import { ApiError, errorBody } from "./errors";

interface ValidatorError {
  status?: number;
  statusCode?: number;
  type?: string;
  message?: string;
  errors?: { path?: string; message?: string }[];
  headers?: Record<string, string>;
}

/** Whether the request came without any content (no type, no length, not chunked). */
function hasNoBody(req: Request): boolean {
  const length = req.headers["content-length"];
  return !req.headers["content-type"] && (length === undefined || length === "0") && !req.headers["transfer-encoding"];
}

/** Status and message of a failure; internals of unexpected errors are not revealed. */
function describe(
  error: unknown,
  req: Request,
  bodyLimit: number,
  revealResponseErrors: boolean,
): { status: number; message: string; headers: Record<string, string> } {
  if (error instanceof ApiError) return { status: error.status, message: error.message, headers: error.headers };
  const raced = raceOutcome(error);
  if (raced) return { status: raced.status, message: raced.message, headers: {} };
  const e = (error ?? {}) as ValidatorError;
  // The validator answers a missing required body as an unsupported media type ("undefined"):
  // nothing was sent, so it is a missing field of the request, 400, not a wrong content type.
  if ((e.status ?? e.statusCode) === 415 && hasNoBody(req)) {
    return { status: 400, message: "request/body is required: send it as JSON, with Content-Type: application/json", headers: {} };
  }
  if (e.type === "entity.too.large") return { status: 413, message: `Request body is larger than ${bodyLimit} bytes`, headers: {} };
  if (e.type === "entity.parse.failed") {
    // body-parser's strict mode refuses JSON that is not an object or an array, with a syntax error.
    let json = false;
    try {
      JSON.parse(String((error as { body?: unknown }).body));
      json = true;
    } catch {
      // not JSON at all
    }
    return { status: 400, message: json ? "Request body must be a JSON object" : "Request body is not valid JSON", headers: {} };
  }
  const status = e.status ?? e.statusCode ?? 500;
  // The validator names fields as /body/title: say "request/body/title".
  const details = e.errors
    ?.map((item) => [item.path?.replace(/^\.?\/?(body|query|params|path|headers)\b/, "request/$1"), item.message].filter(Boolean).join(" "))
    .join("; ");
  const message = details || e.message || "Error";
  if (status >= 500) {
    const isResponseValidation = e.errors?.some((item) => item.path?.startsWith("/response") || item.path?.startsWith(".response"));
    return { status, message: revealResponseErrors && isResponseValidation ? `Response breaks the contract: ${message}` : "Internal error", headers: {} };
  }
  if (status === 405) return { status, message: message || "Method not allowed", headers: e.headers ?? {} };
  return { status, message, headers: {} };
}

export function errorHandler(options: { bodyLimit: number; revealResponseErrors: boolean }): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const { status, message, headers } = describe(error, req, options.bodyLimit, options.revealResponseErrors);
    const requestId = req.id ?? "";
    if (status >= 500) req.log?.error({ err: error }, "request failed");
    if (res.headersSent) return res.end();
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res
      .status(status)
      .json(errorBody(status, status >= 500 && message === "Internal error" ? `Internal error (request ${requestId})` : message, requestId || undefined));
  };
}
