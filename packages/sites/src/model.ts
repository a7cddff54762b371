// What the renderer reads, and from whom: the one narrow interface between Docstack's
// server (which owns the data, who may see what, and where sites are served) and this
// package (which turns content into pages). Everything here is plain data, so the
// renderer could run in a process of its own behind an implementation over HTTP.
import type { Schemas } from "@docstack/contract";

export type SiteCustomization = Schemas["SiteCustomizationSettings"];

/** One state of a space's content: immutable, so whatever is made from it can be cached by its ID. */
export interface SpaceRevision {
  organizationId: string;
  spaceId: string;
  revisionId: string;
}

/** A page of a revision, in table-of-contents order (parents before their children). */
export interface SitePage {
  id: string;
  title: string;
  /** The page's path in the space, such as `guides/install` (no leading slash). */
  path: string;
  parentId: string | null;
  type: "document" | "group" | "link";
  /** Where a `link` page points. */
  href?: string;
  emoji?: string;
  description?: string;
  /** Left out of the navigation (still readable at its URL). */
  hidden: boolean;
  /** Left out of search engines (`noindex`) and of the sitemap. */
  noIndex: boolean;
  /** Adaptive content: shown (with its sub-pages) only to readers whose audience admits this condition. */
  condition?: string;
}

export interface SiteFile {
  id: string;
  name: string;
  contentType: string;
}

export interface SiteFileBytes extends SiteFile {
  data: Buffer;
  /** A hash of the bytes (their ETag). */
  hash: string;
}

/** A search result: a page, and its sections that matched with `<mark>`ed snippets. */
export interface SearchHit {
  spaceId: string;
  pageId: string;
  title: string;
  sections: { title: string; anchor: string; snippet: string }[];
}

/** Generates a page's heading anchors, unique in the page, as the content API gives them. */
export interface HeadingAnchors {
  next(heading: string): string;
  /** The heading's other anchors (forms that resolved before), kept so that links to them still land. */
  aliasesOf(anchor: string): readonly string[];
}

/** The content reads the renderer needs; the server implements them over its storage. */
export interface SiteContentReader {
  /** The revision's pages (in table-of-contents order) and files. */
  revision(revision: SpaceRevision): Promise<{ pages: SitePage[]; files: SiteFile[] }>;
  /** The page's Markdown as written (links by path, files by name); undefined when it has none. */
  markdown(revision: SpaceRevision, pageId: string): Promise<string | undefined>;
  file(revision: SpaceRevision, fileId: string): Promise<SiteFileBytes | undefined>;
  /** Pages of these spaces' current revisions matching the words, best first. */
  search(spaces: SpaceRevision[], query: string, limit: number): Promise<SearchHit[]>;
  headingAnchors(): HeadingAnchors;
  /** The Markdown with every link and image target outside code replaced by `map`'s answer. */
  rewriteTargets(markdown: string, map: (target: string) => string): string;
}

/** A site space: one space as a variant of a section (or of the site, when it has no sections). */
export interface SiteVariant {
  id: string;
  title: string;
  /** Its URL segment. */
  path: string;
  content: SpaceRevision;
}

export interface SiteSection {
  id: string;
  title: string;
  /** Its URL segment; empty for the site's root level (a site without sections). */
  path: string;
  description?: string;
  /** The title of the section group it is in. */
  group?: string;
  variants: SiteVariant[];
  defaultVariantId: string;
}

/**
 * A published site as one reader may see it (the server's audience applied): only the
 * sections and variants that reader may read.
 */
export interface PublishedSite {
  id: string;
  organizationId: string;
  title: string;
  visibility: "public" | "unlisted" | "share-link" | "visitor-auth";
  /** Where readers read it (its `urls.published`): canonical links and the sitemap use it. */
  publishedUrl: string;
  /** Whether the site has sections (else one section of path "" holds its variants). */
  hasSections: boolean;
  sections: SiteSection[];
  defaultSectionId: string;
  customization: SiteCustomization;
  /** Changes whenever anything above does: part of every cache key. */
  version: string;
}

/**
 * What decides what a reader may see; its `key` is part of every rendered page's cache key, so two
 * audiences with the same key must admit the same conditions, on any site (views of a revision's pages
 * are shared by key between the sites showing it).
 */
export interface Audience {
  key: string;
  /** Whether a page with this condition is shown (none: always). */
  admits(condition: string | null | undefined): boolean;
}

/** A request for a page (or file, or machine-readable view) of a site. */
export interface SiteRequest {
  site: PublishedSite;
  audience: Audience;
  /** The scheme and host the request came to, such as `http://localhost:3000`. */
  origin: string;
  /** The path the site is at on the requested host, such as `/sites/acme/docs` (empty at a host's root). */
  basePath: string;
  /** The rest of the path, from its `/` on (percent-encoded as received). */
  path: string;
  query: URLSearchParams;
  ifNoneMatch?: string | undefined;
}

export interface SiteResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** When given, the body is this text, written as it is produced (a long answer never whole in memory); `body` is then empty. */
  stream?: AsyncIterable<string>;
}
