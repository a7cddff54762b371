// What an export compares to tell whether a page is still as it was imported: its metadata (what the file's front
// matter and title heading say) and its body in the space's form, each as a key. Equal keys and the same file: the
// file's text is written as it was read.
import { hash } from "node:crypto";
import { mapTargets } from "../format/markdown";
import type { LayoutPage } from "./types";

/** What a page's head (front matter, `# Title`) is made of. */
export const metadataKey = (page: LayoutPage): string =>
  JSON.stringify([
    page.title,
    page.description ?? null,
    page.icon ?? null,
    page.emoji ?? null,
    Boolean(page.hidden),
    Boolean(page.noIndex),
    Boolean(page.noRobotsIndex),
    page.cover ?? null,
    page.coverY ?? null,
    page.layout ?? null,
    page.frontMatter ?? null,
  ]);

function decoded(target: string): string {
  try {
    return decodeURI(target);
  } catch {
    return target;
  }
}

/** A body in the space's form, its targets decoded (the import writes a file's name encoded, a revision's reads give it as named). */
export const bodyKey = (markdown: string): string =>
  hash(
    "sha256",
    mapTargets(markdown, ({ target }) => decoded(target)),
    "hex",
  );
