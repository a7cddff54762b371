// The links of a revision, classified when the revision is written: `ok` when the
// target exists (or is outside the app), `broken` when it does not, `in-app` when a
// URL points into the Docstack app instead of at content.
import type { Schemas } from "@docstack/contract";
import type { DocumentMeta } from "./documents";
import type { Reference } from "./references";
import { type StoredFile, type StoredPage, tocOrder } from "./tree";

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

function classify(
  reference: Reference,
  pageId: string,
  pages: Map<string, StoredPage>,
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
      if (/^https?:\/\//i.test(url)) return { target: { kind: "url", url }, status: isInApp(url, appBase) ? "in-app" : "ok" };
      if (/^(mailto|tel):/i.test(url)) return { target: { kind: "url", url }, status: "ok" };
      return { target: { kind: "url", url }, status: "broken" };
    }
  }
}

/** The links a revision had, to keep those that cannot have changed. */
export interface PreviousLinks {
  pages: ReadonlyMap<string, StoredPage>;
  files: readonly StoredFile[];
  links: readonly StoredLink[];
}

/**
 * The pages whose links are those they had in `previous`, with those links: a page's
 * links depend only on its document, on whether the pages and files it links to exist
 * and on those pages' documents (their anchors), so a page with the same document whose
 * targets are all unchanged keeps its links (the same objects, so their chunks are known).
 */
export function unchangedLinks(pages: readonly StoredPage[], files: readonly StoredFile[], previous: PreviousLinks): Map<string, StoredLink[]> {
  const byId = new Map(pages.map((page) => [page.id, page]));
  const pageSame = (id: string) => {
    const [now, then] = [byId.get(id), previous.pages.get(id)];
    return now === then || (now !== undefined && then !== undefined && now.document === then.document);
  };
  const fileIds = new Set(files.map((file) => file.id));
  const filesBefore = new Set(previous.files.map((file) => file.id));
  const targetSame = (target: TargetReference) =>
    target.kind === "url" || (target.kind === "file" ? fileIds.has(target.file) === filesBefore.has(target.file) : pageSame(target.page));
  const linksBefore = new Map<string, StoredLink[]>();
  for (const link of previous.links) {
    const list = linksBefore.get(link.page);
    if (list) list.push(link);
    else linksBefore.set(link.page, [link]);
  }
  const kept = new Map<string, StoredLink[]>();
  for (const page of pages) {
    if (!previous.pages.has(page.id) || !pageSame(page.id)) continue;
    const links = linksBefore.get(page.id) ?? [];
    if (links.every((link) => targetSame(link.target))) kept.set(page.id, links);
  }
  return kept;
}

/** The documents computing the links of the pages not `kept` needs: theirs, then (`meta` given) those of the pages they link to by anchor. */
export function documentsForLinks(pages: readonly StoredPage[], kept: ReadonlyMap<string, unknown>, meta?: ReadonlyMap<string, DocumentMeta>): string[] {
  const recomputed = pages.filter((page) => !kept.has(page.id) && page.document);
  if (!meta) return recomputed.map((page) => page.document!);
  const byId = new Map(pages.map((page) => [page.id, page]));
  return recomputed.flatMap((page) =>
    (meta.get(page.document!)?.references ?? []).flatMap((reference) =>
      reference.kind === "page" && reference.anchor && byId.get(reference.page)?.document ? [byId.get(reference.page)!.document!] : [],
    ),
  );
}

/** Every link of every page, in table-of-contents order then order in the page (`kept`: pages whose links are known). */
export function computeLinks(
  pages: readonly StoredPage[],
  files: readonly StoredFile[],
  documents: Map<string, DocumentMeta>,
  appBase: string,
  kept: ReadonlyMap<string, readonly StoredLink[]> = new Map(),
): StoredLink[] {
  const byId = new Map(pages.map((page) => [page.id, page]));
  const fileIds = new Set(files.map((file) => file.id));
  const none = new Set<string>();
  const anchorsOf = (pageId: string) => documents.get(byId.get(pageId)?.document ?? "")?.anchors ?? none;
  const links: StoredLink[] = [];
  for (const page of tocOrder(pages)) {
    const known = kept.get(page.id);
    if (known) {
      for (const link of known) links.push(link);
      continue;
    }
    const document = page.document ? documents.get(page.document) : undefined;
    for (const reference of document?.references ?? []) {
      const { target, status } = classify(reference, page.id, byId, fileIds, anchorsOf, appBase);
      links.push({ page: page.id, target, relation: reference.image ? "embed" : "reference", status });
    }
  }
  return links;
}

export function readLinks(value: unknown): StoredLink[] {
  return Array.isArray(value) ? (value as StoredLink[]) : [];
}
