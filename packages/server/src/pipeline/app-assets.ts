// The app's hashed assets (packages/app's build), served from memory: each file read once, beside the brotli and
// gzip bytes the build wrote next to it (`<file>.br`, `<file>.gz`: packages/app/scripts/build.mjs), or, for a
// build without them, compressed once here (pipeline/compression.ts keeps them). Before, every request
// compressed its file again on the event loop's turns, while the same loop answered the first screen's API
// reads: a 1.4 KB chunk came as late as the 70 KB entry. A name's bytes never change (the name is their hash),
// so what is read is kept; an unknown name is not (it falls through to the router's 404).
import fs from "node:fs/promises";
import path from "node:path";
import type { Request, RequestHandler, Response } from "express";
import { COMPRESS_FROM_BYTES, compressedOf } from "./compression";

interface Asset {
  bytes: Buffer;
  modified: Date;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
}

/** One file of the folder (no path, no dot file); the precompressed siblings are not assets of their own. */
const ASSET_NAME = /^[\w-][\w.-]*$/;
const PRECOMPRESSED = /\.(br|gz)$/;

export function appAssets(dir: string): RequestHandler {
  const kept = new Map<string, Promise<Asset | undefined>>();
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!ASSET_NAME.test(name) || PRECOMPRESSED.test(name)) return next();
    let asset = kept.get(name);
    if (!asset) {
      asset = readAsset(dir, name);
      kept.set(name, asset);
      // A name not found is not kept: a client cannot fill the memory with names.
      void asset.then((found) => found ?? kept.delete(name)).catch(() => kept.delete(name));
    }
    asset.then((found) => (found ? send(req, res, name, found) : next())).catch(next);
  };
}

async function readAsset(dir: string, name: string): Promise<Asset | undefined> {
  const file = path.join(dir, name);
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile()) return undefined;
  const sibling = (extension: string) => fs.readFile(`${file}.${extension}`).catch(() => undefined);
  const [bytes, br, gzip] = await Promise.all([fs.readFile(file), sibling("br"), sibling("gz")]);
  return { bytes, modified: stat.mtime, br, gzip };
}

async function send(req: Request, res: Response, name: string, asset: Asset): Promise<void> {
  // The headers express.static gave them (the type by extension, immutable for a year, Last-Modified, a weak ETag).
  res.type(path.extname(name));
  res.set("Cache-Control", "public, max-age=31536000, immutable");
  res.set("Last-Modified", asset.modified.toUTCString());
  res.vary("Accept-Encoding");
  let body = asset.bytes;
  const accepted = asset.bytes.length >= COMPRESS_FROM_BYTES ? preferredEncoding(req.headers["accept-encoding"]) : undefined;
  if (accepted === "br" || accepted === "gzip") {
    const precompressed = asset[accepted];
    const compressed = precompressed ? { encoding: accepted, bytes: precompressed } : await compressedOf(req, asset.bytes);
    if (compressed) {
      res.set("Content-Encoding", compressed.encoding);
      body = compressed.bytes;
    }
  }
  // Per encoding (their lengths differ), so a cache revalidating one encoding never gets another's 304.
  res.set("ETag", `W/"${body.length.toString(16)}-${asset.modified.getTime().toString(16)}"`);
  // res.send answers 304 to a fresh conditional request, and no body to HEAD.
  res.send(body);
}

/**
 * brotli where the client accepts it at least as much as gzip (browsers list gzip first, with no weights: the
 * build's brotli files are about a seventh smaller), gzip where it accepts only that, undefined for neither.
 */
export function preferredEncoding(header: string | undefined): "br" | "gzip" | undefined {
  const weights = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gzip = weightOf("gzip");
  if (br > 0 && br >= gzip) return "br";
  return gzip > 0 ? "gzip" : undefined;
}
