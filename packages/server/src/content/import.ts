// Importing content from the web: one Markdown or HTML document, or a website crawled
// breadth first over its own origin, each HTML page converted to Markdown (turndown).
// Bounded: 50 pages, 5 MB, 30 seconds; past a bound the import keeps what it read.
import type TurndownService from "turndown";
import { badRequest } from "../http/errors";
import { type Fetched, fetchSafely } from "./fetch-safely";

export const IMPORT_LIMITS = { pages: 50, bytes: 5_000_000, ms: 30_000 };

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

export async function readImport(url: string, source: ImportSource, options: { allowPrivate: boolean; now?: () => number }): Promise<ImportResult> {
  const now = options.now ?? Date.now;
  const deadline = now() + IMPORT_LIMITS.ms;
  const fetchOptions = (budget: number) => ({ allowPrivate: options.allowPrivate, maxBytes: budget, deadline });
  if (source !== "website") {
    const fetched = await fetchSafely(url, fetchOptions(IMPORT_LIMITS.bytes));
    const page = source === "html" ? fromHtml(fetched.body, fetched.url) : fromMarkdown(fetched.body, fetched.url);
    return { pages: [page], total: 1 };
  }
  const queue = [new URL(url).toString()];
  const discovered = new Set(queue);
  const pages: ImportedPage[] = [];
  let bytes = 0;
  while (queue.length && pages.length < IMPORT_LIMITS.pages && bytes < IMPORT_LIMITS.bytes && now() < deadline) {
    const next = queue.shift()!;
    let fetched: Fetched;
    try {
      fetched = await fetchSafely(next, fetchOptions(IMPORT_LIMITS.bytes - bytes));
    } catch (error) {
      // The first page must be readable; a later one that is not is skipped.
      if (pages.length === 0) throw error;
      continue;
    }
    bytes += Buffer.byteLength(fetched.body);
    if (!isHtml(fetched)) continue;
    pages.push(fromHtml(fetched.body, fetched.url));
    for (const link of linksOf(fetched.body, fetched.url)) {
      if (!discovered.has(link)) {
        discovered.add(link);
        queue.push(link);
      }
    }
  }
  if (!pages.length) throw badRequest("invalid_request", `request/body/url: ${url} holds no HTML page to import`);
  return { pages, total: discovered.size };
}
