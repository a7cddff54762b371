// What the tests of published sites set up, through the API as users do: spaces with
// pages merged in, sites publishing them.
import { contentStore } from "../../src/content/reads/reads";
import { catchUpSearch } from "../../src/content/search/search-catch-up";
import { changedPages } from "../../src/content/search/search-index";
import { existingRevisionIndex, writeRevision } from "../../src/content/store/revisions";
import type { StoredPage } from "../../src/content/store/tree";
import { declareSecret } from "../../src/secrets";
import { type Change, contentHelpers, insertPage } from "./content";
import { type Harness, requestsAs, type TestUser } from "./harness";

export { insertPage };

export interface PublishedFixture {
  organizationId: string;
  admin: TestUser;
  spaceId: string;
  siteId: string;
  siteApiUrl: string;
  /** The site's `urls.published`. */
  published: string;
}

export function siteFixtures(h: Harness) {
  const content = contentHelpers(h);
  const as = (user: TestUser) => requestsAs(h, user);

  /** A space with these pages merged in. */
  const space = async (admin: TestUser, organizationId: string, title: string, changes: Change[]) => {
    const created = await content.createSpace(admin, organizationId, title);
    if (changes.length) await content.publish(admin, created.id, changes);
    return created.id;
  };

  /** A new organization with a space holding these pages, and a site publishing it (published unless told otherwise). */
  const publishedSite = async (changes: Change[], options: { title?: string; publish?: boolean; site?: object } = {}): Promise<PublishedFixture> => {
    const org = await h.organization();
    const spaceId = await space(org.admin, org.id, options.title ?? "Handbook", changes);
    const created = await as(org.admin)
      .post(`/v1/orgs/${org.id}/sites`, { title: options.title ?? "Handbook", spaces: [spaceId], ...options.site })
      .expect(201);
    const siteApiUrl = `/v1/orgs/${org.id}/sites/${created.body.id as string}`;
    const site = options.publish === false ? created : await as(org.admin).post(`${siteApiUrl}/publish`).expect(200);
    return { organizationId: org.id, admin: org.admin, spaceId, siteId: created.body.id, siteApiUrl, published: site.body.urls.published ?? "" };
  };

  /** A GET of a URL (absolute) on the app, with its host. */
  const read = (url: string, headers: Record<string, string> = {}) => {
    const parsed = new URL(url);
    const request = h.api.get(`${parsed.pathname}${parsed.search}`).set("Host", parsed.host);
    for (const [name, value] of Object.entries(headers)) request.set(name, value);
    return request;
  };

  /**
   * Sets fields no operation of the API writes yet (`hidden`, `noIndex`, `description`) on pages of a
   * space, by title: a new current revision written through the storage layer, as an import would.
   */
  const setPageFields = async (spaceId: string, fields: Record<string, Partial<Pick<StoredPage, "hidden" | "noIndex" | "noRobotsIndex" | "description">>>) => {
    await h.services.prisma.$transaction(async (tx) => {
      const store = contentStore(h.services, tx);
      const space = await tx.space.findUniqueOrThrow({ where: { id: spaceId } });
      const current = await existingRevisionIndex(store, space.revisionId);
      const pages = current.pages.map((page) => ({ ...page, ...fields[page.title] }));
      const written = await writeRevision(store, {
        spaceId,
        changeRequestId: null,
        parents: [space.revisionId],
        type: "edits",
        pages,
        files: [...current.files],
        appBase: "http://localhost",
      });
      await tx.space.update({ where: { id: spaceId }, data: { revisionId: written.revision.id } });
      await changedPages(store, spaceId, current, written);
    });
    await catchUpSearch(h.services, spaceId);
    h.services.sites.changed();
  };

  /**
   * A published site with two sections: "Guides" (site spaces "Guides v2", the default, and "Guides v1")
   * and "API reference" (one site space); its `urls.published` and API URL.
   */
  const sectionedSite = async () => {
    const org = await h.organization();
    const v2 = await space(org.admin, org.id, "Guides v2", [insertPage("Start", "Version two.")]);
    const v1 = await space(org.admin, org.id, "Guides v1", [insertPage("Start", "Version one.")]);
    const reference = await space(org.admin, org.id, "API", [insertPage("Endpoints", "All endpoints.")]);
    const site = (await as(org.admin).post(`/v1/orgs/${org.id}/sites`, { title: "Acme docs" }).expect(201)).body;
    const siteApiUrl = `/v1/orgs/${org.id}/sites/${site.id}`;
    const guides = (await as(org.admin).post(`${siteApiUrl}/sections`, { spaceId: v2, title: "Guides" }).expect(201)).body;
    await as(org.admin).post(`${siteApiUrl}/sections`, { spaceId: reference, title: "API reference" }).expect(201);
    await as(org.admin).post(`${siteApiUrl}/site-spaces`, { spaceId: v1, sectionId: guides.id }).expect(201);
    const published = (await as(org.admin).post(`${siteApiUrl}/publish`).expect(200)).body.urls.published as string;
    return { admin: org.admin, siteApiUrl, published };
  };

  /** A new share link of the site: its ID, key and URL. */
  const shareLink = async (site: PublishedFixture): Promise<{ id: string; key: string; url: string }> => {
    const link = (await as(site.admin).post(`${site.siteApiUrl}/share-links`, { name: "Beta" }).expect(201)).body;
    const url: string = link.urls.published;
    return { id: link.id, key: new URL(url).searchParams.get("shareKey")!, url };
  };

  /**
   * Declares the site's claims in its adaptive schema (these boolean unsigned claims, and signed ones), enables
   * adaptive content, and gives the site's key (for visitors' tokens).
   */
  const enableAdaptiveContent = async (
    site: { admin: TestUser; siteApiUrl: string },
    claims: { unsigned: string[]; signed?: string[] },
  ): Promise<{ privateKey: string }> => {
    const booleans = (names: string[]) => Object.fromEntries(names.map((name) => [name, { type: "boolean" }]));
    const unsigned = { type: "object", properties: booleans(claims.unsigned), additionalProperties: false };
    await as(site.admin)
      .put(`${site.siteApiUrl}/adaptive-schema`, {
        jsonSchema: { type: "object", properties: { ...booleans(claims.signed ?? []), unsigned }, additionalProperties: false },
      })
      .expect(200);
    await as(site.admin)
      .patch(site.siteApiUrl, { adaptiveContent: { enabled: true } })
      .expect(200);
    const { privateKey } = (await as(site.admin).get(`${site.siteApiUrl}/publishing/auth`).expect(200)).body;
    return { privateKey };
  };

  return { as, space, publishedSite, sectionedSite, read, content, setPageFields, shareLink, enableAdaptiveContent };
}

/**
 * A visitor's JWT as the customer's backend signs it: HS256 with the site's key (another `alg` on request),
 * expiring an hour after `now` unless told; declared a secret, so every log line is checked for it.
 */
export async function visitorToken(
  privateKey: string,
  claims: Record<string, unknown>,
  options: { now: Date; expiresAt?: number; alg?: string },
): Promise<string> {
  const { SignJWT } = await import("jose");
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  const jwt = await new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? "HS256" })
    .setIssuedAt(issuedAt)
    .setExpirationTime(options.expiresAt ?? issuedAt + 3600)
    .sign(new TextEncoder().encode(privateKey));
  return declareSecret(jwt);
}
