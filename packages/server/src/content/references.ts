// References between content: a link to `/getting-started/auth#tokens` or to
// `diagram.png` is stored as a reference to the page or file itself, so it follows
// the page when it is renamed or moved, and reads back as the current path.
import { linkTargets, mapTargets } from "./markdown";
import type { PageDiff } from "./page-diff";
import { pagePaths, type StoredFile, type StoredPage } from "./tree";

const PAGE = "docstack:page/";
const FILE = "docstack:file/";

export interface ContentIndex {
  pageByPath: Map<string, string>;
  pathById: Map<string, string>;
  fileByName: Map<string, string>;
  fileNameById: Map<string, string>;
}

export function contentIndex(pages: readonly StoredPage[], files: readonly StoredFile[]): ContentIndex {
  const pathById = pagePaths(pages);
  return {
    pathById,
    pageByPath: new Map([...pathById].map(([id, path]) => [path, id])),
    ...fileNames(files),
  };
}

function fileNames(files: readonly StoredFile[]): Pick<ContentIndex, "fileByName" | "fileNameById"> {
  return { fileByName: new Map(files.map((file) => [file.name, file.id])), fileNameById: new Map(files.map((file) => [file.id, file.name])) };
}

/**
 * The content index of a revision derived from its parent's: the parent's paths, without
 * the pages removed, with the new ones'. Only when no page of the parent moved or was
 * renamed (`pathsKept`): then no other path can have changed.
 */
export function updatedContentIndex(previous: ContentIndex, byId: ReadonlyMap<string, StoredPage>, diff: PageDiff, files: readonly StoredFile[]): ContentIndex {
  const pathById = new Map(previous.pathById);
  const pageByPath = new Map(previous.pageByPath);
  for (const id of diff.removed) {
    const path = pathById.get(id);
    pathById.delete(id);
    if (path !== undefined && pageByPath.get(path) === id) pageByPath.delete(path);
  }
  const pathOf = (page: StoredPage, depth = 0): string => {
    const known = pathById.get(page.id);
    if (known !== undefined) return known;
    const parent = page.parent ? byId.get(page.parent) : undefined;
    const path = parent && depth < 100 ? `${pathOf(parent, depth + 1)}/${page.slug}` : page.slug;
    pathById.set(page.id, path);
    pageByPath.set(path, page.id);
    return path;
  };
  for (const page of diff.touched) pathOf(page);
  return { pathById, pageByPath, ...fileNames(files) };
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** Markdown as written → as stored: targets naming a page or file become references to it. */
export function toStoredMarkdown(markdown: string, index: ContentIndex): string {
  return mapTargets(markdown, ({ target }) => {
    if (isExternal(target) || target.startsWith("#")) return target;
    if (target.startsWith("/")) {
      const [path = "", anchor] = target.split("#", 2);
      const page = index.pageByPath.get(path.replace(/^\/+|\/+$/g, ""));
      return page ? `${PAGE}${page}${anchor ? `#${anchor}` : ""}` : target;
    }
    const file = index.fileByName.get(decodeURIComponent(target));
    return file ? `${FILE}${file}` : target;
  });
}

/** Markdown as stored → as read: references show the current path or name. */
export function toReadableMarkdown(stored: string, index: ContentIndex): string {
  return mapTargets(stored, ({ target }) => {
    if (target.startsWith(PAGE)) {
      const [id = "", anchor] = target.slice(PAGE.length).split("#", 2);
      const path = index.pathById.get(id);
      return path ? `/${path}${anchor ? `#${anchor}` : ""}` : target;
    }
    if (target.startsWith(FILE)) return index.fileNameById.get(target.slice(FILE.length)) ?? target;
    return target;
  });
}

/** A reference found in stored markdown. */
export type Reference =
  | { kind: "page"; page: string; anchor?: string; image: boolean }
  | { kind: "file"; file: string; image: boolean }
  | { kind: "anchor"; anchor: string; image: boolean }
  | { kind: "url"; url: string; image: boolean };

export function referencesIn(stored: string): Reference[] {
  return linkTargets(stored).map(({ target, image }): Reference => {
    if (target.startsWith(PAGE)) {
      const [page = "", anchor] = target.slice(PAGE.length).split("#", 2);
      return anchor ? { kind: "page", page, anchor, image } : { kind: "page", page, image };
    }
    if (target.startsWith(FILE)) return { kind: "file", file: target.slice(FILE.length), image };
    if (target.startsWith("#") && target.length > 1) return { kind: "anchor", anchor: target.slice(1), image };
    return { kind: "url", url: target, image };
  });
}
