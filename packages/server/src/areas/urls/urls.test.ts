// Resolving published URLs, and the URLs the API gives: every one parses, whatever the
// public host (a name, localhost, an IPv4 or IPv6 address), and every published one resolves.

import { answered, at, createHarness, type Harness, refused } from "../../../test/support/harness";
import { insertPage, siteFixtures } from "../../../test/support/site-fixtures";

// No public URL: the API's URLs follow each request's host, so one site is seen from several.
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** Every string under a key naming a URL, anywhere in a JSON value. */
function urlsIn(value: unknown, key = ""): string[] {
  if (typeof value === "string") return /url|published|location|^app$|preview|origin|target/i.test(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => urlsIn(item, key));
  // A customization's `externalLinks.target` is a window target (`self`, `blank`), not a URL.
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([name, item]) => (name === "externalLinks" ? [] : urlsIn(item, name === "urls" ? key : name)));
  return [];
}

describe("resolving published URLs", () => {
  const RESOLVE = "/v1/urls/published";

  it("resolves a page, a site space's root and the site's root, by GET and POST, as a reader would", async () => {
    const { publishedSite } = siteFixtures(h);
    const site = await publishedSite([insertPage("Welcome", "Hi."), insertPage("Guide", "More.")]);
    const admin = h.as(site.admin);
    const inSpace = at({ spaceId: site.spaceId });
    const space = await answered(admin.GET("/v1/spaces/{spaceId}", inSpace), 200);
    const [, guide] = (await answered(admin.GET("/v1/spaces/{spaceId}/content/pages", inSpace), 200)).pages;
    const inSite = at({ organizationId: site.organizationId, siteId: site.siteId });
    const [siteSpace] = (await answered(admin.GET("/v1/orgs/{organizationId}/sites/{siteId}/site-spaces", inSite), 200)).items;
    const path = new URL(site.published).pathname;
    const got = await answered(admin.GET(RESOLVE, { params: { query: { url: `${site.published}/guide` } } }), 200);
    expect(got).toEqual({
      organization: site.organizationId,
      site: site.siteId,
      siteSpace: siteSpace!.id,
      space: site.spaceId,
      revision: space.revision,
      page: guide!.id,
      pathname: "guide",
      basePath: `${path}/`,
      siteBasePath: `${path}/`,
      apiToken: expect.any(String),
      complete: true,
      canonicalUrl: `${site.published}/guide`,
      preview: false,
    });
    const root = await answered(admin.POST(RESOLVE, { body: { url: site.published } }), 200);
    expect(root).toMatchObject({ pathname: "welcome", canonicalUrl: `${site.published}/welcome` });
    // The full form the API gives for the site space resolves to it too.
    const full = await answered(admin.POST(RESOLVE, { body: { url: siteSpace!.urls.published! } }), 200);
    expect(full).toMatchObject({ siteSpace: siteSpace!.id, pathname: "welcome", complete: true });
    // Any authenticated caller may resolve it (it is public); none without a token (raw: a request with no token).
    const outsider = h.as((await h.organization()).admin);
    await answered(outsider.POST(RESOLVE, { body: { url: site.published } }), 200);
    await h.api.post(RESOLVE).send({ url: site.published }).expect(401);
  });

  it("answers 404 for unknown pages, unpublished sites and sites readers cannot read, 400 for a URL that is not one", async () => {
    const { publishedSite } = siteFixtures(h);
    const site = await publishedSite([insertPage("Welcome", "Hi.")]);
    const admin = h.as(site.admin);
    const inSite = at({ organizationId: site.organizationId, siteId: site.siteId });
    const resolve = (url: string) => admin.POST(RESOLVE, { body: { url } });
    await refused(resolve(`${site.published}/nowhere`), 404);
    await refused(resolve("https://unknown.example/docs"), 404);
    await answered(admin.PATCH("/v1/orgs/{organizationId}/sites/{siteId}", { ...inSite, body: { visibility: "share-link" } }), 200);
    await refused(resolve(site.published), 404);
    await answered(admin.PATCH("/v1/orgs/{organizationId}/sites/{siteId}", { ...inSite, body: { visibility: "public" } }), 200);
    await answered(resolve(site.published), 200);
    await answered(admin.POST("/v1/orgs/{organizationId}/sites/{siteId}/unpublish", inSite), 200);
    await refused(resolve(site.published), 404);
    await refused(admin.GET(RESOLVE, { params: { query: { url: "not a url" } } }), 400);
  });
});

describe("the URLs the API gives", () => {
  it("all parse whatever the public host (a DNS name, localhost, IPv4, IPv6), and the published ones resolve", async () => {
    // Raw requests (supertest), not `h.as`: each is sent with another `Host` header, which fetch does not let a caller set.
    const { publishedSite, as } = siteFixtures(h);
    const site = await publishedSite([insertPage("Welcome", "Hi.")]);
    await as(site.admin).post(`${site.siteApiUrl}/share-links`, { name: "Beta" }).expect(201);
    const hosts: [string, RegExp][] = [
      ["docs.acme.example", /^http:\/\/[a-z0-9-]+\.docs\.acme\.example\/handbook$/],
      ["localhost:3000", /^http:\/\/localhost:3000\/sites\/[a-z0-9-]+\/handbook$/],
      ["127.0.0.1:3000", /^http:\/\/127\.0\.0\.1:3000\/sites\/[a-z0-9-]+\/handbook$/],
      ["[::1]:3000", /^http:\/\/\[::1\]:3000\/sites\/[a-z0-9-]+\/handbook$/],
    ];
    const sources = [
      site.siteApiUrl,
      `${site.siteApiUrl}/published`,
      `${site.siteApiUrl}/site-spaces`,
      `${site.siteApiUrl}/share-links`,
      `/v1/orgs/${site.organizationId}/sites`,
      `/v1/spaces/${site.spaceId}`,
      `/v1/spaces/${site.spaceId}/content`,
    ];
    for (const [host, published] of hosts) {
      const get = (path: string) => as(site.admin).get(path).set("Host", host).expect(200);
      expect((await get(site.siteApiUrl)).body.urls.published).toMatch(published);
      const urls: string[] = [];
      for (const source of sources) urls.push(...urlsIn((await get(source)).body));
      expect(urls.length).toBeGreaterThan(10);
      for (const url of urls) expect(() => new URL(url)).not.toThrow();
      // Sub-domains are only made of names, never of an address.
      for (const url of urls) expect(new URL(url).hostname).not.toMatch(/^[a-z0-9-]+\.(\d+\.\d+\.\d+\.\d+|\[.*\])$/);
      const publishedUrls = urls.filter((url) => /\/handbook(\/|$)/.test(url) && !url.includes("shareKey"));
      expect(publishedUrls.length).toBeGreaterThan(0);
      for (const url of publishedUrls) await as(site.admin).post("/v1/urls/published", { url }).set("Host", host).expect(200);
    }
  });
});
