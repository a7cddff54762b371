// Recognizing database errors that are the caller's doing (or a concurrent caller's), not the
// server's: they answer 4xx with a clear message wherever they happen, never 500.
import { type ApiError, conflict, notFound } from "../http/errors";

interface KnownError {
  code?: string;
  meta?: { modelName?: unknown };
}

const codeOf = (error: unknown) => (typeof error === "object" && error !== null ? (error as KnownError).code : undefined);

/** A unique constraint refused the write (Prisma's P2002). */
export function isUniqueViolation(error: unknown): boolean {
  return codeOf(error) === "P2002";
}

/** "OrganizationInvite" → "Organization invite". */
const humanize = (model: string) => model.replace(/(?<=[a-z])(?=[A-Z])/g, " ").replace(/ ([A-Z])/g, (_, c: string) => ` ${c.toLowerCase()}`);

/**
 * The answer to a database error a request can meet when another one changes the same rows
 * at the same time, or undefined for any other error (a 500):
 * - P2025, a record to update or delete is gone: 404, as if the request had come after;
 * - P2002, a unique value was taken first: 409;
 * - P2003, a row it refers to was deleted first: 409;
 * - P2034, a write conflict or deadlock between transactions: 409, to be retried.
 * Handlers that can name the conflict better (which hostname is taken) catch it first.
 */
export function raceOutcome(error: unknown): ApiError | undefined {
  const code = codeOf(error);
  if (code === "P2025") {
    const model = (error as KnownError).meta?.modelName;
    return notFound(typeof model === "string" ? humanize(model) : "Resource");
  }
  if (code === "P2002") return conflict("already_exists", "A resource with these values already exists (a concurrent request may have made it first)");
  if (code === "P2003") return conflict("concurrent_change", "It refers to a resource that no longer exists (a concurrent request may have deleted it)");
  if (code === "P2034") return conflict("concurrent_change", "A concurrent request changed the same resources first: retry");
  return undefined;
}
