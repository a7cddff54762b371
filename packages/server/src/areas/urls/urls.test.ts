// Resolving published URLs, and the URLs the API gives: every one parses, whatever the
// public host (a name, localhost, an IPv4 or IPv6 address), and every published one resolves.

import { createHarness, type Harness } from "../../../test/support/harness";
import { insertPage, siteFixtures } from "../../../test/support/site-fixtures";

// No public URL: the API's URLs follow each request's host, so one site is seen from several.
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, 120_000);
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
  it("resolves a page, a site space's root and the site's root, by GET and POST, as a reader would", async () => {
    const { publishedSite, as } = siteFixtures(h);
    const site = await publishedSite([insertPage("Welcome", "Hi."), insertPage("Guide", "More.")]);
    const space = await as(site.admin).get(`/v1/spaces/${site.spaceId}`).expect(200);
    const [, guide] = (await as(site.admin).get(`/v1/spaces/${site.spaceId}/content/pages`).expect(200)).body.pages;
    const siteSpace = (await as(site.admin).get(`${site.siteApiUrl}/site-spaces`).expect(200)).body.items[0];
    const path = new URL(site.published).pathname;
    const got = await as(site.admin)
      .get(`/v1/urls/published?url=${encodeURIComponent(`${site.published}/guide`)}`)
      .expect(200);
    expect(got.body).toEqual({
      organization: site.organizationId,
      site: site.siteId,
      siteSpace: siteSpace.id,
      space: site.spaceId,
      revision: space.body.revision,
      page: guide.id,
      pathname: "guide",
      basePath: `${path}/`,
      siteBasePath: `${path}/`,
      complete: true,
      canonicalUrl: `${site.published}/guide`,
      preview: false,
    });
    const root = await as(site.admin).post("/v1/urls/published", { url: site.published }).expect(200);
    expect(root.body).toMatchObject({ pathname: "welcome", canonicalUrl: `${site.published}/welcome` });
    // The full form the API gives for the site space resolves to it too.
    const full = await as(site.admin).post("/v1/urls/published", { url: siteSpace.urls.published }).expect(200);
    expect(full.body).toMatchObject({ siteSpace: siteSpace.id, pathname: "welcome", complete: true });
    // Any authenticated caller may resolve it (it is public); none without a token.
    const outsider = (await h.organization()).admin;
    await as(outsider).post("/v1/urls/published", { url: site.published }).expect(200);
    await h.api.post("/v1/urls/published").send({ url: site.published }).expect(401);
  });

  it("answers 404 for unknown pages, unpublished sites and sites readers cannot read, 400 for a URL that is not one", async () => {
    const { publishedSite, as } = siteFixtures(h);
    const site = await publishedSite([insertPage("Welcome", "Hi.")]);
    const resolve = (url: string) => as(site.admin).post("/v1/urls/published", { url });
    await resolve(`${site.published}/nowhere`).expect(404);
    await resolve("https://unknown.example/docs").expect(404);
    await as(site.admin).patch(site.siteApiUrl, { visibility: "share-link" }).expect(200);
    await resolve(site.published).expect(404);
    await as(site.admin).patch(site.siteApiUrl, { visibility: "public" }).expect(200);
    await resolve(site.published).expect(200);
    await as(site.admin).post(`${site.siteApiUrl}/unpublish`).expect(200);
    await resolve(site.published).expect(404);
    await as(site.admin).get("/v1/urls/published?url=not%20a%20url").expect(400);
  });
});

describe("the URLs the API gives", () => {
  it("all parse whatever the public host (a DNS name, localhost, IPv4, IPv6), and the published ones resolve", async () => {
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
