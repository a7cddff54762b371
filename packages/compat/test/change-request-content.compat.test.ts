// Writing content as GitBook's scripts do: a change request, a batch in GitBook's shapes through the client, reads
// of the change request's content, and the merge.
import { docstack, gitbook, server, unique } from "./gitbook";

const api = gitbook();
const PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

let spaceId: string;
let changeRequestId: string;
let guideId: string;
let fileId: string;

beforeAll(async () => {
  spaceId = (await docstack<{ id: string }>("POST", `/orgs/${server.organizationId}/spaces`, { title: unique("Written") })).id;
  changeRequestId = (await docstack<{ id: string }>("POST", `/spaces/${spaceId}/change-requests`, { subject: "GitBook shapes" })).id;
});

it("updateChangeRequestContent with a page without title, metadata, refs and a file by base64 (compat=false)", async () => {
  const { data } = await api.spaces.updateChangeRequestContent(
    spaceId,
    changeRequestId,
    {
      changes: [
        { operation: "insert_files", files: [{ ref: "logo", name: "logo.png", contentType: "image/png", base64: PIXEL }] },
        {
          operation: "insert_page",
          ref: "guide",
          slug: "guide",
          emoji: "📘",
          description: "Where to start",
          document: { markdown: "# The guide\n\nSee [setup](./setup.md) and ![logo](./logo)." },
        },
        { operation: "insert_page", ref: "setup", into: "guide", document: { markdown: "---\ntitle: Setup\nnoIndex: true\n---\nSteps." } },
      ],
    },
    { compat: false },
  );
  if (!("changes" in data)) throw new Error("compat=false answers the changes");
  expect(data.changes.map((change) => [change.object, "ref" in change ? change.ref : undefined])).toEqual([
    ["created_page", "guide"],
    ["created_page", "setup"],
  ]);
  guideId = (data.changes[0]!.page as { id: string }).id;
  fileId = data.insertedFiles?.[0]?.id as string;
  expect(data.insertedFiles?.map((file) => file.name)).toEqual(["logo.png"]);
});

it("updateChangeRequestContent with emoji: null removes the emoji (the change request answered by default)", async () => {
  const { data } = await api.spaces.updateChangeRequestContent(spaceId, changeRequestId, {
    changes: [{ operation: "update_page", page: guideId, emoji: null as unknown as string }],
  });
  expect(data).toMatchObject({ object: "change-request", id: changeRequestId });
  const page = await docstack<{ emoji?: string }>("GET", `/spaces/${spaceId}/change-requests/${changeRequestId}/content/page/${guideId}`);
  expect(page.emoji).toBeUndefined();
});

it("updateChangeRequestContent with update_page and only a title keeps the page's slug and URL", async () => {
  const space = (await docstack<{ id: string }>("POST", `/orgs/${server.organizationId}/spaces`, { title: unique("Renamed") })).id;
  const cr = (await docstack<{ id: string }>("POST", `/spaces/${space}/change-requests`, { subject: "Rename" })).id;
  await api.spaces.updateChangeRequestContent(space, cr, { changes: [{ operation: "insert_page", title: "Getting started", document: { markdown: "x" } }] });
  const [page] = (await api.spaces.listPagesInChangeRequest(space, cr)).data.pages;
  await api.spaces.updateChangeRequestContent(space, cr, { changes: [{ operation: "update_page", page: page!.id, title: "Quick start" }] });
  const { data: renamed } = await api.spaces.getPageInChangeRequestById(space, cr, page!.id);
  expect(renamed).toMatchObject({ title: "Quick start", slug: "getting-started", path: "getting-started" });
});

it("getRevisionOfChangeRequestById", async () => {
  const { data: revision } = await api.spaces.getRevisionOfChangeRequestById(spaceId, changeRequestId);
  expect(revision.pages.map((page) => page.title)).toEqual(["The guide"]);
});

it("listPagesInChangeRequest", async () => {
  const { data } = await api.spaces.listPagesInChangeRequest(spaceId, changeRequestId);
  expect(data.pages.map((page) => page.title)).toEqual(["The guide"]);
});

it("getPageInChangeRequestById gives the page's metadata and its body with links resolved", async () => {
  const { data: page } = await api.spaces.getPageInChangeRequestById(spaceId, changeRequestId, guideId, { format: "markdown" });
  expect(page).toMatchObject({ title: "The guide", slug: "guide", description: "Where to start", kind: "sheet" });
  expect("markdown" in page && page.markdown).toBe("See [setup](/guide/setup) and ![logo](logo.png).");
});

it("getPageInChangeRequestByPath", async () => {
  const { data: page } = await api.spaces.getPageInChangeRequestByPath(spaceId, changeRequestId, "guide/setup");
  expect(page).toMatchObject({ title: "Setup", noIndex: true });
});

it("listFilesInChangeRequestById", async () => {
  const { data } = await api.spaces.listFilesInChangeRequestById(spaceId, changeRequestId);
  expect(data.items.map((file) => file.id)).toEqual([fileId]);
});

it("getFileInChangeRequestById", async () => {
  const { data: file } = await api.spaces.getFileInChangeRequestById(spaceId, changeRequestId, fileId);
  expect(file.name).toBe("logo.png");
});
