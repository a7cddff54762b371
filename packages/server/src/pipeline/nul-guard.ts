// PostgreSQL text cannot hold U+0000: a string carrying it would fail in the database
// as a 500. Such input is refused up front with 400, naming where it is.
import type { RequestHandler } from "express";
import { badRequest } from "../http/errors";

const escapePointer = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * The JSON pointer of the first string (value or key) holding U+0000, or undefined. Walked with a
 * stack of its own, not by recursion: a body nested a hundred thousand deep (in an open object
 * the contract does not describe) must get its answer, not overflow the call stack (a 500).
 */
function findNul(root: unknown, rootPointer: string): string | undefined {
  const pending: [unknown, string][] = [[root, rootPointer]];
  while (pending.length) {
    const [value, pointer] = pending.pop()!;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return pointer;
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    const children = Object.entries(value);
    // Pushed last first, so that they are visited in order.
    for (let i = children.length - 1; i >= 0; i--) {
      const [key, item] = children[i]!;
      const at = `${pointer}/${escapePointer(key)}`;
      if (key.includes("\u0000")) return at;
      pending.push([item, at]);
    }
  }
  return undefined;
}

/** Runs after request validation (which sets `req.openapi` on the API's requests, the only ones it checks). */
export const refuseNulCharacters: RequestHandler = (req, _res, next) => {
  const { openapi } = req as { openapi?: { pathParams?: Record<string, string> } };
  if (!openapi) return next();
  // A NUL in the path or the query can only come percent-encoded (Node.js refuses the raw byte in a request line).
  if (req.body === undefined && !req.originalUrl.includes("%00")) return next();
  const params = openapi.pathParams ?? {};
  const parts: [string, unknown][] = [
    ["params", params],
    ["query", req.query],
    ["body", req.body],
  ];
  for (const [where, value] of parts) {
    const found = findNul(value, `request/${where}`);
    if (found !== undefined) return next(badRequest("invalid_request", `${found} must not contain the NUL character (U+0000)`));
  }
  next();
};
