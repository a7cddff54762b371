// The links of a revision, classified when the revision is written: `ok` when the
// target exists (or is outside the app), `broken` when it does not, `in-app` when a
// URL points into the Docstack app instead of at content.
import type { Schemas } from "@docstack/contract";
import type { DocumentMeta } from "./documents";
import type { PageDiff } from "./page-diff";
import type { Reference } from "./references";
import type { StoredFile, StoredPage } from "./tree";

export type LinkStatus = Schemas["LinkStatus"];
/** The references links are stored with (the contract's, without cross-space fields). */
export type TargetReference =
  | Schemas["ContentReferenceURL"]
  | Schemas["ContentReferencePage"]
  | Schemas["ContentReferenceFile"]
  | Schemas["ContentReferenceAnchor"];

export interface StoredLink {
  page: string;
  target: TargetReference;
  relation: Schemas["LinkEntry"]["relation"];
  status: LinkStatus;
}

/** A URL into the Docstack app (its host, under /app/), whatever the port or scheme. */
function isInApp(url: string, appBase: string): boolean {
  try {
    const [target, base] = [new URL(url), new URL(appBase)];
    return target.hostname === base.hostname && target.pathname.startsWith("/app/");
  } catch {
    return false;
  }
}

/** Schemes the published site does not link to (its renderer refuses them); `data:` is kept for images only. */
const UNSAFE_SCHEME = /^(javascript|vbscript|file):/i;

/**
 * A URL that is not a reference to content: an address of another scheme (`https:`, `mailto:`, `ftp:`, `news:`,
 * `tel:`…, or `//host/…`) is outside the revision, so `ok` (`in-app` into the app); a path or a name matches
 * nothing in the revision (it would be a reference if it did), so `broken`.
 */
function urlStatus(url: string, image: boolean, appBase: string): LinkStatus {
  if (/^https?:\/\//i.test(url) || url.startsWith("//")) return isInApp(url.startsWith("//") ? `https:${url}` : url, appBase) ? "in-app" : "ok";
  if (UNSAFE_SCHEME.test(url) || (/^data:/i.test(url) && !(image && /^data:image\//i.test(url)))) return "broken";
  return /^[a-z][a-z0-9+.-]*:/i.test(url) ? "ok" : "broken";
}

function classify(
  reference: Reference,
  pageId: string,
  pages: ReadonlyMap<string, StoredPage>,
  fileIds: Set<string>,
  anchorsOf: (page: string) => Set<string>,
  appBase: string,
): { target: TargetReference; status: LinkStatus } {
  switch (reference.kind) {
    case "page":
      if (reference.anchor) {
        const target = { kind: "anchor" as const, page: reference.page, anchor: reference.anchor };
        return { target, status: pages.has(reference.page) && anchorsOf(reference.page).has(reference.anchor) ? "ok" : "broken" };
      }
      return { target: { kind: "page", page: reference.page }, status: pages.has(reference.page) ? "ok" : "broken" };
    case "file":
      return { target: { kind: "file", file: reference.file }, status: fileIds.has(reference.file) ? "ok" : "broken" };
    case "anchor":
      return { target: { kind: "anchor", page: pageId, anchor: reference.anchor }, status: anchorsOf(pageId).has(reference.anchor) ? "ok" : "broken" };
    case "url": {
      const url = reference.url.slice(0, 2048);
      return { target: { kind: "url", url }, status: urlStatus(url, reference.image, appBase) };
    }
  }
}

/** Links grouped by the page they are on (pages without links are absent), each page's in order. */
export type LinksByPage = ReadonlyMap<string, readonly StoredLink[]>;

export function groupLinks(links: readonly StoredLink[]): Map<string, StoredLink[]> {
  const grouped = new Map<string, StoredLink[]>();
  for (const link of links) {
    const list = grouped.get(link.page);
    if (list) list.push(link);
    else grouped.set(link.page, [link]);
  }
  return grouped;
}

/** The links a revision had, to keep those that cannot have changed. */
export interface PreviousLinks {
  pages: ReadonlyMap<string, StoredPage>;
  files: readonly StoredFile[];
  links: LinksByPage;
}

/**
 * The pages whose links must be computed again: a page's links depend only on its
 * document, on whether the pages and files it links to exist and on those pages'
 * documents (their anchors). So the others keep theirs (the same objects, so their
 * chunks are known), and finding them costs a look at each link, not at each document.
 */
export function pagesToRelink(byId: ReadonlyMap<string, StoredPage>, files: readonly StoredFile[], previous: PreviousLinks, diff: PageDiff): StoredPage[] {
  const relink = new Set<StoredPage>();
  const changedPages = new Set(diff.removed);
  for (const page of diff.touched) {
    const then = previous.pages.get(page.id);
    if (then && then.document === page.document) continue; // a new page changes links to it (broken until now)
    changedPages.add(page.id);
    if (page.document) relink.add(page);
  }
  const [fileIds, filesBefore] = [new Set(files.map((file) => file.id)), new Set(previous.files.map((file) => file.id))];
  const changedFiles = new Set([...fileIds].filter((id) => !filesBefore.has(id)));
  for (const id of filesBefore) if (!fileIds.has(id)) changedFiles.add(id);
  if (!changedPages.size && !changedFiles.size) return [...relink];
  const changed = (target: TargetReference) =>
    target.kind === "file" ? changedFiles.has(target.file) : target.kind !== "url" && changedPages.has(target.page);
  for (const [pageId, links] of previous.links) {
    if (!links.some((link) => changed(link.target))) continue;
    const page = byId.get(pageId);
    if (page) relink.add(page);
  }
  return [...relink];
}

/** The documents computing the links of `pages` needs: theirs, then (`meta` given) those of the pages they link to by anchor. */
export function documentsForLinks(pages: readonly StoredPage[], byId: ReadonlyMap<string, StoredPage>, meta?: ReadonlyMap<string, DocumentMeta>): string[] {
  const withDocument = pages.filter((page) => page.document);
  if (!meta) return withDocument.map((page) => page.document!);
  return withDocument.flatMap((page) =>
    (meta.get(page.document!)?.references ?? []).flatMap((reference) =>
      reference.kind === "page" && reference.anchor && byId.get(reference.page)?.document ? [byId.get(reference.page)!.document!] : [],
    ),
  );
}

/** The links of `pages`, by page, in order in the page (`byId`, `files`: the revision's). */
export function computeLinks(
  pages: readonly StoredPage[],
  byId: ReadonlyMap<string, StoredPage>,
  files: readonly StoredFile[],
  documents: ReadonlyMap<string, DocumentMeta>,
  appBase: string,
): Map<string, StoredLink[]> {
  const fileIds = new Set(files.map((file) => file.id));
  const none = new Set<string>();
  const anchorsOf = (pageId: string) => documents.get(byId.get(pageId)?.document ?? "")?.anchors ?? none;
  const links = new Map<string, StoredLink[]>();
  for (const page of pages) {
    const document = page.document ? documents.get(page.document) : undefined;
    const own = (document?.references ?? []).map((reference): StoredLink => {
      const { target, status } = classify(reference, page.id, byId, fileIds, anchorsOf, appBase);
      return { page: page.id, target, relation: reference.image ? "embed" : "reference", status };
    });
    links.set(page.id, own);
  }
  return links;
}

export function readLinks(value: unknown): StoredLink[] {
  return Array.isArray(value) ? (value as StoredLink[]) : [];
}
