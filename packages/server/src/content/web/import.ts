// Importing content from the web: one Markdown or HTML document, or a website crawled
// breadth first over its own origin, each HTML page converted to Markdown (turndown).
// The synchronous import is bounded by 5 MB and 30 seconds (past a bound it keeps what it read); an import run
// (src/imports/) crawls with its own bounds and writes the pages in batches as they come.
import type TurndownService from "turndown";
import { badRequest } from "../../http/errors";
import { type Fetched, fetchSafely } from "./fetch-safely";

export const IMPORT_LIMITS = { bytes: 5_000_000, ms: 30_000 };

export type ImportSource = "website" | "markdown" | "html";

export interface ImportedPage {
  title: string;
  markdown: string;
}

export interface ImportResult {
  pages: ImportedPage[];
  /** Pages found: for a website, every same-origin page discovered, including those past the bounds. */
  total: number;
}

let converter: TurndownService | undefined;
/** HTML to Markdown, made on the first import of HTML (loading it is part of start-up time otherwise). */
function turndown(): TurndownService {
  if (converter) return converter;
  const Turndown = require("turndown") as typeof TurndownService;
  converter = new Turndown({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" });
  converter.remove(["script", "style", "noscript", "iframe"]);
  return converter;
}

function titleFromUrl(url: string): string {
  const segment = decodeURIComponent(new URL(url).pathname.split("/").filter(Boolean).pop() ?? "").replace(/\.[a-z0-9]+$/i, "");
  return (segment.replace(/[-_]+/g, " ").trim() || new URL(url).hostname).slice(0, 255);
}

/** The first top-level heading becomes the title (and leaves the body). */
function fromMarkdown(markdown: string, url: string): ImportedPage {
  const heading = /^\s{0,3}#\s+(.+?)\s*#*\s*$/m.exec(markdown);
  if (heading && markdown.slice(0, heading.index).trim() === "") {
    return { title: heading[1]!.slice(0, 255), markdown: markdown.slice(heading.index + heading[0].length).replace(/^\n+/, "") };
  }
  return { title: titleFromUrl(url), markdown };
}

function fromHtml(html: string, url: string): ImportedPage {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.replace(/\s+/g, " ").trim();
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const page = fromMarkdown(turndown().turndown(body), url);
  return title ? { title: title.slice(0, 255), markdown: page.title === title ? page.markdown : turndown().turndown(body) } : page;
}

/** Same-origin pages an HTML page links to (no fragments, no query-less duplicates). */
function linksOf(html: string, base: string): string[] {
  const origin = new URL(base).origin;
  const found: string[] = [];
  for (const match of html.matchAll(/<a\s[^>]*?href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    try {
      const url = new URL(match[1] ?? match[2] ?? match[3] ?? "", base);
      url.hash = "";
      if (url.origin === origin && !/\.(png|jpe?g|gif|svg|webp|pdf|zip|css|js|ico)$/i.test(url.pathname)) found.push(url.toString());
    } catch {
      // not a URL
    }
  }
  return found;
}

const isHtml = (fetched: Fetched) => /html/i.test(fetched.contentType) || /^\s*<(!doctype|html)/i.test(fetched.body);

export interface CrawlLimits {
  allowPrivate: boolean;
  /** The most bytes read in all. */
  maxBytes: number;
  /** When reading stops (a page being read then is not kept). */
  deadline: number;
  /** The most pages; none by default. */
  maxPages?: number;
  now?: () => number;
  /** Checked before each fetch: the crawl stops when it aborts. */
  signal?: AbortSignal;
}

/** What a crawl gives as it reads: each page, with how many pages it has found so far (1 for a single document). */
export interface CrawledPage {
  page: ImportedPage;
  /** Where it was read (after redirects). */
  url: string;
  total: number;
}

/**
 * Reads `url` as `source`, page by page: one document, or a website breadth first over its own origin, each page
 * given as soon as it is read (so an importer writes them in batches and holds none of the rest). Stops at a bound
 * (bytes, time, pages); a website whose first page cannot be read, or holds no HTML page, is a 400.
 */
export async function* crawl(url: string, source: ImportSource, limits: CrawlLimits): AsyncGenerator<CrawledPage> {
  const now = limits.now ?? Date.now;
  const fetchOptions = (budget: number) => ({ allowPrivate: limits.allowPrivate, maxBytes: budget, deadline: limits.deadline });
  if (source !== "website") {
    const fetched = await fetchSafely(url, fetchOptions(limits.maxBytes));
    yield { page: source === "html" ? fromHtml(fetched.body, fetched.url) : fromMarkdown(fetched.body, fetched.url), url: fetched.url, total: 1 };
    return;
  }
  const queue = [new URL(url).toString()];
  const discovered = new Set(queue);
  let pages = 0;
  let bytes = 0;
  while (queue.length && pages < (limits.maxPages ?? Number.POSITIVE_INFINITY) && bytes < limits.maxBytes && now() < limits.deadline) {
    if (limits.signal?.aborted) return;
    const next = queue.shift()!;
    let fetched: Fetched;
    try {
      fetched = await fetchSafely(next, fetchOptions(limits.maxBytes - bytes));
    } catch (error) {
      // The first page must be readable; a later one that is not is skipped.
      if (pages === 0) throw error;
      continue;
    }
    bytes += Buffer.byteLength(fetched.body);
    if (!isHtml(fetched)) continue;
    for (const link of linksOf(fetched.body, fetched.url)) {
      if (!discovered.has(link)) {
        discovered.add(link);
        queue.push(link);
      }
    }
    pages++;
    yield { page: fromHtml(fetched.body, fetched.url), url: fetched.url, total: discovered.size };
  }
  if (!pages) throw badRequest("invalid_request", `request/body/url: ${url} holds no HTML page to import`);
}

/** The synchronous import (`POST .../content/import`): every page within 5 MB and 30 seconds. */
export async function readImport(url: string, source: ImportSource, options: { allowPrivate: boolean; now?: () => number }): Promise<ImportResult> {
  const now = options.now ?? Date.now;
  const pages: ImportedPage[] = [];
  let total = 0;
  const limits = { allowPrivate: options.allowPrivate, maxBytes: IMPORT_LIMITS.bytes, deadline: now() + IMPORT_LIMITS.ms, now };
  for await (const crawled of crawl(url, source, limits)) {
    pages.push(crawled.page);
    total = crawled.total;
  }
  return { pages, total };
}
