// Where a site is read by its visitors, and when the API gives that URL.
//
// A site is served at its own `hostname` (at its root) when it has one; otherwise under
// its organization's hostname (its ID when it has none), either as a sub-domain of
// Docstack's public host (http://acme.docs.example/api-docs) or, when that host cannot
// carry sub-domains (an IP address, `localhost`, a name without a dot), on a path of it
// (http://localhost:3000/sites/acme/api-docs). With a proxy, visitors read it at the
// proxy's URL instead. Every URL made here parses (a test parses every one the API gives).
import { isIP } from "node:net";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import type { Organization, Site } from "../../generated/prisma/client";
import { badRequest } from "../../http/errors";
import type { BaseUrl } from "../../http/urls";

/** The path prefix of sites served on paths of Docstack's own host. */
export const SITES_PATH = "/sites";

/** Whether sites are addressed on sub-domains of this host (else on paths of it). */
export function usesSubdomains(hostname: string, mode: Config["siteUrls"]): boolean {
  if (mode !== "auto") return mode === "subdomain";
  const bare = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return !isIP(bare) && bare !== "localhost" && !bare.endsWith(".localhost") && bare.includes(".");
}

/** The scheme (`https:`), host with port and path of a base URL. */
export function partsOf(baseUrl: string): { scheme: string; host: string; hostname: string; path: string } {
  const url = new URL(baseUrl);
  return { scheme: url.protocol, host: url.host, hostname: url.hostname, path: url.pathname.replace(/\/+$/, "") };
}

/** The URL of the site on Docstack (the proxy's target when it has one). */
export function servedAt(ctx: BaseUrl & { config: Config }, site: Site, organization: Organization): string {
  if (site.hostname) return `https://${site.hostname}`;
  const { scheme, host, hostname, path } = partsOf(ctx.baseUrl);
  const label = organization.hostname ?? organization.id;
  if (usesSubdomains(hostname, ctx.config.siteUrls)) return `${scheme}//${label}.${host}/${site.basename}`;
  return `${scheme}//${host}${path}${SITES_PATH}/${label}/${site.basename}`;
}

/** Where visitors read the site: the proxy's URL when it has one, else where Docstack serves it. */
export function readAt(ctx: BaseUrl & { config: Config }, site: Site, organization: Organization): string {
  return site.proxy ? `https://${site.proxy}` : servedAt(ctx, site, organization);
}

/** A URL carrying a share link's key as the `shareKey` query parameter. */
export function withShareKey(url: string, key: string): string {
  const hasPath = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").includes("/");
  return `${url}${hasPath ? "" : "/"}?shareKey=${encodeURIComponent(key)}`;
}

/**
 * What a response may say of where the site and its parts are read: nothing while the
 * site is not published, nor for a `share-link` site without a key (the key is the
 * access); with the key in every URL for a `share-link` site read with one.
 */
export interface Publication {
  root: string | undefined;
  shareKey: string | undefined;
}

export function publicationOf(ctx: BaseUrl & { config: Config }, site: Site, organization: Organization, shareKey?: string): Publication {
  const shareLinkSite = site.visibility === "share_link";
  if (!site.published || (shareLinkSite && !shareKey)) return { root: undefined, shareKey: undefined };
  return { root: readAt(ctx, site, organization), shareKey: shareLinkSite ? shareKey : undefined };
}

/** The published URL of the site followed by `segments` (a section's path, a site space's path), if given. */
export function publishedAt(publication: Publication, ...segments: string[]): string | undefined {
  if (publication.root === undefined) return undefined;
  const url = [publication.root, ...segments].join("/");
  return publication.shareKey ? withShareKey(url, publication.shareKey) : url;
}

/**
 * The `shareKey` of a read: it must be the key of one of the site's active share links
 * (400 otherwise), whatever the site's visibility.
 */
export async function checkedShareKey(ctx: { prisma: Db }, siteId: string, shareKey: string | undefined): Promise<string | undefined> {
  if (shareKey === undefined) return undefined;
  const link = await ctx.prisma.shareLink.findFirst({ where: { siteId, key: shareKey, active: true }, select: { id: true } });
  if (!link) throw badRequest("invalid_reference", "request/query/shareKey: not the key of an active share link of this site");
  return shareKey;
}
