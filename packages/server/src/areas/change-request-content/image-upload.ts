// An image pasted or dropped into the editor, added to a change request's content as a file of its own. What the
// image is comes from its bytes (never from the request), a name is made safe and unique among the change request's
// files (an upload never replaces another file), and it is written as an `insert_files` batch of one.
import { ApiError, badRequest } from "../../http/errors";
import { sniffImageType } from "../integrations/images";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The types an upload may be: not SVG, which can hold scripts. */
const UPLOADABLE = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

export interface CheckedImage {
  data: Buffer;
  contentType: string;
  extension: string;
}

/** The image's bytes and their type, or the failure its reason names. */
export function checkImage(base64: string, declared: string | undefined): CheckedImage {
  if (declared !== undefined && !UPLOADABLE.has(declared.toLowerCase()))
    throw new ApiError("image_type_unsupported", `request/body/contentType: ${declared} is not taken (PNG, JPEG, GIF or WebP)`);
  // base64 is 4 characters for 3 bytes: refused before it is decoded.
  if (Math.floor((base64.length * 3) / 4) > MAX_IMAGE_BYTES + 2) throw tooLarge();
  const data = Buffer.from(base64, "base64");
  if (data.byteLength > MAX_IMAGE_BYTES) throw tooLarge();
  const type = sniffImageType(data);
  if (!type || !UPLOADABLE.has(type.contentType)) throw badRequest("not_an_image", "request/body/data: not a PNG, JPEG, GIF or WebP image");
  if (declared !== undefined && declared.toLowerCase() !== type.contentType)
    throw new ApiError("image_type_unsupported", `request/body/contentType: ${declared}, but the bytes are ${type.contentType}`);
  return { data, contentType: type.contentType, extension: type.extension };
}

const tooLarge = () => new ApiError("image_too_large", `request/body/data: the image is larger than ${MAX_IMAGE_BYTES} bytes (10 MiB)`);

/** `Screenshot 2026-05-01 at 10.00.png` as `Screenshot-2026-05-01-at-10.00.png`, with its type's extension, not among `taken`. */
export function imageName(given: string, extension: string, taken: ReadonlySet<string>): string {
  const stem =
    given
      .replace(/\.[A-Za-z0-9]{1,5}$/, "")
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^[-.]+|[-.]+$/g, "")
      .slice(0, 100) || "image";
  for (let n = 1; ; n++) {
    const name = `${stem}${n === 1 ? "" : `-${n}`}.${extension}`;
    if (!taken.has(name)) return name;
  }
}
