// Writes a page tree in GitBook's layout: `.gitbook.yaml`, SUMMARY.md, a Markdown file per document (front matter,
// `# Title`, the body with relative links) and the files under `.gitbook/assets/`. The reverse of read.ts: what it
// writes reads back to the same tree, and a layout in GitBook's own normal form is written back byte for byte.
import { posix } from "node:path";
import { yaml } from "../format/yaml";
import { AuthorSpellings, toFileLinks } from "./links";
import { bodyKey, metadataKey } from "./origin";
import { type PagePlaces, pagePlaces, safeRelativePath } from "./paths";
import type { SummaryEntry } from "./summary";
import { writeSummary } from "./summary";
import { ASSETS, CONFIG_FILE, type LayoutConfig, type LayoutPage, type Repository } from "./types";

const FRONT_MATTER_FIELDS = ["description", "icon", "emoji", "hidden", "noIndex", "noRobotsIndex"] as const;

export function configYaml(config: LayoutConfig): string {
  const data: Record<string, unknown> = { root: `./${config.root}`, structure: { readme: config.readme, summary: config.summary } };
  if (Object.keys(config.redirects).length) data.redirects = config.redirects;
  return yaml().stringify(data);
}

/** GitBook's front matter: a text that does not fit on its line is folded (`>-`), other values plain. */
function frontMatterYaml(data: Record<string, unknown>): string {
  const { Document, isScalar, visit } = yaml();
  const document = new Document(data);
  visit(document, {
    Pair(_, pair) {
      if (isScalar(pair.key) && isScalar(pair.value) && typeof pair.value.value === "string" && `${pair.key.value}: ${pair.value.value}`.length > 80) {
        pair.value.type = "BLOCK_FOLDED";
      }
    },
  });
  return document.toString();
}

/**
 * The page's front matter: its fields, then the cover (a file's path relative to the page's `file`, not encoded, as
 * GitBook writes it), `coverY`, `layout`, then the keys the layout does not know, in their order.
 */
function frontMatterOf(page: LayoutPage, file: string, assetNames: ReadonlySet<string>): Record<string, unknown> {
  const frontMatter: Record<string, unknown> = {};
  for (const field of FRONT_MATTER_FIELDS) if (page[field]) frontMatter[field] = page[field];
  if (page.cover !== undefined) {
    frontMatter.cover = assetNames.has(page.cover) ? posix.relative(posix.dirname(file), `${ASSETS}${page.cover}`) : page.cover;
  }
  if (page.coverY !== undefined) frontMatter.coverY = page.coverY;
  if (page.layout !== undefined) frontMatter.layout = page.layout;
  for (const [key, value] of Object.entries(page.frontMatter ?? {})) if (!(key in frontMatter)) frontMatter[key] = value;
  return frontMatter;
}

function pageFile(frontMatter: Record<string, unknown>, page: LayoutPage, body: string): string {
  const head = Object.keys(frontMatter).length ? `---\n${frontMatterYaml(frontMatter)}---\n\n` : "";
  return `${head}# ${page.title}\n${body ? `\n${body}` : ""}`;
}

/**
 * A page's file: as it was imported when it is still in that file with the same metadata and body; else made again,
 * keeping what did not change: the imported head (front matter, title heading) when the metadata is the same, and the
 * author's spelling of every link whose target is where it was.
 */
function documentFile(page: LayoutPage, file: string, fileOf: (path: string) => string | undefined, assetNames: ReadonlySet<string>): string {
  const { origin } = page;
  const markdown = page.markdown ?? "";
  // The head names the cover relative to the file: written elsewhere, it is kept only without a cover or in the same folder.
  const sameHead = origin?.metadata === metadataKey(page) && (page.cover === undefined || posix.dirname(origin.file) === posix.dirname(file));
  if (origin && sameHead && origin.file === file && origin.body === bodyKey(markdown)) return origin.text;
  // Each author's spelling is checked to name the same target from where the file is now.
  const body = toFileLinks(markdown, file, fileOf, assetNames, origin && new AuthorSpellings(origin.links));
  if (origin && sameHead) return `${origin.text.slice(0, origin.bodyStart)}${body}`;
  return pageFile(frontMatterOf(page, file, assetNames), page, body);
}

export function summaryEntries(pages: readonly LayoutPage[], places: PagePlaces): SummaryEntry[] {
  return pages.map((page) => ({
    title: page.title,
    ...(page.type === "group" ? { group: true } : { target: page.type === "link" ? (page.href ?? "") : encodeURI(places.file.get(page)!) }),
    children: summaryEntries(page.children, places),
  }));
}

/**
 * The text files of the layout (paths from the repository's top), each made when asked for (a zip streamed makes one
 * at a time, so thousands of pages are not written in one go), for `assetNames` as the files' names: the assets'
 * bytes go to `.gitbook/assets/<name>` beside them (`assetPath`).
 */
export function layoutTextFiles(repository: Omit<Repository, "files">, assetNames: ReadonlySet<string>): Map<string, () => Buffer> {
  const { config, pages } = repository;
  const places = pagePlaces(pages, config.readme);
  const fileByPath = new Map([...places.path].flatMap(([page, path]) => (places.file.has(page) ? [[path, places.file.get(page)!]] : [])));
  const out = new Map<string, () => Buffer>();
  // The repository's own SUMMARY.md and .gitbook.yaml while they say what they said when read.
  const asRead = (written: string, origin?: { text: string; written: string }) => (origin?.written === written ? origin.text : written);
  out.set(CONFIG_FILE, () => Buffer.from(asRead(configYaml(config), repository.origin?.config)));
  out.set(`${config.root}${config.summary}`, () => Buffer.from(asRead(writeSummary(summaryEntries(pages, places)), repository.origin?.summary)));
  for (const [page, file] of places.file) {
    out.set(`${config.root}${file}`, () => Buffer.from(documentFile(page, file, (path) => fileByPath.get(path), assetNames)));
  }
  return out;
}

/** The text files of the layout, made at once (see layoutTextFiles). */
export function writeLayoutText(repository: Omit<Repository, "files">, assetNames: ReadonlySet<string>): Map<string, Buffer> {
  return new Map([...layoutTextFiles(repository, assetNames)].map(([path, make]) => [path, make()]));
}

/** Where a file's bytes go in the repository. */
export const assetPath = (config: LayoutConfig, name: string) => `${config.root}${ASSETS}${safeRelativePath(name) || "file"}`;

/** The whole layout: text files and assets. */
export function writeRepository(repository: Repository): Map<string, Buffer> {
  const out = writeLayoutText(repository, new Set(repository.files.keys()));
  for (const [name, data] of repository.files) out.set(assetPath(repository.config, name), data);
  return out;
}
