// References between content: a link to `/getting-started/auth#tokens` or to
// `diagram.png` is stored as a reference to the page or file itself, so it follows
// the page when it is renamed or moved, and reads back as the current path.
import { linkTargets, mapTargets } from "../format/markdown";
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

/** A target's name decoded (`My%20file.png` → `My file.png`); as written when it is not valid percent-encoding. */
function decoded(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}

/**
 * What a link as written names, when it names content: `page:<path>` for `/<path>#anchor`, `file:<name>`
 * for a relative target (a file's name). External URLs, anchors in the page and stored references name none.
 */
export function contentTarget(target: string): string | undefined {
  if (isExternal(target) || target.startsWith("#") || target.startsWith("//") || !target) return undefined;
  if (target.startsWith("/")) return `page:${target.split("#", 1)[0]!.replace(/^\/+|\/+$/g, "")}`;
  return `file:${decoded(target)}`;
}

/** Whether the content names what `contentTarget` gave. */
export function hasContent(index: ContentIndex, named: string): boolean {
  return named.startsWith("page:") ? index.pageByPath.has(named.slice(5)) : index.fileByName.has(named.slice(5));
}

/** Markdown as written → as stored: targets naming a page or file become references to it (stored markdown maps to itself, but for targets that exist now). */
export function toStoredMarkdown(markdown: string, index: ContentIndex): string {
  return mapTargets(markdown, ({ target }) => {
    const named = contentTarget(target);
    if (!named) return target;
    if (named.startsWith("page:")) {
      const page = index.pageByPath.get(named.slice(5));
      const anchor = target.split("#", 2)[1];
      return page ? `${PAGE}${page}${anchor ? `#${anchor}` : ""}` : target;
    }
    const file = index.fileByName.get(named.slice(5));
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
