// The integration's images: base64 in a publication, stored as file blobs (once per
// distinct content), served back through signed download URLs.

import { putBlob } from "../../content/store/documents";
import type { Db, Tx } from "../../db/database";
import type { RequestContext } from "../../http/context";
import { badRequest } from "../../http/errors";

export interface ImageType {
  extension: string;
  contentType: string;
  matches: (data: Buffer) => boolean;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/**
 * An SVG document: optional XML declaration, comments and doctype, then the <svg> element.
 * A comment cannot run past its first `-->` (no backtracking over many comments).
 */
const SVG_START = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--(?:(?!-->)[\s\S])*-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s>]/i;
const ascii = (data: Buffer, start: number, end: number) => data.subarray(start, end).toString("latin1");

/** The types the contract accepts, told from their first bytes. */
const IMAGE_TYPES: readonly ImageType[] = [
  { extension: "png", contentType: "image/png", matches: (data) => data.subarray(0, 8).equals(PNG_SIGNATURE) },
  { extension: "jpg", contentType: "image/jpeg", matches: (data) => data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff },
  { extension: "gif", contentType: "image/gif", matches: (data) => /^GIF8[79]a$/.test(ascii(data, 0, 6)) },
  { extension: "webp", contentType: "image/webp", matches: (data) => ascii(data, 0, 4) === "RIFF" && ascii(data, 8, 12) === "WEBP" },
  { extension: "svg", contentType: "image/svg+xml", matches: (data) => SVG_START.test(data.subarray(0, 4096).toString("utf8")) },
];

export interface DecodedImage {
  data: Buffer;
  type: ImageType;
}

/** The image type its first bytes say, if any (never what a request claims). */
export function sniffImageType(data: Buffer): ImageType | undefined {
  return IMAGE_TYPES.find((candidate) => candidate.matches(data));
}

/** Decodes a base64 image of the request (400 naming `field` when it is none of the accepted types). */
export function decodeImage(base64: string, field: string): DecodedImage {
  const data = Buffer.from(base64, "base64");
  const type = sniffImageType(data);
  if (!type) throw badRequest("invalid_request", `${field}: not a PNG, JPEG, GIF, WebP or SVG image`);
  return { data, type };
}

/**
 * Stores the image's bytes; returns what the integration keeps: the blob's hash and the
 * image's extension (`<sha256>.png`), so that its URL is signed without reading the bytes.
 */
export async function storeImage(tx: Tx | Db, image: DecodedImage): Promise<string> {
  return `${await putBlob(tx, image.data)}.${image.type.extension}`;
}

/** The signed URL of a stored image, served as `<name>.<extension>`. */
export function imageUrl(ctx: RequestContext, stored: string, name: string): string {
  const [blob = "", extension = ""] = stored.split(".");
  const contentType = IMAGE_TYPES.find((type) => type.extension === extension)?.contentType ?? "application/octet-stream";
  return ctx.downloads.url(ctx.baseUrl, { kind: "file", blob, name: `${name}.${extension}`, contentType });
}
