// Where a site is read by its visitors, and when the API gives that URL.
//
// A site is served at its own `hostname` (at its root) when it has one; otherwise under
// its organization's hostname, a sub-domain of Docstack's public host, at its `basename`
// (e.g. http://acme.localhost:3000/api-docs). An organization without a hostname uses its
// ID as the sub-domain. With a proxy, visitors read it at the proxy's URL instead.
import type { Organization, Site } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { badRequest } from "../../http/errors";

/** The URL of the site on Docstack (the proxy's target when it has one). */
export function servedAt(ctx: Pick<RequestContext, "baseUrl">, site: Site, organization: Organization): string {
  if (site.hostname) return `https://${site.hostname}`;
  const [, scheme = "https:", host = "localhost"] = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#]+)/i.exec(ctx.baseUrl) ?? [];
  return `${scheme}//${organization.hostname ?? organization.id}.${host}/${site.basename}`;
}

/** Where visitors read the site: the proxy's URL when it has one, else where Docstack serves it. */
export function readAt(ctx: Pick<RequestContext, "baseUrl">, site: Site, organization: Organization): string {
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

export function publicationOf(ctx: Pick<RequestContext, "baseUrl">, site: Site, organization: Organization, shareKey?: string): Publication {
  const shareLinkSite = site.visibility === "share-link";
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
export async function checkedShareKey(ctx: RequestContext, siteId: string, shareKey: string | undefined): Promise<string | undefined> {
  if (shareKey === undefined) return undefined;
  const link = await ctx.prisma.shareLink.findFirst({ where: { siteId, key: shareKey, active: true }, select: { id: true } });
  if (!link) throw badRequest("request/query/shareKey: not the key of an active share link of this site");
  return shareKey;
}
