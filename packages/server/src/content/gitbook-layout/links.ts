// Links in a layout's files are relative paths (`../other/page.md#anchor`, `../.gitbook/assets/diagram.png`); in a
// space they are `/path#anchor` and file names. These convert one way and the other, leaving any other target as is.
import { posix } from "node:path";
import { mapTargets } from "../markdown";
import { ASSETS } from "./types";

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//");

function decoded(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

function splitAnchor(target: string): [string, string] {
  const at = target.indexOf("#");
  return at < 0 ? [target, ""] : [target.slice(0, at), target.slice(at)];
}

/** A relative target of the file `from` as a path from the content's root (`undefined` when it leaves the root). */
export function resolveFrom(from: string, target: string): string | undefined {
  const resolved = posix.normalize(posix.join(posix.dirname(from), decoded(target)));
  return resolved.startsWith("../") || resolved === ".." ? undefined : resolved;
}

/** The file's links as the space reads them: `spacePathOf` gives the space path of a page by its file. */
export function toSpaceLinks(markdown: string, from: string, spacePathOf: (file: string) => string | undefined, files: ReadonlySet<string>): string {
  return mapTargets(markdown, ({ target }) => {
    if (isExternal(target) || target.startsWith("#") || target.startsWith("/") || !target) return target;
    const [path, anchor] = splitAnchor(target);
    const resolved = resolveFrom(from, path);
    if (resolved === undefined) return target;
    if (resolved.startsWith(ASSETS)) {
      const name = resolved.slice(ASSETS.length);
      return files.has(name) ? encodeURI(name) : target;
    }
    const page = spacePathOf(resolved);
    return page === undefined ? target : `/${page}${anchor}`;
  });
}

/** The space's links as the file `from` holds them: `fileOf` gives a page's file by its space path. */
export function toFileLinks(markdown: string, from: string, fileOf: (spacePath: string) => string | undefined, files: ReadonlySet<string>): string {
  const relative = (to: string) => posix.relative(posix.dirname(from), to) || posix.basename(to);
  return mapTargets(markdown, ({ target }) => {
    if (isExternal(target) || target.startsWith("#") || !target) return target;
    if (target.startsWith("/")) {
      const [path, anchor] = splitAnchor(target);
      const file = fileOf(path.replace(/^\/+|\/+$/g, ""));
      return file === undefined ? target : `${encodeURI(relative(file))}${anchor}`;
    }
    const name = decoded(target);
    return files.has(name) ? encodeURI(relative(`${ASSETS}${name}`)) : target;
  });
}
