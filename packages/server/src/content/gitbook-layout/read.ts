// Reads a repository in GitBook's layout (`.gitbook.yaml`, SUMMARY.md, a file per page, `.gitbook/assets/`) into a
// page tree. The files are untrusted: paths leaving the content's root are ignored, bad YAML is a 400 naming the file.
import { posix } from "node:path";
import { eventLoop } from "../../event-loop";
import { badRequest } from "../../http/errors";
import { type PagePresentation, readPageSource } from "../format/page-source";
import { yaml } from "../format/yaml";
import { slugify, uniqueSlug } from "../store/tree";
import { resolveFrom, toSpaceLinks } from "./links";
import { bodyKey, metadataKey } from "./origin";
import { pagePlaces, safeRelativePath } from "./paths";
import { parseSummary, type SummaryEntry, writeSummary } from "./summary";
import { ASSETS, CONFIG_FILE, DEFAULT_CONFIG, type LayoutConfig, type LayoutPage, type PageOrigin, type Repository, type RepositoryOrigin } from "./types";
import { configYaml, summaryEntries } from "./write";

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

function readYaml(text: string, file: string): Record<string, unknown> {
  let data: unknown;
  try {
    data = yaml().parse(text, { schema: "core", maxAliasCount: 0 });
  } catch (error) {
    throw badRequest("invalid_request", `${file}: not valid YAML (${(error as Error).message.split("\n")[0]})`);
  }
  if (data === null || data === undefined) return {};
  if (typeof data !== "object" || Array.isArray(data)) throw badRequest("invalid_request", `${file}: not a YAML mapping`);
  return data as Record<string, unknown>;
}

const text = (value: unknown, fallback: string) => (typeof value === "string" && value.trim() ? value.trim() : fallback);

export function readConfig(source: string | undefined): LayoutConfig {
  if (source === undefined) return { ...DEFAULT_CONFIG, redirects: {} };
  const data = readYaml(source, CONFIG_FILE);
  const structure = (data.structure && typeof data.structure === "object" ? data.structure : {}) as Record<string, unknown>;
  const root = safeRelativePath(text(data.root, ""));
  const redirects: Record<string, string> = {};
  if (data.redirects && typeof data.redirects === "object") {
    for (const [from, to] of Object.entries(data.redirects)) if (typeof to === "string") redirects[from] = to;
  }
  return {
    root: root ? `${root}/` : "",
    readme: safeRelativePath(text(structure.readme, DEFAULT_CONFIG.readme)),
    summary: safeRelativePath(text(structure.summary, DEFAULT_CONFIG.summary)),
    redirects,
  };
}

/** Without SUMMARY.md: the readme first, then each folder's pages by name (`folder/README.md` holding `folder/*.md`). */
function inferSummary(markdownFiles: readonly string[], readme: string): SummaryEntry[] {
  // No title: the file's heading gives it.
  const entry = (file: string): SummaryEntry => ({ title: "", target: file, children: [] });
  const inFolder = (folder: string): SummaryEntry[] => {
    const prefix = folder ? `${folder}/` : "";
    const names = new Set<string>();
    for (const file of markdownFiles) if (file.startsWith(prefix)) names.add(file.slice(prefix.length).split("/")[0]!);
    const entries: SummaryEntry[] = [];
    for (const name of [...names].sort()) {
      const path = `${prefix}${name}`;
      if (path === readme || name === "README.md" || name === "SUMMARY.md") continue;
      if (name.endsWith(".md")) entries.push(entry(path));
      else if (markdownFiles.includes(`${path}/README.md`)) entries.push({ ...entry(`${path}/README.md`), children: inFolder(path) });
    }
    return entries;
  };
  return [...(markdownFiles.includes(readme) ? [entry(readme)] : []), ...inFolder("")];
}

/** The front matter's cover (a file of `.gitbook/assets/` by its name), layout and other keys, on the page. */
function presentationOf(presentation: PagePresentation, file: string, assets: ReadonlyMap<string, Buffer>): Partial<LayoutPage> {
  const page: Partial<LayoutPage> = {};
  if (presentation.cover !== undefined) {
    const resolved = isExternal(presentation.cover) ? undefined : resolveFrom(file, presentation.cover);
    const name = resolved?.startsWith(ASSETS) ? resolved.slice(ASSETS.length) : undefined;
    page.cover = name !== undefined && assets.has(name) ? name : presentation.cover;
  }
  if (presentation.coverY !== undefined) page.coverY = presentation.coverY;
  if (presentation.layout !== undefined) page.layout = presentation.layout;
  if (presentation.other) page.frontMatter = presentation.other;
  return page;
}

/** A repository read for its page tree, each document's body read from its file when asked (`markdownOf`). */
export interface LazyRepository extends Repository {
  /** The page's body in the space's form (what `markdown` holds once read); "" for a group or link. */
  markdownOf(page: LayoutPage): string;
  /** A document's body (as `markdownOf`) and its file as read, with the keys an export compares: what `origin` holds once read. */
  documentOf(page: LayoutPage): { markdown: string; origin?: PageOrigin };
  /** The path of a document's file among the files read (under `root` of `.gitbook.yaml`); none for a group or link. */
  fileOf(page: LayoutPage): string | undefined;
}

/** The repository with every document's body read (its `markdown`). */
export function readRepository(files: ReadonlyMap<string, Buffer>): Repository {
  const repository = readRepositoryLazily(files);
  const visit = (pages: readonly LayoutPage[]) => {
    for (const page of pages) {
      if (page.type === "document") {
        const { markdown, origin } = repository.documentOf(page);
        page.markdown = markdown;
        if (origin) page.origin = origin;
      }
      visit(page.children);
    }
  };
  visit(repository.pages);
  return { config: repository.config, pages: repository.pages, files: repository.files, origin: repository.origin };
}

/**
 * The page tree and files, the bodies left in their files until asked: a repository of thousands of pages is not held
 * as strings all at once (an import writes it a batch at a time).
 */
function readRepositoryLazily(files: ReadonlyMap<string, Buffer>): LazyRepository {
  const steps = readingRepository(files);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * As readRepositoryLazily, the event loop turning between pages: reading the front matter of 5,000 pages held the
 * thread about 100 ms in one go, and every other request with it (an import runs on the server's thread).
 */
export async function readRepositoryInSteps(files: ReadonlyMap<string, Buffer>): Promise<LazyRepository> {
  const steps = readingRepository(files);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await eventLoop.turnIfBusy();
  }
}

/** Reads a repository, yielding after each page it reads. */
function* readingRepository(files: ReadonlyMap<string, Buffer>): Generator<void, LazyRepository> {
  const configFile = files.get(CONFIG_FILE);
  const config = readConfig(configFile?.toString("utf8"));
  const content = new Map<string, Buffer>();
  for (const [path, data] of files) {
    const clean = posix.normalize(path.replace(/\\/g, "/")).replace(/^\/+/, "");
    if (clean === ".." || clean.startsWith("../")) continue;
    if (clean.startsWith(config.root)) content.set(clean.slice(config.root.length), data);
  }
  const assets = new Map<string, Buffer>();
  for (const [path, data] of content) if (path.startsWith(ASSETS)) assets.set(path.slice(ASSETS.length), data);

  const summary = content.get(config.summary);
  const entries = summary
    ? parseSummary(summary.toString("utf8"))
    : inferSummary(
        [...content.keys()].filter((path) => path.endsWith(".md") && !path.startsWith(".gitbook/")),
        config.readme,
      );
  const summaryFolder = posix.dirname(config.summary);
  const fileOf = new Map<LayoutPage, string>();

  function* toPages(list: readonly SummaryEntry[], topLevel: boolean): Generator<void, LayoutPage[]> {
    const taken = new Set<string>();
    const pages: LayoutPage[] = [];
    for (const entry of list) {
      const page = yield* toPage(entry, topLevel);
      page.slug = uniqueSlug(page.slug, taken);
      taken.add(page.slug);
      pages.push(page);
    }
    return pages;
  }
  function* toPage(entry: SummaryEntry, topLevel: boolean): Generator<void, LayoutPage> {
    const children = yield* toPages(entry.children, false);
    yield;
    if (entry.group) return { type: "group", title: entry.title || "Untitled", slug: slugify(entry.title), children };
    const target = entry.target ?? "";
    if (isExternal(target)) return { type: "link", title: entry.title || target, slug: slugify(entry.title || "link"), href: target, children };
    const file = resolveFrom(`${summaryFolder}/${DEFAULT_CONFIG.summary}`, target.split("#")[0]!) ?? target;
    const source = readPageSource(content.get(file)?.toString("utf8") ?? "", file);
    const name = posix.basename(file);
    // A folder's README is named for its folder; the top's (a group's first page) for itself, as GitBook names it.
    const fileName = name === "README.md" && posix.dirname(file) !== "." ? posix.basename(posix.dirname(file)) : name.replace(/\.md$/i, "");
    const title = entry.title || source.headingTitle || source.metadata.title || fileName || "Untitled";
    // A file's name that is a slug already (GitBook's `vue.js-quickstart.md` keeps its dot) is the page's slug as it is.
    const slug = topLevel && file === config.readme ? slugify(title) : /^[a-z0-9]+([._-][a-z0-9]+)*$/.test(fileName) ? fileName : slugify(fileName);
    const { metadata } = source;
    const page: LayoutPage = { type: "document", title, slug, children };
    for (const field of ["description", "icon", "emoji"] as const) if (metadata[field]) page[field] = metadata[field];
    for (const field of ["hidden", "noIndex", "noRobotsIndex"] as const) if (metadata[field]) page[field] = true;
    Object.assign(page, presentationOf(source.presentation, file, assets));
    fileOf.set(page, file);
    page.sourceFile = file;
    return page;
  }
  const pages = yield* toPages(entries, true);

  const spacePaths = pagePlaces(pages, config.readme).path;
  // Each page goes back to its file while it stays at the path it has now.
  for (const page of fileOf.keys()) page.sourcePath = spacePaths.get(page);
  const pageByFile = new Map([...fileOf].map(([page, file]) => [file, page]));
  const assetNames = new Set(assets.keys());
  const spacePathOf = (file: string) => {
    const target = pageByFile.get(file) ?? pageByFile.get(`${file.replace(/\/$/, "")}/README.md`);
    return target && spacePaths.get(target);
  };
  const read = (page: LayoutPage) => {
    const file = fileOf.get(page);
    if (file === undefined) return undefined;
    // Read again (it was read for the tree): the same file, so the same title and front matter.
    const text = content.get(file)?.toString("utf8") ?? "";
    const source = readPageSource(text, file);
    const body = source.headingTitle ? source.bodyWithoutHeading : source.body;
    const links: [string, string][] = [];
    const markdown = toSpaceLinks(body, file, spacePathOf, assetNames, (spaceForm, written) => links.push([spaceForm, written]));
    return { file, text, body, markdown, links };
  };
  const markdownOf = (page: LayoutPage) => read(page)?.markdown ?? "";
  const documentOf = (page: LayoutPage): { markdown: string; origin?: PageOrigin } => {
    const found = read(page);
    const path = spacePaths.get(page);
    if (!found) return { markdown: "" };
    const { file, text, body, markdown, links } = found;
    // A body that is not the file's tail has no origin to give back as it was.
    if (path === undefined || !text.endsWith(body)) return { markdown };
    return { markdown, origin: { file, path, text, bodyStart: text.length - body.length, metadata: metadataKey(page), body: bodyKey(markdown), links } };
  };
  const pathOf = (page: LayoutPage) => {
    const file = fileOf.get(page);
    return file === undefined ? undefined : `${config.root}${file}`;
  };
  const origin: RepositoryOrigin = {};
  if (summary) origin.summary = { text: summary.toString("utf8"), written: writeSummary(summaryEntries(pages, pagePlaces(pages, config.readme))) };
  if (configFile) origin.config = { text: configFile.toString("utf8"), written: configYaml(config) };
  return { config, pages, files: assets, origin, markdownOf, documentOf, fileOf: pathOf };
}
