// What a revision changes of its parent's pages, found by object identity: the pages a
// write leaves alone are the parent's own objects. Deriving the new revision's indexes
// and links from the parent's with it costs what the write changed, not what the space holds.
import { childrenIndex, type StoredPage } from "./tree";

export interface PageDiff {
  /** Pages that are new, or new versions (other objects) of the parent's. */
  touched: StoredPage[];
  /** IDs of the parent's pages that are gone. */
  removed: string[];
}

export function pageDiff(before: ReadonlyMap<string, StoredPage>, after: ReadonlyMap<string, StoredPage>): PageDiff {
  const touched: StoredPage[] = [];
  let stayed = 0;
  for (const page of after.values()) {
    const then = before.get(page.id);
    if (then) stayed++;
    if (then !== page) touched.push(page);
  }
  // Every page of the parent still here: none removed, without looking at them all.
  const removed = stayed === before.size ? [] : [...before.keys()].filter((id) => !after.has(id));
  return { touched, removed };
}

/**
 * The pages of a revision being written, with their indexes and their diff from the
 * parent's, kept in step as pages are replaced by new versions.
 */
export class PagesDraft {
  pages: readonly StoredPage[];
  readonly byId: Map<string, StoredPage>;
  readonly children: Map<string, StoredPage[]>;
  readonly diff: PageDiff | undefined;

  constructor(pages: readonly StoredPage[], parent?: ReadonlyMap<string, StoredPage>) {
    this.pages = pages;
    this.byId = new Map(pages.map((page) => [page.id, page]));
    this.children = childrenIndex(pages);
    this.diff = parent && pageDiff(parent, this.byId);
  }

  /** Siblings whose slugs may clash: all, or (with a parent) those of the pages the revision changes. */
  siblingsToCheck(): Iterable<readonly StoredPage[]> {
    if (!this.diff) return this.children.values();
    const parents = new Set(this.diff.touched.map((page) => page.parent ?? ""));
    return [...parents].map((parent) => this.children.get(parent) ?? []);
  }

  /** Puts new versions of pages (by ID, under the same parents: renamed, given a document) in place of the current ones. */
  replace(replacements: readonly StoredPage[]): void {
    if (!replacements.length) return;
    const replaced = new Map(replacements.map((page) => [page.id, page]));
    for (const page of replacements) {
      const old = this.byId.get(page.id);
      if (!old) continue;
      this.byId.set(page.id, page);
      const siblings = this.children.get(old.parent ?? "");
      const at = siblings?.indexOf(old) ?? -1;
      if (siblings && at >= 0) siblings[at] = page;
    }
    if (this.diff) {
      const touched = new Set(this.diff.touched.map((page) => page.id));
      this.diff.touched = this.diff.touched.map((page) => replaced.get(page.id) ?? page);
      for (const page of replacements) if (!touched.has(page.id)) this.diff.touched.push(page);
    }
    this.pages = this.pages.map((page) => replaced.get(page.id) ?? page);
  }
}

/** Whether no page of the parent changed its place in the tree (parent, slug): their paths stay. */
export function pathsKept(before: ReadonlyMap<string, StoredPage>, diff: PageDiff): boolean {
  return diff.touched.every((page) => {
    const then = before.get(page.id);
    return !then || (then.slug === page.slug && then.parent === page.parent);
  });
}
