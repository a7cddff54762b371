// `.gitbook.yaml` redirects and a space's former paths (content/store/former-paths.ts: a path no page has answers on the
// published site with a 308 to the page that left it) are one store. An import records each redirect as a former
// path of the page its target file holds; an export writes the former paths of the space's pages back as
// redirects to those pages' files, so a repository's redirects come back out as they went in.
import { pagePlaces, safeRelativePath } from "./paths";
import type { LayoutPage, Repository } from "./types";

/** An old path without its slashes (`/old/setup/` → `old/setup`); empty when nothing is left. */
const oldPath = (from: string) => from.trim().replace(/^\/+|\/+$/g, "");

/** The repository's redirects as space paths: each old path and the path of the page at its target file (unknown targets left out). */
export function redirectedPaths(repository: Pick<Repository, "config" | "pages">): { from: string; to: string }[] {
  const places = pagePlaces(repository.pages, repository.config.readme);
  const pathOfFile = new Map([...places.file].map(([page, file]) => [file, places.path.get(page)!]));
  return Object.entries(repository.config.redirects).flatMap(([from, target]) => {
    const to = pathOfFile.get(safeRelativePath(target.split("#")[0]!));
    const path = oldPath(from);
    return to !== undefined && path && path !== to ? [{ from: path, to }] : [];
  });
}

/** The layout's redirects (sorted by old path) from former paths of pages written as `pages` (`idOf`: each layout page's page ID). */
export function layoutRedirects(
  pages: readonly LayoutPage[],
  readme: string,
  idOf: ReadonlyMap<LayoutPage, string>,
  formerPaths: readonly { path: string; pageId: string }[],
): Record<string, string> {
  const places = pagePlaces(pages, readme);
  const fileOf = new Map([...places.file].map(([page, file]) => [idOf.get(page), file]));
  const current = new Set(places.path.values());
  const redirects: Record<string, string> = {};
  for (const { path, pageId } of [...formerPaths].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const file = fileOf.get(pageId);
    // A path a page has again is no redirect (the page answers it).
    if (file && !current.has(path)) redirects[path] = file;
  }
  return redirects;
}
