// A revision's page tree is served from bytes made once, with a strong ETag: 304 to a client that holds them,
// a new tag once the revision moves. So is its title tree (getPageTitleTree), the same tree cut to four fields.
import { contentHelpers, insertPage, writePagesInBulk } from "../../../test/support/content";
import { type TestUser, useHarness } from "../../../test/support/harness";

const h = useHarness();
const c = contentHelpers(h);

describe("the page tree's ETag", () => {
  let admin: TestUser;
  let spaceId: string;

  beforeAll(async () => {
    const org = await h.organization();
    admin = org.admin;
    spaceId = (await c.createSpace(admin, org.id)).id;
    await c.publish(admin, spaceId, [insertPage("Intro", "Hello."), insertPage("Setup", "Install it.")]);
  });

  const spaceTree = (ifNoneMatch?: string) =>
    h.as(admin).GET("/v1/spaces/{spaceId}/content/pages", { params: { path: { spaceId }, header: ifNoneMatch ? { "If-None-Match": ifNoneMatch } : {} } });
  const titles = (pages: { title: string }[] | undefined) => pages?.map((page) => page.title);

  it("answers 304 without a body to a client holding the tree, and the new tree once the revision moved", async () => {
    const first = await spaceTree();
    expect(first.response.status).toBe(200);
    const etag = first.response.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(titles(first.data?.pages)).toEqual(["Intro", "Setup"]);
    expect((await spaceTree()).response.headers.get("etag")).toBe(etag);

    const held = await spaceTree(etag);
    expect(held.response.status).toBe(304);
    expect(held.response.headers.get("etag")).toBe(etag);
    expect((await spaceTree(`"another", ${etag}`)).response.status).toBe(304);
    expect((await spaceTree(`"another"`)).response.status).toBe(200);

    await c.publish(admin, spaceId, [insertPage("Upgrade", "Read the notes.")]);
    const moved = await spaceTree(etag);
    expect(moved.response.status).toBe(200);
    expect(moved.response.headers.get("etag")).not.toBe(etag);
    expect(titles(moved.data?.pages)).toEqual(["Intro", "Setup", "Upgrade"]);
  });

  it("tags a change request's tree too", async () => {
    const cr = await c.createChangeRequest(admin, spaceId);
    const crTree = (ifNoneMatch?: string) =>
      h.as(admin).GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages", {
        params: { path: { spaceId, changeRequestId: cr.id }, header: ifNoneMatch ? { "If-None-Match": ifNoneMatch } : {} },
      });
    const etag = (await crTree()).response.headers.get("etag")!;
    expect((await crTree(etag)).response.status).toBe(304);
    await c.write(admin, spaceId, cr.id, [insertPage("Draft")]).expect(200);
    const edited = await crTree(etag);
    expect(edited.response.status).toBe(200);
    expect(titles(edited.data?.pages)).toEqual(["Intro", "Setup", "Upgrade", "Draft"]);
  });

  it("answers the title tree: the page tree's pages and sub-pages cut to ID, title and type, tagged the same way", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    await writePagesInBulk(h, space.id, [
      { title: "Guides", markdown: "Index." },
      { title: "Install", markdown: "Run it.", parent: 0 },
      { title: "Deep", markdown: "Down.", parent: 1 },
      { title: "Reference", markdown: "All of it." },
    ]);
    const titleTree = (ifNoneMatch?: string) =>
      h
        .as(org.admin)
        .GET("/v1/spaces/{spaceId}/content/tree", { params: { path: { spaceId: space.id }, header: ifNoneMatch ? { "If-None-Match": ifNoneMatch } : {} } });
    type Full = { id: string; title: string; type: string; pages?: Full[] };
    const cut = (pages: readonly Full[]): unknown[] => pages.map(({ id, title, type, pages: sub }) => ({ id, title, type, pages: cut(sub ?? []) }));
    const full = await h.as(org.admin).GET("/v1/spaces/{spaceId}/content/pages", { params: { path: { spaceId: space.id } } });
    const first = await titleTree();
    expect(first.response.status).toBe(200);
    expect(first.data).toEqual({ pages: cut(full.data!.pages as Full[]) });
    expect(first.data?.pages.map((page) => [page.title, page.pages.map((sub) => [sub.title, sub.pages.map((deep) => deep.title)])])).toEqual([
      ["Guides", [["Install", ["Deep"]]]],
      ["Reference", []],
    ]);
    const etag = first.response.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await titleTree(etag)).response.status).toBe(304);

    await c.publish(org.admin, space.id, [insertPage("Upgrade")]);
    const moved = await titleTree(etag);
    expect(moved.response.status).toBe(200);
    expect(titles(moved.data?.pages)).toEqual(["Guides", "Reference", "Upgrade"]);
    // Read as the page list is: someone the space is not shared with is told it does not exist.
    const stranger = (await h.organization()).admin;
    expect((await h.as(stranger).GET("/v1/spaces/{spaceId}/content/tree", { params: { path: { spaceId: space.id } } })).response.status).toBe(404);
  });
});
