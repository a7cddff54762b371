// The content of a revision as stored: pages flat, in table-of-contents order
// (siblings keep their relative order; each page names its parent), files by the
// hash of their bytes, pages' bodies by the hash of their document.

export type PageType = "document" | "group" | "link";

export interface StoredPage {
  id: string;
  title: string;
  slug: string;
  type: PageType;
  parent: string | null;
  /** SHA-256 of the page's stored markdown (document pages). */
  document?: string;
  /** Where a link page points. */
  href?: string;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  /** Adaptive content: the expression deciding which visitors of a published site see the page (and its sub-pages). */
  condition?: string;
  /** GitBook's front matter the page came with (a repository's import), written back by an export: see PagePresentation. */
  cover?: string;
  coverY?: number;
  layout?: string;
  frontMatter?: string;
  /** An imported page's file as read (a FileBlob's hash holding gitbook-layout's PageOrigin as JSON): its export gives those bytes back. */
  origin?: string;
  createdAt: string;
  updatedAt: string;
}

export interface StoredFile {
  id: string;
  name: string;
  contentType: string;
  /** SHA-256 of the bytes (FileBlob). */
  blob: string;
  size: number;
  width?: number;
  height?: number;
}

export interface StoredTree {
  pages: StoredPage[];
}

export function readTree(value: unknown): StoredTree {
  const pages = (value as { pages?: StoredPage[] } | null)?.pages;
  return { pages: Array.isArray(pages) ? pages : [] };
}

export function readFiles(value: unknown): StoredFile[] {
  return Array.isArray(value) ? (value as StoredFile[]) : [];
}

/** Children of each page (and of the root, under ""), in order. */
export function childrenIndex(pages: readonly StoredPage[]): Map<string, StoredPage[]> {
  const index = new Map<string, StoredPage[]>();
  for (const page of pages) {
    const key = page.parent ?? "";
    const list = index.get(key);
    if (list) list.push(page);
    else index.set(key, [page]);
  }
  return index;
}

/** Pages in table-of-contents order: depth first, parents before their children. */
export function tocOrder(pages: readonly StoredPage[]): StoredPage[] {
  const children = childrenIndex(pages);
  const ordered: StoredPage[] = [];
  const visit = (parent: string) => {
    for (const page of children.get(parent) ?? []) {
      ordered.push(page);
      visit(page.id);
    }
  };
  visit("");
  return ordered;
}

/** The path of every page: its ancestors' slugs and its own, joined by "/". */
export function pagePaths(pages: readonly StoredPage[]): Map<string, string> {
  const byId = new Map(pages.map((page) => [page.id, page]));
  const paths = new Map<string, string>();
  const pathOf = (page: StoredPage, depth = 0): string => {
    const known = paths.get(page.id);
    if (known) return known;
    const parent = page.parent ? byId.get(page.parent) : undefined;
    const path = parent && depth < 100 ? `${pathOf(parent, depth + 1)}/${page.slug}` : page.slug;
    paths.set(page.id, path);
    return path;
  };
  for (const page of pages) pathOf(page);
  return paths;
}

/** The page and every page below it. */
export function descendantsAndSelf(pages: readonly StoredPage[], pageId: string): Set<string> {
  const children = childrenIndex(pages);
  const found = new Set<string>();
  const visit = (id: string) => {
    found.add(id);
    for (const child of children.get(id) ?? []) visit(child.id);
  };
  visit(pageId);
  return found;
}

/** A URL segment from a title: lower-case ASCII letters, digits and hyphens. */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100)
    .replace(/-+$/g, "");
  return slug || "untitled";
}

/** `base`, or `base-2`, `base-3`… the first not in `taken`. */
export function uniqueSlug(base: string, taken: Pick<ReadonlySet<string>, "has">): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, 100 - suffix.length).replace(/-+$/g, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The pages, each with a slug unique among its siblings: existing slugs are kept where
 * they are already unique (earlier siblings keep theirs). Pages whose slug changes are
 * copies; the others are the same objects. `siblingLists` limits the check to those lists.
 */
export function deduplicateSlugs(pages: readonly StoredPage[], siblingLists: Iterable<readonly StoredPage[]> = childrenIndex(pages).values()): StoredPage[] {
  const renamed = new Map<string, string>();
  for (const siblings of siblingLists) {
    const taken = new Set<string>();
    for (const page of siblings) {
      const slug = taken.has(page.slug) ? uniqueSlug(page.slug, taken) : page.slug;
      if (slug !== page.slug) renamed.set(page.id, slug);
      taken.add(slug);
    }
  }
  return renamed.size ? pages.map((page) => (renamed.has(page.id) ? { ...page, slug: renamed.get(page.id)! } : page)) : [...pages];
}
