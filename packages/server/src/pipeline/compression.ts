// Answers compressed (brotli or gzip, as the client accepts: the `compression` package negotiates) where it pays:
// the API's JSON (a 5,000-page tree is megabytes) and the app's files under /app/, from COMPRESS_FROM_BYTES up.
// Never an event stream (each event must leave when written, not when a compressor's buffer fills), nor anything
// else: the sites' pages stream as they render, files and Git's packs are mostly compressed already.
// ETags stay as they are and a 304 has no body, so a client holding an answer still gets 304 (Vary: Accept-Encoding
// keeps caches from mixing the encodings).
// The API's answers (under /v1/) take the middleware only once they are known to be large (sendJson, and raw
// answers): wrapping every answer's headers, writes and end for it, whatever its size, was the costliest step a
// GET space added to bare Express (issue 40).
import { promisify } from "node:util";
import zlib from "node:zlib";
import compression from "compression";
import type { Request, RequestHandler, Response } from "express";

/** Below this, compressing saves less than it costs (and a TCP packet carries it anyway). */
export const COMPRESS_FROM_BYTES = 1024;

const middleware = compression({ threshold: COMPRESS_FROM_BYTES, filter: worthCompressing });

/** Whether the request is the API's, whose answers are compressed where they are sent. */
const compressedWhereSent = (req: Request) => req.originalUrl.startsWith("/v1/");

/** The middleware, for every answer but the API's. */
export function compressAnswers(): RequestHandler {
  return (req, res, next) => (compressedWhereSent(req) ? next() : middleware(req, res, next));
}

/** API answers the middleware is already on: an error raised while one was being sent must not wrap it twice. */
const compressing = new WeakSet<Response>();

/** Runs `send` with the answer compressed as the middleware does (an answer of the API; others have it already). */
export function compressingFromHere(req: Request, res: Response, send: () => void): void {
  if (!compressedWhereSent(req) || compressing.has(res)) {
    send();
    return;
  }
  compressing.add(res);
  middleware(req, res, send);
}

/**
 * A JSON answer, as res.json sends it: through the middleware when it is large enough to be compressed, as it is
 * otherwise. `checked`: through res.json itself, which the contract's validator checks when it checks answers.
 */
export function sendJson(req: Request, res: Response, status: number, body: unknown, checked: boolean): void {
  res.status(status);
  if (checked) {
    compressingFromHere(req, res, () => res.json(body));
    return;
  }
  const text = JSON.stringify(body);
  if (!res.get("Content-Type")) res.set("Content-Type", "application/json");
  const bytes = Buffer.from(text);
  if (bytes.length >= COMPRESS_FROM_BYTES) {
    compressingFromHere(req, res, () => res.send(bytes));
    return;
  }
  // As the middleware marks every JSON answer, compressed or not.
  res.vary("Accept-Encoding");
  if (status === 204 || status === 304) {
    res.send(text);
    return;
  }
  // Ended as res.send ends it, without what it does that the API's small JSON never needs: parsing the media type
  // again for its charset (res.set gave it one), an ETag and a freshness check (none is set on these), and a
  // text written beside the headers (bytes are written with them at once).
  res.setHeader("Content-Length", bytes.length);
  if (req.method === "HEAD") res.end();
  else res.end(bytes);
}

/** Whether this answer may be compressed, from its media type (and the path, for the app's files). */
function worthCompressing(req: Request, res: Response): boolean {
  const mediaType = String(res.getHeader("Content-Type") ?? "")
    .split(";")[0]
    ?.trim()
    .toLowerCase();
  if (!mediaType || mediaType === "text/event-stream") return false;
  if (mediaType === "application/json" || mediaType.endsWith("+json")) return true;
  const path = req.originalUrl;
  return (path === "/app" || path.startsWith("/app/")) && compression.filter(req, res);
}

type Encoding = "br" | "gzip";
const compressors: Record<Encoding, (bytes: Buffer) => Promise<Buffer>> = {
  // The middleware's own settings (brotli quality 4, gzip's default level), on zlib's thread pool.
  br: promisify((bytes: Buffer, done: (error: Error | null, result: Buffer) => void) =>
    zlib.brotliCompress(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }, done),
  ),
  gzip: promisify((bytes: Buffer, done: (error: Error | null, result: Buffer) => void) => zlib.gzip(bytes, done)),
};
/** Compressed bytes of answers kept for their key (a revision's page tree): made once per encoding asked for. */
const compressedOnce = new WeakMap<Buffer, Map<Encoding, Promise<Buffer>>>();

/**
 * The bytes of a prepared answer compressed as the client accepts, from the second request on without compressing
 * again (a 5,000-page tree's 3.7 MB took 0.6 s in gzip, 1.6 s in brotli, at load 39); undefined when it is to be sent
 * as it is (small, or no encoding accepted). The middleware leaves an answer already encoded alone.
 */
export async function compressedOf(req: Request, bytes: Buffer): Promise<{ encoding: Encoding; bytes: Buffer } | undefined> {
  if (bytes.length < COMPRESS_FROM_BYTES || !req.headers["accept-encoding"]) return undefined;
  const encoding = req.acceptsEncodings("br", "gzip");
  if (encoding !== "br" && encoding !== "gzip") return undefined;
  const kept = compressedOnce.get(bytes) ?? new Map<Encoding, Promise<Buffer>>();
  compressedOnce.set(bytes, kept);
  let compressed = kept.get(encoding);
  if (!compressed) {
    compressed = compressors[encoding](bytes);
    kept.set(encoding, compressed);
    // A failure is not kept: the next request tries again.
    compressed.catch(() => kept.delete(encoding));
  }
  return { encoding, bytes: await compressed };
}
