// The MCP server of one published site, for one reader: three read-only tools over what
// that reader may see of it (a SiteView: the site's own outline, search and page Markdown,
// so a page the reader may not see is in no answer).

import { type FoundPage, pageUrl, type SitePage, type VariantContent } from "@docstack/sites";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { SiteView } from "../published-sites";

/** The most pages a search answers. */
const SEARCH_LIMIT = 10;
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/**
 * The MCP server of a site as one reader sees it.
 * @public (mcp/handler.ts requires this module on the first MCP request, not with an import knip follows)
 */
export function siteMcpServer(view: SiteView): McpServer {
  const server = new McpServer(
    { name: "docstack-site", title: view.title, version: "1.0.0" },
    {
      instructions: `Documentation of "${view.title}", published at ${view.url}. Use search to find pages about a topic, get_page to read one, list_pages to see how the documentation is organized.`,
    },
  );
  server.registerTool(
    "search",
    {
      title: "Search the documentation",
      description: `Full-text search of the "${view.title}" documentation (forgiving of typos). Returns the best matching pages, each with its title, path, URL, where it is in the site and snippets of the matching sections. Read a result with get_page.`,
      inputSchema: { query: z.string().trim().min(1).max(200).describe("Words to search for, such as a feature, option or error message") },
      annotations: READ_ONLY,
    },
    async ({ query }) => text(formatResults(view, await view.search(query, SEARCH_LIMIT))),
  );
  server.registerTool(
    "get_page",
    {
      title: "Read a page",
      description: `The content of one page of the "${view.title}" documentation, as Markdown (title, description, then the page, with links as absolute URLs). Give the page's path (as search and list_pages return it, such as /guides/install) or its full URL.`,
      inputSchema: { path: z.string().trim().min(1).max(2048).describe("The page's path in the site or its URL") },
      annotations: READ_ONLY,
    },
    async ({ path }) => {
      // The `.md` of llms.txt's links is the page's too.
      const at = pathInSite(view, path.replace(/\.md$/i, ""));
      const markdown = at === undefined ? undefined : await view.markdown(at);
      return markdown === undefined ? error(`No page at ${path}. Find pages with search or list_pages.`) : text(markdown);
    },
  );
  server.registerTool(
    "list_pages",
    {
      title: "List the pages",
      description: `The structure of the "${view.title}" documentation: its sections and site spaces (versions, languages), each with its pages' titles and paths, nested as in the site's navigation.`,
      annotations: READ_ONLY,
    },
    async () => text(formatOutline(view, await view.outline())),
  );
  return server;
}

const text = (body: string): CallToolResult => ({ content: [{ type: "text", text: body }] });
const error = (body: string): CallToolResult => ({ content: [{ type: "text", text: body }], isError: true });

/** A path or URL of this site as a path in it (`/a/b`); undefined for a URL elsewhere. */
function pathInSite(view: SiteView, given: string): string | undefined {
  if (!/^https?:\/\//i.test(given)) return given.startsWith("/") ? given : `/${given}`;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return undefined;
  }
  const site = new URL(view.url);
  const base = site.pathname.replace(/\/+$/, "");
  if (url.host !== site.host || (url.pathname !== base && !url.pathname.startsWith(`${base}/`))) return undefined;
  return url.pathname.slice(base.length) || "/";
}

/** Where a site space is in the site: its section's and its own titles, as the site names them. */
function placeOf(content: VariantContent): string {
  const names = [content.section.title, content.section.variants.length > 1 ? content.variant.title : ""];
  return names.filter(Boolean).join(" › ");
}

/** A page's path in the site (from its base path) and its URL. */
function located(view: SiteView, content: VariantContent, page: SitePage) {
  const href = pageUrl(content.urls.base, page);
  const base = new URL(view.url).pathname.replace(/\/+$/, "");
  return { path: href.slice(base.length), url: `${new URL(view.url).origin}${href}` };
}

const plainSnippet = (snippet: string) => snippet.replace(/<\/?mark>/g, "**");

function formatResults(view: SiteView, found: readonly FoundPage[]): string {
  if (!found.length) return "No page matches these words.";
  return found
    .map(({ hit, page, content }) => {
      const { path, url } = located(view, content, page);
      const place = placeOf(content);
      const sections = hit.sections.map((section) => `  - ${section.title}${section.snippet ? `: ${plainSnippet(section.snippet)}` : ""}`);
      return [`## ${page.title}`, `path: ${path}`, `url: ${url}`, ...(place ? [`in: ${place}`] : []), ...sections].join("\n");
    })
    .join("\n\n");
}

function formatOutline(view: SiteView, contents: readonly VariantContent[]): string {
  const parts = [`# ${view.title}`];
  for (const content of contents) {
    const depth = new Map<string, number>();
    const lines = content.pages.map((page) => {
      const level = page.parentId ? (depth.get(page.parentId) ?? -1) + 1 : 0;
      depth.set(page.id, level);
      return `${"  ".repeat(level)}- ${page.title} (${located(view, content, page).path})${page.description ? `: ${page.description}` : ""}`;
    });
    parts.push(`## ${placeOf(content) || view.title}\n\n${lines.join("\n") || "(no pages)"}`);
  }
  return parts.join("\n\n");
}
