// Revisions by ID (GitBook's /spaces/{spaceId}/revisions/{revisionId} family) and the changes between a revision and
// its parent, or between a change request and its base.
import { contentHelpers, insertPage, pngBytes } from "../../../test/support/content";
import { type ApiClient, answered, at, refused, useHarness } from "../../../test/support/harness";

const h = useHarness();
const c = contentHelpers(h);
const REVISION = "/v1/spaces/{spaceId}/revisions/{revisionId}";
/** The space's current revision, as `client` sees it. */
const currentRevision = async (client: ApiClient, spaceId: string) => (await answered(client.GET("/v1/spaces/{spaceId}", at({ spaceId })), 200)).revision;

it("reads any revision of the space by ID: the revision, its pages, files, a page by ID and by path", async () => {
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  const [page] = await c.publish(org.admin, space.id, [insertPage("First", "Version one.")]);
  const admin = h.as(org.admin);
  const earlier = await currentRevision(admin, space.id);
  const cr = await c.createChangeRequest(org.admin, space.id);
  await c
    .write(org.admin, space.id, cr.id, [
      { operation: "update_page", page: page!.id, title: "Renamed", slug: "renamed", document: { markdown: "Version two." } },
      { operation: "insert_files", files: [{ name: "a.png", contentType: "image/png", data: pngBytes(1, 1).toString("base64") }] },
    ])
    .expect(200);
  await c.merge(org.admin, space.id, cr.id).expect(200);
  const base = { spaceId: space.id, revisionId: earlier };
  const revision = await answered(admin.GET(REVISION, at(base)), 200);
  expect(revision).toMatchObject({ object: "revision", id: earlier, type: "merge", mergedFrom: { object: "change-request", space: space.id } });
  expect(revision.pages.map((p) => p.title)).toEqual(["First"]);
  expect((await answered(admin.GET(`${REVISION}/pages`, at(base)), 200)).pages.map((p) => p.title)).toEqual(["First"]);
  expect((await answered(admin.GET(`${REVISION}/files`, at(base)), 200)).items).toEqual([]);
  const byId = admin.GET(`${REVISION}/page/{pageId}`, { params: { path: { ...base, pageId: page!.id }, query: { evaluated: true } } });
  expect(await answered(byId, 200)).toMatchObject({ title: "First", markdown: "Version one." });
  // GitBook's getPageDocumentInRevisionById: the page of that revision as GitBook's document.
  const document = admin.GET(`${REVISION}/page/{pageId}/document`, { params: { path: { ...base, pageId: page!.id }, query: { dereferenced: true } } });
  expect(await answered(document, 200)).toEqual({
    object: "document",
    data: {},
    nodes: [{ object: "block", type: "paragraph", data: {}, nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Version one.", marks: [] }] }] }],
  });
  await refused(admin.GET(`${REVISION}/page/{pageId}/document`, at({ ...base, pageId: "01unknown00000000000000000" })), 404);
  const byPath = admin.GET(`${REVISION}/path/{pagePath}`, { params: { path: { ...base, pagePath: "first" }, query: { evaluated: "deterministic-only" } } });
  expect((await answered(byPath, 200)).id).toBe(page!.id);
  const current = { spaceId: space.id, revisionId: await currentRevision(admin, space.id) };
  const files = (await answered(admin.GET(`${REVISION}/files`, at(current)), 200)).items;
  expect(files.map((file) => file.name)).toEqual(["a.png"]);
  expect((await answered(admin.GET(`${REVISION}/files/{fileId}`, at({ ...current, fileId: files[0]!.id })), 200)).name).toBe("a.png");
  await refused(admin.GET(`${REVISION}/path/{pagePath}`, at({ ...current, pagePath: "first" })), 404);
  // The first test of the file meets a dozen operations first (each prepares its validators then): on a machine
  // shared with other test runs that alone has taken more than jest's 30 s.
});

it("answers 404 for a revision of another space, of nothing, or of a space the caller cannot see", async () => {
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  const other = await c.createSpace(org.admin, org.id, "Other");
  const admin = h.as(org.admin);
  await answered(admin.GET(REVISION, at({ spaceId: space.id, revisionId: space.revision })), 200);
  await refused(admin.GET(REVISION, at({ spaceId: other.id, revisionId: space.revision })), 404);
  await refused(admin.GET(`${REVISION}/pages`, at({ spaceId: space.id, revisionId: "01jq3kf8g9h0j1k2m3n4p5q6r7" })), 404);
  const stranger = h.as((await h.organization()).admin);
  await refused(stranger.GET(REVISION, at({ spaceId: space.id, revisionId: space.revision })), 404);
});

it("lists what a revision changed to its parent, and what a change request changes to its base, in GitBook's shape", async () => {
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  const [guides, old, moved] = await c.publish(org.admin, space.id, [insertPage("Guides", "x"), insertPage("Old", "y"), insertPage("Moved", "z")]);
  const cr = await c.createChangeRequest(org.admin, space.id);
  await c
    .write(org.admin, space.id, cr.id, [
      { operation: "update_page", page: guides!.id, title: "Handbook", slug: "handbook", description: "All of it", document: { markdown: "x2" } },
      { operation: "delete_page", page: old!.id },
      { operation: "update_page", page: moved!.id, into: guides!.id },
      { operation: "insert_page", title: "New", document: { markdown: "n" } },
      { operation: "insert_files", files: [{ name: "a.png", contentType: "image/png", data: pngBytes(1, 1).toString("base64") }] },
    ])
    .expect(200);
  const admin = h.as(org.admin);
  const crChanges = (limit: number) =>
    answered(
      admin.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/changes", {
        params: { path: { spaceId: space.id, changeRequestId: cr.id }, query: { limit } },
      }),
      200,
    );
  const changes = await crChanges(100);
  const summary = changes.changes.map((change) => `${change.type} ${change.page?.title ?? change.file?.name}`);
  expect(summary).toEqual(["page_edited Handbook", "page_moved Moved", "page_created New", "page_deleted Old", "file_created a.png"]);
  const [edited, movedChange] = changes.changes;
  expect(edited?.attributes).toMatchObject({
    title: { before: "Guides", after: "Handbook" },
    slug: { before: "guides", after: "handbook" },
    description: { after: "All of it" },
  });
  expect(edited?.attributes?.document?.before).not.toBe(edited?.attributes?.document?.after);
  expect(movedChange?.parent).toEqual({ after: { id: guides!.id, type: "document", title: "Handbook", path: "handbook" } });
  const limited = await crChanges(2);
  expect(limited).toMatchObject({ more: 3 });
  expect(limited.changes).toHaveLength(2);
  await c.merge(org.admin, space.id, cr.id).expect(200);
  const merged = await currentRevision(admin, space.id);
  const ofMerge = await answered(admin.GET(`${REVISION}/changes`, { params: { path: { spaceId: space.id, revisionId: merged }, query: { limit: 100 } } }), 200);
  expect(ofMerge.mergedFrom).toMatchObject({ id: cr.id });
  expect(ofMerge.changes.map((change) => change.type)).toEqual(summary.map((line) => line.split(" ")[0]));
});
