// Three-way merge of content: the page tree (which pages, their fields, parents and
// order) and each page's markdown, line by line. `base` is the content both sides
// started from; `ours` is the space's main content, `theirs` the change request's.
// node-diff3 ships CommonJS for require() but declares its types as an ES module.
type Diff3 = typeof import("node-diff3", { with: { "resolution-mode": "import" }});
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { diff3Merge } = require("node-diff3") as Diff3;

import { childrenIndex, deduplicateSlugs, pagePaths, type StoredFile, type StoredPage } from "../store/tree";

export interface Content {
  pages: readonly StoredPage[];
  files: readonly StoredFile[];
}

export interface Conflict {
  page: { id: string; title: string; path: string };
  reason: string;
}

export interface MergeResult {
  pages: StoredPage[];
  files: StoredFile[];
  /** Stored markdown of pages whose body is a merge of both sides (not yet stored). */
  mergedBodies: Map<string, string>;
  conflicts: Conflict[];
}

const FIELDS = [
  "title",
  "type",
  "href",
  "emoji",
  "icon",
  "description",
  "hidden",
  "noIndex",
  "noRobotsIndex",
  "condition",
  "cover",
  "coverY",
  "layout",
  "frontMatter",
  "parent",
] as const;

/** The value of one side when only that side changed it; undefined + conflict when both did differently. */
function pick<T>(base: T, ours: T, theirs: T): { value: T; conflict: boolean } {
  if (ours === theirs || theirs === base) return { value: ours, conflict: false };
  if (ours === base) return { value: theirs, conflict: false };
  return { value: ours, conflict: true };
}

function changed(a: StoredPage, b: StoredPage): boolean {
  return FIELDS.some((field) => a[field] !== b[field]) || a.document !== b.document;
}

/** Merges markdown line by line; null when both sides changed the same lines differently. */
export function mergeText(base: string, ours: string, theirs: string): string | null {
  const regions = diff3Merge(ours.split("\n"), base.split("\n"), theirs.split("\n"), { excludeFalseConflicts: true });
  const lines: string[] = [];
  for (const region of regions) {
    if (region.conflict) return null;
    lines.push(...(region.ok ?? []));
  }
  return lines.join("\n");
}

/** Merges the order of a parent's children: both sides' moves and additions are kept. */
function mergeOrder(base: string[], ours: string[], theirs: string[], keep: Set<string>): string[] {
  const merged: string[] = [];
  for (const region of diff3Merge(ours, base, theirs, { excludeFalseConflicts: true })) {
    if (region.ok) merged.push(...region.ok);
    else if (region.conflict) merged.push(...region.conflict.a, ...region.conflict.b);
  }
  const seen = new Set<string>();
  return merged.filter((id) => keep.has(id) && !seen.has(id) && seen.add(id));
}

export function mergeContent(base: Content, ours: Content, theirs: Content, documents: Map<string, string>): MergeResult {
  const byId = (pages: readonly StoredPage[]) => new Map(pages.map((page) => [page.id, page]));
  const [b, o, t] = [byId(base.pages), byId(ours.pages), byId(theirs.pages)];
  const conflicts: { page: StoredPage; reason: string }[] = [];
  const result = new Map<string, StoredPage>();
  const mergedBodies = new Map<string, string>();

  for (const id of new Set([...o.keys(), ...t.keys(), ...b.keys()])) {
    const [bp, op, tp] = [b.get(id), o.get(id), t.get(id)];
    if (!bp) {
      if (op && tp && changed(op, tp)) conflicts.push({ page: tp, reason: "added on both sides with different content" });
      else if (op ?? tp) result.set(id, (op ?? tp)!);
      continue;
    }
    if (!op || !tp) {
      const survivor = op ?? tp;
      if (survivor && changed(bp, survivor)) {
        conflicts.push({
          page: survivor,
          reason: op ? "edited in the space but deleted in the change request" : "deleted in the space but edited in the change request",
        });
      }
      continue;
    }
    const page: StoredPage = { ...op };
    const clashing: string[] = [];
    for (const field of FIELDS) {
      const { value, conflict } = pick(bp[field], op[field], tp[field]);
      (page as unknown as Record<string, unknown>)[field] = value;
      if (conflict) clashing.push(field === "parent" ? "place" : field);
    }
    const document = pick(bp.document, op.document, tp.document);
    page.document = document.value;
    if (document.conflict) {
      const text = mergeText(documents.get(bp.document ?? "") ?? "", documents.get(op.document ?? "") ?? "", documents.get(tp.document ?? "") ?? "");
      if (text === null) clashing.push("content");
      else mergedBodies.set(id, text);
    }
    // The slug follows the side that changed it (a rename alone keeps it); when both did, the side whose title won.
    // Duplicates are made unique afterwards.
    const slug = pick(bp.slug, op.slug, tp.slug);
    page.slug = slug.conflict && page.title === tp.title && page.title !== op.title ? tp.slug : slug.value;
    // biome-ignore lint/complexity/useMathMinMax: ISO timestamps, compared as text
    page.updatedAt = op.updatedAt > tp.updatedAt ? op.updatedAt : tp.updatedAt;
    if (clashing.length) conflicts.push({ page: tp, reason: `both sides changed its ${clashing.join(", ")}` });
    // A page the merge leaves as the space has it stays the same object (its chunk is then known without hashing).
    const unchanged = !changed(op, page) && page.slug === op.slug && page.updatedAt === op.updatedAt;
    result.set(id, unchanged ? op : page);
  }

  // A page whose parent is gone, or that a move on each side put inside itself.
  for (const page of result.values()) {
    if (page.parent && !result.has(page.parent)) {
      conflicts.push({ page, reason: "its parent page was deleted on the other side" });
      continue;
    }
    const seen = new Set<string>([page.id]);
    for (let parent = page.parent; parent; parent = result.get(parent)?.parent ?? null) {
      if (seen.has(parent)) {
        conflicts.push({ page, reason: "moved into one of its own sub-pages by the two sides' moves" });
        break;
      }
      seen.add(parent);
    }
  }

  const pages = deduplicateSlugs(ordered(base, ours, theirs, result));
  const paths = pagePaths([...pages, ...theirs.pages.filter((page) => !result.has(page.id))]);
  const seenConflict = new Set<string>();
  return {
    pages,
    files: mergeFiles(base.files, ours.files, theirs.files),
    mergedBodies,
    conflicts: conflicts
      .filter(({ page }) => !seenConflict.has(page.id) && seenConflict.add(page.id))
      .map(({ page, reason }) => ({ page: { id: page.id, title: page.title, path: paths.get(page.id) ?? page.slug }, reason })),
  };
}

/** The merged pages in table-of-contents order: each parent's children in merged order. */
function ordered(base: Content, ours: Content, theirs: Content, result: Map<string, StoredPage>): StoredPage[] {
  const [bc, oc, tc] = [childrenIndex(base.pages), childrenIndex(ours.pages), childrenIndex(theirs.pages)];
  const finalChildren = childrenIndex([...result.values()]);
  const ids = (index: Map<string, StoredPage[]>, parent: string) => (index.get(parent) ?? []).map((page) => page.id);
  const out: StoredPage[] = [];
  const visit = (parent: string) => {
    const keep = new Set(ids(finalChildren, parent));
    const order = mergeOrder(ids(bc, parent), ids(oc, parent), ids(tc, parent), keep);
    for (const id of keep) if (!order.includes(id)) order.push(id);
    for (const id of order) {
      out.push(result.get(id)!);
      visit(id);
    }
  };
  visit("");
  return out;
}

/** Files by ID: additions and deletions of either side; a file both sides changed takes the change request's. */
function mergeFiles(base: readonly StoredFile[], ours: readonly StoredFile[], theirs: readonly StoredFile[]): StoredFile[] {
  const [b, t] = [new Map(base.map((f) => [f.id, f])), new Map(theirs.map((f) => [f.id, f]))];
  const merged: StoredFile[] = [];
  for (const file of ours) {
    const theirsFile = t.get(file.id);
    if (!theirsFile) {
      if (!b.has(file.id) || b.get(file.id)!.blob !== file.blob) merged.push(file); // added, or changed in the space
      continue;
    }
    merged.push(theirsFile.blob !== b.get(file.id)?.blob ? theirsFile : file);
  }
  const inOurs = new Set(ours.map((file) => file.id));
  for (const file of theirs) if (!inOurs.has(file.id) && !b.has(file.id)) merged.push(file);
  return merged;
}
