// Published sites over HTTP: every URL form a site is served at, what readers get at each
// path (pages, Markdown, llms.txt, sitemap, robots, search, files, 404 pages), what they
// may not see, and freshness after writes (the next request shows them; ETag and 304).
import { createHash } from "node:crypto";
import { contentHelpers, pngBytes } from "../../test/support/content";
import { useHarness } from "../../test/support/harness";
import { insertPage, siteFixtures } from "../../test/support/site-fixtures";

/** Whether a page's one inline <style> is the one its CSP allows by hash. */
function styleAllowedByCsp(res: { text: string; headers: Record<string, string> }): boolean {
  const style = /<style>([\s\S]*?)<\/style>/.exec(res.text)?.[1] ?? "";
  return res.headers["content-security-policy"]!.includes(`'sha256-${createHash("sha256").update(style).digest("base64")}'`);
}

const PUBLIC_URL = "http://localhost:3000";
const h = useHarness({ publicUrl: PUBLIC_URL });
const { as, publishedSite, sectionedSite, read, space, setPageFields } = siteFixtures(h);
const content = contentHelpers(h);

const GUIDE = `Intro text.

## Install the tool

\`\`\`js
const docstack = require("docstack");
\`\`\`

### Check it

Run \`docstack --version\`.

See [the reference](/reference#options) and [a page that is gone](/nowhere).`;

const basicPages = () => [
  insertPage("Getting started", GUIDE),
  insertPage("Reference", "## Options\n\nEvery option, with **care**."),
  insertPage("Secret plans", "Hidden but readable."),
  insertPage("Internal", "Kept out of search engines."),
];

/** A published site of basicPages, with a description, a hidden page and a noIndex page. */
async function basicSite(options: Parameters<typeof publishedSite>[1] = {}) {
  const site = await publishedSite(basicPages(), options);
  await setPageFields(site.spaceId, { "Getting started": { description: "First steps" }, "Secret plans": { hidden: true }, Internal: { noIndex: true } });
  return site;
}

const pathOf = (url: string) => new URL(url).pathname;

describe("where sites are served", () => {
  it("serves the URL the API gives (a path of Docstack's host when it cannot carry sub-domains), every page under it, and the sub-domain form", async () => {
    const site = await basicSite();
    expect(site.published).toBe(`${PUBLIC_URL}/sites/${site.organizationId}/handbook`);
    const root = await read(site.published)
      .expect(200)
      .expect("Content-Type", /text\/html/);
    expect(root.text).toContain("<h1>Getting started</h1>");
    await read(`${site.published}/reference`).expect(200);
    const sub = await read(`http://${site.organizationId}.localhost:3000/handbook/reference`).expect(200);
    expect(sub.text).toContain("<h1>Reference</h1>");
    // The canonical link names the published URL whatever form was requested.
    expect(sub.text).toContain(`<link rel="canonical" href="${site.published}/reference">`);
  });

  it("answers the API's paths on a site's own hostname as the site's, with a page's security headers, not the API's", async () => {
    const site = await basicSite();
    const hostname = `api-paths-${site.organizationId.slice(-8)}.acme.example`;
    await h.services.prisma.site.update({ where: { id: site.siteId }, data: { hostname } });
    h.services.sites.changed();
    const page = await read(`http://${hostname}/v1/spaces`)
      .expect(404)
      .expect("Content-Type", /text\/html/);
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(page.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(page.headers["content-security-policy"]).toContain("style-src 'self' 'sha256-");
    // The API, on Docstack's own host: its answers' six headers.
    const api = await h.api.get("/v1/spaces").expect(401);
    expect(api.headers["x-frame-options"]).toBe("DENY");
    expect(api.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
    expect(api.headers["cross-origin-opener-policy"]).toBeUndefined();
  });

  it("serves a site at its own hostname (at its root) and at its proxy, through a trusted proxy's X-Forwarded-Host", async () => {
    const site = await basicSite();
    const hostname = `docs-${site.organizationId.slice(-8)}.acme.example`;
    await h.services.prisma.site.update({ where: { id: site.siteId }, data: { hostname } });
    h.services.sites.changed();
    const own = await read(`http://${hostname}/reference`).expect(200);
    expect(own.text).toContain('href="/reference"');
    await as(site.admin)
      .patch(site.siteApiUrl, { proxy: `proxy-${site.organizationId.slice(-8)}.example/help/docs` })
      .expect(200);
    await h.services.prisma.site.update({ where: { id: site.siteId }, data: { hostname: null } });
    h.services.sites.changed();
    const proxied = await h.api
      .get("/help/docs/reference")
      .set("X-Forwarded-Host", `proxy-${site.organizationId.slice(-8)}.example`)
      .set("X-Forwarded-Proto", "https")
      .expect(200);
    expect(proxied.text).toContain('href="/help/docs/getting-started"');
    expect(proxied.text).toContain(`<link rel="canonical" href="https://proxy-${site.organizationId.slice(-8)}.example/help/docs/reference">`);
  });

  it("answers an HTML 404 page for unknown pages, sites and organizations, and leaves the API alone", async () => {
    const site = await basicSite();
    for (const url of [`${site.published}/no/such/page`, `${PUBLIC_URL}/sites/${site.organizationId}/no-site`, `${PUBLIC_URL}/sites/nobody/docs`]) {
      const res = await read(url)
        .expect(404)
        .expect("Content-Type", /text\/html/);
      expect(res.text).toContain("Page not found");
      expect(res.headers["x-robots-tag"]).toBe("noindex");
    }
    await h.api.get("/healthz").expect(200);
    await h.api.get("/v1/user").expect(401);
  });

  it("sends the organization's hostname root to its default site", async () => {
    const site = await basicSite();
    await h.services.prisma.organization.update({ where: { id: site.organizationId }, data: { defaultContent: { type: "site", site: site.siteId } } });
    h.services.sites.changed();
    await read(`http://${site.organizationId}.localhost:3000/`).expect(302).expect("Location", "/handbook/");
  });
});

describe("what readers get", () => {
  it("renders a page with navigation, breadcrumbs, table of contents, previous and next, and resolved or marked links", async () => {
    const site = await basicSite();
    const page = (await read(`${site.published}/getting-started`).expect(200)).text;
    const base = pathOf(site.published);
    expect(page).toContain('<p class="description">First steps</p>');
    expect(page).toContain(`<a href="${base}/getting-started" aria-current="page">Getting started</a>`);
    expect(page).not.toContain(">Secret plans<");
    expect(page).toContain('<h2 id="install-the-tool">Install the tool');
    expect(page).toContain('<li class="level-3"><a href="#check-it">Check it</a></li>');
    expect(page).toContain(`<a href="${base}/reference#options">the reference</a>`);
    expect(page).toContain('<span class="broken-link" title="Broken link: /nowhere">a page that is gone</span>');
    expect(page).toContain(`<a class="next" href="${base}/reference" rel="next">`);
    expect(page).toMatch(/<code class="hljs language-js"><span class="hljs-keyword">const<\/span>/);
    // Hidden pages stay readable at their URL; noIndex pages say so to search engines.
    await read(`${site.published}/secret-plans`).expect(200);
    const internal = await read(`${site.published}/internal`).expect(200);
    expect(internal.headers["x-robots-tag"]).toBe("noindex");
    expect(internal.text).toContain('<meta name="robots" content="noindex">');
  });

  it("asks search engines not to index pages marked noRobotsIndex (GitBook's field), and only them", async () => {
    const site = await publishedSite(basicPages());
    await setPageFields(site.spaceId, { Reference: { noRobotsIndex: true } });
    const reference = await read(`${site.published}/reference`).expect(200);
    expect(reference.headers["x-robots-tag"]).toBe("noindex");
    expect(reference.text).toContain('<meta name="robots" content="noindex">');
    expect((await read(`${site.published}/getting-started`).expect(200)).headers["x-robots-tag"]).toBeUndefined();
  });

  it("gives machines the page's Markdown, llms.txt, llms-full.txt, a sitemap of public pages and robots.txt", async () => {
    const site = await basicSite();
    const md = await read(`${site.published}/getting-started.md`)
      .expect(200)
      .expect("Content-Type", /text\/markdown/);
    expect(md.text).toMatch(/^# Getting started\n\n> First steps\n\nIntro text\./);
    expect(md.text).toContain(`[the reference](${site.published}/reference#options)`);
    const llms = (await read(`${site.published}/llms.txt`).expect(200)).text;
    expect(llms).toContain(`- [Getting started](${site.published}/getting-started.md): First steps`);
    expect(llms).not.toMatch(/Secret plans|Internal/);
    const full = (await read(`${site.published}/llms-full.txt`).expect(200)).text;
    expect(full).toContain("Every option, with **care**.");
    const sitemap = (await read(`${site.published}/sitemap.xml`).expect(200).expect("Content-Type", /xml/)).text;
    expect(sitemap).toContain(`<loc>${site.published}/reference</loc>`);
    expect(sitemap).not.toContain("internal");
    expect((await read(`${site.published}/robots.txt`).expect(200)).text).toContain(`Sitemap: ${site.published}/sitemap.xml`);
  });

  it("answers /favicon.ico with a default icon when no favicon is set, linked from its pages; the site's emoji or image when one is", async () => {
    const site = await basicSite();
    const page = await read(site.published).expect(200);
    expect(page.text).toContain(`<link rel="icon" href="${pathOf(site.published)}/favicon.ico" type="image/svg+xml">`);
    const icon = await read(`${site.published}/favicon.ico`)
      .expect(200)
      .expect("Content-Type", /image\/svg\+xml/);
    expect(icon.body.toString()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // On the site's own hostname, where browsers ask for it by themselves.
    const hostname = `icon-${site.organizationId.slice(-8)}.acme.example`;
    await h.services.prisma.site.update({ where: { id: site.siteId }, data: { hostname } });
    h.services.sites.changed();
    await read(`http://${hostname}/favicon.ico`)
      .expect(200)
      .expect("Content-Type", /image\/svg\+xml/);
    await as(site.admin)
      .put(`${site.siteApiUrl}/customization`, { favicon: { emoji: "1f4d8" } })
      .expect(200);
    expect((await read(`http://${hostname}/favicon.ico`).expect(200)).body.toString()).toContain("\u{1f4d8}");
    expect((await read(`http://${hostname}/`).expect(200)).text).not.toContain("/favicon.ico");
    const images = { light: "https://cdn.example/light.png", dark: "https://cdn.example/dark.png" };
    await as(site.admin)
      .put(`${site.siteApiUrl}/customization`, { favicon: { icon: images } })
      .expect(200);
    expect((await read(`http://${hostname}/favicon.ico`).expect(302)).headers.location).toBe(images.light);
  });

  it("keeps unlisted sites out of search engines: noindex on every answer, an empty sitemap, robots disallowing all", async () => {
    const site = await basicSite({ site: { visibility: "unlisted" } });
    const page = await read(site.published).expect(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.text).toContain('<meta name="robots" content="noindex">');
    expect((await read(`${site.published}/sitemap.xml`).expect(200)).text).not.toContain("<loc>");
    expect((await read(`${site.published}/robots.txt`).expect(200)).text).toBe("User-agent: *\nDisallow: /\n");
  });

  it("searches what the site publishes, with highlighted snippets linking to the heading, and nothing of other spaces", async () => {
    const site = await basicSite();
    await space(site.admin, site.organizationId, "Private notes", [insertPage("Payroll", "The zanzibar budget <script>x</script>.")]);
    const found = (await read(`${site.published}/~search?q=version`).expect(200)).text;
    expect(found).toContain(`<a href="${pathOf(site.published)}/getting-started#check-it">Check it</a>`);
    expect(found).toContain("<mark>");
    const other = (await read(`${site.published}/~search?q=zanzibar`).expect(200)).text;
    expect(other).toContain("No page matches these words.");
    expect(other).not.toContain("Payroll");
  });

  it("serves the revision's files, with a CSP that keeps an opened file inert", async () => {
    const org = await h.organization();
    const spaceId = await space(org.admin, org.id, "Media", []);
    const cr = await content.createChangeRequest(org.admin, spaceId);
    await content
      .write(org.admin, spaceId, cr.id, [
        { operation: "insert_files", files: [{ name: "diagram.png", contentType: "image/png", data: pngBytes(4, 3).toString("base64") }] },
        insertPage("Pictures", "![The diagram](diagram.png)"),
      ])
      .expect(200);
    await content.merge(org.admin, spaceId, cr.id).expect(200);
    const created = await as(org.admin)
      .post(`/v1/orgs/${org.id}/sites`, { title: "Media", spaces: [spaceId] })
      .expect(201);
    const published = (await as(org.admin).post(`/v1/orgs/${org.id}/sites/${created.body.id}/publish`).expect(200)).body.urls.published as string;
    const page = (await read(published).expect(200)).text;
    const src = /<img src="([^"]+)" alt="The diagram"/.exec(page)?.[1];
    expect(src).toMatch(/\/~files\/[a-z0-9]+\/[a-z0-9]+\/diagram\.png$/);
    const file = await read(`${PUBLIC_URL}${src}`).expect(200).expect("Content-Type", "image/png");
    expect(file.headers["content-security-policy"]).toContain("sandbox");
    expect(Buffer.from(file.body).subarray(0, 4)).toEqual(pngBytes(4, 3).subarray(0, 4));
    await read(`${PUBLIC_URL}${src!.replace(/\/[a-z0-9]+\/diagram/, "/nofile/diagram")}`).expect(404);
  });

  it("sanitizes untrusted HTML in content and forbids every script by CSP", async () => {
    const hostile = `<script>alert(1)</script>
<img src="x" onerror="alert(2)"> <a href="javascript:alert(3)">click</a> [md link](javascript:alert(4))
<iframe src="https://evil.example"></iframe><div style="position:fixed" onclick="alert(5)">styled</div>
<svg><script>alert(6)</script></svg><form action="https://evil.example"><input name=a></form>`;
    const site = await publishedSite([insertPage("Hostile", hostile)]);
    const res = await read(site.published).expect(200);
    const article = /<article>([\s\S]*)<\/article>/.exec(res.text)![1]!;
    for (const bad of ["<script", "onerror", "onclick", 'href="javascript:', "<iframe", "style=", "<svg", "<form"]) expect(article).not.toContain(bad);
    expect(article).toContain("styled");
    expect(res.headers["content-security-policy"]).toMatch(/default-src 'none'; script-src 'none'; style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  });
});

describe("sections and variants", () => {
  it("serves each section and site space at its path, with tabs and a variant switcher, and the full forms the API gives", async () => {
    const { admin, siteApiUrl, published } = await sectionedSite();
    const home = (await read(published).expect(200)).text;
    expect(home).toContain("Version two.");
    expect(home).toMatch(/<nav class="sections" aria-label="Sections">.*aria-current="true">Guides<\/a>.*>API reference<\/a>/s);
    expect(home).toMatch(/<details class="variants"><summary><span class="visually-hidden">Version: <\/span>Guides v2<\/summary>/);
    // Links take the shortest form: the default section's path is left out.
    expect(home).toContain(`href="${pathOf(published)}/guides-v1/"`);
    expect((await read(`${published}/guides-v1/start`).expect(200)).text).toContain("Version one.");
    expect((await read(`${published}/guides/guides-v1/start`).expect(200)).text).toContain("Version one.");
    expect((await read(`${published}/api-reference`).expect(200)).text).toContain("All endpoints.");
    // Every published URL of its sections and site spaces serves a page.
    const sections = (await as(admin).get(`${siteApiUrl}/sections`).expect(200)).body.items as {
      urls: { published: string };
      siteSpaces: { urls: { published: string } }[];
    }[];
    const urls = sections.flatMap((section) => [section.urls.published, ...section.siteSpaces.map((siteSpace) => siteSpace.urls.published)]);
    expect(urls).toHaveLength(5);
    for (const url of urls) await read(url).expect(200);
  });
});

describe("who may read", () => {
  it("answers 404 for unpublished sites and share-link sites without a key, 401 for visitor-auth sites without a token, and nothing else", async () => {
    const site = await basicSite();
    await read(site.published).expect(200);
    await as(site.admin).patch(site.siteApiUrl, { visibility: "share-link" }).expect(200);
    await read(site.published).expect(404);
    await as(site.admin).patch(site.siteApiUrl, { visibility: "visitor-auth" }).expect(200);
    expect((await read(site.published).expect(401)).text).toContain("Sign-in required");
    await as(site.admin).patch(site.siteApiUrl, { visibility: "public" }).expect(200);
    await read(site.published).expect(200);
    await as(site.admin).post(`${site.siteApiUrl}/unpublish`).expect(200);
    const gone = await read(site.published).expect(404);
    expect(gone.text).toContain("Page not found");
  });

  it("hides sections and site spaces whose condition does not hold for the reader on a site with adaptive content", async () => {
    const site = await basicSite();
    const extra = await space(site.admin, site.organizationId, "Beta", [insertPage("Beta page", "Only for some.")]);
    const added = (await as(site.admin).post(`${site.siteApiUrl}/site-spaces`, { spaceId: extra }).expect(201)).body;
    await as(site.admin).patch(`${site.siteApiUrl}/site-spaces/${added.id}`, { condition: "visitor.claims.beta" }).expect(200);
    await read(`${site.published}/beta`).expect(200);
    await as(site.admin)
      .patch(site.siteApiUrl, { adaptiveContent: { enabled: true } })
      .expect(200);
    expect((await read(`${site.published}/beta`).expect(404)).text).not.toContain("Only for some");
  });
});

describe("fresh and fast", () => {
  it("answers 304 to a request holding the ETag, and shows a merge, a customization and a site change on the next request", async () => {
    const site = await basicSite();
    const first = await read(site.published).expect(200);
    const etag = first.headers.etag!;
    expect(first.headers["cache-control"]).toBe("no-cache");
    await read(site.published, { "If-None-Match": etag }).expect(304);

    const cr = await content.createChangeRequest(site.admin, site.spaceId);
    const pages = await content.pages(site.admin, site.spaceId);
    await content
      .write(site.admin, site.spaceId, cr.id, [{ operation: "update_page", page: pages[0]!.id, document: { markdown: "Merged just now." } }])
      .expect(200);
    await content.merge(site.admin, site.spaceId, cr.id).expect(200);
    const merged = await read(site.published, { "If-None-Match": etag }).expect(200);
    expect(merged.text).toContain("Merged just now.");

    await as(site.admin)
      .put(`${site.siteApiUrl}/customization`, { title: "Renamed handbook", styling: { primaryColor: { light: "#0b7a4b", dark: "#3ddc97" } } })
      .expect(200);
    const customizedAnswer = await read(site.published).expect(200);
    const customized = customizedAnswer.text;
    expect(customized).toContain("<title>Getting started | Renamed handbook</title>");
    expect(customized).toContain("--primary:#0b7a4b");
    // The CSP (made once per customization) names the new inline style, not the one before.
    expect(styleAllowedByCsp(customizedAnswer)).toBe(true);
    expect(styleAllowedByCsp(first)).toBe(true);
    expect(customizedAnswer.headers["content-security-policy"]).not.toBe(first.headers["content-security-policy"]);

    await as(site.admin).patch(site.siteApiUrl, { title: "New title", basename: "manual" }).expect(200);
    await read(site.published).expect(404);
    await read(site.published.replace(/handbook$/, "manual")).expect(200);
  });
});
