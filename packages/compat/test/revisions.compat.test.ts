// Revisions by ID and the changes a revision or a change request makes, through GitBook's client.
import { docstack, gitbook, server, unique } from "./gitbook";

const api = gitbook();
const PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

let spaceId: string;
let first: string; // the revision with the first version of the content
let pageId: string;
let fileId: string;
let changeRequestId: string;

beforeAll(async () => {
  spaceId = (await docstack<{ id: string }>("POST", `/orgs/${server.organizationId}/spaces`, { title: unique("History") })).id;
  const cr = (await docstack<{ id: string }>("POST", `/spaces/${spaceId}/change-requests`, { subject: "First version" })).id;
  const { data } = await api.spaces.updateChangeRequestContent(
    spaceId,
    cr,
    {
      changes: [
        { operation: "insert_files", files: [{ name: "pixel.png", contentType: "image/png", base64: PIXEL }] },
        { operation: "insert_page", document: { markdown: "# Overview\n\nVersion one." } },
      ],
    },
    { compat: false },
  );
  if (!("changes" in data)) throw new Error("compat=false answers the changes");
  pageId = (data.changes[0]!.page as { id: string }).id;
  fileId = data.insertedFiles![0]!.id;
  await docstack("POST", `/spaces/${spaceId}/change-requests/${cr}/merge`);
  first = (await docstack<{ revision: string }>("GET", `/spaces/${spaceId}`)).revision;
  changeRequestId = (await docstack<{ id: string }>("POST", `/spaces/${spaceId}/change-requests`, { subject: "Second version" })).id;
  await api.spaces.updateChangeRequestContent(spaceId, changeRequestId, {
    changes: [
      { operation: "update_page", page: pageId, title: "Overview v2", document: { markdown: "Version two." } },
      { operation: "insert_page", title: "News", document: { markdown: "New." } },
    ],
  });
});

it("getRevisionById gives the merge revision with the change request it merged", async () => {
  const { data: revision } = await api.spaces.getRevisionById(spaceId, first);
  expect(revision).toMatchObject({ id: first, type: "merge", pages: [{ id: pageId, title: "Overview" }] });
  expect("mergedFrom" in revision && revision.mergedFrom?.subject).toBe("First version");
});

it("getRevisionSemanticChanges lists what the revision changed to its parent", async () => {
  const { data } = await api.spaces.getRevisionSemanticChanges(spaceId, first);
  expect(data.changes.map((change) => change.type)).toEqual(["page_created", "file_created"]);
});

it("getChangeRequestChanges lists what the change request changes", async () => {
  const { data } = await api.spaces.getChangeRequestChanges(spaceId, changeRequestId, { limit: 1 });
  expect(data.changes).toEqual([
    {
      type: "page_edited",
      page: expect.objectContaining({ id: pageId, title: "Overview v2" }),
      attributes: expect.objectContaining({ title: { before: "Overview", after: "Overview v2" } }),
    },
  ]);
  expect(data.more).toBe(1);
});

it("listPagesInRevisionById", async () => {
  const { data } = await api.spaces.listPagesInRevisionById(spaceId, first);
  expect(data.pages.map((page) => page.title)).toEqual(["Overview"]);
});

it("getPageInRevisionById with evaluated", async () => {
  const { data: page } = await api.spaces.getPageInRevisionById(spaceId, first, pageId, { format: "markdown", evaluated: true });
  expect(page).toMatchObject({ id: pageId, title: "Overview" });
  expect("markdown" in page && page.markdown).toBe("Version one.");
});

it("getPageDocumentInRevisionById", async () => {
  const { data } = await api.spaces.getPageDocumentInRevisionById(spaceId, first, pageId, { evaluated: true, dereferenced: true });
  expect(data).toMatchObject({ object: "document", data: {}, nodes: [{ object: "block", type: "paragraph" }] });
});

it("getPageInRevisionByPath", async () => {
  const { data: page } = await api.spaces.getPageInRevisionByPath(spaceId, first, "overview");
  expect(page.id).toBe(pageId);
});

it("listFilesInRevisionById", async () => {
  const { data } = await api.spaces.listFilesInRevisionById(spaceId, first);
  expect(data.items.map((file) => file.id)).toEqual([fileId]);
});

it("getFileInRevisionById", async () => {
  const { data: file } = await api.spaces.getFileInRevisionById(spaceId, first, fileId);
  expect(file.name).toBe("pixel.png");
});
