import { contentHelpers, insertPage, writePagesInBulk } from "../../../test/support/content";
import { type TestUser, useHarness } from "../../../test/support/harness";
import { SEARCHED_SECTION_CHARACTERS } from "../../content/search/search-index";

const h = useHarness();
const c = contentHelpers(h);

const search = (user: TestUser, url: string) => h.api.get(url).set("Authorization", user.auth).expect(200);

describe("search", () => {
  it("finds pages by title and by section, ranked, with the matching sections highlighted", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id, "Handbook");
    await c.publish(org.admin, space.id, [
      insertPage("Deployment", "Intro text.\n\n## Kubernetes\n\nRun the cluster with helm charts.\n\n## Billing\n\nInvoices monthly."),
      insertPage("Kubernetes basics", "What a pod is."),
      insertPage("Unrelated", "Nothing to see."),
    ]);
    const res = await search(org.admin, `/v1/spaces/${space.id}/search?query=kubernetes`);
    expect(res.body.items.map((page: { title: string }) => page.title)).toEqual(["Kubernetes basics", "Deployment"]);
    const deployment = res.body.items[1];
    expect(deployment.path).toBe("deployment");
    expect(deployment.sections).toHaveLength(1);
    expect(deployment.sections[0]).toMatchObject({ title: "Kubernetes", path: "deployment#kubernetes", body: "Run the cluster with helm charts." });
    const helm = await search(org.admin, `/v1/spaces/${space.id}/search?query=helm`);
    expect(helm.body.items[0].sections[0].body).toContain("with <mark>helm</mark> charts");
    expect(deployment.sections[0].urls.app).toMatch(/#kubernetes$/);
    // Stemming: "charts" matches "chart".
    expect((await search(org.admin, `/v1/spaces/${space.id}/search?query=chart`)).body.items.map((p: { title: string }) => p.title)).toEqual(["Deployment"]);
    expect((await search(org.admin, `/v1/spaces/${space.id}/search?query=zeppelin`)).body).toEqual({ items: [], count: 0 });
    await h.api.get(`/v1/spaces/${space.id}/search`).set("Authorization", org.admin.auth).expect(400);
    await h.api
      .get(`/v1/spaces/${space.id}/search?query=${"x".repeat(513)}`)
      .set("Authorization", org.admin.auth)
      .expect(400);
  });

  it("searches a section's first 64 KB, and every section of pages indexed over several statements", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    const filler = (words: number) => "lorem ipsum ".repeat(words);
    const sections = ["quokka", "wombat", "dingo"].map((word) => `## ${word} notes\n\n${filler(3500)} ${word}tail`).join("\n\n");
    await c.publish(org.admin, space.id, [
      insertPage("Giant", `Alphaword begins. ${filler(SEARCHED_SECTION_CHARACTERS / 12)} omegaword ends.`),
      insertPage("Sections", sections),
    ]);
    const titles = async (query: string) =>
      (await search(org.admin, `/v1/spaces/${space.id}/search?query=${query}`)).body.items.map((page: { title: string }) => page.title);
    expect(await titles("alphaword")).toEqual(["Giant"]);
    // Past the searched characters of its section: stored and shown, not found.
    expect(await titles("omegaword")).toEqual([]);
    for (const word of ["quokkatail", "wombattail", "dingotail"]) expect(await titles(word)).toEqual(["Sections"]);
  });

  it("gives each result GitBook's score, rank, description and ancestors, kept across pages of results", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id, "Zoo");
    const [parent] = await c.publish(org.admin, space.id, [insertPage("Animals", "Index of animals.")]);
    await c.publish(org.admin, space.id, [
      insertPage("Otters", "Otters float. Otters hold hands. Otters eat clams.", { into: parent!.id, description: "All about otters" }),
      insertPage("Rivers", "Where otters live."),
    ]);
    const first = await search(org.admin, `/v1/spaces/${space.id}/search?query=otters&limit=1`);
    expect(first.body.items[0]).toMatchObject({ title: "Otters", rank: 1, description: "All about otters", ancestors: [{ id: parent!.id, title: "Animals" }] });
    expect(first.body.items[0].score).toBeGreaterThan(1); // its title matches too
    expect(first.body.items[0].sections[0].score).toBeGreaterThan(0);
    const second = await search(org.admin, `/v1/spaces/${space.id}/search?query=otters&limit=1&page=${first.body.next.page}`);
    expect(second.body.items[0]).toMatchObject({ title: "Rivers", rank: 2, description: "", ancestors: [] });
    expect(second.body.items[0].score).toBeLessThan(first.body.items[0].score);
    const inOrganization = await search(org.admin, `/v1/orgs/${org.id}/search?query=otters`);
    expect(inOrganization.body.items[0]).toMatchObject({ type: "space", id: space.id, score: first.body.items[0].score });
    expect(inOrganization.body.items[0].pages.map((page: { rank: number }) => page.rank)).toEqual([1, 2]);
  });

  it("follows the space's current revision: renamed and deleted pages", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    const [page] = await c.publish(org.admin, space.id, [insertPage("Walrus facts", "Tusks.")]);
    expect((await search(org.admin, `/v1/spaces/${space.id}/search?query=walrus`)).body.count).toBe(1);
    const cr = await c.createChangeRequest(org.admin, space.id);
    await c.write(org.admin, space.id, cr.id, [{ operation: "update_page", page: page!.id, title: "Seal facts", slug: "seal-facts" }]).expect(200);
    // Not merged yet: search reads the space's content, not the change request's.
    expect((await search(org.admin, `/v1/spaces/${space.id}/search?query=seal`)).body.count).toBe(0);
    await c.merge(org.admin, space.id, cr.id).expect(200);
    expect((await search(org.admin, `/v1/spaces/${space.id}/search?query=walrus`)).body.count).toBe(0);
    expect((await search(org.admin, `/v1/spaces/${space.id}/search?query=seal`)).body.items[0].path).toBe("seal-facts");
    await c.publish(org.admin, space.id, [{ operation: "delete_page", page: page!.id }]);
    expect((await search(org.admin, `/v1/spaces/${space.id}/search?query=tusks`)).body.count).toBe(0);
  });

  it("follows a renamed parent in the paths of all its sub-pages, and searches a duplicated space's copy", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    // Enough sub-pages that the last one is stored in another chunk than its parent.
    const children = Array.from({ length: 150 }, (_, i) => ({ title: `Part ${i}`, markdown: "Filler.", parent: 0 }));
    const [guides] = await writePagesInBulk(h, space.id, [
      { title: "Guides", markdown: "Index." },
      ...children,
      { title: "Walrus", markdown: "Tusks.", parent: 0 },
    ]);
    const path = async (spaceId: string) =>
      (await search(org.admin, `/v1/spaces/${spaceId}/search?query=tusks`)).body.items.map((p: { path: string }) => p.path);
    expect(await path(space.id)).toEqual(["guides/walrus"]);
    await c.publish(org.admin, space.id, [{ operation: "update_page", page: guides!.id, title: "Animals", slug: "animals" }]);
    expect(await path(space.id)).toEqual(["animals/walrus"]);
    const copy = await h.api.post(`/v1/spaces/${space.id}/duplicate`).set("Authorization", org.admin.auth).expect(201);
    expect(await path(copy.body.id)).toEqual(["animals/walrus"]);
  });

  it("searches an organization's spaces the caller can read, and nothing of other organizations", async () => {
    const org = await h.organization();
    const other = await h.organization();
    const a = await c.createSpace(org.admin, org.id, "Alpha");
    const b = await c.createSpace(org.admin, org.id, "Beta");
    const gone = await c.createSpace(org.admin, org.id, "Gone");
    const foreign = await c.createSpace(other.admin, other.id, "Foreign");
    for (const [space, admin] of [
      [a, org.admin],
      [b, org.admin],
      [gone, org.admin],
      [foreign, other.admin],
    ] as const) {
      await c.publish(admin, space.id, [insertPage("Photosynthesis", "Plants and light.")]);
    }
    await c.publish(org.admin, b.id, [insertPage("More photosynthesis", "Chlorophyll and photosynthesis again.")]);
    await h.api.delete(`/v1/spaces/${gone.id}`).set("Authorization", org.admin.auth).expect(205);
    const res = await search(org.admin, `/v1/orgs/${org.id}/search?query=photosynthesis`);
    expect(res.body.items.map((space: { id: string }) => space.id)).toEqual([b.id, a.id]);
    expect(res.body.items[0]).toMatchObject({ title: "Beta", pages: expect.arrayContaining([expect.objectContaining({ title: "Photosynthesis" })]) });
    const guest = await h.member(org.id, null);
    expect((await search(guest, `/v1/orgs/${org.id}/search?query=photosynthesis`)).body.count).toBe(0);
    await h.api.get(`/v1/orgs/${org.id}/search?query=photosynthesis`).set("Authorization", other.admin.auth).expect(404);
  });
});
