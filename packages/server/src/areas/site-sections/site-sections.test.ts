import { useHarness } from "../../../test/support/harness";
import { addSpace, ids, newSite, orgWithSpaces, PUBLIC_URL, siteRequests, siteSpacesOf } from "../../../test/support/sites-fixtures";

const h = useHarness({ publicUrl: PUBLIC_URL });
const { as } = siteRequests(h);

interface SectionBody {
  id: string;
  path: string;
  title: string;
  default: boolean;
  siteSpaces: { id: string; default: boolean; section: string; space: { id: string } }[];
}

/** A site without site spaces, and a section per space (in order), made through the API. */
async function siteWithSections(titles: readonly string[]) {
  const org = await orgWithSpaces(h, titles);
  const site = await newSite(h, org, { title: "Sectioned" });
  const sections: SectionBody[] = [];
  for (const space of org.spaces) sections.push((await as(org.admin).post(`${site.url}/sections`, { spaceId: space.id }).expect(201)).body);
  return { org, site, sections, admin: as(org.admin) };
}

describe("adding sections", () => {
  it("gathers the root site spaces into a section titled after the site, which stays the default, then adds the new one after it", async () => {
    const org = await orgWithSpaces(h, ["Guides", "Tutorials", "API reference"]);
    const site = await newSite(h, org, { title: "Acme Docs", spaces: [org.spaces[0]!.id, org.spaces[1]!.id] });
    const rootLevel = await siteSpacesOf(h, org, site);
    await as(org.admin).patch(site.url, { defaultSiteSpace: rootLevel[1]!.id }).expect(200);
    const added = await as(org.admin).post(`${site.url}/sections`, { spaceId: org.spaces[2]!.id }).expect(201);
    expect(added.body).toMatchObject({ object: "site-section", title: "API reference", path: "api-reference", default: false, urls: {} });
    expect(added.body.siteSpaces).toEqual([
      expect.objectContaining({ default: true, section: added.body.id, space: expect.objectContaining({ id: org.spaces[2]!.id }) }),
    ]);
    const list = await as(org.admin).get(`${site.url}/sections`).expect(200);
    const [gathered, second] = list.body.items as SectionBody[];
    expect(list.body.count).toBe(2);
    expect(gathered).toMatchObject({ title: "Acme Docs", path: "acme-docs", default: true });
    expect(gathered!.siteSpaces.map((s) => [s.id, s.default, s.section])).toEqual([
      [rootLevel[0]!.id, false, gathered!.id],
      [rootLevel[1]!.id, true, gathered!.id],
    ]);
    expect(second!.id).toBe(added.body.id);
    expect((await as(org.admin).get(site.url)).body.siteSpaces).toBe(3);
  });

  it("turns sections on with the one space the site shows: its site space becomes the first section's (as GitBook), not a 409", async () => {
    const org = await orgWithSpaces(h, ["Guides", "API reference"]);
    const site = await newSite(h, org, { title: "Acme Docs", spaces: [org.spaces[0]!.id] });
    const [sole] = (await as(org.admin).get(`${site.url}/site-spaces`)).body.items as { id: string; path: string }[];
    const first = await as(org.admin).post(`${site.url}/sections`, { spaceId: org.spaces[0]!.id, title: "Guides" }).expect(201);
    expect(first.body).toMatchObject({ title: "Guides", path: "guides", default: true });
    expect(first.body.siteSpaces).toEqual([expect.objectContaining({ id: sole!.id, path: sole!.path, default: true, section: first.body.id })]);
    expect(ids(await as(org.admin).get(`${site.url}/sections`))).toEqual([first.body.id]);
    expect((await as(org.admin).get(site.url)).body.siteSpaces).toBe(1);
    // Now that the site has sections, the same space again is a conflict; another space is a new section.
    await as(org.admin).post(`${site.url}/sections`, { spaceId: org.spaces[0]!.id }).expect(409);
    const second = await as(org.admin).post(`${site.url}/sections`, { spaceId: org.spaces[1]!.id }).expect(201);
    expect(second.body).toMatchObject({ title: "API reference", default: false });
  });

  it("makes the first section of an empty site its default, titles sections after their space, and dedupes paths ignoring case", async () => {
    const { org, site, sections, admin } = await siteWithSections(["X", "Guides"]);
    expect(sections.map((s) => [s.title, s.path, s.default])).toEqual([
      ["Untitled", "untitled", true],
      ["Guides", "guides", false],
    ]);
    const third = await addSpace(h, org, "Another");
    const named = await admin.post(`${site.url}/sections`, { spaceId: third, title: "GUIDES" }).expect(201);
    expect(named.body).toMatchObject({ title: "GUIDES", path: "guides-2" });
  });

  it("refuses a space of another organization or deleted (400), one already in the site (409), low roles (403) and outsiders (404)", async () => {
    const { org, site, sections, admin } = await siteWithSections(["Docs"]);
    const other = await orgWithSpaces(h, ["Theirs"]);
    const foreign = await admin.post(`${site.url}/sections`, { spaceId: other.spaces[0]!.id }).expect(400);
    expect(foreign.body.error.message).toContain("request/body/spaceId");
    const deleted = await addSpace(h, org, "Deleted");
    await admin.del(`/v1/spaces/${deleted}`).expect(205);
    await admin.post(`${site.url}/sections`, { spaceId: deleted }).expect(400);
    const again = await admin.post(`${site.url}/sections`, { spaceId: sections[0]!.siteSpaces[0]!.space.id }).expect(409);
    expect(again.body.error.message).toContain("already in this site");
    const fresh = await addSpace(h, org, "Fresh");
    await as(await h.member(org.id, "read"))
      .post(`${site.url}/sections`, { spaceId: fresh })
      .expect(403);
    await as(other.admin).post(`${site.url}/sections`, { spaceId: fresh }).expect(404);
    expect(ids(await admin.get(`${site.url}/sections`))).toEqual([sections[0]!.id]);
  });
});

describe("listing sections", () => {
  it("lists an empty site's sections as none, and hides them from outsiders", async () => {
    const org = await orgWithSpaces(h, ["Docs"]);
    const site = await newSite(h, org, { spaces: [org.spaces[0]!.id] });
    const list = await as(await h.member(org.id, "read"))
      .get(`${site.url}/sections`)
      .expect(200);
    expect(list.body).toEqual({ items: [], count: 0 });
    const hidden = await as((await h.organization()).admin)
      .get(`${site.url}/sections`)
      .expect(404);
    expect(hidden.body.error.message).toBe("Organization not found");
  });

  it("lists the sections of a group where the group stands, and pages", async () => {
    const { site, sections, admin } = await siteWithSections(["A", "B", "C", "D"]);
    const [a, b, c, d] = sections.map((s) => s.id) as [string, string, string, string];
    // The group takes D's place (its first section), holding D then B.
    await admin.post(`${site.url}/section-groups`, { title: "Group", sections: [d, b] }).expect(201);
    expect(ids(await admin.get(`${site.url}/sections`))).toEqual([a, c, d, b]);
    const first = await admin.get(`${site.url}/sections?limit=3`).expect(200);
    expect(ids(first)).toEqual([a, c, d]);
    expect(ids(await admin.get(`${site.url}/sections?limit=3&page=${first.body.next.page}`))).toEqual([b]);
  });
});

describe("updating sections", () => {
  it("changes fields, removes condition, icon and description with null, and sets the default site space", async () => {
    const { org, site, sections, admin } = await siteWithSections(["One"]);
    const section = sections[0]!;
    const second = await addSpace(h, org, "Two");
    const added = await admin.post(`${site.url}/site-spaces`, { spaceId: second, sectionId: section.id }).expect(201);
    const url = `${site.url}/sections/${section.id}`;
    const updated = await admin
      .patch(url, { title: "API", path: "Api", condition: "visitor.claims.unsigned.beta", icon: "code", description: "The API." })
      .expect(200);
    expect(updated.body).toMatchObject({ title: "API", path: "Api", condition: "visitor.claims.unsigned.beta", icon: "code", description: "The API." });
    const defaulted = await admin.patch(url, { defaultSiteSpace: added.body.id, condition: null, icon: null }).expect(200);
    expect(defaulted.body).toMatchObject({ title: "API", description: "The API." });
    expect(defaulted.body.condition).toBeUndefined();
    expect(defaulted.body.icon).toBeUndefined();
    expect(defaulted.body.siteSpaces.map((s: { id: string; default: boolean }) => [s.id, s.default])).toEqual([
      [section.siteSpaces[0]!.id, false],
      [added.body.id, true],
    ]);
    const cleared = await admin.patch(url, { description: null }).expect(200);
    expect(cleared.body.description).toBeUndefined();
  });

  it("refuses a path another section uses ignoring case (409), a site space of another section (400), low roles and outsiders", async () => {
    const { org, site, sections, admin } = await siteWithSections(["One", "Two"]);
    const url = `${site.url}/sections/${sections[0]!.id}`;
    const taken = await admin.patch(url, { path: "TWO" }).expect(409);
    expect(taken.body.error.message).toContain("TWO");
    await admin.patch(url, { path: "ONE" }).expect(200);
    const elsewhere = await admin.patch(url, { defaultSiteSpace: sections[1]!.siteSpaces[0]!.id }).expect(400);
    expect(elsewhere.body.error.message).toContain("request/body/defaultSiteSpace");
    await admin.patch(url, { path: "/nested" }).expect(400);
    await as(await h.member(org.id, "comment"))
      .patch(url, { title: "No" })
      .expect(403);
    await as((await h.organization()).admin)
      .patch(url, { title: "No" })
      .expect(404);
    await admin.patch(`${site.url}/sections/01unknown00000000000000000`, { title: "No" }).expect(404);
    expect((await admin.get(`${site.url}/sections`)).body.items[0].title).toBe("One");
  });
});

describe("deleting sections", () => {
  it("deletes a section with its site spaces, keeps the spaces, and makes the first remaining section the default", async () => {
    const { org, site, sections, admin } = await siteWithSections(["One", "Two", "Three"]);
    await as(await h.member(org.id, "read"))
      .del(`${site.url}/sections/${sections[0]!.id}`)
      .expect(403);
    await as((await h.organization()).admin)
      .del(`${site.url}/sections/${sections[0]!.id}`)
      .expect(404);
    await admin.patch(site.url, { defaultSiteSection: sections[1]!.id }).expect(200);
    await admin.del(`${site.url}/sections/${sections[1]!.id}`).expect(205);
    const list = await admin.get(`${site.url}/sections`).expect(200);
    expect(list.body.items.map((s: SectionBody) => [s.id, s.default])).toEqual([
      [sections[0]!.id, true],
      [sections[2]!.id, false],
    ]);
    expect((await admin.get(site.url)).body.siteSpaces).toBe(2);
    await admin.get(`/v1/spaces/${sections[1]!.siteSpaces[0]!.space.id}`).expect(200);
    await admin.del(`${site.url}/sections/${sections[1]!.id}`).expect(204);
  });

  it("leaves its group, which is kept", async () => {
    const { site, sections, admin } = await siteWithSections(["One", "Two"]);
    const group = await admin.post(`${site.url}/section-groups`, { title: "G", sections: [sections[0]!.id, sections[1]!.id] }).expect(201);
    await admin.del(`${site.url}/sections/${sections[0]!.id}`).expect(205);
    const groups = await admin.get(`${site.url}/section-groups`).expect(200);
    expect(groups.body.items.map((g: { id: string; sections: { id: string }[] }) => [g.id, g.sections.map((s) => s.id)])).toEqual([
      [group.body.id, [sections[1]!.id]],
    ]);
  });
});

describe("moving sections", () => {
  it("places a section before or after another one outside groups, groups keeping their places", async () => {
    const { site, sections, admin } = await siteWithSections(["A", "B", "C", "D"]);
    const [a, b, c, d] = sections.map((s) => s.id) as [string, string, string, string];
    const move = (id: string, position: object) => admin.post(`${site.url}/sections/${id}/move`, { position });
    const moved = await move(d, { before: { type: "site-section", siteSection: a } }).expect(200);
    expect(moved.body.id).toBe(d);
    expect(ids(await admin.get(`${site.url}/sections`))).toEqual([d, a, b, c]);
    await move(d, { after: { type: "site-section", siteSection: b } }).expect(200);
    expect(ids(await admin.get(`${site.url}/sections`))).toEqual([a, b, d, c]);
    // Many moves into the same gap renumber the siblings when halving runs out.
    for (let i = 0; i < 60; i++) await move(i % 2 ? c : d, { after: { type: "site-section", siteSection: a } }).expect(200);
    expect(ids(await admin.get(`${site.url}/sections`))).toEqual([a, c, d, b]);
  });

  it("moves a section within its group only, refusing other references (400)", async () => {
    const { org, site, sections, admin } = await siteWithSections(["A", "B", "C", "D"]);
    const [a, b, c, d] = sections.map((s) => s.id) as [string, string, string, string];
    await admin.post(`${site.url}/section-groups`, { title: "G", sections: [b, c] }).expect(201);
    const move = (id: string, position: object) => admin.post(`${site.url}/sections/${id}/move`, { position });
    await move(c, { before: { type: "site-section", siteSection: b } }).expect(200);
    expect(ids(await admin.get(`${site.url}/sections`))).toEqual([a, c, b, d]);
    const outside = await move(c, { before: { type: "site-section", siteSection: a } }).expect(400);
    expect(outside.body.error.message).toContain("request/body/position/before/siteSection");
    await move(a, { after: { type: "site-section", siteSection: b } }).expect(400);
    await move(a, { after: { type: "site-section", siteSection: a } }).expect(400);
    await move(a, { after: { type: "site-section", siteSection: "01unknown00000000000000000" } }).expect(400);
    await move(a, { after: { type: "site-section", siteSection: d }, before: { type: "site-section", siteSection: d } }).expect(400);
    await as(await h.member(org.id, "read"))
      .post(`${site.url}/sections/${a}/move`, { position: { after: { type: "site-section", siteSection: d } } })
      .expect(403);
    await as((await h.organization()).admin)
      .post(`${site.url}/sections/${a}/move`, { position: { after: { type: "site-section", siteSection: d } } })
      .expect(404);
    expect(ids(await admin.get(`${site.url}/sections`))).toEqual([a, c, b, d]);
  });
});
