// Revisions by ID (GitBook's /spaces/{spaceId}/revisions/{revisionId} family) and the changes between a revision and
// its parent, or between a change request and its base.
import { contentHelpers, insertPage, pngBytes } from "../../../test/support/content";
import { type TestUser, useHarness } from "../../../test/support/harness";

const h = useHarness();
const c = contentHelpers(h);
const get = (user: TestUser, url: string, status = 200) => h.api.get(url).set("Authorization", user.auth).expect(status);

it("reads any revision of the space by ID: the revision, its pages, files, a page by ID and by path", async () => {
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  const [page] = await c.publish(org.admin, space.id, [insertPage("First", "Version one.")]);
  const earlier = (await get(org.admin, `/v1/spaces/${space.id}`)).body.revision as string;
  const cr = await c.createChangeRequest(org.admin, space.id);
  await c
    .write(org.admin, space.id, cr.id, [
      { operation: "update_page", page: page!.id, title: "Renamed", slug: "renamed", document: { markdown: "Version two." } },
      { operation: "insert_files", files: [{ name: "a.png", contentType: "image/png", data: pngBytes(1, 1).toString("base64") }] },
    ])
    .expect(200);
  await c.merge(org.admin, space.id, cr.id).expect(200);
  const base = `/v1/spaces/${space.id}/revisions/${earlier}`;
  const revision = (await get(org.admin, base)).body;
  expect(revision).toMatchObject({ object: "revision", id: earlier, type: "merge", mergedFrom: { object: "change-request", space: space.id } });
  expect(revision.pages.map((p: { title: string }) => p.title)).toEqual(["First"]);
  expect((await get(org.admin, `${base}/pages`)).body.pages.map((p: { title: string }) => p.title)).toEqual(["First"]);
  expect((await get(org.admin, `${base}/files`)).body.items).toEqual([]);
  expect((await get(org.admin, `${base}/page/${page!.id}?evaluated=true`)).body).toMatchObject({ title: "First", markdown: "Version one." });
  expect((await get(org.admin, `${base}/path/first?evaluated=deterministic-only`)).body.id).toBe(page!.id);
  const current = (await get(org.admin, `/v1/spaces/${space.id}`)).body.revision as string;
  const files = (await get(org.admin, `/v1/spaces/${space.id}/revisions/${current}/files`)).body.items;
  expect(files.map((file: { name: string }) => file.name)).toEqual(["a.png"]);
  expect((await get(org.admin, `/v1/spaces/${space.id}/revisions/${current}/files/${files[0].id}`)).body.name).toBe("a.png");
  await get(org.admin, `/v1/spaces/${space.id}/revisions/${current}/path/first`, 404);
  // The first test of the file meets a dozen operations first (each prepares its validators then): on a machine
  // shared with other test runs that alone has taken more than jest's 30 s.
}, 90_000);

it("answers 404 for a revision of another space, of nothing, or of a space the caller cannot see", async () => {
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  const other = await c.createSpace(org.admin, org.id, "Other");
  await get(org.admin, `/v1/spaces/${space.id}/revisions/${space.revision}`);
  await get(org.admin, `/v1/spaces/${other.id}/revisions/${space.revision}`, 404);
  await get(org.admin, `/v1/spaces/${space.id}/revisions/01jq3kf8g9h0j1k2m3n4p5q6r7/pages`, 404);
  const stranger = await h.organization();
  await get(stranger.admin, `/v1/spaces/${space.id}/revisions/${space.revision}`, 404);
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
  const changes = (await get(org.admin, `/v1/spaces/${space.id}/change-requests/${cr.id}/changes?limit=100`)).body;
  const summary = changes.changes.map(
    (change: { type: string; page?: { title: string }; file?: { name: string } }) => `${change.type} ${change.page?.title ?? change.file?.name}`,
  );
  expect(summary).toEqual(["page_edited Handbook", "page_moved Moved", "page_created New", "page_deleted Old", "file_created a.png"]);
  const edited = changes.changes[0];
  expect(edited.attributes).toMatchObject({
    title: { before: "Guides", after: "Handbook" },
    slug: { before: "guides", after: "handbook" },
    description: { after: "All of it" },
  });
  expect(edited.attributes.document.before).not.toBe(edited.attributes.document.after);
  expect(changes.changes[1].parent).toEqual({ after: { id: guides!.id, type: "document", title: "Handbook", path: "handbook" } });
  const limited = (await get(org.admin, `/v1/spaces/${space.id}/change-requests/${cr.id}/changes?limit=2`)).body;
  expect(limited).toMatchObject({ more: 3 });
  expect(limited.changes).toHaveLength(2);
  await c.merge(org.admin, space.id, cr.id).expect(200);
  const merged = (await get(org.admin, `/v1/spaces/${space.id}`)).body.revision as string;
  const ofMerge = (await get(org.admin, `/v1/spaces/${space.id}/revisions/${merged}/changes?limit=100`)).body;
  expect(ofMerge.mergedFrom).toMatchObject({ id: cr.id });
  expect(ofMerge.changes.map((change: { type: string }) => change.type)).toEqual(summary.map((line: string) => line.split(" ")[0]));
});
