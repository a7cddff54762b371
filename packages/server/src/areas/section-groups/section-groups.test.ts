import { useHarness } from "../../../test/support/harness";
import { ids, newSite, orgWithSpaces, PUBLIC_URL, siteRequests } from "../../../test/support/sites-fixtures";

const h = useHarness({ publicUrl: PUBLIC_URL });
const { as } = siteRequests(h);

type Top = string | [string, string[]];

/** A site with a section per title (in order), made through the API. */
async function siteWithSections(count: number) {
  const org = await orgWithSpaces(
    h,
    Array.from({ length: count }, (_, i) => `Space ${i + 1}`),
  );
  const site = await newSite(h, org, { title: "Grouped" });
  const admin = as(org.admin);
  const sections: string[] = [];
  for (const space of org.spaces) sections.push((await admin.post(`${site.url}/sections`, { spaceId: space.id }).expect(201)).body.id);
  const groupsUrl = `${site.url}/section-groups`;
  /** The top of the site: sections outside groups, and groups with their sections, in order. */
  const top = async (): Promise<Top[]> => {
    const [listed, groups] = await Promise.all([admin.get(`${site.url}/sections`).expect(200), admin.get(groupsUrl).expect(200)]);
    const result: Top[] = [];
    for (const section of listed.body.items as { id: string; sectionGroup?: string }[]) {
      if (!section.sectionGroup) result.push(section.id);
      else if (!result.some((item) => Array.isArray(item) && item[0] === section.sectionGroup)) {
        const group = (groups.body.items as { id: string; sections: { id: string }[] }[]).find((g) => g.id === section.sectionGroup)!;
        result.push([group.id, group.sections.map((s) => s.id)]);
      }
    }
    return result;
  };
  return { org, site, admin, sections, groupsUrl, top };
}

describe("adding section groups", () => {
  it("creates a group of the sections given, in that order, in the place of the first one", async () => {
    const { site, admin, sections, groupsUrl, top } = await siteWithSections(4);
    const [a, b, c, d] = sections as [string, string, string, string];
    const res = await admin.post(groupsUrl, { title: "Products", icon: "boxes", sections: [c, a] }).expect(201);
    expect(res.body).toMatchObject({ object: "site-section-group", title: "Products", icon: "boxes" });
    expect(res.body.sections.map((s: { id: string; sectionGroup: string }) => [s.id, s.sectionGroup])).toEqual([
      [c, res.body.id],
      [a, res.body.id],
    ]);
    expect(await top()).toEqual([b, [res.body.id, [c, a]], d]);
    // A section in another group leaves it; the new group stands right after that group.
    const second = await admin.post(groupsUrl, { title: "More", sections: [a, d] }).expect(201);
    expect(await top()).toEqual([b, [res.body.id, [c]], [second.body.id, [a, d]]]);
    // Without sections: last, and empty.
    const empty = await admin.post(groupsUrl, { title: "Empty" }).expect(201);
    expect(empty.body.sections).toEqual([]);
    expect(ids(await admin.get(groupsUrl).expect(200))).toEqual([res.body.id, second.body.id, empty.body.id]);
    expect((await admin.get(`${site.url}/sections`)).body.count).toBe(4);
  });

  it("refuses IDs that are not sections of the site or given twice (400), low roles (403) and outsiders (404)", async () => {
    const { org, admin, sections, groupsUrl } = await siteWithSections(2);
    const other = await siteWithSections(1);
    const foreign = await admin.post(groupsUrl, { title: "G", sections: [sections[0], other.sections[0]] }).expect(400);
    expect(foreign.body.error.message).toContain("request/body/sections/1");
    await admin.post(groupsUrl, { title: "G", sections: [sections[0], sections[0]] }).expect(400);
    await admin.post(groupsUrl, { title: "" }).expect(400);
    await as(await h.member(org.id, "read"))
      .post(groupsUrl, { title: "G" })
      .expect(403);
    await as(other.org.admin).post(groupsUrl, { title: "G" }).expect(404);
    expect((await admin.get(groupsUrl)).body).toEqual({ items: [], count: 0 });
  });
});

describe("listing section groups", () => {
  it("lists groups in the site's order for any member, pages, and hides them from outsiders", async () => {
    const { org, admin, sections, groupsUrl } = await siteWithSections(2);
    const first = await admin.post(groupsUrl, { title: "First", sections: [sections[1]] }).expect(201);
    const second = await admin.post(groupsUrl, { title: "Second", sections: [sections[0]] }).expect(201);
    const reader = as(await h.member(org.id, "read"));
    // The second group took the first section's place, before the first group.
    expect(ids(await reader.get(groupsUrl).expect(200))).toEqual([second.body.id, first.body.id]);
    const page = await reader.get(`${groupsUrl}?limit=1`).expect(200);
    expect(page.body).toMatchObject({ count: 2, items: [{ id: second.body.id, sections: [{ id: sections[0] }] }] });
    expect(ids(await reader.get(`${groupsUrl}?limit=1&page=${page.body.next.page}`).expect(200))).toEqual([first.body.id]);
    const hidden = await as((await h.organization()).admin)
      .get(groupsUrl)
      .expect(404);
    expect(hidden.body.error.message).toBe("Organization not found");
  });
});

describe("updating and deleting section groups", () => {
  it("renames a group and removes its icon with null", async () => {
    const { org, admin, groupsUrl } = await siteWithSections(0);
    const group = await admin.post(groupsUrl, { title: "Old", icon: "book" }).expect(201);
    const url = `${groupsUrl}/${group.body.id}`;
    expect((await admin.patch(url, { title: "New" }).expect(200)).body).toMatchObject({ title: "New", icon: "book" });
    const cleared = await admin.patch(url, { icon: null }).expect(200);
    expect(cleared.body.icon).toBeUndefined();
    await as(await h.member(org.id, "comment"))
      .patch(url, { title: "No" })
      .expect(403);
    await as((await h.organization()).admin)
      .patch(url, { title: "No" })
      .expect(404);
    await admin.patch(`${groupsUrl}/01unknown00000000000000000`, { title: "No" }).expect(404);
    expect((await admin.get(groupsUrl)).body.items[0].title).toBe("New");
  });

  it("deletes a group, its sections standing in their order where it stood", async () => {
    const { org, admin, sections, groupsUrl, top } = await siteWithSections(4);
    const [a, b, c, d] = sections as [string, string, string, string];
    const group = await admin.post(groupsUrl, { title: "G", sections: [c, b] }).expect(201);
    const url = `${groupsUrl}/${group.body.id}`;
    await as(await h.member(org.id, "read"))
      .del(url)
      .expect(403);
    await as((await h.organization()).admin)
      .del(url)
      .expect(404);
    expect(await top()).toEqual([a, [group.body.id, [c, b]], d]);
    await admin.del(url).expect(205);
    expect(await top()).toEqual([a, c, b, d]);
    await admin.del(url).expect(204);
  });
});

describe("sections in groups", () => {
  it("adds a section last in a group, taking it out of another, and keeps one already there in place", async () => {
    const { admin, sections, groupsUrl, top } = await siteWithSections(4);
    const [a, b, c, d] = sections as [string, string, string, string];
    const g1 = (await admin.post(groupsUrl, { title: "One", sections: [a, b] }).expect(201)).body.id as string;
    const g2 = (await admin.post(groupsUrl, { title: "Two", sections: [c] }).expect(201)).body.id as string;
    const added = await admin.post(`${groupsUrl}/${g1}/sections`, { sectionId: c }).expect(201);
    expect(added.body.sections.map((s: { id: string }) => s.id)).toEqual([a, b, c]);
    await admin.post(`${groupsUrl}/${g1}/sections`, { sectionId: a }).expect(201);
    await admin.post(`${groupsUrl}/${g1}/sections`, { sectionId: d }).expect(201);
    // (An empty group holds no section, so the list of sections does not show it.)
    expect(await top()).toEqual([[g1, [a, b, c, d]]]);
    expect((await admin.get(groupsUrl)).body.items.map((g: { id: string; sections: unknown[] }) => [g.id, g.sections.length])).toEqual([
      [g1, 4],
      [g2, 0],
    ]);
  });

  it("refuses to add what is not a section of the site (400), low roles (403) and outsiders (404)", async () => {
    const { org, admin, sections, groupsUrl } = await siteWithSections(1);
    const group = (await admin.post(groupsUrl, { title: "G" }).expect(201)).body.id as string;
    const url = `${groupsUrl}/${group}/sections`;
    const bad = await admin.post(url, { sectionId: "01unknown00000000000000000" }).expect(400);
    expect(bad.body.error.message).toContain("request/body/sectionId");
    await as(await h.member(org.id, "read"))
      .post(url, { sectionId: sections[0] })
      .expect(403);
    await as((await h.organization()).admin)
      .post(url, { sectionId: sections[0] })
      .expect(404);
    expect((await admin.get(groupsUrl)).body.items[0].sections).toEqual([]);
  });

  it("removes a section from its group to stand right after the group; one not in the group is not found", async () => {
    const { org, admin, sections, groupsUrl, top } = await siteWithSections(4);
    const [a, b, c, d] = sections as [string, string, string, string];
    const group = (await admin.post(groupsUrl, { title: "G", sections: [b, c] }).expect(201)).body.id as string;
    await as(await h.member(org.id, "read"))
      .del(`${groupsUrl}/${group}/sections/${b}`)
      .expect(403);
    await as((await h.organization()).admin)
      .del(`${groupsUrl}/${group}/sections/${b}`)
      .expect(404);
    await admin.del(`${groupsUrl}/${group}/sections/${b}`).expect(205);
    expect(await top()).toEqual([a, [group, [c]], b, d]);
    const notIn = await admin.del(`${groupsUrl}/${group}/sections/${d}`).expect(404);
    expect(notIn.body.error.message).toBe("Section not found");
    await admin.del(`${groupsUrl}/${group}/sections/${b}`).expect(404);
  });
});

describe("moving section groups", () => {
  it("places a group before or after a section outside groups or another group", async () => {
    const { admin, sections, groupsUrl, top } = await siteWithSections(4);
    const [a, b, c, d] = sections as [string, string, string, string];
    const g1 = (await admin.post(groupsUrl, { title: "One", sections: [b] }).expect(201)).body.id as string;
    const g2 = (await admin.post(groupsUrl, { title: "Two", sections: [d] }).expect(201)).body.id as string;
    expect(await top()).toEqual([a, [g1, [b]], c, [g2, [d]]]);
    const moved = await admin.post(`${groupsUrl}/${g2}/move`, { position: { before: { type: "site-section", id: a } } }).expect(200);
    expect(moved.body).toMatchObject({ id: g2, sections: [{ id: d }] });
    expect(await top()).toEqual([[g2, [d]], a, [g1, [b]], c]);
    await admin.post(`${groupsUrl}/${g2}/move`, { position: { after: { type: "site-section-group", id: g1 } } }).expect(200);
    expect(await top()).toEqual([a, [g1, [b]], [g2, [d]], c]);
  });

  it("refuses references that are not siblings at the top of the site (400), low roles (403) and outsiders (404)", async () => {
    const { org, admin, sections, groupsUrl, top } = await siteWithSections(2);
    const [a, b] = sections as [string, string];
    const g1 = (await admin.post(groupsUrl, { title: "One", sections: [b] }).expect(201)).body.id as string;
    const g2 = (await admin.post(groupsUrl, { title: "Two" }).expect(201)).body.id as string;
    const move = (position: object) => admin.post(`${groupsUrl}/${g2}/move`, { position });
    const inGroup = await move({ before: { type: "site-section", id: b } }).expect(400);
    expect(inGroup.body.error.message).toContain("request/body/position/before/id");
    await move({ before: { type: "site-section-group", id: g2 } }).expect(400);
    await move({ before: { type: "site-section-group", id: a } }).expect(400);
    await move({ before: { type: "site-section", id: g1 } }).expect(400);
    await move({ before: { type: "site-section", id: "01unknown00000000000000000" } }).expect(400);
    await as(await h.member(org.id, "read"))
      .post(`${groupsUrl}/${g2}/move`, { position: { before: { type: "site-section", id: a } } })
      .expect(403);
    await as((await h.organization()).admin)
      .post(`${groupsUrl}/${g2}/move`, { position: { before: { type: "site-section", id: a } } })
      .expect(404);
    expect(await top()).toEqual([a, [g1, [b]]]);
    expect(ids(await admin.get(groupsUrl))).toEqual([g1, g2]);
  });
});
