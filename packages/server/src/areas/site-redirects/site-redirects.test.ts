// Site redirects: GitBook's six operations, served by the published site as 308/307 for
// paths no page has, and the redirects a merge makes when it moves a page.

import { contentHelpers } from "../../../test/support/content";
import { useHarness } from "../../../test/support/harness";
import { insertPage, siteFixtures } from "../../../test/support/site-fixtures";
import { importRepository } from "../../commands/import-repository";

const h = useHarness({ publicUrl: "http://localhost:3000" });
const { as, publishedSite, read, setPageFields } = siteFixtures(h);
const content = contentHelpers(h);

/** Many requests, each a site render or an API call: more than the default 30 s on a loaded 2-core machine. */
const SLOW = 120_000;

const pages = () => [insertPage("Install", "How to install."), insertPage("Reference", "## Options\n\nEvery option.")];

describe("site redirects", () => {
  it(
    "creates redirects, and the site answers them for paths no page has (308 permanent, 307 otherwise)",
    async () => {
      const site = await publishedSite(pages());
      const api = as(site.admin);
      const base = `${site.siteApiUrl}/redirects`;
      const created = await api
        .post(base, { source: "/old-install", permanent: true, destination: { kind: "path", spaceId: site.spaceId, path: "install" } })
        .expect(201);
      expect(created.body).toMatchObject({
        object: "site-redirect",
        source: "/old-install",
        draft: false,
        permanent: true,
        destination: { kind: "site-page" },
      });
      await api.post(base, { source: "/old-install", destination: { kind: "external", url: "https://example.com/" } }).expect(409);
      await api.post(base, { source: "no-slash", destination: { kind: "external", url: "https://example.com/" } }).expect(400);
      await api.post(base, { source: "/elsewhere/*", captureWildcard: true, destination: { kind: "external", url: "https://example.com/docs" } }).expect(201);
      // An existing page is never redirected.
      await api.post(base, { source: "/reference", destination: { kind: "external", url: "https://example.com/" } }).expect(201);

      const moved = await read(`${site.published}/old-install`).expect(308);
      expect(moved.headers.location).toBe(`${new URL(site.published).pathname}/install`);
      expect((await read(`${site.published}/elsewhere/a/b`).expect(307)).headers.location).toBe("https://example.com/docs/a/b");
      await read(`${site.published}/reference`).expect(200);
      await read(`${site.published}/nowhere`).expect(404);
    },
    SLOW,
  );

  it(
    "lists, finds by source, updates and deletes redirects",
    async () => {
      const site = await publishedSite(pages());
      const api = as(site.admin);
      const base = `${site.siteApiUrl}/redirects`;
      const created = await api
        .post(base, { source: "/old-install", permanent: true, destination: { kind: "path", spaceId: site.spaceId, path: "install" } })
        .expect(201);
      await api.post(base, { source: "/elsewhere/*", destination: { kind: "external", url: "https://example.com/docs" } }).expect(201);
      await api.post(base, { source: "/reference", destination: { kind: "external", url: "https://example.com/" } }).expect(201);
      const list = await api.get(`${base}?orderBy=source`).expect(200);
      expect(list.body.items.map((r: { source: string }) => r.source)).toEqual(["/elsewhere/*", "/old-install", "/reference"]);
      expect(list.body.count).toBe(3);
      const found = await api.get(`${site.siteApiUrl}/redirect?source=${encodeURIComponent("/old-install")}`).expect(200);
      expect(found.body).toMatchObject({ redirect: { id: created.body.id }, target: `${site.published}/install` });
      await api.get(`${site.siteApiUrl}/redirect?source=${encodeURIComponent("/unknown")}`).expect(404);

      const updated = await api.patch(`${base}/${created.body.id}`, { permanent: false }).expect(200);
      expect(updated.body).toMatchObject({ permanent: false, updatedAt: expect.any(String) });
      await read(`${site.published}/old-install`).expect(307);
      await api.delete(`${base}/${created.body.id}`).expect(205);
      await api.delete(`${base}/${created.body.id}`).expect(204);
      await read(`${site.published}/old-install`).expect(404);
    },
    SLOW,
  );

  it("upserts, deletes and publishes in bulk, item by item, drafts not served", async () => {
    const site = await publishedSite(pages());
    const api = as(site.admin);
    const external = { kind: "external", url: "https://example.com/x" };
    const first = await api
      .put(`${site.siteApiUrl}/redirects`, {
        redirects: [
          { source: "/a", destination: external },
          { source: "/b", intent: "draft", destination: external, permanent: true },
          { source: "/c", intent: "publish" },
        ],
      })
      .expect(200);
    expect(first.body.results.map((r: { status: string }) => r.status)).toEqual(["created", "created", "error"]);
    await read(`${site.published}/b`).expect(404);
    const second = await api
      .put(`${site.siteApiUrl}/redirects`, {
        redirects: [
          { source: "/a", destination: null },
          { source: "/b", intent: "publish" },
        ],
      })
      .expect(200);
    expect(second.body.results.map((r: { status: string }) => r.status)).toEqual(["deleted", "published"]);
    await read(`${site.published}/a`).expect(404);
    await read(`${site.published}/b`).expect(308);
    expect((await api.get(`${site.siteApiUrl}/redirects?draft=true`).expect(200)).body.count).toBe(0);
  });

  it("is refused to members who are not admins, and not found in another organization", async () => {
    const site = await publishedSite(pages());
    const other = await h.organization();
    await as(other.admin).get(`${site.siteApiUrl}/redirects`).expect(404);
  });
});

describe("redirects of moved pages", () => {
  it("answers a moved or renamed page's old path with 308 to its new one, until a page takes the old path", async () => {
    const site = await publishedSite([insertPage("Install", "How to install."), insertPage("Guides", "All guides.")]);
    const [install, guides] = await content.pages(site.admin, site.spaceId);
    const cr = await content.createChangeRequest(site.admin, site.spaceId, "Move");
    await content
      .write(site.admin, site.spaceId, cr.id, [{ operation: "update_page", page: install!.id, title: "Setup", slug: "setup", into: guides!.id }])
      .expect(200);
    await content.merge(site.admin, site.spaceId, cr.id).expect(200);
    const basePath = new URL(site.published).pathname;
    expect((await read(`${site.published}/install`).expect(308)).headers.location).toBe(`${basePath}/guides/setup`);
    // A hidden page is still readable at its URL; a page left out by conditions is not (see the MCP and audience tests).
    await setPageFields(site.spaceId, { Setup: { hidden: true } });
    await read(`${site.published}/install`).expect(308);
    // A new page at the old path ends the redirect.
    await content.publish(site.admin, site.spaceId, [insertPage("Install", "A new page here.")]);
    await read(`${site.published}/install`).expect(200);
  });

  it("answers the redirects of an imported repository's .gitbook.yaml with 308 to the pages at their targets", async () => {
    const site = await publishedSite([]);
    const text = (value: string) => Buffer.from(value);
    const files = new Map([
      [".gitbook.yaml", text("root: ./\nredirects:\n  old/setup: guides/install.md\n  /legacy/: README.md\n  gone: missing.md\n")],
      ["README.md", text("# Welcome\n\nHello.\n")],
      ["SUMMARY.md", text("# Table of contents\n\n* [Welcome](README.md)\n* [Guides](guides/README.md)\n  * [Install](guides/install.md)\n")],
      ["guides/README.md", text("# Guides\n\nAll guides.\n")],
      ["guides/install.md", text("# Install\n\nHow to install.\n")],
    ]);
    const ctx = { ...h.services, baseUrl: "http://localhost:3000", actor: { userId: site.admin.id, user: { displayName: "Admin" } } };
    expect((await importRepository(ctx, { spaceId: site.spaceId, files })).result).toBe("merge");
    const basePath = new URL(site.published).pathname;
    expect((await read(`${site.published}/old/setup`).expect(308)).headers.location).toBe(`${basePath}/guides/install`);
    expect((await read(`${site.published}/legacy`).expect(308)).headers.location).toBe(`${basePath}/welcome`);
    // A redirect to a file the repository does not have is left out.
    await read(`${site.published}/gone`).expect(404);
  });
});
