// Applying a batch of content changes (insert, update, move, delete pages; add files)
// to a revision's content, in memory: each change sees the previous ones, and a
// change that cannot apply fails the whole batch with a message naming it. Each
// operation has its function (./operations); the batch's state is ./batch.
import { ApiError, badRequest } from "../../http/errors";
import { pagePaths } from "../store/tree";
import { FetchRefused, fetchSafely } from "../web/fetch-safely";
import { type AppliedChanges, Batch, type ChangeInputs, type ContentChange } from "./batch";
import type { CurrentPages } from "./edited-tree";
import { applyChange, Step } from "./operations";

export type { AppliedChanges, ChangeInputs, ContentChange, InsertedPageKind } from "./batch";

export function applyChanges(current: CurrentPages, changes: readonly ContentChange[], now: Date, inputs: ChangeInputs = {}): AppliedChanges {
  const batch = new Batch(current, now, inputs);
  for (const [index, change] of changes.entries()) applyChange(new Step(batch, index), change);
  const pages = batch.tree.pages();
  const { bodies, pageRefs, fileRefs } = batch;
  if (pageRefs.size || fileRefs.size) {
    const paths = pagePaths(pages);
    const targets = new Map<string, string>([...fileRefs]);
    for (const [ref, id] of pageRefs) if (paths.has(id)) targets.set(ref, `/${paths.get(id)}`);
    for (const [id, markdown] of bodies) bodies.set(id, resolveRefs(markdown, targets));
  }
  return { pages, files: batch.files, bodies, newFiles: batch.newFiles, outcomes: batch.outcomes };
}

/**
 * Links and images of a body naming a `ref` of the batch (`./<ref>.md`, `./<ref>`, `<ref>`, with an optional
 * `#anchor`) made to name the page by its path, or the file by its name, as stored content does.
 */
function resolveRefs(markdown: string, targets: ReadonlyMap<string, string>): string {
  return markdown.replace(/(\]\(\s*<?)([^)\s>#]+)(#[^)\s>]*)?/g, (whole, open: string, target: string, anchor: string | undefined) => {
    const ref = target.replace(/^\.\//, "");
    const resolved = targets.get(ref) ?? targets.get(ref.replace(/\.md$/, ""));
    return resolved === undefined ? whole : `${open}${resolved}${anchor ?? ""}`;
  });
}

/** Largest file fetched from a `url` (the request body's own limit). */
const MAX_FETCHED_FILE = 20 * 1024 * 1024;
const FETCH_SECONDS = 30;

/**
 * Fetches the files a batch gives by `url` (one at a time, with the imports' checks: no internal address, on the
 * address connected to and every redirect), before the batch applies; a failure is a 400 naming the file's `url`.
 */
export async function fetchFileUrls(changes: readonly ContentChange[], allowPrivate: boolean): Promise<ChangeInputs["fetched"]> {
  const fetched = new Map<string, { data: Buffer; contentType: string }>();
  const deadline = Date.now() + FETCH_SECONDS * 1000;
  for (const [index, change] of changes.entries()) {
    if (change.operation !== "insert_files") continue;
    for (const [fileIndex, upload] of change.files.entries()) {
      if (upload.url === undefined) continue;
      try {
        const file = await fetchSafely(upload.url, { allowPrivate, maxBytes: MAX_FETCHED_FILE, deadline });
        const contentType = file.contentType.split(";")[0]?.trim() || "application/octet-stream";
        fetched.set(`${index}/${fileIndex}`, { data: file.bytes, contentType });
      } catch (error) {
        if (error instanceof FetchRefused) {
          throw badRequest("url_fetch_failed", `request/body/changes/${index}/files/${fileIndex}/url: ${error.message.replace(/^request\/body\/url: /, "")}`);
        }
        throw error instanceof ApiError ? error : badRequest("url_fetch_failed", `request/body/changes/${index}/files/${fileIndex}/url: could not be fetched`);
      }
    }
  }
  return fetched;
}
