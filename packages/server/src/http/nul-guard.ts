// PostgreSQL text cannot hold U+0000: a string carrying it would fail in the database
// as a 500. Such input is refused up front with 400, naming where it is.
import type { RequestHandler } from "express";
import { badRequest } from "./errors";

const escapePointer = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** The JSON pointer of the first string (value or key) holding U+0000, or undefined. */
function findNul(value: unknown, pointer: string): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? pointer : undefined;
  if (value === null || typeof value !== "object") return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = `${pointer}/${escapePointer(key)}`;
    if (key.includes("\u0000")) return at;
    const found = findNul(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Runs after request validation (which sets `req.openapi.pathParams`). */
export const refuseNulCharacters: RequestHandler = (req, _res, next) => {
  const params = (req as { openapi?: { pathParams?: Record<string, string> } }).openapi?.pathParams ?? {};
  const parts: [string, unknown][] = [
    ["params", params],
    ["query", req.query],
    ["body", req.body],
  ];
  for (const [where, value] of parts) {
    const found = findNul(value, `request/${where}`);
    if (found !== undefined) return next(badRequest(`${found} must not contain the NUL character (U+0000)`));
  }
  next();
};
