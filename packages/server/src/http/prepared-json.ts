// An answer whose JSON never changes for a key (a revision's page tree): its bytes made once and cached, sent as
// they are with a strong ETag made from them, so a client that holds them gets 304 (If-None-Match) and nothing is
// serialized again. The bytes are the same JSON a `body` would give: with response validation on (tests), they
// are parsed back and sent through res.json, so the contract still checks them.
import { createHash } from "node:crypto";

/** Bytes of JSON and their ETag (quoted, as the header carries it). */
export interface PreparedJson {
  bytes: Buffer;
  etag: string;
}

/** The JSON of `value`, with its ETag: a hash of the bytes, so equal bytes have equal tags on every instance. */
export function prepareJson(value: unknown): PreparedJson {
  const bytes = Buffer.from(JSON.stringify(value));
  return { bytes, etag: `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"` };
}

/** Whether an If-None-Match header names this ETag (or is `*`): the client holds the bytes. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}
