import { contentHelpers } from "../../../test/support/content";
import { createHarness, type Harness } from "../../../test/support/harness";
import { type LocalServer, localServer } from "../../../test/support/local-server";

// A small website: an index linking to pages, some linking on; 60 pages under /many.
const site: Record<string, { type: string; body: string }> = {
  "/": {
    type: "text/html",
    body: `<html><head><title>Home</title></head><body><h1>Welcome</h1><p>Start <a href="/a">here</a>, then <a href="/b#top">there</a> or <a href="https://elsewhere.example/x">away</a>.</p></body></html>`,
  },
  "/a": { type: "text/html", body: `<html><head><title>Page A</title></head><body><p>Alpha with <strong>bold</strong>.</p><a href="/b">b</a></body></html>` },
  "/b": { type: "text/html", body: `<html><head><title>Page B</title></head><body><p>Beta.</p><a href="/logo.png">logo</a></body></html>` },
  "/doc.md": { type: "text/markdown", body: "# Imported guide\n\nSome **markdown**." },
  "/doc.html": { type: "text/html", body: "<html><head><title>One page</title></head><body><h2>Part</h2><p>Text</p></body></html>" },
  "/many": { type: "text/html", body: `<html><body>${Array.from({ length: 60 }, (_, i) => `<a href="/many/${i}">${i}</a>`).join(" ")}</body></html>` },
  "/redirect-inside": { type: "redirect", body: "http://127.0.0.1:1/secret" },
};

let server: LocalServer;
let base: string;
let h: Harness;
let c: ReturnType<typeof contentHelpers>;
beforeAll(async () => {
  server = await localServer((req, res) => {
    const path = req.url ?? "/";
    const page =
      site[path] ??
      (path.startsWith("/many/") ? { type: "text/html", body: `<html><head><title>Many ${path}</title></head><body>x</body></html>` } : undefined);
    if (!page) return res.writeHead(404).end();
    if (page.type === "redirect") return res.writeHead(302, { Location: page.body }).end();
    res.writeHead(200, { "Content-Type": page.type }).end(page.body);
  });
  base = server.base;
  h = await createHarness({ allowPrivateFetch: true });
  c = contentHelpers(h);
});
afterAll(async () => {
  await h.close();
  await server.close();
});

describe("import", () => {
  it("crawls a website over its own origin into pages of a new space revision", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    const res = await h.api
      .post(`/v1/spaces/${space.id}/content/import`)
      .set("Authorization", org.admin.auth)
      .send({ url: `${base}/`, source: "website" })
      .expect(201);
    expect(res.body).toEqual({ revision: expect.any(String), importedResources: 3, totalResources: 3 });
    const spaceNow = (await h.api.get(`/v1/spaces/${space.id}`).set("Authorization", org.admin.auth)).body;
    expect(spaceNow.revision).toBe(res.body.revision);
    const pages = await c.pages(org.admin, space.id);
    expect(pages.map((p) => p.title)).toEqual(["Home", "Page A", "Page B"]);
    const a = (await h.api.get(`/v1/spaces/${space.id}/content/page/${pages[1]!.id}`).set("Authorization", org.admin.auth)).body;
    expect(a.markdown).toContain("Alpha with **bold**.");
  });

  it("imports one markdown or HTML document into a change request", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    const cr = await c.createChangeRequest(org.admin, space.id);
    const md = await h.api
      .post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/import`)
      .set("Authorization", org.admin.auth)
      .send({ url: `${base}/doc.md`, source: "markdown" })
      .expect(201);
    expect(md.body).toMatchObject({ importedResources: 1, totalResources: 1 });
    const html = await h.api
      .post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/import`)
      .set("Authorization", org.admin.auth)
      .send({ url: `${base}/doc.html`, source: "html" })
      .expect(201);
    const pages = await c.pages(org.admin, space.id, cr.id);
    expect(pages.map((p) => p.title)).toEqual(["Imported guide", "One page"]);
    expect((await h.api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`).set("Authorization", org.admin.auth)).body.revision).toBe(html.body.revision);
    expect(await c.pages(org.admin, space.id)).toEqual([]);
  });

  it("imports every page it reads within 5 MB and 30 s (no 50-page limit)", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    const res = await h.api
      .post(`/v1/spaces/${space.id}/content/import`)
      .set("Authorization", org.admin.auth)
      .send({ url: `${base}/many`, source: "website" })
      .expect(201);
    expect(res.body.importedResources).toBe(61);
    expect(res.body.totalResources).toBe(61);
    expect(await c.pages(org.admin, space.id)).toHaveLength(61);
  });

  it("answers 400 for unreachable or failing URLs and 409 on a locked space", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    const missing = await h.api
      .post(`/v1/spaces/${space.id}/content/import`)
      .set("Authorization", org.admin.auth)
      .send({ url: `${base}/nope.md`, source: "markdown" })
      .expect(400);
    expect(missing.body.error.message).toMatch(/404/);
    await h.api
      .post(`/v1/spaces/${space.id}/content/import`)
      .set("Authorization", org.admin.auth)
      .send({ url: "ftp://example.com/x", source: "markdown" })
      .expect(400);
    await h.api.patch(`/v1/spaces/${space.id}`).set("Authorization", org.admin.auth).send({ editMode: "locked" }).expect(200);
    await h.api
      .post(`/v1/spaces/${space.id}/content/import`)
      .set("Authorization", org.admin.auth)
      .send({ url: `${base}/doc.md`, source: "markdown" })
      .expect(409);
  });
});

describe("internal addresses", () => {
  it("are refused unless allowed, named by address or by host name", async () => {
    const strict = await createHarness();
    try {
      const org = await strict.organization();
      const space = (await strict.api.post(`/v1/orgs/${org.id}/spaces`).set("Authorization", org.admin.auth).send({}).expect(201)).body;
      const refused = await strict.api
        .post(`/v1/spaces/${space.id}/content/import`)
        .set("Authorization", org.admin.auth)
        .send({ url: `${base}/doc.md`, source: "markdown" })
        .expect(400);
      expect(refused.body.error.message).toMatch(/internal address/);
      const byName = await strict.api
        .post(`/v1/spaces/${space.id}/content/import`)
        .set("Authorization", org.admin.auth)
        .send({ url: `http://localhost:${new URL(base).port}/doc.md`, source: "markdown" })
        .expect(400);
      expect(byName.body.error.message).toMatch(/internal address/);
    } finally {
      await strict.close();
    }
    // A redirect is followed with the same checks; one to where nothing answers fails cleanly.
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    await h.api
      .post(`/v1/spaces/${space.id}/content/import`)
      .set("Authorization", org.admin.auth)
      .send({ url: `${base}/redirect-inside`, source: "markdown" })
      .expect(400);
  });
});
