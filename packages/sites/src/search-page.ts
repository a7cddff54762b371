// The reader's search: `<site>/~search?q=words`, an HTML page of the matching pages of
// the site spaces that reader may see, each with its matching sections highlighted and
// linked to their heading.
import { escapeHtml, type Html, html, raw } from "./html";
import { type Chrome, shell } from "./layout";
import type { VariantContent } from "./machine";
import type { SearchHit, SitePage } from "./model";
import { pageUrl } from "./routing";

export const MAX_QUERY = 200;
export const MAX_RESULTS = 30;

/** A snippet from the search index: text with `<mark>` around matches. Everything else is escaped. */
export function snippetHtml(snippet: string): string {
  return snippet
    .split(/(<mark>|<\/mark>)/)
    .map((part) => (part === "<mark>" || part === "</mark>" ? part : escapeHtml(part)))
    .join("");
}

/** A search hit on a page this reader may see, with the site space showing it. */
export interface FoundPage {
  hit: SearchHit;
  page: SitePage;
  content: VariantContent;
}

/** The hits on pages these contents show (admitted to the reader, not hidden from the navigation), in the hits' order. */
export function foundPages(hits: readonly SearchHit[], contents: readonly VariantContent[]): FoundPage[] {
  const bySpace = new Map(contents.map((content) => [content.variant.content.spaceId, content]));
  const found: FoundPage[] = [];
  for (const hit of hits) {
    const content = bySpace.get(hit.spaceId);
    const page = content?.pages.find((candidate) => candidate.id === hit.pageId);
    if (content && page && !page.hidden) found.push({ hit, page, content });
  }
  return found;
}

export function renderSearch(chrome: Chrome, query: string, found: readonly FoundPage[]): string {
  const results: Html[] = [];
  for (const { hit, page, content } of found) {
    const url = pageUrl(content.urls.base, page);
    const where = [chrome.site.hasSections ? content.section.title : "", content.section.variants.length > 1 ? content.variant.title : ""]
      .filter(Boolean)
      .join(" › ");
    const sections = hit.sections.map(
      (section) =>
        html`<li><a href="${url}${section.anchor ? `#${section.anchor}` : ""}">${section.title}</a>${section.snippet ? html`<p>${raw(snippetHtml(section.snippet))}</p>` : ""}</li>`,
    );
    results.push(
      html`<li><a href="${url}"><strong>${page.title}</strong></a>${where ? html` <span class="where">${where}</span>` : ""}${sections.length ? html`<ul>${sections}</ul>` : ""}</li>`,
    );
  }
  const heading = query ? html`Results for “${query}”` : html`Search`;
  const summary = !query
    ? "Type words to search for."
    : results.length
      ? `${results.length} page${results.length === 1 ? "" : "s"} found.`
      : "No page matches these words.";
  const main = html`<h1>${heading}</h1>
<form class="search" role="search" action="${chrome.basePath}/~search" method="get">
<label class="visually-hidden" for="search-page-input">Search the docs</label>
<input id="search-page-input" type="search" name="q" value="${query}">
<button type="submit">Search</button>
</form>
<p role="status">${summary}</p>
${results.length ? html`<ol class="results">${results}</ol>` : ""}`;
  return shell({ chrome, title: query ? `Search: ${query}` : "Search", noIndex: true, main });
}

/** The 404 page of a site. */
/** A page that could not be rendered now (too long to render within the time allowed): why, and that nothing else is wrong. */
export function renderUnavailable(chrome: Chrome, reason: string): string {
  const main = html`<h1>This page cannot be shown right now</h1><p>${reason}</p><p><a href="${chrome.basePath}/">Go to the first page</a>.</p>`;
  return shell({ chrome, title: "Page unavailable", noIndex: true, main });
}

export function renderNotFound(chrome: Chrome): string {
  const main = html`<h1>Page not found</h1><p>There is no page at this address. It may have moved, or the link may be mistyped.</p><p><a href="${chrome.basePath}/">Go to the first page</a> or search the docs above.</p>`;
  return shell({ chrome, title: "Page not found", noIndex: true, main });
}
