import { contentHelpers, insertPage } from "../../../test/support/content";
import { type ApiClient, answered, at, refused, untyped, useHarness } from "../../../test/support/harness";

const h = useHarness();
const c = contentHelpers(h);

async function setup() {
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  return { org, admin: org.admin, space };
}
const SPACE = "/v1/spaces/{spaceId}";
const CHANGE_REQUESTS = "/v1/spaces/{spaceId}/change-requests";
const CHANGE_REQUEST = "/v1/spaces/{spaceId}/change-requests/{changeRequestId}";

/** The change request (by ID or number) as `client` sees it. */
const changeRequest = (client: ApiClient, spaceId: string, changeRequestId: string) =>
  answered(client.GET(CHANGE_REQUEST, at({ spaceId, changeRequestId })), 200);
/** The space as `client` sees it. */
const spaceOf = (client: ApiClient, spaceId: string) => answered(client.GET(SPACE, at({ spaceId })), 200);

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
    const client = h.as(admin);
    expect((await changeRequest(client, space.id, "2")).id).toBe(second.id);
    expect((await changeRequest(client, space.id, first.id)).number).toBe(1);
    await refused(client.GET(CHANGE_REQUEST, at({ spaceId: space.id, changeRequestId: "3" })), 404);
    const untitled = await answered(client.POST(CHANGE_REQUESTS, at({ spaceId: space.id })), 201);
    expect(untitled.subject).toBe("");
    expect(await spaceOf(client, space.id)).toMatchObject({ changeRequests: 3, changeRequestsDraft: 3, changeRequestsOpen: 0 });
  });

  it("show their creator's e-mail only while the creator shares an organization with the caller", async () => {
    const { org, admin, space } = await setup();
    const creator = await h.member(org.id, "edit");
    const cr = await c.createChangeRequest(creator, space.id, "From someone who leaves");
    const client = h.as(admin);
    expect((await changeRequest(client, space.id, cr.id)).createdBy).toMatchObject({ id: creator.id, email: creator.email });
    await h.direct((prisma) => prisma.member.delete({ where: { organizationId_userId: { organizationId: org.id, userId: creator.id } } }));
    const read = await changeRequest(client, space.id, cr.id);
    expect(read.createdBy).toMatchObject({ id: creator.id, displayName: expect.any(String) });
    expect(read.createdBy.email).toBeUndefined();
    const listed = await answered(client.GET(CHANGE_REQUESTS, at({ spaceId: space.id })), 200);
    expect(JSON.stringify(listed)).not.toContain(creator.email);
  });

  it("number without gaps or duplicates under concurrent creation", async () => {
    const { admin, space } = await setup();
    const created = await Promise.all(Array.from({ length: 12 }, (_, i) => c.createChangeRequest(admin, space.id, `CR ${i}`)));
    expect(created.map((cr) => cr.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it("move between draft, open and archived, and list by status and contributor", async () => {
    const { org, admin, space } = await setup();
    const cr = await c.createChangeRequest(admin, space.id);
    const client = h.as(admin);
    const ofCr = at({ spaceId: space.id, changeRequestId: cr.id });
    const list = (query: { status?: "draft"; contributor?: string } = {}) =>
      answered(client.GET(CHANGE_REQUESTS, { params: { path: { spaceId: space.id }, query } }), 200);
    expect((await answered(client.PATCH(CHANGE_REQUEST, { ...ofCr, body: { status: "open" } }), 200)).status).toBe("open");
    expect((await list()).items.map((x) => x.id)).toEqual([cr.id]);
    expect((await list({ status: "draft" })).count).toBe(0);
    const archived = await answered(client.PATCH(CHANGE_REQUEST, { ...ofCr, body: { status: "archived", subject: "Shelved" } }), 200);
    expect(archived).toMatchObject({ status: "archived", subject: "Shelved" });
    expect((await answered(client.PATCH(CHANGE_REQUEST, { ...ofCr, body: { status: "draft" } }), 200)).status).toBe("draft");
    await refused(client.PATCH(CHANGE_REQUEST, { ...ofCr, body: { status: untyped("merged") } }), 400);
    const editor = await h.member(org.id, "edit");
    const theirs = await c.createChangeRequest(editor, space.id);
    await c.write(editor, space.id, theirs.id, [insertPage("Mine")]).expect(200);
    const byEditor = await list({ status: "draft", contributor: editor.id });
    expect(byEditor.items.map((x) => x.id)).toEqual([theirs.id]);
    const reader = h.as(await h.member(org.id, "read"));
    await refused(reader.PATCH(CHANGE_REQUEST, { ...ofCr, body: { subject: "No" } }), 403);
    await refused(reader.POST(CHANGE_REQUESTS, { ...at({ spaceId: space.id }), body: {} }), 403);
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
    const client = h.as(admin);
    const before = await changeRequest(client, space.id, cr.id);
    const merged = await c.merge(admin, space.id, cr.id).expect(200);
    expect(merged.body).toEqual({ result: "merge", revision: expect.any(String), searchCaughtUp: true });
    expect((await spaceOf(client, space.id)).revision).toBe(merged.body.revision);
    const revision = await answered(client.GET("/v1/spaces/{spaceId}/content", at({ spaceId: space.id })), 200);
    expect(revision).toMatchObject({ object: "revision", type: "merge", parents: [space.revision, before.revision] });
    expect(revision.pages.map((p) => p.title)).toEqual(["Welcome"]);
    const final = await changeRequest(client, space.id, cr.id);
    expect(final).toMatchObject({ status: "merged", revisionMerged: merged.body.revision, outdated: false });
    const ofCr = at({ spaceId: space.id, changeRequestId: cr.id });
    await refused(client.PATCH(CHANGE_REQUEST, { ...ofCr, body: { status: "open" } }), 409);
    await refused(client.PATCH(CHANGE_REQUEST, { ...ofCr, body: { subject: "Late" } }), 409);
    const write = await c.write(admin, space.id, cr.id, [insertPage("Late")]).expect(409);
    expect(write.body.error.message).toMatch(/merged/);
    expect(write.body.error.reason).toBe("change_request_merged");
    expect((await c.merge(admin, space.id, cr.id).expect(409)).body.error).toMatchObject({ type: "conflict", reason: "change_request_merged" });
  });

  it("merge edits of different lines of one page cleanly, and refuse edits of the same line with the conflicting pages", async () => {
    const { admin, space } = await setup();
    const [page] = await c.publish(admin, space.id, [insertPage("Doc", "line one\nline two\nline three")]);
    const client = h.as(admin);
    const PAGE = "/v1/spaces/{spaceId}/content/page/{pageId}";
    const ofPage = at({ spaceId: space.id, pageId: page!.id });
    const space1 = (await spaceOf(client, space.id)).revision;
    const a = await c.createChangeRequest(admin, space.id, "A");
    const b = await c.createChangeRequest(admin, space.id, "B");
    const d = await c.createChangeRequest(admin, space.id, "D");
    await c.write(admin, space.id, a.id, [{ operation: "update_page", page: page!.id, document: { markdown: "line ONE\nline two\nline three" } }]).expect(200);
    await c.write(admin, space.id, b.id, [{ operation: "update_page", page: page!.id, document: { markdown: "line one\nline two\nline THREE" } }]).expect(200);
    await c.write(admin, space.id, d.id, [{ operation: "update_page", page: page!.id, document: { markdown: "line 1\nline two\nline three" } }]).expect(200);
    expect((await c.merge(admin, space.id, a.id).expect(200)).body.result).toBe("merge");
    expect((await changeRequest(client, space.id, b.id)).outdated).toBe(true);
    expect((await c.merge(admin, space.id, b.id).expect(200)).body.result).toBe("merge");
    const body = (await answered(client.GET(PAGE, ofPage), 200)).markdown;
    expect(body).toBe("line ONE\nline two\nline THREE");
    const conflicting = await c.merge(admin, space.id, d.id).expect(200);
    const dRevision = (await changeRequest(client, space.id, d.id)).revision;
    expect(conflicting.body).toEqual({
      result: "conflicts",
      revision: dRevision,
      conflicts: [{ page: { id: page!.id, title: "Doc", path: "doc" }, reason: expect.stringContaining("content") }],
    });
    // Nothing changed.
    expect((await changeRequest(client, space.id, d.id)).status).toBe("draft");
    expect((await answered(client.GET(PAGE, ofPage), 200)).markdown).toBe(body);
    expect(space1).not.toBe((await spaceOf(client, space.id)).revision);
  });

  it("update from the space: pulls main in, sets revisionMergedAncestor, and is no longer outdated", async () => {
    const { admin, space } = await setup();
    const mine = await c.createChangeRequest(admin, space.id);
    await c.write(admin, space.id, mine.id, [insertPage("Mine")]).expect(200);
    await c.publish(admin, space.id, [insertPage("Theirs")]);
    const client = h.as(admin);
    const ofCr = at({ spaceId: space.id, changeRequestId: mine.id });
    const spaceRevision = (await spaceOf(client, space.id)).revision;
    expect((await changeRequest(client, space.id, mine.id)).outdated).toBe(true);
    const updated = await answered(client.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/update", ofCr), 200);
    expect(updated.result).toBe("update");
    const after = await changeRequest(client, space.id, mine.id);
    expect(after).toMatchObject({ outdated: false, revisionMergedAncestor: spaceRevision, revision: updated.revision });
    expect((await c.pages(admin, space.id, mine.id)).map((p) => p.title).sort()).toEqual(["Mine", "Theirs"]);
    const revision = await answered(client.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content", ofCr), 200);
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
    const revision = await answered(h.as(admin).GET("/v1/spaces/{spaceId}/content", at({ spaceId: space.id })), 200);
    expect(results.map((r) => r.body.revision)).toContain(revision.id);
  });

  it("refuse every edit and merge of a locked space with a clear error", async () => {
    const { admin, space } = await setup();
    const cr = await c.createChangeRequest(admin, space.id);
    await c.write(admin, space.id, cr.id, [insertPage("Before lock")]).expect(200);
    const client = h.as(admin);
    const ofSpace = at({ spaceId: space.id });
    await answered(client.PATCH(SPACE, { ...ofSpace, body: { editMode: "locked" } }), 200);
    const locked = await refused(client.POST(CHANGE_REQUESTS, { ...ofSpace, body: {} }), 409);
    expect(locked.error.message).toMatch(/locked/);
    expect(locked.error.reason).toBe("space_locked");
    expect((await c.write(admin, space.id, cr.id, [insertPage("During lock")]).expect(409)).body.error.reason).toBe("space_locked");
    await c.merge(admin, space.id, cr.id).expect(409);
    await refused(client.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/update", at({ spaceId: space.id, changeRequestId: cr.id })), 409);
    await answered(client.PATCH(SPACE, { ...ofSpace, body: { editMode: "live" } }), 200);
    expect((await c.merge(admin, space.id, cr.id).expect(200)).body.result).toBe("merge");
  });

  it("refuse writes and merges below the needed role, and hide them from other organizations", async () => {
    const { org, admin, space } = await setup();
    const cr = await c.createChangeRequest(admin, space.id);
    const commenter = await h.member(org.id, "comment");
    await c.write(commenter, space.id, cr.id, [insertPage("X")]).expect(403);
    await c.merge(commenter, space.id, cr.id).expect(403);
    const outsider = (await h.organization()).admin;
    const hidden = await refused(h.as(outsider).GET(CHANGE_REQUEST, at({ spaceId: space.id, changeRequestId: cr.id })), 404);
    expect(JSON.stringify(hidden)).not.toContain(cr.id);
    await c.merge(outsider, space.id, cr.id).expect(404);
  });
});

const MERGEABILITY = "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/mergeability";

describe("change requests' mergeability", () => {
  it("answers the blocker the merge refuses for, until someone other than the author approves; then merges; then says it is merged", async () => {
    const { org, admin, space } = await setup();
    const client = h.as(admin);
    const cr = await c.createChangeRequest(admin, space.id);
    await c.write(admin, space.id, cr.id, [insertPage("Welcome", "Hello")]).expect(200);
    const rules = { type: "rules" as const, rules: [{ rule: "require_at_least_one_approved_review" as const }] };
    await answered(client.PATCH(SPACE, { ...at({ spaceId: space.id }), body: { mergeRules: rules } }), 200);
    const ofCr = at({ spaceId: space.id, changeRequestId: cr.id });
    const mergeability = () => answered(client.GET(MERGEABILITY, ofCr), 200);

    const blocked = await mergeability();
    expect(blocked).toEqual({
      object: "change-request-mergeability",
      mergeable: false,
      blockers: [
        {
          reason: "require_at_least_one_approved_review",
          message: "Merge rule require_at_least_one_approved_review: the change request needs an approved review",
        },
      ],
    });
    // The merge refuses with the same words.
    expect((await c.merge(admin, space.id, cr.id).expect(409)).body.error.message).toBe(blocked.blockers[0]!.message);
    // The author's own approval counts for nothing, as at merge.
    await answered(client.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews", { ...ofCr, body: { status: "approved" } }), 201);
    expect((await mergeability()).mergeable).toBe(false);

    const reviewer = await h.member(org.id, "review");
    await answered(h.as(reviewer).POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews", { ...ofCr, body: { status: "approved" } }), 201);
    expect(await mergeability()).toEqual({ object: "change-request-mergeability", mergeable: true, blockers: [] });
    expect((await c.merge(admin, space.id, cr.id).expect(200)).body.result).toBe("merge");

    const merged = await mergeability();
    expect(merged.mergeable).toBe(false);
    expect(merged.blockers).toEqual([{ reason: "change_request_merged", message: expect.stringContaining("is merged") }]);
    expect((await c.merge(admin, space.id, cr.id).expect(409)).body.error.message).toBe(merged.blockers[0]!.message);
  });

  it("names the reviewers a rule waits for by their display name (their e-mail when they have none), as the merge's refusal does", async () => {
    const { org, admin, space } = await setup();
    const client = h.as(admin);
    const ada = await h.member(org.id, "review");
    const nameless = await h.member(org.id, "review");
    await h.direct((prisma) => prisma.user.update({ where: { id: ada.id }, data: { displayName: "Ada Lovelace" } }));
    await h.direct((prisma) => prisma.user.update({ where: { id: nameless.id }, data: { displayName: " " } }));
    const cr = await c.createChangeRequest(admin, space.id);
    await c.write(admin, space.id, cr.id, [insertPage("Welcome", "Hello")]).expect(200);
    const rules = {
      type: "rules" as const,
      rules: [
        { rule: "require_specific_reviewers" as const, users: [ada.id, nameless.id] },
        { rule: "require_one_of_specific_reviewers" as const, users: [nameless.id, ada.id] },
      ],
    };
    await answered(client.PATCH(SPACE, { ...at({ spaceId: space.id }), body: { mergeRules: rules } }), 200);
    const ofCr = at({ spaceId: space.id, changeRequestId: cr.id });

    const blocked = await answered(client.GET(MERGEABILITY, ofCr), 200);
    expect(blocked.blockers).toEqual([
      {
        reason: "require_specific_reviewers",
        message: `Merge rule require_specific_reviewers: it needs an approved review from Ada Lovelace, ${nameless.email}`,
      },
      {
        reason: "require_one_of_specific_reviewers",
        message: `Merge rule require_one_of_specific_reviewers: it needs an approved review from one of ${nameless.email}, Ada Lovelace`,
      },
    ]);
    const refusal = (await c.merge(admin, space.id, cr.id).expect(409)).body.error;
    expect(refusal).toMatchObject({ reason: "merge_rule_unmet", message: blocked.blockers[0]!.message });

    // Once Ada approves, only the one she does not stand for is named.
    await answered(h.as(ada).POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews", { ...ofCr, body: { status: "approved" } }), 201);
    expect((await answered(client.GET(MERGEABILITY, ofCr), 200)).blockers).toEqual([
      { reason: "require_specific_reviewers", message: `Merge rule require_specific_reviewers: it needs an approved review from ${nameless.email}` },
    ]);
  });

  it("tells a reader the role they lack and a locked space, and is not found by someone who cannot see the space", async () => {
    const { org, admin, space } = await setup();
    const cr = await c.createChangeRequest(admin, space.id);
    const ofCr = at({ spaceId: space.id, changeRequestId: cr.id });
    await answered(h.as(admin).PATCH(SPACE, { ...at({ spaceId: space.id }), body: { editMode: "locked" } }), 200);
    const reader = await h.member(org.id, "read");
    const seen = await answered(h.as(reader).GET(MERGEABILITY, ofCr), 200);
    expect(seen.mergeable).toBe(false);
    expect(seen.blockers.map((blocker) => blocker.reason)).toEqual(["merge_permission_required", "space_locked"]);
    await c.merge(reader, space.id, cr.id).expect(403);
    expect((await answered(h.as(admin).GET(MERGEABILITY, ofCr), 200)).blockers.map((blocker) => blocker.reason)).toEqual(["space_locked"]);

    const outsider = (await h.organization()).admin;
    const hidden = await refused(h.as(outsider).GET(MERGEABILITY, ofCr), 404);
    expect(hidden.error.reason).toBe("not_found");
    expect(JSON.stringify(hidden)).not.toContain(cr.id);
  });
});
