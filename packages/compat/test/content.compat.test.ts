// A space's content through GitBook's client: revisions, pages, files, search.
import { docstack, gitbook, server, unique } from "./gitbook";

type Json = Record<string, unknown>;

const api = gitbook();
const PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** A space with a page, a sub-page and a file, merged through a change request (set up with Docstack's own shapes). */
async function spaceWithContent(): Promise<{ spaceId: string; pageId: string; childId: string; fileId: string }> {
  const space = await docstack<{ id: string }>("POST", `/orgs/${server.organizationId}/spaces`, { title: unique("Content") });
  const cr = await docstack<{ id: string }>("POST", `/spaces/${space.id}/change-requests`, { subject: "Pages" });
  const write = (change: Json) => docstack("POST", `/spaces/${space.id}/change-requests/${cr.id}/content`, { changes: [change] });
  const read = () => docstack<{ pages: { id: string; pages: { id: string }[] }[] }>("GET", `/spaces/${space.id}/change-requests/${cr.id}/content/pages`);
  await write({ operation: "insert_files", files: [{ name: "pixel.png", contentType: "image/png", data: PIXEL }] });
  await write({ operation: "insert_page", title: "Guide", document: { markdown: "The guide to everything." } });
  const pageId = ((await read()).pages[0] as { id: string }).id;
  await write({ operation: "insert_page", into: pageId, title: "Install", document: { markdown: "Run npm start to install the guide." } });
  const childId = ((await read()).pages[0]!.pages[0] as { id: string }).id;
  await docstack("POST", `/spaces/${space.id}/change-requests/${cr.id}/merge`);
  const files = await docstack<{ items: { id: string }[] }>("GET", `/spaces/${space.id}/content/files`);
  return { spaceId: space.id, pageId, childId, fileId: (files.items[0] as { id: string }).id };
}

let content: Awaited<ReturnType<typeof spaceWithContent>>;
beforeAll(async () => {
  content = await spaceWithContent();
});

it("getCurrentRevision", async () => {
  const { data: revision } = await api.spaces.getCurrentRevision(content.spaceId);
  expect(revision.object).toBe("revision");
  expect(revision.pages.map((page) => page.title)).toEqual(["Guide"]);
  expect(revision.files.map((file) => file.id)).toEqual([content.fileId]);
});

it("listPages gives GitBook's kind and layout", async () => {
  const { data } = await api.spaces.listPages(content.spaceId);
  const [guide] = data.pages;
  expect(guide).toMatchObject({ title: "Guide", type: "document", kind: "sheet", tags: [], layout: { width: "default", title: true } });
});

it("getPageById", async () => {
  const { data: page } = await api.spaces.getPageById(content.spaceId, content.childId);
  expect(page).toMatchObject({ id: content.childId, title: "Install", path: "guide/install" });
});

it("getPageByPath", async () => {
  const { data: page } = await api.spaces.getPageByPath(content.spaceId, "guide/install");
  expect(page.id).toBe(content.childId);
});

it("listFiles", async () => {
  const { data } = await api.spaces.listFiles(content.spaceId);
  expect(data.items.map((file) => [file.id, file.name])).toEqual([[content.fileId, "pixel.png"]]);
});

it("getFileById", async () => {
  const { data: file } = await api.spaces.getFileById(content.spaceId, content.fileId);
  expect(file).toMatchObject({ id: content.fileId, name: "pixel.png", contentType: "image/png" });
});

it("searchSpaceContent gives each result its score, rank and ancestors", async () => {
  const { data } = await api.spaces.searchSpaceContent(content.spaceId, { query: "install" });
  const [first] = data.items;
  expect(first).toMatchObject({ id: content.childId, rank: 1, ancestors: [{ title: "Guide" }], description: "" });
  expect(first?.score).toBeGreaterThan(0);
  expect(first?.sections?.[0]?.score).toBeGreaterThan(0);
});

it("searchOrganizationContent groups results by space, with scores", async () => {
  const { data } = await api.orgs.searchOrganizationContent(server.organizationId, { query: "install" });
  const space = data.items.find((item) => item.id === content.spaceId);
  expect(space).toMatchObject({ type: "space", pages: [{ id: content.childId, ancestors: [{ title: "Guide" }] }] });
  expect(space?.score).toBeGreaterThan(0);
});

it("searchSiteContent searches the site's spaces as its readers find them", async () => {
  const site = await docstack<{ id: string }>("POST", `/orgs/${server.organizationId}/sites`, { title: unique("Search"), spaces: [content.spaceId] });
  await docstack("POST", `/orgs/${server.organizationId}/sites/${site.id}/publish`);
  const { data } = await api.orgs.searchSiteContent(server.organizationId, site.id, { query: "install", scope: { mode: "all" } });
  expect(data.items).toMatchObject([{ type: "space", id: content.spaceId, pages: [{ id: content.childId, ancestors: [{ title: "Guide" }] }] }]);
});
