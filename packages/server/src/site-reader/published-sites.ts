// Published sites as the server runs them: which site a request names (directory), what
// its reader may see (audience), and the renderer that answers it, with the hook writes
// call so that the next request sees them.
import type { Schemas } from "@docstack/contract";
import {
  type Audience,
  type FoundPage,
  type PublishedSite,
  type RendererOptions,
  SiteRenderer,
  type SiteRequest,
  type SiteResponse,
  type SiteSection,
  type SiteVariant,
  segmentsOf,
  type VariantContent,
  variantPath,
} from "@docstack/sites";
import type { Clock } from "../clock";
import { formerPathOwner } from "../content/store/former-paths";
import type { Site } from "../generated/prisma/client";
import { audienceFor, type ReaderCredentials, readerWithoutClaims } from "./audience";
import { SiteChanges } from "./changes";
import { contentReader, type ReaderDeps } from "./content-adapter";
import { type HostRequest, SiteDirectory } from "./directory";
import { keptCookies, readerCredentials, withoutCredentials } from "./reader-credentials";
import { liveRedirectFor, type RedirectDestination } from "./redirects";
import { type SiteSnapshot, type SnapshotServices, siteFor } from "./snapshot";

/** What published sites are made of: content reads, the database and configuration, and the time. */
export type PublishedSitesDeps = ReaderDeps & SnapshotServices & { clock: Clock };

export type SiteAnswer =
  | { kind: "response"; response: SiteResponse }
  | { kind: "not-found" }
  | { kind: "redirect"; location: string; cookies?: string[]; status?: 307 | 308 }
  /** A visitor-auth site's reader without a valid token, where the site has no fallback URL: a 401 page. */
  | { kind: "sign-in" };

/**
 * What a reader's machine (the site's MCP server) reads of a site: what the site's pages, `~search` and
 * `<page>.md` show that reader, no more.
 */
export interface SiteView {
  /** The site's URL as requested (scheme, host and base path): page paths are relative to it. */
  url: string;
  title: string;
  /** Each site space this reader may see, with the pages llms.txt lists (URLs from the request's origin). */
  outline(): Promise<VariantContent[]>;
  search(query: string, limit: number): Promise<FoundPage[]>;
  /** The Markdown of the page at this path of the site (as `<page>.md` gives it); undefined when this reader has no page there. */
  markdown(path: string): Promise<string | undefined>;
}

export type SiteReading =
  | { kind: "reader"; rest: string; view: SiteView }
  | { kind: "not-found" }
  /** A visitor-auth site's reader without a valid token. */
  | { kind: "sign-in" };

/** The site's visibility does not show the same thing to everyone, or conditions do: answers are the reader's own. */
const PRIVATE_ANSWER = { "Cache-Control": "private, no-cache", Vary: "Cookie" };

export class PublishedSites {
  private readonly changes = new SiteChanges();
  private readonly directory: SiteDirectory;
  private readonly renderer: SiteRenderer;

  constructor(
    private readonly services: PublishedSitesDeps,
    options: Partial<RendererOptions> = {},
  ) {
    this.directory = new SiteDirectory(services, this.changes);
    const pool = services.renderPool;
    this.renderer = new SiteRenderer(contentReader(services), {
      cacheBytes: services.config.siteCacheBytes,
      offload: { minLength: pool.options.minLength, render: (render) => pool.run({ kind: "site", render }) },
      ...options,
    });
  }

  /** A write committed: what sites show may have changed (called before its response leaves). */
  changed(): void {
    this.changes.changed();
  }

  /** The answer to a request for a site's URL; undefined when the URL is not a site's (the API's). */
  async answer(
    request: HostRequest & { query: URLSearchParams; ifNoneMatch: string | undefined; cookie: string | undefined },
  ): Promise<SiteAnswer | undefined> {
    const match = await this.directory.match(request);
    if (!match) return undefined;
    if (match.kind !== "site") return match.kind === "missing" ? { kind: "not-found" } : match;
    const { snapshot } = match;
    const { credentials, inUrl } = readerCredentials(snapshot.site.id, request.query, request.cookie);
    const now = this.services.clock.now();
    const decision = await audienceFor(snapshot, credentials, now);
    if (decision.kind === "hidden") return { kind: "not-found" };
    // Where the reader was going, inside the site, without credentials: for the fallback URL and clean redirects.
    const wanted = `${match.rest || "/"}${withoutCredentials(request.query)}`;
    if (decision.kind === "sign-in") {
      if (!decision.fallbackURL) return { kind: "sign-in" };
      return { kind: "redirect", location: signInAt(decision.fallbackURL, wanted) };
    }
    if (inUrl) {
      // Kept in cookies, the credentials leave the URL. One leading slash: `//host` would leave the site.
      const cookies = keptCookies(snapshot.site.id, decision.keep, { path: match.basePath, secure: request.protocol === "https", now });
      return { kind: "redirect", location: `/${`${match.basePath}${wanted}`.replace(/^\/+/, "")}`, cookies };
    }
    const site = siteFor(snapshot, decision.audience);
    if (!site) return { kind: "not-found" };
    const origin = `${request.protocol}://${request.host}`;
    const response = await this.renderer.handle({
      site,
      audience: decision.audience,
      origin,
      basePath: match.basePath,
      path: match.rest,
      query: request.query,
      ifNoneMatch: request.ifNoneMatch,
    });
    if (response.status === 404) {
      const moved = await this.redirectOf(site, decision.audience, match.basePath, match.rest || "/");
      if (moved) return { kind: "redirect", ...moved, location: `${moved.location}${withoutCredentials(request.query)}` };
    }
    if (personal(snapshot, decision.audience.key)) Object.assign(response.headers, PRIVATE_ANSWER);
    return { kind: "response", response };
  }

  /**
   * What the reader of a site's URL may read of it, for machines: credentials from the query (`shareKey`,
   * `jwt_token`, `visitor.<claim>`) as on the site's pages, a bearer token standing for `jwt_token`; no cookies
   * (a machine's request is not a browser's: no credential rides along unasked). Undefined when the URL is not a site's.
   */
  async reading(request: HostRequest & { query: URLSearchParams; bearer: string | undefined }): Promise<SiteReading | undefined> {
    const match = await this.directory.match(request);
    if (!match) return undefined;
    if (match.kind !== "site") return { kind: "not-found" };
    const { credentials } = readerCredentials(match.snapshot.site.id, request.query, undefined);
    const decision = await audienceFor(match.snapshot, { ...credentials, visitorToken: request.bearer ?? credentials.visitorToken }, this.services.clock.now());
    if (decision.kind !== "reader") return { kind: decision.kind === "hidden" ? "not-found" : "sign-in" };
    const site = siteFor(match.snapshot, decision.audience);
    if (!site) return { kind: "not-found" };
    const origin = `${request.protocol}://${request.host}`;
    const base: SiteRequest = { site, audience: decision.audience, origin, basePath: match.basePath, path: "/", query: new URLSearchParams() };
    const view: SiteView = {
      url: `${origin}${match.basePath}`,
      title: site.customization.title ?? site.title,
      outline: () => this.renderer.outline(base),
      search: (query, limit) => this.renderer.search(base, query, limit),
      markdown: async (path) => {
        const segments = segmentsOf(path);
        // A page's path only: `~files`, `~search` and the like are not pages.
        if (!segments?.length || segments.some((segment) => segment.startsWith("~"))) return undefined;
        const answer = await this.renderer.handle({ ...base, path: `/${segments.map(encodeURIComponent).join("/")}.md` });
        return answer.status === 200 && answer.headers["Content-Type"]?.startsWith("text/markdown") ? answer.body.toString("utf8") : undefined;
      },
    };
    return { kind: "reader", rest: match.rest, view };
  }

  /**
   * What a reader without credentials or claims finds in the site's search (the API's site search, for members
   * who may view the site): the site spaces it shows that reader, each with the pages of its space that reader
   * does not find. Nothing for a site not published.
   */
  async searchable(site: Site, baseUrl: string): Promise<{ section: SiteSection; variant: SiteVariant; excluded: string[] }[]> {
    if (!site.published) return [];
    const snapshot = await this.directory.snapshot(site, baseUrl);
    const audience = readerWithoutClaims(snapshot);
    const shown = siteFor(snapshot, audience);
    const places = shown?.sections.flatMap((section) => section.variants.map((variant) => ({ section, variant }))) ?? [];
    return Promise.all(places.map(async (place) => ({ ...place, excluded: await this.renderer.unsearchable(place.variant.content, audience) })));
  }

  /**
   * Where a path no page has sends its reader: the site's live redirect of the path (./redirects), else, for a
   * page's former path (a merge moved it), the page's current one; only to what this reader may see.
   */
  private async redirectOf(
    site: PublishedSite,
    audience: Audience,
    basePath: string,
    rest: string,
  ): Promise<{ location: string; status: 307 | 308 } | undefined> {
    const configured = await liveRedirectFor(this.services.prisma, site.id, rest.replace(/\/+$/, "") || "/");
    if (configured) {
      const { redirect } = configured;
      const target = await this.destinationUrl(site, audience, basePath, redirect.destination as RedirectDestination);
      if (!target) return undefined;
      return { location: `${target}${redirect.captureWildcard ? configured.rest : ""}`, status: redirect.permanent ? 308 : 307 };
    }
    const found = await this.renderer.resolve(site, audience, rest);
    if (!found || found.page || !found.pagePath) return undefined;
    const pageId = await formerPathOwner(this.services.prisma, found.variant.content.spaceId, found.pagePath);
    const page = pageId && (await this.renderer.page(found.variant.content, audience, pageId));
    if (!page || page.path === found.pagePath) return undefined;
    return { location: `${basePath}${variantPath(site, found.section, found.variant)}/${page.path}`, status: 308 };
  }

  /** A redirect's destination as a URL (the site's own as paths), if this reader may see it. */
  private async destinationUrl(site: PublishedSite, audience: Audience, basePath: string, destination: RedirectDestination): Promise<string | undefined> {
    if (destination.kind === "external") return destination.url;
    if (destination.kind === "site-section") {
      const section = site.sections.find((s) => s.id === destination.siteSectionId);
      const variant = section?.variants.find((v) => v.id === section.defaultVariantId);
      return section && variant ? `${basePath}${variantPath(site, section, variant)}/` : undefined;
    }
    for (const section of site.sections) {
      const variant = section.variants.find((v) => v.id === destination.siteSpaceId);
      if (!variant) continue;
      const at = `${basePath}${variantPath(site, section, variant)}`;
      if (destination.kind === "site-space") return `${at}/`;
      const page = await this.renderer.page(variant.content, audience, destination.pageId);
      return page ? `${at}/${page.path}` : undefined;
    }
    return undefined;
  }

  /**
   * What a published URL shows to a reader with these credentials (the URL's `shareKey`, `jwt_token` and
   * `visitor.<claim>` parameters, and those given beside it); undefined for nothing (404). With
   * `redirectOnError`, a visitor-auth site's reader without a valid token gets where the site sends them
   * (its fallback URL), when it has one. Content comes without its `apiToken`, with the spaces of the site
   * this reader may see (`readableSpaces`): what the caller mints the token for.
   */
  async resolve(
    url: URL,
    given: ReaderCredentials = {},
    options: { redirectOnError?: boolean } = {},
  ): Promise<ResolvedContent | Schemas["PublishedContentRedirect"] | undefined> {
    const protocol = url.protocol.slice(0, -1);
    const match = await this.directory.match({ protocol, host: url.host, hostname: url.hostname, path: url.pathname });
    if (match?.kind !== "site") return undefined;
    const { credentials } = readerCredentials(match.snapshot.site.id, url.searchParams, undefined);
    const decision = await audienceFor(
      match.snapshot,
      {
        shareKey: given.shareKey ?? credentials.shareKey,
        visitorToken: given.visitorToken ?? credentials.visitorToken,
        unsignedClaims: { ...credentials.unsignedClaims, ...given.unsignedClaims },
      },
      this.services.clock.now(),
    );
    if (decision.kind === "sign-in" && decision.fallbackURL && options.redirectOnError) {
      const wanted = `${match.rest || "/"}${withoutCredentials(url.searchParams)}`;
      return { target: "external", site: match.snapshot.site.id, redirect: signInAt(decision.fallbackURL, wanted) };
    }
    if (decision.kind !== "reader") return undefined;
    const site = siteFor(match.snapshot, decision.audience);
    const found = site && (await this.renderer.resolve(site, decision.audience, match.rest));
    if (!site || !found?.page) return undefined;
    const canonicalPath = found.page ? `/${found.page.path}` : "";
    return {
      organization: site.organizationId,
      site: site.id,
      ...(site.hasSections ? { siteSection: found.section.id } : {}),
      siteSpace: found.variant.id,
      space: found.variant.content.spaceId,
      revision: found.variant.content.revisionId,
      ...(found.page ? { page: found.page.id } : {}),
      pathname: found.page?.path ?? found.pagePath,
      basePath: `${match.basePath}${pathOfVariant(match.rest, found.pagePath)}/`.replace(/\/+$/, "/"),
      siteBasePath: `${match.basePath}/`,
      complete: found.complete,
      canonicalUrl: `${site.publishedUrl}${variantPath(site, found.section, found.variant)}${canonicalPath}`,
      preview: false,
      readableSpaces: [...new Set(site.sections.flatMap((section) => section.variants.map((variant) => variant.content.spaceId)))],
    };
  }
}

/** A resolved URL's content, before its `apiToken` is minted for the spaces its reader may see. */
export type ResolvedContent = Omit<Schemas["PublishedSiteContent"], "apiToken"> & { readableSpaces: string[] };

/** Where a visitor-auth site sends a reader without a valid token: its fallback URL, with the page they wanted (in the site, without credentials). */
function signInAt(fallbackURL: string, wanted: string): string {
  const fallback = new URL(fallbackURL);
  fallback.searchParams.set("location", wanted);
  return fallback.toString();
}

/** Whether what this reader gets is theirs alone (a site not everyone may read, or one adapted to them). */
function personal(snapshot: SiteSnapshot, audienceKey: string): boolean {
  return (snapshot.site.visibility !== "public" && snapshot.site.visibility !== "unlisted") || audienceKey !== "reader";
}

/** The part of the request's path naming the section and site space: what comes before the page's path. */
function pathOfVariant(rest: string, pagePath: string): string {
  const trimmed = rest.replace(/\/+$/, "");
  const encodedPage = pagePath ? `/${pagePath.split("/").map(encodeURIComponent).join("/")}` : "";
  return encodedPage && trimmed.toLowerCase().endsWith(encodedPage.toLowerCase()) ? trimmed.slice(0, -encodedPage.length) : trimmed;
}
