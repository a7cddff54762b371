import { useHarness } from "../../../test/support/harness";
import { addSpace, hostnameFor, ids, newSite, orgWithSpaces, PUBLIC_URL, siteRequests } from "../../../test/support/sites-fixtures";

const h = useHarness({ publicUrl: PUBLIC_URL });
const { as } = siteRequests(h);

interface SiteSpaceBody {
  id: string;
  path: string;
  default: boolean;
  section?: string;
  space: { id: string };
}
const summary = (items: SiteSpaceBody[]) => items.map((s) => [s.space.id, s.path, s.default, s.section]);

describe("adding site spaces", () => {
  it("adds a space at the root level of a site without sections, the first becoming the default, paths deduped", async () => {
    const org = await orgWithSpaces(h, ["Guides", "guides", "API"], hostnameFor("root"));
    const site = await newSite(h, org, { title: "Docs" });
    const url = `${site.url}/site-spaces`;
    const first = await as(org.admin).post(url, { spaceId: org.spaces[0]!.id }).expect(201);
    expect(first.body).toMatchObject({ object: "site-space", path: "guides", title: "Guides", default: true, hasAdvancedCustomizationFeature: true, urls: {} });
    expect(first.body.section).toBeUndefined();
    expect(first.body.space).toMatchObject({ object: "space", id: org.spaces[0]!.id, permissions: { admin: true } });
    const second = await as(org.admin).post(url, { spaceId: org.spaces[1]!.id }).expect(201);
    expect(second.body).toMatchObject({ path: "guides-2", default: false });
    await as(org.admin).patch(site.url, { published: true }).expect(200);
    const third = await as(org.admin).post(url, { spaceId: org.spaces[2]!.id }).expect(201);
    expect(third.body.urls.published).toMatch(/^http:\/\/localhost:3000\/sites\/root-[a-z0-9]+\/docs\/api$/);
    expect(third.body.space.urls.published).toBe(third.body.urls.published);
    expect((await as(org.admin).get(site.url)).body.siteSpaces).toBe(3);
  });

  it("adds to the section named, else to the default section", async () => {
    const org = await orgWithSpaces(h, ["One", "Two", "Three", "Four"]);
    const site = await newSite(h, org);
    const s1 = (await as(org.admin).post(`${site.url}/sections`, { spaceId: org.spaces[0]!.id }).expect(201)).body.id as string;
    const s2 = (await as(org.admin).post(`${site.url}/sections`, { spaceId: org.spaces[1]!.id }).expect(201)).body.id as string;
    const named = await as(org.admin).post(`${site.url}/site-spaces`, { spaceId: org.spaces[2]!.id, sectionId: s2 }).expect(201);
    expect(named.body).toMatchObject({ section: s2, default: false });
    await as(org.admin).patch(site.url, { defaultSiteSection: s2 }).expect(200);
    const unnamed = await as(org.admin).post(`${site.url}/site-spaces`, { spaceId: org.spaces[3]!.id }).expect(201);
    expect(unnamed.body.section).toBe(s2);
    const list = await as(org.admin).get(`${site.url}/site-spaces`).expect(200);
    expect(list.body.items.map((s: SiteSpaceBody) => [s.space.id, s.section, s.default])).toEqual([
      [org.spaces[0]!.id, s1, true],
      [org.spaces[1]!.id, s2, true],
      [org.spaces[2]!.id, s2, false],
      [org.spaces[3]!.id, s2, false],
    ]);
  });

  it("refuses spaces of elsewhere or deleted and unknown sections (400), a space already in the site (409), low roles (403), outsiders (404)", async () => {
    const org = await orgWithSpaces(h, ["Docs", "Other"]);
    const site = await newSite(h, org, { spaces: [org.spaces[0]!.id] });
    const url = `${site.url}/site-spaces`;
    const other = await orgWithSpaces(h, ["Theirs"]);
    const foreign = await as(org.admin).post(url, { spaceId: other.spaces[0]!.id }).expect(400);
    expect(foreign.body.error.message).toContain("request/body/spaceId");
    const section = await as(org.admin).post(url, { spaceId: org.spaces[1]!.id, sectionId: "01unknown00000000000000000" }).expect(400);
    expect(section.body.error.message).toContain("request/body/sectionId");
    expect(section.body.error.reason).toBe("invalid_reference");
    const deleted = await addSpace(h, org, "Deleted");
    await as(org.admin).del(`/v1/spaces/${deleted}`).expect(205);
    await as(org.admin).post(url, { spaceId: deleted }).expect(400);
    const again = await as(org.admin).post(url, { spaceId: org.spaces[0]!.id }).expect(409);
    expect(again.body.error.message).toContain("already in this site");
    expect(again.body.error.reason).toBe("space_already_in_site");
    await as(await h.member(org.id, "create"))
      .post(url, { spaceId: org.spaces[1]!.id })
      .expect(403);
    await as(other.admin).post(url, { spaceId: org.spaces[1]!.id }).expect(404);
    expect(ids(await as(org.admin).get(url))).toHaveLength(1);
  });

  it("gives site spaces added at the same time different paths and positions", async () => {
    const org = await orgWithSpaces(h, ["Same", "Same", "Same", "Same"]);
    const site = await newSite(h, org);
    const added = await Promise.all(org.spaces.map((space) => as(org.admin).post(`${site.url}/site-spaces`, { spaceId: space.id }).expect(201)));
    expect(added.map((res) => res.body.path).sort()).toEqual(["same", "same-2", "same-3", "same-4"]);
    const list = await as(org.admin).get(`${site.url}/site-spaces`).expect(200);
    expect(list.body.items.map((s: SiteSpaceBody) => s.path)).toEqual(["same", "same-2", "same-3", "same-4"]);
    expect(list.body.items.filter((s: SiteSpaceBody) => s.default)).toHaveLength(1);
  });
});

describe("listing site spaces", () => {
  it("lists section by section in the site's order, filters defaults, and pages", async () => {
    const org = await orgWithSpaces(h, ["A", "B", "C", "D"]);
    const site = await newSite(h, org);
    const s1 = (await as(org.admin).post(`${site.url}/sections`, { spaceId: org.spaces[0]!.id }).expect(201)).body.id as string;
    const s2 = (await as(org.admin).post(`${site.url}/sections`, { spaceId: org.spaces[1]!.id }).expect(201)).body.id as string;
    await as(org.admin).post(`${site.url}/site-spaces`, { spaceId: org.spaces[2]!.id, sectionId: s1 }).expect(201);
    await as(org.admin).post(`${site.url}/site-spaces`, { spaceId: org.spaces[3]!.id, sectionId: s2 }).expect(201);
    // Section 2 first now.
    await as(org.admin)
      .post(`${site.url}/sections/${s2}/move`, { position: { before: { type: "site-section", siteSection: s1 } } })
      .expect(200);
    const reader = as(await h.member(org.id, "read"));
    const url = `${site.url}/site-spaces`;
    const all = await reader.get(url).expect(200);
    expect(summary(all.body.items)).toEqual([
      [org.spaces[1]!.id, "b", true, s2],
      [org.spaces[3]!.id, "d", false, s2],
      [org.spaces[0]!.id, "a", true, s1],
      [org.spaces[2]!.id, "c", false, s1],
    ]);
    expect(summary((await reader.get(`${url}?default=true`).expect(200)).body.items).map((s) => s[0])).toEqual([org.spaces[1]!.id, org.spaces[0]!.id]);
    expect(summary((await reader.get(`${url}?default=false`).expect(200)).body.items).map((s) => s[0])).toEqual([org.spaces[3]!.id, org.spaces[2]!.id]);
    const page = await reader.get(`${url}?limit=3`).expect(200);
    expect(page.body.count).toBe(4);
    expect(ids(await reader.get(`${url}?limit=3&page=${page.body.next.page}`).expect(200))).toEqual([all.body.items[3].id]);
    // A cursor of the unfiltered list is not one of the filtered list.
    await reader.get(`${url}?limit=3&default=false&page=${page.body.next.page}`).expect(400);
    await as((await h.organization()).admin)
      .get(url)
      .expect(404);
  });

  it("gives a share-link site's URLs with an active key only, and refuses another key (400)", async () => {
    const org = await orgWithSpaces(h, ["Docs"]);
    const site = await newSite(h, org, { title: "Private", visibility: "share-link", spaces: [org.spaces[0]!.id] });
    await as(org.admin).patch(site.url, { published: true }).expect(200);
    const link = await as(org.admin).post(`${site.url}/share-links`, { name: "Partners" }).expect(201);
    const key = new URL(link.body.urls.published as string).searchParams.get("shareKey")!;
    const url = `${site.url}/site-spaces`;
    expect((await as(org.admin).get(url).expect(200)).body.items[0].urls).toEqual({});
    const keyed = await as(org.admin).get(`${url}?shareKey=${key}`).expect(200);
    // The default site space's URL is the site's own.
    expect(keyed.body.items[0].urls.published).toBe(`http://localhost:3000/sites/${org.id}/private?shareKey=${key}`);
    await as(org.admin).get(`${url}?shareKey=sk_0000`).expect(400);
  });

  it("leaves out the site spaces of deleted spaces, and shows them again once restored", async () => {
    const org = await orgWithSpaces(h, ["Kept", "Deleted"]);
    const site = await newSite(h, org, { spaces: [org.spaces[1]!.id, org.spaces[0]!.id] });
    await as(org.admin).del(`/v1/spaces/${org.spaces[1]!.id}`).expect(205);
    const list = await as(org.admin).get(`${site.url}/site-spaces`).expect(200);
    expect(summary(list.body.items)).toEqual([[org.spaces[0]!.id, "kept", true, undefined]]);
    expect((await as(org.admin).get(site.url)).body.siteSpaces).toBe(1);
    expect(ids(await as(org.admin).get(`${org.sitesUrl}?space=${org.spaces[1]!.id}`))).toEqual([]);
    await as(org.admin).post(`/v1/spaces/${org.spaces[1]!.id}/restore`).expect(200);
    const restored = await as(org.admin).get(`${site.url}/site-spaces`).expect(200);
    expect(summary(restored.body.items).map((s) => [s[0], s[2]])).toEqual([
      [org.spaces[1]!.id, true],
      [org.spaces[0]!.id, false],
    ]);
  });
});

describe("updating site spaces", () => {
  it("changes the path, unique ignoring case within its section only (409), and removes the condition with null", async () => {
    const org = await orgWithSpaces(h, ["One", "Two", "Three"]);
    const site = await newSite(h, org);
    const s1 = (await as(org.admin).post(`${site.url}/sections`, { spaceId: org.spaces[0]!.id }).expect(201)).body;
    const s2 = (await as(org.admin).post(`${site.url}/sections`, { spaceId: org.spaces[1]!.id }).expect(201)).body;
    const extra = (await as(org.admin).post(`${site.url}/site-spaces`, { spaceId: org.spaces[2]!.id, sectionId: s1.id }).expect(201)).body;
    const url = `${site.url}/site-spaces/${extra.id}`;
    const taken = await as(org.admin).patch(url, { path: "ONE" }).expect(409);
    expect(taken.body.error.message).toContain("ONE");
    expect(taken.body.error.reason).toBe("name_taken");
    // The path of a site space of another section is free here.
    const updated = await as(org.admin).patch(url, { path: s2.siteSpaces[0].path, condition: "visitor.claims.unsigned.beta" }).expect(200);
    expect(updated.body).toMatchObject({ path: "two", condition: "visitor.claims.unsigned.beta", section: s1.id });
    const cleared = await as(org.admin).patch(url, { condition: null }).expect(200);
    expect(cleared.body.condition).toBeUndefined();
    expect(cleared.body.path).toBe("two");
    await as(org.admin).patch(url, { path: "a/b" }).expect(400);
    await as(await h.member(org.id, "read"))
      .patch(url, { path: "no" })
      .expect(403);
    await as((await h.organization()).admin)
      .patch(url, { path: "no" })
      .expect(404);
    await as(org.admin).patch(`${site.url}/site-spaces/01unknown00000000000000000`, { path: "no" }).expect(404);
  });
});

describe("removing site spaces", () => {
  it("removes one, the first remaining taking over as default, keeps the space, and refuses the last of a section (409)", async () => {
    const org = await orgWithSpaces(h, ["A", "B", "C"]);
    const site = await newSite(h, org);
    const section = (await as(org.admin).post(`${site.url}/sections`, { spaceId: org.spaces[0]!.id }).expect(201)).body;
    const b = (await as(org.admin).post(`${site.url}/site-spaces`, { spaceId: org.spaces[1]!.id }).expect(201)).body;
    const c = (await as(org.admin).post(`${site.url}/site-spaces`, { spaceId: org.spaces[2]!.id }).expect(201)).body;
    const a = section.siteSpaces[0];
    await as(await h.member(org.id, "read"))
      .del(`${site.url}/site-spaces/${a.id}`)
      .expect(403);
    await as((await h.organization()).admin)
      .del(`${site.url}/site-spaces/${a.id}`)
      .expect(404);
    await as(org.admin).del(`${site.url}/site-spaces/${a.id}`).expect(205);
    const list = await as(org.admin).get(`${site.url}/site-spaces`).expect(200);
    expect(list.body.items.map((s: SiteSpaceBody) => [s.id, s.default])).toEqual([
      [b.id, true],
      [c.id, false],
    ]);
    await as(org.admin).get(`/v1/spaces/${org.spaces[0]!.id}`).expect(200);
    await as(org.admin).del(`${site.url}/site-spaces/${c.id}`).expect(205);
    const last = await as(org.admin).del(`${site.url}/site-spaces/${b.id}`).expect(409);
    expect(last.body.error.message).toMatch(/last site space/);
    expect(last.body.error.reason).toBe("last_site_space");
    await as(org.admin).del(`${site.url}/site-spaces/${a.id}`).expect(204);
  });

  it("removes the last site space of a site without sections", async () => {
    const org = await orgWithSpaces(h, ["Only"]);
    const site = await newSite(h, org, { spaces: [org.spaces[0]!.id] });
    const [only] = (await as(org.admin).get(`${site.url}/site-spaces`)).body.items as SiteSpaceBody[];
    await as(org.admin).del(`${site.url}/site-spaces/${only!.id}`).expect(205);
    expect((await as(org.admin).get(site.url)).body.siteSpaces).toBe(0);
  });
});

describe("moving site spaces", () => {
  it("places a site space before or after a sibling, refusing others (400)", async () => {
    const org = await orgWithSpaces(h, ["A", "B", "C", "D"]);
    const site = await newSite(h, org, { spaces: org.spaces.slice(0, 3).map((s) => s.id) });
    const [a, b, c] = ids(await as(org.admin).get(`${site.url}/site-spaces`)) as [string, string, string];
    const move = (id: string, position: object) => as(org.admin).post(`${site.url}/site-spaces/${id}/move`, { position });
    const moved = await move(c, { before: { type: "site-space", siteSpace: a } }).expect(200);
    expect(moved.body).toMatchObject({ id: c, default: false });
    expect(ids(await as(org.admin).get(`${site.url}/site-spaces`))).toEqual([c, a, b]);
    await move(c, { after: { type: "site-space", siteSpace: b } }).expect(200);
    expect(ids(await as(org.admin).get(`${site.url}/site-spaces`))).toEqual([a, b, c]);
    // Sections: another section's site space is no sibling.
    const section = (await as(org.admin).post(`${site.url}/sections`, { spaceId: org.spaces[3]!.id }).expect(201)).body;
    const other = section.siteSpaces[0].id as string;
    const refused = await move(a, { before: { type: "site-space", siteSpace: other } }).expect(400);
    expect(refused.body.error.message).toContain("request/body/position/before/siteSpace");
    await move(a, { before: { type: "site-space", siteSpace: a } }).expect(400);
    await move(a, {}).expect(400);
    await as(await h.member(org.id, "comment"))
      .post(`${site.url}/site-spaces/${a}/move`, { position: { after: { type: "site-space", siteSpace: b } } })
      .expect(403);
    await as((await h.organization()).admin)
      .post(`${site.url}/site-spaces/${a}/move`, { position: { after: { type: "site-space", siteSpace: b } } })
      .expect(404);
    expect(ids(await as(org.admin).get(`${site.url}/site-spaces`))).toEqual([a, b, c, other]);
  });
});
