// Recognizing database errors that are the caller's doing (or a concurrent caller's), not the
// server's. This layer only names what happened; the HTTP layer (pipeline/database-errors.ts) gives
// each its answer, a 4xx with a clear message, never 500.

interface KnownError {
  code?: string;
  meta?: { modelName?: unknown };
}

const codeOf = (error: unknown) => (typeof error === "object" && error !== null ? (error as KnownError).code : undefined);

/** A unique constraint refused the write (Prisma's P2002). */
export function isUniqueViolation(error: unknown): boolean {
  return codeOf(error) === "P2002";
}

/**
 * What a write met when another request changed the same rows at the same time:
 * - `gone`: a record to update or delete is gone (P2025), `model` naming its kind when Prisma does;
 * - `taken`: a unique value was taken first (P2002);
 * - `dangling`: a row it refers to was deleted first (P2003);
 * - `write_conflict`: a write conflict or deadlock between transactions (P2034), to be retried.
 */
export type DatabaseRace = { kind: "gone"; model?: string } | { kind: "taken" } | { kind: "dangling" } | { kind: "write_conflict" };

/** The race `error` reports, or undefined for any other error. */
export function raceOf(error: unknown): DatabaseRace | undefined {
  switch (codeOf(error)) {
    case "P2025": {
      const model = (error as KnownError).meta?.modelName;
      return typeof model === "string" ? { kind: "gone", model } : { kind: "gone" };
    }
    case "P2002":
      return { kind: "taken" };
    case "P2003":
      return { kind: "dangling" };
    case "P2034":
      return { kind: "write_conflict" };
    default:
      return undefined;
  }
}
