// The renderer: a request for a path of a site in, a response out. Rendered answers are
// cached by what they are made of, all immutable or versioned (the site's version, which
// names its revisions and customization; what the reader may see; the path), so a
// cached answer is never stale: a change makes new keys. Answers carry an ETag, and a
// request that already holds the answer gets a 304.
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { faviconOf } from "./favicon";
import { Highlighter } from "./highlight";
import { type Chrome, pageCspOf, type ResolvedLink } from "./layout";
import { listedPages, llmsTxt, pageMarkdown, robotsTxt, sitemapXml, type VariantContent } from "./machine";
import type {
  Audience,
  PublishedSite,
  SiteContentReader,
  SiteFile,
  SitePage,
  SiteRequest,
  SiteResponse,
  SiteSection,
  SiteVariant,
  SpaceRevision,
} from "./model";
import type { MarkdownOffload } from "./offload";
import { mapInOrder } from "./ordered";
import { offloadedRender, type PageInput, type PageParts, renderPage, variantUrls } from "./page";
import { admittedPages, encodePath, locate, pageAt, pageUrl, segmentsOf, variantPath } from "./routing";
import { type FoundPage, foundPages, MAX_QUERY, MAX_RESULTS, renderNotFound, renderSearch, renderUnavailable } from "./search-page";
import { STYLESHEET, STYLESHEET_HASH } from "./theme";

export interface RendererOptions {
  /** Bytes of rendered answers kept in memory. */
  cacheBytes: number;
  /** Bytes of highlighted code kept in memory (a quarter of cacheBytes when not given). */
  codeCacheBytes?: number;
  /** Where long pages are rendered (a worker pool); inline when not given. */
  offload?: MarkdownOffload;
  /** Bytes of revisions' page lists kept in memory (estimated; half of cacheBytes, at least 8 MiB, when not given). */
  revisionCacheBytes?: number;
}

/** What a page of a revision's list is counted for (its fields, strings and map entries), in bytes. */
const PAGE_BYTES = 512;
const MIN_REVISION_CACHE_BYTES = 8 * 1024 * 1024;

const contentBytes = ({ pages, files }: RevisionContent) => (pages.length + files.length) * PAGE_BYTES;

/**
 * Keeps a loading promise, counted as one byte until it resolves and then as its content is: the
 * cache's bound holds once it is loaded. A failed load is not kept: the next request tries again.
 */
function keep(cache: LRUCache<string, Promise<RevisionContent>>, key: string, loading: Promise<RevisionContent>): void {
  cache.set(key, loading, { size: 1 });
  loading.then(
    (content) => {
      if (cache.peek(key) === loading) cache.set(key, loading, { size: Math.max(1, contentBytes(content)) });
    },
    () => {
      if (cache.peek(key) === loading) cache.delete(key);
    },
  );
}

interface Rendered {
  status: number;
  type: string;
  body: Buffer;
  etag: string;
  noIndex: boolean;
  /** Extra headers (a redirect's Location). */
  headers?: Record<string, string>;
}

type RevisionContent = { pages: readonly SitePage[]; files: SiteFile[] };

type ContentRef = { kind: "url"; url: string } | { kind: "page"; page: string; space?: string } | { kind: "space"; space: string };

const HTML = "text/html; charset=utf-8";
const SAFE_INLINE = /^(image\/(png|jpeg|gif|webp|avif|svg\+xml)|video\/|audio\/|application\/pdf$)/;

export class SiteRenderer {
  private readonly rendered: LRUCache<string, Rendered>;
  /** Page lists and files of revisions (immutable), shared by every page of a space; bounded by their estimated bytes. */
  private readonly revisions: LRUCache<string, Promise<RevisionContent>>;
  /** The same as each audience sees them (by revision and audience key): one list per view, so what is made from it is shared. */
  private readonly admitted: LRUCache<string, Promise<RevisionContent>>;
  private readonly highlighter: Highlighter;
  private readonly offload: MarkdownOffload | undefined;

  constructor(
    private readonly reader: SiteContentReader,
    options: RendererOptions,
  ) {
    this.rendered = new LRUCache({ maxSize: Math.max(options.cacheBytes, 1), sizeCalculation: (entry) => entry.body.byteLength + 200 });
    this.highlighter = new Highlighter(options.codeCacheBytes ?? Math.floor(options.cacheBytes / 4));
    this.offload = options.offload;
    const revisionBytes = options.revisionCacheBytes ?? Math.max(MIN_REVISION_CACHE_BYTES, Math.floor(options.cacheBytes / 2));
    this.revisions = new LRUCache({ max: 256, maxSize: revisionBytes });
    this.admitted = new LRUCache({ max: 1024, maxSize: revisionBytes });
  }

  async handle(request: SiteRequest): Promise<SiteResponse> {
    const path = request.path || "/";
    if (path === `/~docstack/site.${STYLESHEET_HASH}.css`) {
      return { status: 200, headers: { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable" }, body: STYLESHEET };
    }
    const segments = segmentsOf(path);
    if (segments?.[0] === "~files") return this.file(request, segments);
    const part = segments && llmsFullPart(segments);
    if (part !== undefined) return this.llmsFull(request, part);
    const query = segments?.[0] === "~search" ? (request.query.get("q") ?? "").trim().slice(0, MAX_QUERY) : "";
    const key = [request.site.version, request.audience.key, request.origin, request.basePath, path, query].join("\n");
    let answer = this.rendered.get(key);
    if (!answer) {
      answer = await this.render(request, segments, query);
      if (answer.status < 500) this.rendered.set(key, answer);
    }
    return this.respond(request, answer);
  }

  private respond(request: SiteRequest, answer: Rendered): SiteResponse {
    const headers: Record<string, string> = {
      "Content-Type": answer.type,
      ETag: answer.etag,
      // Revalidated on every use (a 304 is cheap): a change is visible to the next request.
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      ...answer.headers,
    };
    if (answer.type === HTML) headers["Content-Security-Policy"] = pageCspOf(request.site);
    if (answer.noIndex) headers["X-Robots-Tag"] = "noindex";
    if (request.ifNoneMatch?.split(",").some((tag) => tag.trim() === answer.etag)) {
      return { status: 304, headers, body: Buffer.alloc(0) };
    }
    return { status: answer.status, headers, body: answer.body };
  }

  private async render(request: SiteRequest, segments: string[] | undefined, query: string): Promise<Rendered> {
    const { site } = request;
    const noIndex = site.visibility !== "public";
    const chrome = await this.chrome(request);
    const notFound = () => rendered(404, HTML, renderNotFound(chrome), true);
    if (!segments) return notFound();
    const at = segments.join("/");
    if (at === "~search") {
      const found = query ? await this.find(chrome, request.audience, query, MAX_RESULTS) : [];
      return rendered(200, HTML, renderSearch(chrome, query, found), true);
    }
    if (at === "favicon.ico") {
      const icon = faviconOf(site.customization);
      if ("svg" in icon) return rendered(200, "image/svg+xml", icon.svg, noIndex);
      return { ...rendered(302, "text/plain; charset=utf-8", "", noIndex), headers: { Location: icon.redirect } };
    }
    if (at === "robots.txt") return rendered(200, "text/plain; charset=utf-8", robotsTxt(site), noIndex);
    if (at === "sitemap.xml") {
      const urls = noIndex
        ? []
        : (await this.allContents(chrome, request.audience)).flatMap((c) => listedPages(c.pages).map((page) => pageUrl(c.urls.canonicalBase, page)));
      return rendered(200, "application/xml; charset=utf-8", sitemapXml(urls), noIndex);
    }
    if (at === "llms.txt") return rendered(200, "text/plain; charset=utf-8", llmsTxt(site, await this.allContents(chrome, request.audience)), noIndex);

    const markdown = segments.at(-1)?.endsWith(".md") ?? false;
    const pathSegments = markdown ? [...segments.slice(0, -1), segments.at(-1)!.slice(0, -3)] : segments;
    const location = locate(site, pathSegments);
    if (!location) return notFound();
    if (location.namedDefaultVariant) {
      // The default site space's URL is its section's: the form naming it goes there.
      const page = location.pagePath ? `/${encodePath(location.pagePath)}${markdown ? ".md" : ""}` : "";
      const search = request.query.toString();
      const target = `${request.basePath}${variantPath(site, location.section, location.variant)}${page}` || "/";
      return { ...rendered(308, "text/plain; charset=utf-8", "", noIndex), headers: { Location: `${target}${search ? `?${search}` : ""}` } };
    }
    const content = await this.contentOf(chrome, request.audience, location.section, location.variant);
    const page = pageAt(content.pages, location.pagePath);
    if (!page) return notFound();
    if (page.type === "link") {
      if (!page.href || !/^https?:\/\//i.test(page.href)) return notFound();
      return { ...rendered(302, "text/plain; charset=utf-8", "", noIndex), headers: { Location: page.href } };
    }
    const body = (await this.reader.markdown(location.variant.content, page.id)) ?? "";
    if (markdown) return rendered(200, "text/markdown; charset=utf-8", pageMarkdown(this.reader, content, page, body, request.origin), noIndex || page.noIndex);
    const input: PageInput = {
      chrome,
      reader: this.reader,
      section: location.section,
      variant: location.variant,
      pages: content.pages,
      files: content.files,
      page,
      markdown: body,
      noIndex,
      highlighter: this.highlighter,
    };
    const offload = this.offload;
    if (!offload || body.length < offload.minLength) return rendered(200, HTML, renderPage(input), noIndex || page.noIndex);
    try {
      return rendered(200, HTML, renderPage(input, await offload.render(offloadedRender(input))), noIndex || page.noIndex);
    } catch (error) {
      // Not cached (a 5xx): the next reader tries again.
      return rendered(503, HTML, renderUnavailable(chrome, (error as Error).message), true);
    }
  }

  private async file(request: SiteRequest, segments: string[]): Promise<SiteResponse> {
    const [, variantId, fileId] = segments;
    const variant = request.site.sections.flatMap((section) => section.variants).find((candidate) => candidate.id === variantId);
    const file = variant && fileId ? await this.reader.file(variant.content, fileId) : undefined;
    if (!file) {
      const chrome = await this.chrome(request);
      return this.respond(request, rendered(404, HTML, renderNotFound(chrome), true));
    }
    const etag = `"${file.hash}"`;
    const inline = SAFE_INLINE.test(file.contentType);
    const headers: Record<string, string> = {
      "Content-Type": file.contentType,
      ETag: etag,
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
      // Opened on its own, an uploaded file (an SVG, an HTML page) runs nothing.
      "Content-Security-Policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    };
    if (request.ifNoneMatch?.split(",").some((tag) => tag.trim() === etag)) return { status: 304, headers, body: Buffer.alloc(0) };
    return { status: 200, headers, body: file.data };
  }

  private revision(content: SpaceRevision): Promise<RevisionContent> {
    let loaded = this.revisions.get(content.revisionId);
    if (!loaded) {
      loaded = this.reader.revision(content);
      keep(this.revisions, content.revisionId, loaded);
    }
    return loaded;
  }

  /** The revision's pages this audience may see, and its files. */
  private admittedContent(content: SpaceRevision, audience: Audience): Promise<RevisionContent> {
    const key = `${content.revisionId}\n${audience.key}`;
    let admitted = this.admitted.get(key);
    if (!admitted) {
      admitted = this.revision(content).then(({ pages, files }) => ({ pages: admittedPages(pages, audience), files }));
      keep(this.admitted, key, admitted);
    }
    return admitted;
  }

  private async contentOf(chrome: Chrome, audience: Audience, section: SiteSection, variant: SiteVariant): Promise<VariantContent> {
    const { pages, files } = await this.admittedContent(variant.content, audience);
    return { section, variant, pages, files, urls: variantUrls(chrome, section, variant) };
  }

  private allContents(chrome: Chrome, audience: Audience): Promise<VariantContent[]> {
    return Promise.all(chrome.site.sections.flatMap((section) => section.variants.map((variant) => this.contentOf(chrome, audience, section, variant))));
  }

  /** The pages matching the words that this audience may see, best first. */
  private async find(chrome: Chrome, audience: Audience, query: string, limit: number): Promise<FoundPage[]> {
    const contents = await this.allContents(chrome, audience);
    const hits = await this.reader.search(
      contents.map((content) => content.variant.content),
      query,
      limit,
    );
    return foundPages(hits, contents);
  }

  /** What the site shows the request's audience, for machines (its MCP server): each site space with the pages llms.txt lists. */
  async outline(request: SiteRequest): Promise<VariantContent[]> {
    const contents = await this.allContents(await this.chrome(request), request.audience);
    return contents.map((content) => ({ ...content, pages: listedPages(content.pages) }));
  }

  /** The search of the site as its `~search` page answers the request's audience, at most `limit` pages. */
  async search(request: SiteRequest, query: string, limit: number): Promise<FoundPage[]> {
    return (await this.find(await this.chrome(request), request.audience, query.trim().slice(0, MAX_QUERY), limit)).slice(0, limit);
  }

  /**
   * A part of llms-full.txt (GitBook's: LLMS_FULL_PART_PAGES pages each, `llms-full.txt` the first, a link to the
   * next at the end of each part but the last), streamed as its pages are read. Its ETag names what it is made of
   * (the site's version, the audience, where it is served and the part), so a 304 reads no page.
   */
  private async llmsFull(request: SiteRequest, part: number): Promise<SiteResponse> {
    const chrome = await this.chrome(request);
    const pages = (await this.allContents(chrome, request.audience)).flatMap((content) => listedPages(content.pages).map((page) => ({ content, page })));
    const first = part * LLMS_FULL_PART_PAGES;
    if (part > 0 && first >= pages.length) return this.respond(request, rendered(404, HTML, renderNotFound(chrome), true));
    const key = [request.site.version, request.audience.key, request.origin, request.basePath, part].join("\n");
    const etag = `"${createHash("sha256").update(key).digest("base64url").slice(0, 27)}"`;
    const response = this.respond(request, {
      status: 200,
      type: "text/plain; charset=utf-8",
      body: Buffer.alloc(0),
      etag,
      noIndex: request.site.visibility !== "public",
    });
    if (response.status === 304) return response;
    const next = first + LLMS_FULL_PART_PAGES < pages.length ? `${request.origin}${request.basePath}/llms-full.txt/${part + 1}` : undefined;
    return { ...response, stream: this.llmsFullText(request, pages.slice(first, first + LLMS_FULL_PART_PAGES), next) };
  }

  private async *llmsFullText(request: SiteRequest, pages: { content: VariantContent; page: SitePage }[], next: string | undefined): AsyncGenerator<string> {
    yield `# ${request.site.customization.title ?? request.site.title}\n`;
    const bodies = mapInOrder(pages, LLMS_FULL_READS, async ({ content, page }) => {
      const body = (await this.reader.markdown(content.variant.content, page.id)) ?? "";
      return `Source: ${pageUrl(content.urls.canonicalBase, page)}\n\n${pageMarkdown(this.reader, content, page, body, request.origin)}`;
    });
    for await (const body of bodies) yield `\n---\n\n${body}`;
    if (next) yield `\n---\n\n[Next part](${next})\n`;
  }

  /** The site's frame, with the header, footer and announcement links resolved against its spaces. */
  private async chrome(request: SiteRequest): Promise<Chrome> {
    const base: Chrome = { site: request.site, basePath: request.basePath, headerLinks: [], footerGroups: [] };
    const c = request.site.customization;
    const href = (ref: ContentRef | null | undefined) => this.href(base, request.audience, ref);
    const link = async (l: { title: string; to: ContentRef | null; links?: { title: string; to: ContentRef }[]; style?: string }): Promise<ResolvedLink> => ({
      title: l.title,
      href: await href(l.to),
      style: l.style,
      links: await Promise.all((l.links ?? []).map((child) => link({ ...child }))),
    });
    return {
      ...base,
      headerLinks: await Promise.all((c.header?.links ?? []).map((item) => link(item as Parameters<typeof link>[0]))),
      footerGroups: await Promise.all(
        (c.footer?.groups ?? []).map(async (group) => ({
          title: group.title,
          links: await Promise.all(group.links.map((item) => link(item as Parameters<typeof link>[0]))),
        })),
      ),
      announcementLink: c.announcement?.link ? await href(c.announcement.link.to as ContentRef) : undefined,
    };
  }

  /** Where a customization link goes: a URL, or a page or space of this site; undefined for one outside it. */
  private async href(chrome: Chrome, audience: Audience, ref: ContentRef | null | undefined): Promise<string | undefined> {
    if (!ref) return undefined;
    if (ref.kind === "url") return ref.url;
    const site = chrome.site;
    const places = site.sections.flatMap((section) => section.variants.map((variant) => ({ section, variant })));
    const spaceId = ref.space ?? places[0]?.variant.content.spaceId;
    const place = places.find((candidate) => candidate.variant.content.spaceId === spaceId);
    if (!place) return undefined;
    const content = await this.contentOf(chrome, audience, place.section, place.variant);
    if (ref.kind === "space") return `${content.urls.base}/`;
    const page = content.pages.find((candidate) => candidate.id === ref.page);
    return page ? pageUrl(content.urls.base, page) : undefined;
  }

  /** The section, site space and page a path of the site shows this audience, for the server to resolve URLs. */
  async resolve(
    site: PublishedSite,
    audience: Audience,
    path: string,
  ): Promise<{ section: SiteSection; variant: SiteVariant; page?: SitePage; complete: boolean; pagePath: string } | undefined> {
    const segments = segmentsOf(path);
    const location = segments && locate(site, segments);
    if (!location) return undefined;
    const { pages } = await this.admittedContent(location.variant.content, audience);
    const page = pageAt(pages, location.pagePath);
    return { ...location, ...(page ? { page } : {}) };
  }

  /** The IDs of the revision's pages this audience does not find in the site's search: not admitted to it, or hidden from the navigation. */
  async unsearchable(content: SpaceRevision, audience: Audience): Promise<string[]> {
    const [{ pages }, admitted] = await Promise.all([this.revision(content), this.admittedContent(content, audience)]);
    const found = new Set(admitted.pages.filter((page) => !page.hidden).map((page) => page.id));
    return pages.filter((page) => !found.has(page.id)).map((page) => page.id);
  }

  /** The page of this ID in a site space's content, if this audience may see it. */
  async page(content: SpaceRevision, audience: Audience, pageId: string): Promise<SitePage | undefined> {
    const { pages } = await this.admittedContent(content, audience);
    return pages.find((page) => page.id === pageId);
  }
}

/** Pages in each part of llms-full.txt, as GitBook splits it. */
const LLMS_FULL_PART_PAGES = 100;
/** Pages' Markdown read at once while a part is written. */
const LLMS_FULL_READS = 8;

/** Which part of llms-full.txt a path names: `llms-full.txt` the first (0), `llms-full.txt/<n>` the n-th after it. */
function llmsFullPart(segments: readonly string[]): number | undefined {
  if (segments[0] !== "llms-full.txt" || segments.length > 2) return undefined;
  if (segments.length === 1) return 0;
  return /^[1-9][0-9]{0,5}$/.test(segments[1]!) ? Number(segments[1]) : undefined;
}

/** An answer of text, or of a page's parts (its navigation's bytes as they are: encoded once per revision). */
function rendered(status: number, type: string, text: string | PageParts, noIndex: boolean): Rendered {
  const body = typeof text === "string" ? Buffer.from(text) : Buffer.concat(text.map((part) => (typeof part === "string" ? Buffer.from(part) : part)));
  return { status, type, body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`, noIndex };
}
