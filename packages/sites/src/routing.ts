// Where things are inside a site. A page's URL is the site's, then the section's path,
// then the site space's path, then the page's path in its space; the default section's
// and the default site space's segments may be left out (links use that shortest
// form), and the full form the API gives (`<site>/<section>/<site space>`) works too.
import type { Audience, PublishedSite, SitePage, SiteSection, SiteVariant } from "./model";

export interface Location {
  section: SiteSection;
  variant: SiteVariant;
  /** The rest of the path: the page's path in the space ("" for the space's first page). */
  pagePath: string;
  /** Whether the path named the site space itself (not left to the defaults). */
  complete: boolean;
  /**
   * Whether the path named its section's default site space, whose URL is the section's own (GitBook's rule): that
   * longer form answers 308 to it, so that a page has one URL.
   */
  namedDefaultVariant: boolean;
}

const same = (a: string, b: string | undefined) => b !== undefined && a.toLowerCase() === b.toLowerCase();

export function defaultSection(site: PublishedSite): SiteSection {
  return site.sections.find((section) => section.id === site.defaultSectionId) ?? site.sections[0]!;
}

export function defaultVariant(section: SiteSection): SiteVariant {
  return section.variants.find((variant) => variant.id === section.defaultVariantId) ?? section.variants[0]!;
}

/** The section, site space and page path a site-relative path (segments, decoded) names. */
export function locate(site: PublishedSite, segments: readonly string[]): Location | undefined {
  if (site.sections.length === 0) return undefined;
  let index = 0;
  let section = defaultSection(site);
  const namedSection = site.hasSections ? site.sections.find((candidate) => same(candidate.path, segments[0])) : undefined;
  if (namedSection) {
    section = namedSection;
    index++;
  }
  if (section.variants.length === 0) return undefined;
  let variant = defaultVariant(section);
  const namedVariant = section.variants.find((candidate) => same(candidate.path, segments[index]));
  if (namedVariant) {
    variant = namedVariant;
    index++;
  }
  const complete = Boolean(namedVariant) || (section.variants.length === 1 && (Boolean(namedSection) || !site.hasSections));
  return { section, variant, pagePath: segments.slice(index).join("/"), complete, namedDefaultVariant: namedVariant?.id === defaultVariant(section).id };
}

/** The path of a site space's pages, from the site's base path: `/section/variant` in its shortest form. */
export function variantPath(site: PublishedSite, section: SiteSection, variant: SiteVariant): string {
  const sectionPart = site.hasSections && section.id !== defaultSection(site).id ? `/${section.path}` : "";
  const variantPart = variant.id !== defaultVariant(section).id ? `/${variant.path}` : "";
  return `${sectionPart}${variantPart}`;
}

/**
 * The pages this audience may see (adaptive content): a page whose condition it does not admit is left out,
 * and so are its sub-pages. The same list when no page has a condition.
 */
export function admittedPages(pages: readonly SitePage[], audience: Audience): readonly SitePage[] {
  if (!pages.some((page) => page.condition)) return pages;
  const left = new Set<string>();
  return pages.filter((page) => {
    if ((page.parentId !== null && left.has(page.parentId)) || !audience.admits(page.condition)) {
      left.add(page.id);
      return false;
    }
    return true;
  });
}

/** The documents readers can navigate to, in order: the pages shown in the navigation (not hidden, not under a hidden page). */
export function readablePages(pages: readonly SitePage[]): SitePage[] {
  const hidden = new Set<string>();
  const shown: SitePage[] = [];
  for (const page of pages) {
    if (page.hidden || (page.parentId !== null && hidden.has(page.parentId))) {
      hidden.add(page.id);
      continue;
    }
    shown.push(page);
  }
  return shown;
}

/** The page at a path of a space; a group's path leads to its first document. */
export function pageAt(pages: readonly SitePage[], pagePath: string): SitePage | undefined {
  const path = pagePath.replace(/^\/+|\/+$/g, "");
  const found = path === "" ? readablePages(pages).find((page) => page.type === "document") : pages.find((page) => same(page.path, path));
  if (found?.type !== "group") return found;
  return pages.find((page) => page.type === "document" && page.path.startsWith(`${found.path}/`));
}

/** Percent-decoded path segments; undefined when one is not valid UTF-8 escaping. */
export function segmentsOf(path: string): string[] | undefined {
  try {
    return path
      .split("/")
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

/** A path as a URL path: each segment percent-encoded. */
export const encodePath = (path: string) => path.split("/").map(encodeURIComponent).join("/");

/** A page's URL under its site space's base. */
export const pageUrl = (base: string, page: SitePage) => `${base}/${encodePath(page.path)}`;
