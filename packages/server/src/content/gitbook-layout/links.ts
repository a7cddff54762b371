// Links in a layout's files are relative paths (`../other/page.md#anchor`, `../.gitbook/assets/diagram.png`); in a
// space they are `/path#anchor` and file names. These convert one way and the other, leaving any other target as is.
import { posix } from "node:path";
import { mapHtmlLinks, mapTargets } from "../format/markdown";
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

/**
 * The file's links as the space reads them: `spacePathOf` gives the space path of a page by its file. `rewritten`, when
 * given, is told each target changed (its new form, then the author's).
 */
export function toSpaceLinks(
  markdown: string,
  from: string,
  spacePathOf: (file: string) => string | undefined,
  files: ReadonlySet<string>,
  rewritten?: (spaceForm: string, written: string) => void,
): string {
  const convert = (target: string) => {
    const converted = toSpaceTarget(target, from, spacePathOf, files);
    if (converted !== target) rewritten?.(converted, target);
    return converted;
  };
  // HTML's links to pages (GitBook's cards: `<a href="guides/install.md">`) as Markdown's; its files stay as written
  // (the site resolves `.gitbook/assets/` paths).
  const linked = mapTargets(markdown, ({ target }) => convert(target));
  return mapHtmlLinks(linked, (target) => (toSpaceTarget(target, from, spacePathOf, files).startsWith("/") ? convert(target) : undefined));
}

function toSpaceTarget(target: string, from: string, spacePathOf: (file: string) => string | undefined, files: ReadonlySet<string>): string {
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
}

/** The file a relative path names: a folder (`installation/`, `./`) names its README.md. */
function fileNamed(resolved: string): string {
  const path = resolved.replace(/\/+$/, "");
  if (path === "" || path === ".") return "README.md";
  return /\.md$/i.test(path) ? path : `${path}/README.md`;
}

/**
 * The author's spellings of links, by the target's form in the space (decoded), each used in turn: a link written back
 * takes the author's spelling when that spelling names the same file and anchor as the link's new form.
 */
export class AuthorSpellings {
  readonly #byTarget = new Map<string, string[]>();
  readonly #used = new Map<string, number>();

  constructor(links: readonly [string, string][]) {
    for (const [spaceForm, written] of links) {
      const key = decoded(spaceForm);
      const list = this.#byTarget.get(key);
      if (list) list.push(written);
      else this.#byTarget.set(key, [written]);
    }
  }

  /** The author's spelling of `target` (space form) written in `from` as `converted`, when it names the same thing. */
  spelling(target: string, converted: string, from: string): string | undefined {
    const key = decoded(target);
    const list = this.#byTarget.get(key);
    if (!list) return undefined;
    const used = this.#used.get(key) ?? 0;
    this.#used.set(key, used + 1);
    const written = list[Math.min(used, list.length - 1)]!;
    const [path, anchor] = splitAnchor(written);
    const [convertedPath, convertedAnchor] = splitAnchor(converted);
    if (decoded(anchor) !== decoded(convertedAnchor)) return undefined;
    const [mine, theirs] = [resolveFrom(from, path), resolveFrom(from, convertedPath)];
    return mine !== undefined && theirs !== undefined && fileNamed(mine) === fileNamed(theirs) ? written : undefined;
  }
}

/**
 * The space's links as the file `from` holds them: `fileOf` gives a page's file by its space path. With the author's
 * spellings (the page is where it was read from), a link naming what it named then is written as the author wrote it.
 */
export function toFileLinks(
  markdown: string,
  from: string,
  fileOf: (spacePath: string) => string | undefined,
  files: ReadonlySet<string>,
  authored?: AuthorSpellings,
): string {
  const convert = (target: string) => {
    const converted = toFileTarget(target, from, fileOf, files);
    return (converted !== target && authored?.spelling(target, converted, from)) || converted;
  };
  const linked = mapTargets(markdown, ({ target }) => convert(target));
  return mapHtmlLinks(linked, (target) => (target.startsWith("/") && !target.startsWith("//") ? convert(target) : undefined));
}

function toFileTarget(target: string, from: string, fileOf: (spacePath: string) => string | undefined, files: ReadonlySet<string>): string {
  const relative = (to: string) => posix.relative(posix.dirname(from), to) || posix.basename(to);
  if (isExternal(target) || target.startsWith("#") || !target) return target;
  if (target.startsWith("/")) {
    const [path, anchor] = splitAnchor(target);
    const file = fileOf(path.replace(/^\/+|\/+$/g, ""));
    return file === undefined ? target : `${encodeURI(relative(file))}${anchor}`;
  }
  const name = decoded(target);
  return files.has(name) ? encodeURI(relative(`${ASSETS}${name}`)) : target;
}
