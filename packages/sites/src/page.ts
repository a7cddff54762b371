// A content page of a site: the space's navigation, breadcrumbs, the rendered document,
// its table of contents and the previous and next pages.

import { randomUUID } from "node:crypto";
import type { Highlighter } from "./highlight";
import { type Html, html, raw } from "./html";
import { assetName, htmlTargets } from "./html-targets";
import { type Chrome, shell, variantSwitcher } from "./layout";
import { type Heading, type RenderedContent, type ResolvedTarget, renderMarkdown } from "./markdown";
import { memoized } from "./memoized";
import type { SiteContentReader, SiteFile, SitePage, SiteSection, SiteVariant } from "./model";
import { navigationParts } from "./navigation";
import { type OffloadedRender, targetKey } from "./offload";
import { pageUrl, readablePages, variantPath } from "./routing";

/** Where a site space's pages and files are, on the host the request came to and at the site's published URL. */
export interface VariantUrls {
  /** e.g. `/sites/acme/docs/v2`: pages are below it. */
  base: string;
  /** The same at the site's published URL, for canonical links. */
  canonicalBase: string;
  fileUrl(file: SiteFile): string;
}

export function variantUrls(chrome: Chrome, section: SiteSection, variant: SiteVariant): VariantUrls {
  const path = variantPath(chrome.site, section, variant);
  const base = `${chrome.basePath}${path}`;
  return {
    base,
    canonicalBase: `${chrome.site.publishedUrl}${path}`,
    fileUrl: (file) => `${chrome.basePath}/~files/${variant.id}/${file.id}/${encodeURIComponent(file.name)}`,
  };
}

const pagesByPath = memoized((pages: readonly SitePage[]) => new Map(pages.map((page) => [page.path.toLowerCase(), page])));
const pagesById = memoized((pages: readonly SitePage[]) => new Map(pages.map((page) => [page.id, page])));
const filesByName = memoized((files: readonly SiteFile[]) => new Map(files.map((file) => [file.name, file])));

/** Resolves the targets of a page's links and images against its space's pages and files. */
export function targetResolver(pages: readonly SitePage[], files: readonly SiteFile[], urls: VariantUrls) {
  const byPath = pagesByPath(pages);
  const byName = filesByName(files);
  return (target: string, image: boolean): ResolvedTarget => {
    if (target.startsWith("#")) return { kind: "internal", href: target };
    if (/^(https?:|mailto:|tel:)/i.test(target) || target.startsWith("//")) return { kind: "external", href: target };
    if (image && /^data:image\//i.test(target)) return { kind: "file", href: target };
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return { kind: "broken" };
    if (target.startsWith("/")) {
      const [path = "", anchor] = target.split("#", 2);
      const page = byPath.get(
        decodedOrSame(path)
          .replace(/^\/+|\/+$/g, "")
          .toLowerCase(),
      );
      return page ? { kind: "internal", href: `${pageUrl(urls.base, page)}${anchor ? `#${anchor}` : ""}` } : { kind: "broken" };
    }
    const asset = assetName(target);
    const file = asset !== undefined ? byName.get(asset) : (byName.get(target) ?? byName.get(decodedOrSame(target)));
    return file ? { kind: "file", href: urls.fileUrl(file) } : { kind: "broken" };
  };
}

function decodedOrSame(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export interface PageInput {
  chrome: Chrome;
  reader: SiteContentReader;
  section: SiteSection;
  variant: SiteVariant;
  pages: readonly SitePage[];
  files: SiteFile[];
  page: SitePage;
  markdown: string;
  noIndex: boolean;
  highlighter: Highlighter;
}

/** The page's Markdown as HTML, rendered here. */
export function pageContent(input: PageInput): RenderedContent {
  const urls = variantUrls(input.chrome, input.section, input.variant);
  return renderMarkdown(input.markdown, {
    anchors: input.reader.headingAnchors(),
    resolve: targetResolver(input.pages, input.files, urls),
    externalInNewTab: input.chrome.site.customization.externalLinks?.target === "blank",
    highlighter: input.highlighter,
  });
}

/** What rendering the page's Markdown elsewhere needs: its targets (found by the reader, linearly) resolved here. */
export function offloadedRender(input: PageInput): OffloadedRender {
  const resolve = targetResolver(input.pages, input.files, variantUrls(input.chrome, input.section, input.variant));
  const targets = new Map<string, ResolvedTarget>();
  input.reader.rewriteTargets(input.markdown, (target) => {
    for (const image of [false, true]) targets.set(targetKey(target, image), resolve(target, image));
    return target;
  });
  for (const { target, image } of htmlTargets(input.markdown)) targets.set(targetKey(target, image), resolve(target, image));
  return { markdown: input.markdown, targets: [...targets], externalInNewTab: input.chrome.site.customization.externalLinks?.target === "blank" };
}

/**
 * Where the navigation's bytes go in a page's text: random for each process and never sent, so no content can hold
 * it (the sidebar comes before the page's content; only the title and description precede it, and they cannot
 * guess it).
 */
const NAVIGATION_SLOT = `\u0000${randomUUID()}\u0000`;

/** A page's HTML as the parts it is sent as, in order: text, and the navigation's bytes (made once per revision). */
export type PageParts = readonly (string | Buffer)[];

export function renderPage(input: PageInput, content: RenderedContent = pageContent(input)): PageParts {
  const { chrome, section, variant, pages, page } = input;
  const c = chrome.site.customization;
  const urls = variantUrls(chrome, section, variant);
  const documents = readablePages(pages).filter((candidate) => candidate.type === "document");
  const index = documents.findIndex((candidate) => candidate.id === page.id);
  const pager = c.pagination?.enabled === false || index < 0 ? "" : pagerOf(urls.base, documents[index - 1], documents[index + 1]);
  const main = html`${breadcrumbs(urls.base, pages, page, section, chrome)}
<article>
<header><h1>${page.emoji ? html`<span aria-hidden="true">${page.emoji} </span>` : ""}${page.title}</h1>
${page.description ? html`<p class="description">${page.description}</p>` : ""}</header>
${raw(content.html)}
</article>
${pager}`;
  const text = shell({
    chrome: { ...chrome, section },
    title: page.title,
    description: page.description,
    canonical: pageUrl(urls.canonicalBase, page),
    noIndex: input.noIndex || page.noIndex,
    markdownUrl: `${pageUrl(urls.base, page)}.md`,
    sidebar: html`<nav class="sidebar" id="navigation" aria-label="${variant.title}">${variantSwitcher(chrome, section, variant)}${raw(NAVIGATION_SLOT)}</nav>`,
    toc: tableOfContents(content.headings),
    main,
  });
  const slot = text.indexOf(NAVIGATION_SLOT);
  return [text.slice(0, slot), ...navigationParts(urls.base, pages, ancestors(pages, page), page), text.slice(slot + NAVIGATION_SLOT.length)];
}

/** The page's ancestors, from the top. */
function ancestors(pages: readonly SitePage[], page: SitePage): SitePage[] {
  const byId = pagesById(pages);
  const chain: SitePage[] = [];
  for (
    let parent = page.parentId ? byId.get(page.parentId) : undefined;
    parent && chain.length < 100;
    parent = parent.parentId ? byId.get(parent.parentId) : undefined
  ) {
    chain.unshift(parent);
  }
  return chain;
}

function breadcrumbs(base: string, pages: readonly SitePage[], page: SitePage, section: SiteSection, chrome: Chrome): Html {
  const trail = ancestors(pages, page).map((ancestor) =>
    ancestor.type === "document" ? html`<li><a href="${pageUrl(base, ancestor)}">${ancestor.title}</a></li>` : html`<li>${ancestor.title}</li>`,
  );
  const sectionCrumb = chrome.site.hasSections ? html`<li><a href="${base}/">${section.title}</a></li>` : "";
  return html`<nav class="breadcrumbs" aria-label="Breadcrumb"><ol>${sectionCrumb}${trail}<li><span aria-current="page">${page.title}</span></li></ol></nav>`;
}

function tableOfContents(headings: readonly Heading[]): Html {
  const entries = headings.filter((heading) => heading.level === 2 || heading.level === 3);
  if (!entries.length) return html`<div></div>`;
  return html`<aside class="toc" aria-label="On this page"><h2>On this page</h2><ul>${entries.map(
    (heading) => html`<li class="level-${heading.level}"><a href="#${heading.anchor}">${heading.text}</a></li>`,
  )}</ul></aside>`;
}

function pagerOf(base: string, previous: SitePage | undefined, next: SitePage | undefined): Html | string {
  if (!previous && !next) return "";
  return html`<nav class="pager" aria-label="Previous and next pages">
${previous ? html`<a class="previous" href="${pageUrl(base, previous)}" rel="prev"><small>Previous</small>${previous.title}</a>` : raw("<span></span>")}
${next ? html`<a class="next" href="${pageUrl(base, next)}" rel="next"><small>Next</small>${next.title}</a>` : raw("<span></span>")}
</nav>`;
}
