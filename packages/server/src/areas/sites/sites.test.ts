import { useHarness } from "../../../test/support/harness";
import { hostnameFor, ids, newSite, orgWithSpaces, PUBLIC_URL, siteRequests, siteSpacesOf } from "../../../test/support/sites-fixtures";

const h = useHarness({ publicUrl: PUBLIC_URL });
const { as } = siteRequests(h);

const notFoundBody = (what: string) => ({
  error: { code: 404, type: "not_found", reason: "not_found", message: `${what} not found`, requestId: expect.any(String) },
});

describe("creating sites", () => {
  it("creates an unpublished public basic site with defaults computed, and a basename made from the title", async () => {
    const org = await orgWithSpaces(h, []);
    const site = await newSite(h, org);
    expect(site.body).toEqual({
      object: "site",
      id: site.id,
      type: "basic",
      appliedType: "basic",
      title: "Untitled site",
      icon: null,
      basename: "untitled-site",
      visibility: "public",
      defaultLevel: "inherit",
      permissions: {
        view: true,
        access: true,
        edit: true,
        create: true,
        admin: true,
        installIntegration: true,
        viewAdaptiveSchema: true,
        editAdaptiveSchema: true,
      },
      published: false,
      siteSpaces: 0,
      createdAt: expect.any(String),
      adaptiveContent: { enabled: false },
      features: [],
      urls: {
        location: `${PUBLIC_URL}/v1/orgs/${org.id}/sites/${site.id}`,
        app: `${PUBLIC_URL}/app/orgs/${org.id}/sites/${site.id}`,
        preview: expect.stringMatching(/\/untitled-site$/),
      },
    });
    const second = await newSite(h, org, { title: "Untitled  Site!" });
    expect(second.body.basename).toBe("untitled-site-2");
    const symbols = await newSite(h, org, { title: "!!" });
    expect(symbols.body.basename).toBe("site");
  });

  it("starts with the spaces given, in order, the first being the default", async () => {
    const org = await orgWithSpaces(h, ["API reference", "Guides", "API  Reference"]);
    const site = await newSite(h, org, { title: "Acme docs", type: "ultimate", visibility: "unlisted", spaces: org.spaces.map((s) => s.id) });
    expect(site.body).toMatchObject({ type: "ultimate", visibility: "unlisted", siteSpaces: 3, published: false });
    const list = await as(org.admin).get(`${site.url}/site-spaces`).expect(200);
    expect(list.body.items.map((s: { space: { id: string } }) => s.space.id)).toEqual(org.spaces.map((s) => s.id));
    expect(list.body.items.map((s: { path: string; default: boolean; title: string }) => [s.path, s.default, s.title])).toEqual([
      ["api-reference", true, "API reference"],
      ["guides", false, "Guides"],
      ["api-reference-2", false, "API  Reference"],
    ]);
  });

  it("creates a new empty space for the site with spaces: new", async () => {
    const org = await orgWithSpaces(h, []);
    const site = await newSite(h, org, { title: "Handbook", spaces: "new" });
    const list = await as(org.admin).get(`${site.url}/site-spaces`).expect(200);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ default: true, title: "Handbook", space: { title: "Handbook", organization: org.id } });
    const spaces = await as(org.admin).get(`/v1/orgs/${org.id}/spaces`).expect(200);
    expect(ids(spaces)).toEqual([list.body.items[0].space.id]);
  });

  it("refuses spaces of another organization or deleted ones (400), low roles (403) and outsiders (404)", async () => {
    const org = await orgWithSpaces(h, ["Mine", "Deleted"]);
    const other = await orgWithSpaces(h, ["Theirs"]);
    const foreign = await as(org.admin)
      .post(org.sitesUrl, { spaces: [org.spaces[0]!.id, other.spaces[0]!.id] })
      .expect(400);
    expect(foreign.body.error.message).toContain("request/body/spaces/1");
    await as(org.admin).del(`/v1/spaces/${org.spaces[1]!.id}`).expect(205);
    await as(org.admin)
      .post(org.sitesUrl, { spaces: [org.spaces[1]!.id] })
      .expect(400);
    await as(org.admin)
      .post(org.sitesUrl, { spaces: [org.spaces[0]!.id, org.spaces[0]!.id] })
      .expect(400);
    for (const role of ["read", "create"] as const)
      await as(await h.member(org.id, role))
        .post(org.sitesUrl, {})
        .expect(403);
    expect((await as(other.admin).post(org.sitesUrl, {}).expect(404)).body).toEqual(notFoundBody("Organization"));
    expect(await h.services.prisma.site.count({ where: { organizationId: org.id } })).toBe(0);
  });
});

describe("listing and reading sites", () => {
  it("lists the organization's sites oldest first, filtered by title, published and space", async () => {
    const org = await orgWithSpaces(h, ["One", "Two"]);
    const a = await newSite(h, org, { title: "Public API 100%", spaces: [org.spaces[0]!.id] });
    const b = await newSite(h, org, { title: "Internal handbook", spaces: [org.spaces[1]!.id] });
    const c = await newSite(h, org, { title: "API_v2" });
    // Would match "100%" and "i_v" if % and _ were wildcards.
    const d = await newSite(h, org, { title: "Ai-v 100 pages" });
    await as(org.admin).patch(b.url, { published: true }).expect(200);
    const reader = await h.member(org.id, "read");
    expect(ids(await as(reader).get(org.sitesUrl).expect(200))).toEqual([a.id, b.id, c.id, d.id]);
    expect(ids(await as(reader).get(`${org.sitesUrl}?title=api`).expect(200))).toEqual([a.id, c.id]);
    expect(
      ids(
        await as(reader)
          .get(`${org.sitesUrl}?title=${encodeURIComponent("100%")}`)
          .expect(200),
      ),
    ).toEqual([a.id]);
    expect(ids(await as(reader).get(`${org.sitesUrl}?title=i_v`).expect(200))).toEqual([c.id]);
    expect(ids(await as(reader).get(`${org.sitesUrl}?published=true`).expect(200))).toEqual([b.id]);
    expect(ids(await as(reader).get(`${org.sitesUrl}?published=false&title=api`).expect(200))).toEqual([a.id, c.id]);
    expect(ids(await as(reader).get(`${org.sitesUrl}?space=${org.spaces[0]!.id}`).expect(200))).toEqual([a.id]);
    const first = await as(reader).get(`${org.sitesUrl}?limit=3`).expect(200);
    expect(first.body.count).toBe(4);
    const second = await as(reader).get(`${org.sitesUrl}?limit=3&page=${first.body.next.page}`).expect(200);
    expect(ids(second)).toEqual([d.id]);
    // A cursor is bound to the filters it was given under: replayed under others, it would skip or repeat sites.
    const unpublished = await as(reader).get(`${org.sitesUrl}?published=false&limit=1`).expect(200);
    const replayed = await as(reader).get(`${org.sitesUrl}?published=true&limit=1&page=${unpublished.body.next.page}`).expect(400);
    expect(replayed.body.error.message).toMatch(/request\/query\/page is not a cursor this list gave/);
    await as(reader).get(`${org.sitesUrl}?limit=1&page=${unpublished.body.next.page}`).expect(400);
    expect(ids(await as(reader).get(`${org.sitesUrl}?published=false&limit=1&page=${unpublished.body.next.page}`).expect(200))).toEqual([c.id]);
  });

  it("gets a site for any member, and hides it from outsiders with nothing of it", async () => {
    const org = await orgWithSpaces(h, ["Docs"]);
    const site = await newSite(h, org, { title: "Top secret site", spaces: [org.spaces[0]!.id] });
    const reader = await h.member(org.id, "read");
    expect((await as(reader).get(site.url).expect(200)).body).toMatchObject({ id: site.id, siteSpaces: 1 });
    const outsider = (await h.organization()).admin;
    const hidden = await as(outsider).get(site.url).expect(404);
    expect(hidden.body).toEqual(notFoundBody("Organization"));
    expect((await as(org.admin).get(`${org.sitesUrl}/01unknown00000000000000000`).expect(404)).body).toEqual(notFoundBody("Site"));
    // A site is only found under its own organization.
    const elsewhere = await orgWithSpaces(h, []);
    await as(elsewhere.admin).get(`${elsewhere.sitesUrl}/${site.id}`).expect(404);
  });
});

describe("updating sites", () => {
  it("publishes a site at its organization's hostname and basename, and takes it offline", async () => {
    const hostname = hostnameFor("acme");
    const org = await orgWithSpaces(h, ["Docs"], hostname);
    const site = await newSite(h, org, { title: "API docs", spaces: [org.spaces[0]!.id] });
    const published = await as(org.admin).patch(site.url, { published: true }).expect(200);
    expect(published.body).toMatchObject({ published: true, urls: { published: `http://localhost:3000/sites/${hostname}/api-docs` } });
    const renamed = await as(org.admin).patch(site.url, { title: "Renamed", basename: "reference" }).expect(200);
    expect(renamed.body).toMatchObject({ title: "Renamed", basename: "reference", urls: { published: `http://localhost:3000/sites/${hostname}/reference` } });
    const offline = await as(org.admin).patch(site.url, { published: false }).expect(200);
    expect(offline.body.published).toBe(false);
    expect(offline.body.urls.published).toBeUndefined();
  });

  it("publishes and unpublishes with GitBook's operations (200, the site), refusing a site without site spaces (409) and low roles (403)", async () => {
    const org = await orgWithSpaces(h, ["Docs"]);
    const site = await newSite(h, org, { title: "Docs", spaces: [org.spaces[0]!.id] });
    const published = await as(org.admin).post(`${site.url}/publish`).expect(200);
    expect(published.body).toMatchObject({ id: site.id, published: true, urls: { published: `http://localhost:3000/sites/${org.id}/docs` } });
    await as(org.admin).post(`${site.url}/publish`).expect(200);
    const offline = await as(org.admin).post(`${site.url}/unpublish`).expect(200);
    expect(offline.body.published).toBe(false);
    expect(offline.body.urls.published).toBeUndefined();
    const empty = await newSite(h, org, { title: "Empty" });
    expect((await as(org.admin).post(`${empty.url}/publish`).expect(409)).body.error.message).toMatch(/no site space/);
    const editor = await h.member(org.id, "edit");
    await as(editor).post(`${site.url}/publish`).expect(403);
    expect((await as(org.admin).get(site.url)).body.published).toBe(false);
  });

  it("uses the organization's ID in the site's URL when it has no hostname", async () => {
    const org = await orgWithSpaces(h, ["Docs"]);
    const site = await newSite(h, org, { title: "Docs", spaces: [org.spaces[0]!.id] });
    const res = await as(org.admin).patch(site.url, { published: true }).expect(200);
    expect(res.body.urls.published).toBe(`http://localhost:3000/sites/${org.id}/docs`);
  });

  it("refuses to publish a site without site spaces (409) and a basename another site uses (409)", async () => {
    const org = await orgWithSpaces(h, []);
    const site = await newSite(h, org, { title: "Empty" });
    const other = await newSite(h, org, { title: "Other" });
    const empty = await as(org.admin).patch(site.url, { published: true }).expect(409);
    expect(empty.body.error.message).toMatch(/no site space/);
    await as(org.admin)
      .patch(site.url, { basename: other.body.basename as string })
      .expect(409);
    // Keeping its own basename is no conflict; another organization may use it.
    await as(org.admin).patch(site.url, { basename: "empty" }).expect(200);
    const elsewhere = await orgWithSpaces(h, []);
    const theirs = await newSite(h, elsewhere, { title: "Theirs" });
    await as(elsewhere.admin).patch(theirs.url, { basename: "empty" }).expect(200);
    expect((await as(org.admin).get(site.url)).body.published).toBe(false);
  });

  it("serves a site through a proxy, unique across sites, and removes it with null", async () => {
    const org = await orgWithSpaces(h, ["Docs"], hostnameFor("proxied"));
    const site = await newSite(h, org, { title: "Docs", spaces: [org.spaces[0]!.id] });
    const proxy = `acme-${org.id.slice(-6)}.example/docs`;
    const res = await as(org.admin)
      .patch(site.url, { proxy, published: true, adaptiveContent: { enabled: true }, visibility: "visitor-auth" })
      .expect(200);
    expect(res.body.proxy).toEqual({ origin: `https://${proxy}`, target: expect.stringMatching(/^http:\/\/localhost:3000\/sites\/proxied-[a-z0-9]+\/docs$/) });
    expect(res.body.urls.published).toBe(`https://${proxy}`);
    expect(res.body.features).toEqual([
      { id: "sites-adaptive-content", plan: "ultimate", frozen: false },
      { id: "sites-custom-subdirectory", plan: "ultimate", frozen: false },
      { id: "sites-visitor-authentication", plan: "ultimate", frozen: false },
    ]);
    const elsewhere = await orgWithSpaces(h, []);
    const theirs = await newSite(h, elsewhere);
    await as(elsewhere.admin).patch(theirs.url, { proxy }).expect(409);
    await as(org.admin).patch(site.url, { proxy: "No Scheme://bad" }).expect(400);
    const removed = await as(org.admin).patch(site.url, { proxy: null }).expect(200);
    expect(removed.body.proxy).toBeUndefined();
  });

  it("sets the default site space and section, refusing ones of elsewhere (400)", async () => {
    const org = await orgWithSpaces(h, ["One", "Two", "Three"]);
    const site = await newSite(h, org, { spaces: [org.spaces[0]!.id, org.spaces[1]!.id] });
    const siteSpaces = await siteSpacesOf(h, org, site);
    await as(org.admin).patch(site.url, { defaultSiteSpace: siteSpaces[1]!.id }).expect(200);
    const defaults = await as(org.admin).get(`${site.url}/site-spaces?default=true`).expect(200);
    expect(ids(defaults)).toEqual([siteSpaces[1]!.id]);
    const bad = await as(org.admin).patch(site.url, { defaultSiteSpace: "01unknown00000000000000000" }).expect(400);
    expect(bad.body.error.message).toContain("request/body/defaultSiteSpace");
    await as(org.admin).patch(site.url, { defaultSiteSection: "01unknown00000000000000000" }).expect(400);

    // With sections: the default site space must be in the default section.
    const section = await as(org.admin).post(`${site.url}/sections`, { spaceId: org.spaces[2]!.id, title: "Third" }).expect(201);
    const sectioned = await as(org.admin).patch(site.url, { defaultSiteSection: section.body.id }).expect(200);
    expect(sectioned.body.features).toEqual([{ id: "sites-sections", plan: "ultimate", frozen: false }]);
    await as(org.admin).patch(site.url, { defaultSiteSpace: siteSpaces[0]!.id }).expect(400);
    const sections = await as(org.admin).get(`${site.url}/sections`).expect(200);
    expect(sections.body.items.map((s: { id: string; default: boolean }) => [s.id, s.default])).toEqual([
      [sections.body.items[0].id, false],
      [section.body.id, true],
    ]);
    await as(org.admin).patch(site.url, { defaultSiteSection: sections.body.items[0].id, defaultSiteSpace: siteSpaces[0]!.id }).expect(200);
    const gathered = (await as(org.admin).get(`${site.url}/sections`)).body.items[0];
    expect(gathered.siteSpaces.map((s: { id: string; default: boolean }) => [s.id, s.default])).toEqual([
      [siteSpaces[0]!.id, true],
      [siteSpaces[1]!.id, false],
    ]);
  });

  it("refuses members below admin (403) and outsiders (404), changing nothing", async () => {
    const org = await orgWithSpaces(h, []);
    const site = await newSite(h, org, { title: "Original" });
    for (const role of ["read", "comment", "create"] as const)
      await as(await h.member(org.id, role))
        .patch(site.url, { title: "Changed" })
        .expect(403);
    const outsider = (await h.organization()).admin;
    expect((await as(outsider).patch(site.url, { title: "Changed" }).expect(404)).body).toEqual(notFoundBody("Organization"));
    expect((await as(org.admin).get(site.url)).body.title).toBe("Original");
  });
});

describe("deleting sites", () => {
  it("deletes the site with its structure and share links, keeps its spaces, and clears the organization's default content", async () => {
    const org = await orgWithSpaces(h, ["Docs", "More"]);
    const site = await newSite(h, org, { spaces: [org.spaces[0]!.id] });
    const kept = await newSite(h, org, { spaces: [org.spaces[1]!.id] });
    await as(org.admin).post(`${site.url}/sections`, { spaceId: org.spaces[1]!.id }).expect(201);
    await as(org.admin).post(`${site.url}/share-links`, { name: "Beta" }).expect(201);
    const { prisma } = h.services;
    await prisma.organization.update({ where: { id: org.id }, data: { defaultContent: { type: "site", site: site.id } } });

    await as(await h.member(org.id, "read"))
      .del(site.url)
      .expect(403);
    await as((await h.organization()).admin)
      .del(site.url)
      .expect(404);
    await as(org.admin).del(site.url).expect(205);
    await as(org.admin).get(site.url).expect(404);
    expect(await prisma.siteSpace.count({ where: { siteId: site.id } })).toBe(0);
    expect(await prisma.siteSection.count({ where: { siteId: site.id } })).toBe(0);
    expect(await prisma.shareLink.count({ where: { siteId: site.id } })).toBe(0);
    expect((await prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).defaultContent).toBeNull();
    await as(org.admin).get(`/v1/spaces/${org.spaces[0]!.id}`).expect(200);
    expect((await as(org.admin).get(kept.url).expect(200)).body.siteSpaces).toBe(1);
  });

  it("leaves another site as the organization's default content", async () => {
    const org = await orgWithSpaces(h, []);
    const site = await newSite(h, org);
    const other = await newSite(h, org);
    const { prisma } = h.services;
    await prisma.organization.update({ where: { id: org.id }, data: { defaultContent: { type: "site", site: other.id } } });
    await as(org.admin).del(site.url).expect(205);
    expect((await prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).defaultContent).toEqual({ type: "site", site: other.id });
  });
});

describe("adaptive schema", () => {
  const jsonSchema = {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    properties: {
      isBetaUser: { type: "boolean", description: "In the beta programme." },
      unsigned: { type: "object", properties: { beta: { type: "boolean" } }, additionalProperties: false },
    },
    additionalProperties: false,
  };

  it("answers the empty schema until set, then gives the schema as sent to any member", async () => {
    const org = await orgWithSpaces(h, []);
    const site = await newSite(h, org);
    const reader = await h.member(org.id, "read");
    const created = (await as(reader).get(site.url).expect(200)).body.createdAt;
    expect((await as(reader).get(`${site.url}/adaptive-schema`).expect(200)).body).toEqual({
      object: "site-adaptive-schema",
      jsonSchema: { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: {}, additionalProperties: false },
      updatedAt: created,
    });
    const set = await as(org.admin).put(`${site.url}/adaptive-schema`, { jsonSchema }).expect(200);
    expect(set.body).toEqual({ object: "site-adaptive-schema", jsonSchema, updatedAt: h.clock.now().toISOString() });
    expect((await as(reader).get(`${site.url}/adaptive-schema`).expect(200)).body.jsonSchema).toEqual(jsonSchema);
    const replaced = { type: "object", properties: { isEnterprise: { type: "boolean" } }, additionalProperties: false };
    await as(org.admin).put(`${site.url}/adaptive-schema`, { jsonSchema: replaced }).expect(200);
    expect((await as(reader).get(`${site.url}/adaptive-schema`)).body.jsonSchema).toEqual(replaced);
  });

  it("refuses schemas of another shape (400), members below admin (403) and outsiders (404)", async () => {
    const org = await orgWithSpaces(h, []);
    const site = await newSite(h, org);
    const url = `${site.url}/adaptive-schema`;
    await as(org.admin)
      .put(url, { jsonSchema: { ...jsonSchema, properties: { plan: { type: "string" } } } })
      .expect(400);
    await as(org.admin)
      .put(url, { jsonSchema: { ...jsonSchema, additionalProperties: true } })
      .expect(400);
    await as(org.admin)
      .put(url, { jsonSchema: { ...jsonSchema, properties: { "not-an-identifier": { type: "boolean" } } } })
      .expect(400);
    await as(await h.member(org.id, "edit"))
      .put(url, { jsonSchema })
      .expect(403);
    await as((await h.organization()).admin)
      .put(url, { jsonSchema })
      .expect(404);
    await as((await h.organization()).admin)
      .get(url)
      .expect(404);
    // Nothing refused was stored: still the empty schema.
    expect((await as(org.admin).get(url).expect(200)).body.jsonSchema.properties).toEqual({});
  });
});

describe("the published site", () => {
  it("shows the site with its site spaces (no sections) and default customizations, also unpublished", async () => {
    const org = await orgWithSpaces(h, ["Guides"], hostnameFor("pub"));
    const site = await newSite(h, org, { title: "Acme docs", spaces: [org.spaces[0]!.id] });
    const reader = await h.member(org.id, "read");
    const preview = await as(reader).get(`${site.url}/published`).expect(200);
    expect(preview.body).toMatchObject({
      object: "published-content-site",
      site: { id: site.id, published: false },
      structure: { type: "siteSpaces", structure: [{ object: "site-space", path: "guides", default: true, urls: {} }] },
      customizations: {
        site: {
          title: "Acme docs",
          styling: { theme: "clean", primaryColor: { light: "#346ddb", dark: "#346ddb" }, font: "Inter", search: "subtle" },
          internationalization: { locale: "en" },
          favicon: {},
        },
        siteSpaces: {},
      },
    });
    expect(preview.body.site.urls.published).toBeUndefined();
    await as(org.admin).patch(site.url, { published: true }).expect(200);
    const live = await as(reader).get(`${site.url}/published`).expect(200);
    const root = live.body.site.urls.published as string;
    // The default site space's URL is the site's (one URL per page).
    expect(live.body.structure.structure[0].urls.published).toBe(root);
    expect(live.body.structure.structure[0].space.urls.published).toBe(root);
  });

  it("shows sections with their site spaces once the site has sections", async () => {
    const org = await orgWithSpaces(h, ["One", "Two"]);
    const site = await newSite(h, org, { title: "Docs", spaces: [org.spaces[0]!.id] });
    await as(org.admin).post(`${site.url}/sections`, { spaceId: org.spaces[1]!.id, title: "API" }).expect(201);
    await as(org.admin).patch(site.url, { published: true }).expect(200);
    const res = await as(org.admin).get(`${site.url}/published`).expect(200);
    expect(res.body.structure.type).toBe("sections");
    const root = res.body.site.urls.published as string;
    expect(res.body.structure.structure.map((s: { path: string; default: boolean; urls: object }) => [s.path, s.default, s.urls])).toEqual([
      ["docs", true, { published: `${root}/docs` }],
      ["api", false, { published: `${root}/api` }],
    ]);
    // A section's default site space is at the section's URL.
    expect(res.body.structure.structure[1].siteSpaces[0].urls.published).toBe(`${root}/api`);
  });

  it("gives a share-link site's URLs only with the key of an active share link, key included", async () => {
    const org = await orgWithSpaces(h, ["Docs"], hostnameFor("shared"));
    const site = await newSite(h, org, { title: "Beta", visibility: "share-link", spaces: [org.spaces[0]!.id] });
    await as(org.admin).patch(site.url, { published: true }).expect(200);
    const link = await as(org.admin).post(`${site.url}/share-links`, { name: "Testers" }).expect(201);
    const key = new URL(link.body.urls.published as string).searchParams.get("shareKey")!;
    const without = await as(org.admin).get(`${site.url}/published`).expect(200);
    expect(without.body.site.urls.published).toBeUndefined();
    expect(without.body.structure.structure[0].urls).toEqual({});
    const withKey = await as(org.admin).get(`${site.url}/published?shareKey=${key}`).expect(200);
    expect(withKey.body.site.urls.published).toMatch(new RegExp(`^http://localhost:3000/sites/shared-[a-z0-9]+/beta\\?shareKey=${key}$`));
    expect(withKey.body.structure.structure[0].urls.published).toMatch(new RegExp(`/beta\\?shareKey=${key}$`));
    // Not a key of this site, or a deactivated one: 400.
    const bad = await as(org.admin).get(`${site.url}/published?shareKey=sk_nope`).expect(400);
    expect(bad.body.error.message).toContain("request/query/shareKey");
    await as(org.admin).patch(`${site.url}/share-links/${link.body.id}`, { active: false }).expect(200);
    await as(org.admin).get(`${site.url}/published?shareKey=${key}`).expect(400);
    const other = await newSite(h, org);
    await as(org.admin).get(`${other.url}/published?shareKey=${key}`).expect(400);
  });

  it("hides the published site from outsiders", async () => {
    const org = await orgWithSpaces(h, []);
    const site = await newSite(h, org);
    expect(
      (
        await as((await h.organization()).admin)
          .get(`${site.url}/published`)
          .expect(404)
      ).body,
    ).toEqual(notFoundBody("Organization"));
  });
});
