// Published sites as the server runs them: which site a request names (directory), what
// its reader may see (audience), and the renderer that answers it, with the hook writes
// call so that the next request sees them.
import type { Schemas } from "@docstack/contract";
import { type RendererOptions, SiteRenderer, type SiteResponse, variantPath } from "@docstack/sites";
import type { Services } from "../http/context";
import { audienceFor } from "./audience";
import { SiteChanges } from "./changes";
import { contentReader } from "./content-adapter";
import { type HostRequest, SiteDirectory } from "./directory";
import { siteFor } from "./snapshot";

export type SiteAnswer = { kind: "response"; response: SiteResponse } | { kind: "not-found" } | { kind: "redirect"; location: string };

export class PublishedSites {
  private readonly changes = new SiteChanges();
  private readonly directory: SiteDirectory;
  private readonly renderer: SiteRenderer;

  constructor(services: Services, options: Partial<RendererOptions> = {}) {
    this.directory = new SiteDirectory(services, this.changes);
    this.renderer = new SiteRenderer(contentReader(services), { cacheBytes: services.config.siteCacheBytes, ...options });
  }

  /** A write committed: what sites show may have changed (called before its response leaves). */
  changed(): void {
    this.changes.changed();
  }

  /** The answer to a request for a site's URL; undefined when the URL is not a site's (the API's). */
  async answer(request: HostRequest & { query: URLSearchParams; ifNoneMatch: string | undefined }): Promise<SiteAnswer | undefined> {
    const match = await this.directory.match(request);
    if (!match) return undefined;
    if (match.kind !== "site") return match.kind === "missing" ? { kind: "not-found" } : match;
    const audience = audienceFor(match.snapshot.site, request);
    const site = audience && siteFor(match.snapshot, audience);
    if (!audience || !site) return { kind: "not-found" };
    const origin = `${request.protocol}://${request.host}`;
    const response = await this.renderer.handle({
      site,
      audience,
      origin,
      basePath: match.basePath,
      path: match.rest,
      query: request.query,
      ifNoneMatch: request.ifNoneMatch,
    });
    return { kind: "response", response };
  }

  /** What a published URL shows, as a reader without credentials gets it; undefined for nothing (404). */
  async resolve(url: URL): Promise<Schemas["PublishedSiteContent"] | undefined> {
    const protocol = url.protocol.slice(0, -1);
    const match = await this.directory.match({ protocol, host: url.host, hostname: url.hostname, path: url.pathname });
    if (match?.kind !== "site") return undefined;
    const audience = audienceFor(match.snapshot.site, { query: url.searchParams });
    const site = audience && siteFor(match.snapshot, audience);
    const found = site && (await this.renderer.resolve(site, match.rest));
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
    };
  }
}

/** The part of the request's path naming the section and site space: what comes before the page's path. */
function pathOfVariant(rest: string, pagePath: string): string {
  const trimmed = rest.replace(/\/+$/, "");
  const encodedPage = pagePath ? `/${pagePath.split("/").map(encodeURIComponent).join("/")}` : "";
  return encodedPage && trimmed.toLowerCase().endsWith(encodedPage.toLowerCase()) ? trimmed.slice(0, -encodedPage.length) : trimmed;
}
