// Which site a request's host and path name. A site is at its own `hostname`, at its
// proxy (host and path, through a trusted proxy's X-Forwarded-Host), at
// `/sites/<organization hostname or ID>/<basename>` on any other host, or at
// `/<basename>` on `<organization hostname or ID>.<public host>`. Lookups are cached,
// tagged with the generation of SiteChanges they were read at, and read again once a
// write moved it; the caches are bounded, so hosts made up by clients cannot fill memory.
import { isIP } from "node:net";
import { LRUCache } from "lru-cache";
import type { Organization, Site } from "../generated/prisma/client";
import { partsOf, SITES_PATH } from "../models/sites/urls";
import type { SiteChanges } from "./changes";
import { loadSnapshot, type SiteSnapshot, type SnapshotServices } from "./snapshot";

export type Match =
  /** A site: the path it is at on this host, and the rest of the request's path. */
  | { kind: "site"; snapshot: SiteSnapshot; basePath: string; rest: string }
  /** A URL of the form of a site's that names none: an HTML 404. */
  | { kind: "missing" }
  | { kind: "redirect"; location: string };

export interface HostRequest {
  protocol: string;
  /** With its port, as the client named it. */
  host: string;
  hostname: string;
  /** The path, percent-encoded as received, without the query. */
  path: string;
}

interface Tagged<T> {
  generation: number;
  value: Promise<T>;
}

const MAX_ENTRIES = 10_000;

/**
 * Whether a request could be a site's, from its raw host headers and path alone: only a `/sites/`
 * path or a host name with a dot (not an IP address) can be (see `match`). Every API request to an
 * address or to `localhost` is told so without reading trusted-proxy settings or the caches.
 */
export function mayNameSite(path: string, hosts: readonly (string | undefined)[]): boolean {
  if (path.startsWith(`${SITES_PATH}/`)) return true;
  return hosts.some((host) => {
    if (!host) return false;
    const hostname = host.replace(/:\d*$/, "");
    return hostname.includes(".") && !isIP(hostname.replace(/^\[|\]$/g, ""));
  });
}

export class SiteDirectory {
  private readonly cache = new LRUCache<string, Tagged<unknown>>({ max: MAX_ENTRIES });

  constructor(
    private readonly services: SnapshotServices,
    private readonly changes: SiteChanges,
  ) {}

  /** What the request names; undefined when it is not a site's URL (the API's). Its host rules are `mayNameSite`'s too. */
  async match(request: HostRequest): Promise<Match | undefined> {
    const hostname = request.hostname.toLowerCase();
    // A site's own hostname and a proxy's host are names ending in letters: an IP address, `localhost`
    // or a name without a dot is none (no lookup for them, so the API's requests cost nothing here).
    const named = /\.[a-z]{2,63}$/.test(hostname);
    const hosted = named ? await this.byHost(hostname) : { proxies: [] };
    if (hosted.site) return this.site(hosted.site, "", request.path, `${request.protocol}://${request.host}`);
    for (const site of hosted.proxies) {
      const prefix = site.proxy!.slice(hostname.length);
      if (request.path === prefix || request.path.startsWith(`${prefix}/`)) {
        return this.site(site, prefix, request.path.slice(prefix.length), `${request.protocol}://${request.host}`);
      }
    }
    const segments = request.path.split("/");
    if (request.path.startsWith(`${SITES_PATH}/`)) {
      const [label = "", basename = ""] = segments.slice(2).map((segment) => segment.toLowerCase());
      const found = await this.byBasename(label, basename);
      if (!found.site) return { kind: "missing" };
      const basePath = `${SITES_PATH}/${segments[2]}/${segments[3]}`;
      return this.site(found.site, basePath, request.path.slice(basePath.length), `${request.protocol}://${request.host}`);
    }
    const dot = hostname.indexOf(".");
    // An organization's sub-domain is a label before a name (`acme.localhost`, `acme.docs.example`), never an address's part.
    if (dot <= 0 || isIP(hostname.replace(/^\[|\]$/g, ""))) return undefined;
    const label = hostname.slice(0, dot);
    const parent = request.host.slice(request.host.indexOf(".") + 1);
    const publicUrl = this.services.config.publicUrl;
    // With a public URL, its sub-domains are sites; without one, sub-domains naming an organization.
    const underPublicHost = publicUrl !== undefined && partsOf(publicUrl).hostname === hostname.slice(dot + 1);
    if (publicUrl !== undefined && !underPublicHost) return undefined;
    const basename = (segments[1] ?? "").toLowerCase();
    const found = await this.byBasename(label, basename);
    if (!found.organization) return underPublicHost ? { kind: "missing" } : undefined;
    if (!basename) {
      const home = await this.defaultSite(found.organization);
      return home ? { kind: "redirect", location: `/${home.basename}/` } : { kind: "missing" };
    }
    if (!found.site) return { kind: "missing" };
    const basePath = `/${segments[1]}`;
    return this.site(found.site, basePath, request.path.slice(basePath.length), `${request.protocol}://${parent}`);
  }

  /** A value read once per generation of SiteChanges. */
  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.cache.get(key) as Tagged<T> | undefined;
    if (entry && entry.generation === this.changes.generation) return entry.value;
    // Tagged with the generation before the read: a write during it leaves the entry stale.
    const tagged: Tagged<T> = { generation: this.changes.generation, value: load() };
    tagged.value.catch(() => this.cache.delete(key));
    this.cache.set(key, tagged as Tagged<unknown>);
    return tagged.value;
  }

  private byHost(hostname: string): Promise<{ site?: Site | undefined; proxies: Site[] }> {
    return this.cached(`host:${hostname}`, async () => {
      const { prisma } = this.services;
      const site = await prisma.site.findFirst({ where: { hostname } });
      const proxies = site ? [] : await prisma.site.findMany({ where: { proxy: { startsWith: `${hostname}/` } } });
      // The longest proxy path first: /docs/v2 before /docs.
      return { site: site ?? undefined, proxies: proxies.sort((a, b) => b.proxy!.length - a.proxy!.length) };
    });
  }

  private byBasename(label: string, basename: string): Promise<{ organization?: Organization | undefined; site?: Site | undefined }> {
    return this.cached(`org:${label}/${basename}`, async () => {
      const { prisma } = this.services;
      const organization = (await prisma.organization.findFirst({ where: { OR: [{ hostname: label }, { id: label }] } })) ?? undefined;
      const site = organization && basename ? await prisma.site.findFirst({ where: { organizationId: organization.id, basename } }) : null;
      return { organization, site: site ?? undefined };
    });
  }

  private defaultSite(organization: Organization): Promise<Site | undefined> {
    const content = organization.defaultContent as { site?: string } | null;
    if (!content?.site) return Promise.resolve(undefined);
    return this.cached(`default:${organization.id}`, async () => (await this.services.prisma.site.findFirst({ where: { id: content.site } })) ?? undefined);
  }

  private async site(site: Site, basePath: string, rest: string, baseUrl: string): Promise<Match> {
    return { kind: "site", snapshot: await this.snapshot(site, baseUrl), basePath, rest };
  }

  /** The site as it stands, its URLs made from this base URL. */
  snapshot(site: Site, baseUrl: string): Promise<SiteSnapshot> {
    return this.cached(`site:${site.id}|${baseUrl}`, () => loadSnapshot(this.services, site, baseUrl));
  }
}
