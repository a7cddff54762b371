// What a site gives machines: a page's Markdown (`<page>.md`), the llms.txt index of
// pages and llms-full.txt with all of them, the sitemap of its public pages and robots.txt.
import { blocksToPlainMarkdown } from "./gitbook-structure";
import { escapeHtml } from "./html";
import type { PublishedSite, SiteContentReader, SiteFile, SitePage, SiteSection, SiteVariant } from "./model";
import { targetResolver, type VariantUrls } from "./page";
import { pageUrl, readablePages } from "./routing";

export interface VariantContent {
  section: SiteSection;
  variant: SiteVariant;
  pages: readonly SitePage[];
  files: SiteFile[];
  urls: VariantUrls;
}

/** A page as Markdown: its title and description, then its content with links to the site's absolute URLs. */
export function pageMarkdown(reader: SiteContentReader, content: VariantContent, page: SitePage, markdown: string, origin: string): string {
  const resolve = targetResolver(content.pages, content.files, content.urls);
  // GitBook's blocks as plain Markdown: machines read `{% tabs %}` as noise.
  const body = reader.rewriteTargets(blocksToPlainMarkdown(markdown), (target) => {
    const resolved = resolve(target, false);
    if (resolved.kind === "broken" || resolved.kind === "external" || resolved.href.startsWith("#")) return target;
    return `${origin}${resolved.href}`;
  });
  const head = `# ${page.title}\n\n${page.description ? `> ${page.description}\n\n` : ""}`;
  return `${head}${body.trim()}\n`;
}

/** Pages listed for machines: documents shown in the navigation, not kept out of indexes. */
export const listedPages = (pages: readonly SitePage[]) => readablePages(pages).filter((page) => page.type === "document" && !page.noIndex);

const heading = (site: PublishedSite, content: VariantContent) =>
  [site.hasSections ? content.section.title : "", content.section.variants.length > 1 || !site.hasSections ? content.variant.title : ""]
    .filter(Boolean)
    .join(" / ");

/** llms.txt (llmstxt.org): the site, then per site space its pages, each a link to its Markdown. */
export function llmsTxt(site: PublishedSite, contents: readonly VariantContent[]): string {
  const title = site.customization.title ?? site.title;
  const parts = [`# ${title}\n`];
  for (const content of contents) {
    const lines = listedPages(content.pages).map(
      (page) => `- [${page.title}](${pageUrl(content.urls.canonicalBase, page)}.md)${page.description ? `: ${page.description}` : ""}`,
    );
    if (lines.length) parts.push(`## ${heading(site, content)}\n\n${lines.join("\n")}\n`);
  }
  return parts.join("\n");
}

export function sitemapXml(urls: readonly string[]): string {
  const entries = urls.map((url) => `  <url><loc>${escapeHtml(url)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

export function robotsTxt(site: PublishedSite): string {
  if (site.visibility !== "public") return "User-agent: *\nDisallow: /\n";
  return `User-agent: *\nAllow: /\n\nSitemap: ${site.publishedUrl}/sitemap.xml\n`;
}
