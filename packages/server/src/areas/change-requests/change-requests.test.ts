import { contentHelpers, insertPage } from "../../../test/support/content";
import { type TestUser, useHarness } from "../../../test/support/harness";

const h = useHarness();
const c = contentHelpers(h);

async function setup() {
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  return { org, admin: org.admin, space };
}
const get = (user: TestUser, url: string) => h.api.get(url).set("Authorization", user.auth);
const patch = (user: TestUser, url: string, body: object) => h.api.patch(url).set("Authorization", user.auth).send(body);

describe("change requests", () => {
  it("are created as drafts from the space's content, numbered per space, found by ID or number", async () => {
    const { admin, space } = await setup();
    const first = await c.createChangeRequest(admin, space.id, "First");
    const second = await c.createChangeRequest(admin, space.id, "Second");
    expect(first).toMatchObject({
      object: "change-request",
      number: 1,
      status: "draft",
      subject: "First",
      revision: space.revision,
      revisionInitial: space.revision,
      outdated: false,
      comments: 0,
    });
    expect(second.number).toBe(2);
    expect((await get(admin, `/v1/spaces/${space.id}/change-requests/2`).expect(200)).body.id).toBe(second.id);
    expect((await get(admin, `/v1/spaces/${space.id}/change-requests/${first.id}`).expect(200)).body.number).toBe(1);
    await get(admin, `/v1/spaces/${space.id}/change-requests/3`).expect(404);
    const untitled = await h.api.post(`/v1/spaces/${space.id}/change-requests`).set("Authorization", admin.auth).expect(201);
    expect(untitled.body.subject).toBe("");
    const counters = (await get(admin, `/v1/spaces/${space.id}`).expect(200)).body;
    expect(counters).toMatchObject({ changeRequests: 3, changeRequestsDraft: 3, changeRequestsOpen: 0 });
  });

  it("show their creator's e-mail only while the creator shares an organization with the caller", async () => {
    const { org, admin, space } = await setup();
    const creator = await h.member(org.id, "edit");
    const cr = await c.createChangeRequest(creator, space.id, "From someone who leaves");
    const url = `/v1/spaces/${space.id}/change-requests/${cr.id}`;
    expect((await get(admin, url).expect(200)).body.createdBy).toMatchObject({ id: creator.id, email: creator.email });
    await h.direct((prisma) => prisma.member.delete({ where: { organizationId_userId: { organizationId: org.id, userId: creator.id } } }));
    const read = await get(admin, url).expect(200);
    expect(read.body.createdBy).toMatchObject({ id: creator.id, displayName: expect.any(String) });
    expect(read.body.createdBy.email).toBeUndefined();
    const listed = await get(admin, `/v1/spaces/${space.id}/change-requests`).expect(200);
    expect(listed.text).not.toContain(creator.email);
  });

  it("number without gaps or duplicates under concurrent creation", async () => {
    const { admin, space } = await setup();
    const created = await Promise.all(Array.from({ length: 12 }, (_, i) => c.createChangeRequest(admin, space.id, `CR ${i}`)));
    expect(created.map((cr) => cr.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it("move between draft, open and archived, and list by status and contributor", async () => {
    const { org, admin, space } = await setup();
    const cr = await c.createChangeRequest(admin, space.id);
    const url = `/v1/spaces/${space.id}/change-requests/${cr.id}`;
    expect((await patch(admin, url, { status: "open" }).expect(200)).body.status).toBe("open");
    expect((await get(admin, `/v1/spaces/${space.id}/change-requests`).expect(200)).body.items.map((x: { id: string }) => x.id)).toEqual([cr.id]);
    expect((await get(admin, `/v1/spaces/${space.id}/change-requests?status=draft`).expect(200)).body.count).toBe(0);
    expect((await patch(admin, url, { status: "archived", subject: "Shelved" }).expect(200)).body).toMatchObject({ status: "archived", subject: "Shelved" });
    expect((await patch(admin, url, { status: "draft" }).expect(200)).body.status).toBe("draft");
    await patch(admin, url, { status: "merged" }).expect(400);
    const editor = await h.member(org.id, "edit");
    const theirs = await c.createChangeRequest(editor, space.id);
    await c.write(editor, space.id, theirs.id, [insertPage("Mine")]).expect(200);
    const byEditor = await get(admin, `/v1/spaces/${space.id}/change-requests?status=draft&contributor=${editor.id}`).expect(200);
    expect(byEditor.body.items.map((x: { id: string }) => x.id)).toEqual([theirs.id]);
    const reader = await h.member(org.id, "read");
    await patch(reader, url, { subject: "No" }).expect(403);
    await h.api.post(`/v1/spaces/${space.id}/change-requests`).set("Authorization", reader.auth).send({}).expect(403);
  });

  it("write content atomically: the whole batch, or nothing with a message naming the change", async () => {
    const { admin, space } = await setup();
    const cr = await c.createChangeRequest(admin, space.id);
    const res = await c.write(admin, space.id, cr.id, [insertPage("Getting started", "# Welcome\n\nHello."), insertPage("Second")]).expect(200);
    expect(res.body.revision).not.toBe(space.revision);
    const pages = await c.pages(admin, space.id, cr.id);
    expect(pages.map((p) => [p.title, p.path])).toEqual([
      ["Getting started", "getting-started"],
      ["Second", "second"],
    ]);
    const failed = await c.write(admin, space.id, cr.id, [insertPage("Third"), { operation: "delete_page", page: "01aaaaaaaaaaaaaaaaaaaaaaaa" }]).expect(400);
    expect(failed.body.error.message).toMatch(/changes\/1\/page/);
    expect((await c.pages(admin, space.id, cr.id)).map((p) => p.title)).toEqual(["Getting started", "Second"]);
    // The space's own content does not change until the merge.
    expect(await c.pages(admin, space.id)).toEqual([]);
  });

  it("nest, move, rename and delete pages, with slugs unique among siblings", async () => {
    const { admin, space } = await setup();
    const cr = await c.createChangeRequest(admin, space.id);
    await c.write(admin, space.id, cr.id, [insertPage("Guides"), insertPage("API")]).expect(200);
    const [guides, apiPage] = await c.pages(admin, space.id, cr.id);
    await c
      .write(admin, space.id, cr.id, [
        insertPage("Install", "", { into: guides!.id }),
        insertPage("Install", "", { into: guides!.id }),
        insertPage("First", "", { into: guides!.id, at: 0 }),
      ])
      .expect(200);
    let tree = await c.pages(admin, space.id, cr.id);
    const children = tree[0]!.pages as { id: string; title: string; path: string; slug: string }[];
    expect(children.map((p) => p.path)).toEqual(["guides/first", "guides/install", "guides/install-2"]);
    await c
      .write(admin, space.id, cr.id, [{ operation: "update_page", page: apiPage!.id, title: "Reference", slug: "reference", into: guides!.id, at: 1 }])
      .expect(200);
    tree = await c.pages(admin, space.id, cr.id);
    expect((tree[0]!.pages as { path: string }[]).map((p) => p.path)).toEqual(["guides/first", "guides/reference", "guides/install", "guides/install-2"]);
    const loop = await c.write(admin, space.id, cr.id, [{ operation: "update_page", page: guides!.id, into: children[0]!.id }]).expect(400);
    expect(loop.body.error.message).toMatch(/itself/);
    await c.write(admin, space.id, cr.id, [{ operation: "delete_page", page: guides!.id }]).expect(200);
    expect(await c.pages(admin, space.id, cr.id)).toEqual([]);
  });

  it("merge into the space: a merge revision with both parents, the change request merged and final", async () => {
    const { admin, space } = await setup();
    const cr = await c.createChangeRequest(admin, space.id);
    await c.write(admin, space.id, cr.id, [insertPage("Welcome", "Hello")]).expect(200);
    const before = (await get(admin, `/v1/spaces/${space.id}/change-requests/${cr.id}`)).body;
    const merged = await c.merge(admin, space.id, cr.id).expect(200);
    expect(merged.body).toEqual({ result: "merge", revision: expect.any(String) });
    const after = (await get(admin, `/v1/spaces/${space.id}`).expect(200)).body;
    expect(after.revision).toBe(merged.body.revision);
    const revision = (await get(admin, `/v1/spaces/${space.id}/content`).expect(200)).body;
    expect(revision).toMatchObject({ object: "revision", type: "merge", parents: [space.revision, before.revision] });
    expect(revision.pages.map((p: { title: string }) => p.title)).toEqual(["Welcome"]);
    const final = (await get(admin, `/v1/spaces/${space.id}/change-requests/${cr.id}`)).body;
    expect(final).toMatchObject({ status: "merged", revisionMerged: merged.body.revision, outdated: false });
    await patch(admin, `/v1/spaces/${space.id}/change-requests/${cr.id}`, { status: "open" }).expect(409);
    await patch(admin, `/v1/spaces/${space.id}/change-requests/${cr.id}`, { subject: "Late" }).expect(409);
    const write = await c.write(admin, space.id, cr.id, [insertPage("Late")]).expect(409);
    expect(write.body.error.message).toMatch(/merged/);
    expect(write.body.error.reason).toBe("change_request_merged");
    expect((await c.merge(admin, space.id, cr.id).expect(409)).body.error).toMatchObject({ type: "conflict", reason: "change_request_merged" });
  });

  it("merge edits of different lines of one page cleanly, and refuse edits of the same line with the conflicting pages", async () => {
    const { admin, space } = await setup();
    const [page] = await c.publish(admin, space.id, [insertPage("Doc", "line one\nline two\nline three")]);
    const space1 = (await get(admin, `/v1/spaces/${space.id}`)).body.revision;
    const a = await c.createChangeRequest(admin, space.id, "A");
    const b = await c.createChangeRequest(admin, space.id, "B");
    const d = await c.createChangeRequest(admin, space.id, "D");
    await c.write(admin, space.id, a.id, [{ operation: "update_page", page: page!.id, document: { markdown: "line ONE\nline two\nline three" } }]).expect(200);
    await c.write(admin, space.id, b.id, [{ operation: "update_page", page: page!.id, document: { markdown: "line one\nline two\nline THREE" } }]).expect(200);
    await c.write(admin, space.id, d.id, [{ operation: "update_page", page: page!.id, document: { markdown: "line 1\nline two\nline three" } }]).expect(200);
    expect((await c.merge(admin, space.id, a.id).expect(200)).body.result).toBe("merge");
    expect((await get(admin, `/v1/spaces/${space.id}/change-requests/${b.id}`)).body.outdated).toBe(true);
    expect((await c.merge(admin, space.id, b.id).expect(200)).body.result).toBe("merge");
    const body = (await get(admin, `/v1/spaces/${space.id}/content/page/${page!.id}`).expect(200)).body.markdown;
    expect(body).toBe("line ONE\nline two\nline THREE");
    const conflicting = await c.merge(admin, space.id, d.id).expect(200);
    const dRevision = (await get(admin, `/v1/spaces/${space.id}/change-requests/${d.id}`)).body.revision;
    expect(conflicting.body).toEqual({
      result: "conflicts",
      revision: dRevision,
      conflicts: [{ page: { id: page!.id, title: "Doc", path: "doc" }, reason: expect.stringContaining("content") }],
    });
    // Nothing changed.
    expect((await get(admin, `/v1/spaces/${space.id}/change-requests/${d.id}`)).body.status).toBe("draft");
    expect((await get(admin, `/v1/spaces/${space.id}/content/page/${page!.id}`)).body.markdown).toBe(body);
    expect(space1).not.toBe((await get(admin, `/v1/spaces/${space.id}`)).body.revision);
  });

  it("update from the space: pulls main in, sets revisionMergedAncestor, and is no longer outdated", async () => {
    const { admin, space } = await setup();
    const mine = await c.createChangeRequest(admin, space.id);
    await c.write(admin, space.id, mine.id, [insertPage("Mine")]).expect(200);
    await c.publish(admin, space.id, [insertPage("Theirs")]);
    const spaceRevision = (await get(admin, `/v1/spaces/${space.id}`)).body.revision;
    expect((await get(admin, `/v1/spaces/${space.id}/change-requests/${mine.id}`)).body.outdated).toBe(true);
    const updated = await h.api.post(`/v1/spaces/${space.id}/change-requests/${mine.id}/update`).set("Authorization", admin.auth).expect(200);
    expect(updated.body.result).toBe("update");
    const after = (await get(admin, `/v1/spaces/${space.id}/change-requests/${mine.id}`)).body;
    expect(after).toMatchObject({ outdated: false, revisionMergedAncestor: spaceRevision, revision: updated.body.revision });
    expect((await c.pages(admin, space.id, mine.id)).map((p) => p.title).sort()).toEqual(["Mine", "Theirs"]);
    const revision = (await get(admin, `/v1/spaces/${space.id}/change-requests/${mine.id}/content`)).body;
    expect(revision.type).toBe("update");
    // Merging now adds only its own change.
    expect((await c.merge(admin, space.id, mine.id).expect(200)).body.result).toBe("merge");
    expect((await c.pages(admin, space.id)).map((p) => p.title).sort()).toEqual(["Mine", "Theirs"]);
  });

  it("serialize racing merges on one space: both land, neither is lost", async () => {
    const { admin, space } = await setup();
    const crs = await Promise.all([0, 1, 2].map((i) => c.createChangeRequest(admin, space.id, `Race ${i}`)));
    for (const [i, cr] of crs.entries()) await c.write(admin, space.id, cr.id, [insertPage(`Page ${i}`)]).expect(200);
    const results = await Promise.all(crs.map((cr) => c.merge(admin, space.id, cr.id)));
    expect(results.map((r) => [r.status, r.body.result])).toEqual([
      [200, "merge"],
      [200, "merge"],
      [200, "merge"],
    ]);
    expect((await c.pages(admin, space.id)).map((p) => p.title).sort()).toEqual(["Page 0", "Page 1", "Page 2"]);
    const revision = (await get(admin, `/v1/spaces/${space.id}/content`)).body;
    expect(results.map((r) => r.body.revision)).toContain(revision.id);
  });

  it("refuse every edit and merge of a locked space with a clear error", async () => {
    const { admin, space } = await setup();
    const cr = await c.createChangeRequest(admin, space.id);
    await c.write(admin, space.id, cr.id, [insertPage("Before lock")]).expect(200);
    await patch(admin, `/v1/spaces/${space.id}`, { editMode: "locked" }).expect(200);
    const refused = await h.api.post(`/v1/spaces/${space.id}/change-requests`).set("Authorization", admin.auth).send({}).expect(409);
    expect(refused.body.error.message).toMatch(/locked/);
    expect(refused.body.error.reason).toBe("space_locked");
    expect((await c.write(admin, space.id, cr.id, [insertPage("During lock")]).expect(409)).body.error.reason).toBe("space_locked");
    await c.merge(admin, space.id, cr.id).expect(409);
    await h.api.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/update`).set("Authorization", admin.auth).expect(409);
    await patch(admin, `/v1/spaces/${space.id}`, { editMode: "live" }).expect(200);
    expect((await c.merge(admin, space.id, cr.id).expect(200)).body.result).toBe("merge");
  });

  it("refuse writes and merges below the needed role, and hide them from other organizations", async () => {
    const { org, admin, space } = await setup();
    const cr = await c.createChangeRequest(admin, space.id);
    const commenter = await h.member(org.id, "comment");
    await c.write(commenter, space.id, cr.id, [insertPage("X")]).expect(403);
    await c.merge(commenter, space.id, cr.id).expect(403);
    const outsider = (await h.organization()).admin;
    const hidden = await get(outsider, `/v1/spaces/${space.id}/change-requests/${cr.id}`).expect(404);
    expect(JSON.stringify(hidden.body)).not.toContain(cr.id);
    await c.merge(outsider, space.id, cr.id).expect(404);
  });
});
