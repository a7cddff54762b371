// One error shape for every failure: {"error": {"code", "message", "requestId"}}.
// Handlers throw ApiError; anything else becomes a 500 without internals.

export class ApiError extends Error {
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
export const conflict = (message: string) => new ApiError(409, message);
export const notImplemented = (operationId: string) => new ApiError(501, `${operationId} is in the contract but not implemented yet`);

export interface ErrorBody {
  error: { code: number; message: string; requestId?: string };
}

export function errorBody(status: number, message: string, requestId?: string): ErrorBody {
  return { error: { code: status, message, ...(requestId ? { requestId } : {}) } };
}
