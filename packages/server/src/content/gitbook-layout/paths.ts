// Where each page's file lives in the layout, and its path in the space; both the reader and the writer go by it.
import { posix } from "node:path";
import type { LayoutPage } from "./types";

export interface PagePlaces {
  /** The page's file, from the content's root (documents only). */
  file: Map<LayoutPage, string>;
  /** The page's path in the space (its ancestors' slugs and its own). */
  path: Map<LayoutPage, string>;
}

/**
 * GitBook's places: the first top-level page (a document without sub-pages), or the first page of a first group, is
 * the readme file; a document with
 * sub-pages is `folder/README.md` with its sub-pages in `folder/`; a group's pages go in a folder named for the group;
 * any other document is `slug.md` in its parent's folder. A page read from a file and not moved since keeps that file.
 */
export function pagePlaces(pages: readonly LayoutPage[], readme: string): PagePlaces {
  const places: PagePlaces = { file: new Map(), path: new Map() };
  // A table of contents opening with a group (`## Getting Started`, then `* [Introduction](README.md)`): the group's
  // first page is the readme file, its sub-pages in the group's folder under its slug, as GitBook writes them.
  const first = pages[0];
  const groupReadme = first?.type === "group" && first.children[0]?.type === "document" ? first.children[0] : undefined;
  const visit = (list: readonly LayoutPage[], folder: string, parentPath: string) => {
    for (const page of list) {
      const path = parentPath ? `${parentPath}/${page.slug}` : page.slug;
      places.path.set(page, path);
      const own = posix.join(folder, page.slug);
      if (page.type === "document") {
        const isReadme = (page === pages[0] && page.children.length === 0) || page === groupReadme;
        // A page read from a file goes back to it, as long as it has not moved.
        const kept = page.sourceFile !== undefined && (page.sourcePath === undefined || page.sourcePath === path) ? page.sourceFile : undefined;
        places.file.set(page, kept ?? (isReadme ? readme : page.children.length ? `${own}/README.md` : `${own}.md`));
      }
      visit(page.children, own, path);
    }
  };
  visit(pages, "", "");
  return places;
}

/** Segments that could leave the folder they are written in (`..`, empty) are dropped. */
export function safeRelativePath(path: string): string {
  return path
    .split(/[/\\]+/)
    .filter((segment) => segment && segment !== "." && segment !== "..")
    .join("/");
}
