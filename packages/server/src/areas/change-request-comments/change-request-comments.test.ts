import { insertChangeRequest, type PageSeed, requests, spaceWithPages } from "../../../test/support/comments-fixtures";
import { useHarness } from "../../../test/support/harness";

const h = useHarness();
const api = requests(h);

const SPACE_PAGES: PageSeed[] = [{ id: "guide", title: "Guide", markdown: "Intro." }];
/** The change request adds a page the space does not have yet. */
const CHANGE_REQUEST_PAGES: PageSeed[] = [...SPACE_PAGES, { id: "limits", title: "Rate limits", markdown: "## Per plan\n\nSome." }];
const text = (markdown: string) => ({ body: { markdown } });
const MINUTE = 60_000;

async function setup(status: "draft" | "open" | "archived" | "merged" = "open") {
  const space = await spaceWithPages(h, SPACE_PAGES);
  const changeRequest = await insertChangeRequest(h, space, { status, pages: CHANGE_REQUEST_PAGES });
  const member = (role: "read" | "comment" | "edit") => h.member(space.org.id, role);
  return { ...space, changeRequest, member, comments: `${changeRequest.url}/comments` };
}

/** What the change-requests area counts: open comments (not replies) of the change request. */
const openCount = (changeRequestId: string) => h.services.prisma.comment.count({ where: { changeRequestId, parentId: null, status: "open" } });

describe("comments on a change request", () => {
  it("posts on pages of the change request's revision, not the space's counter", async () => {
    const s = await setup();
    const commenter = await s.member("comment");
    const posted = await api.post(commenter, s.comments, { page: "limits", node: "per-plan", ...text("Add a table?") }).expect(200);
    expect(posted.body).toMatchObject({
      object: "comment",
      status: "open",
      target: {
        changeRequest: s.changeRequest.id,
        space: s.spaceId,
        page: { id: "limits", title: "Rate limits", path: "rate-limits", outdated: false },
        node: { id: "per-plan", preview: "Per plan" },
      },
      permissions: { view: true, edit: true, reply: true, delete: true },
    });
    expect(posted.body.urls.location).toMatch(new RegExp(`/v1/spaces/${s.spaceId}/change-requests/${s.changeRequest.id}/comments/${posted.body.id}$`));
    expect(await openCount(s.changeRequest.id)).toBe(1);
    expect((await api.get(commenter, s.url).expect(200)).body.comments).toBe(0);

    // The space's content does not have the page yet: commenting there is a 400.
    await api.post(commenter, `${s.url}/comments`, { page: "limits", ...text("x") }).expect(400);
    await api.post(commenter, s.comments, { page: "nope", ...text("x") }).expect(400);
    await api.post(commenter, s.comments, { node: "per-plan", ...text("x") }).expect(400);
    await api.post(await s.member("read"), s.comments, text("x")).expect(403);
    const hidden = await api.post((await h.organization()).admin, s.comments, text("x")).expect(404);
    expect(hidden.body.error.message).toBe("Space not found");
    await api.post(s.org.admin, `${s.url}/change-requests/01unknown/comments`, text("x")).expect(404);
  });

  it("finds the change request by number too, and lists only its comments with filters and a cursor", async () => {
    const s = await setup();
    const other = await insertChangeRequest(h, s);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      h.clock.advance(MINUTE);
      ids.push((await api.post(s.org.admin, `${s.url}/change-requests/${s.changeRequest.number}/comments`, text(`c${i}`)).expect(200)).body.id);
    }
    await api.post(s.org.admin, `${other.url}/comments`, text("elsewhere")).expect(200);
    await api.post(s.org.admin, `${s.url}/comments`, text("on the space")).expect(200);
    await api.put(s.org.admin, `${s.comments}/${ids[1]}`, { resolved: true }).expect(200);

    const first = await api.get(s.org.admin, `${s.comments}?limit=2`).expect(200);
    expect(first.body.items.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.count).toBe(3);
    const rest = await api.get(s.org.admin, `${s.comments}?limit=2&page=${first.body.next.page}`).expect(200);
    expect(rest.body.items.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
    // A cursor of this change request's list is not one of another's.
    await api.get(s.org.admin, `${other.url}/comments?limit=2&page=${first.body.next.page}`).expect(400);

    const open = await api.get(s.org.admin, `${s.comments}?status=open&order=asc&authors=${s.org.admin.id}`).expect(200);
    expect(open.body.items.map((c: { id: string }) => c.id)).toEqual([ids[0], ids[2]]);
    expect(await openCount(s.changeRequest.id)).toBe(2);
    await api.get(await s.member("read"), s.comments).expect(200);
    await api.get((await h.organization()).admin, s.comments).expect(404);
  });

  it("gets, updates and deletes its comments, and keeps the space's comments apart", async () => {
    const s = await setup();
    const author = await s.member("comment");
    const posted = await api.post(author, s.comments, text("Draft")).expect(200);
    const url = `${s.comments}/${posted.body.id}`;
    const onSpace = await api.post(author, `${s.url}/comments`, text("On the space")).expect(200);
    await api.get(author, `${s.comments}/${onSpace.body.id}`).expect(404);
    const other = await insertChangeRequest(h, s);
    await api.get(author, `${other.url}/comments/${posted.body.id}`).expect(404);

    expect((await api.get(await s.member("read"), url).expect(200)).body.permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
    h.clock.advance(MINUTE);
    const edited = await api.put(author, url, { ...text("Final"), resolved: true, addedReactions: ["1f44d"] }).expect(200);
    expect(edited.body).toMatchObject({
      body: { markdown: "Final" },
      editedAt: h.clock.now().toISOString(),
      status: "resolved",
      resolvedBy: { id: author.id },
      reactions: [{ emoji: "1f44d", count: 1 }],
    });
    await api.put(await s.member("edit"), url, text("Not theirs")).expect(403);
    await api.put(author, url, { resolved: "yes" }).expect(400);
    expect(await openCount(s.changeRequest.id)).toBe(0);

    await api.del(await s.member("edit"), url).expect(403);
    await api.del(author, url).expect(205);
    await api.get(author, url).expect(404);
  });

  it("replies, counts replies, and deletes them with their comment", async () => {
    const s = await setup();
    const commenter = await s.member("comment");
    const comment = await api.post(s.org.admin, s.comments, text("Why?")).expect(200);
    const url = `${s.comments}/${comment.body.id}`;
    const reply = await api.post(commenter, `${url}/replies`, text("Because")).expect(200);
    expect(reply.body.urls.location).toMatch(new RegExp(`/change-requests/${s.changeRequest.id}/comments/${comment.body.id}/replies/${reply.body.id}$`));
    await api.post(await s.member("read"), `${url}/replies`, text("x")).expect(403);
    expect((await api.get(s.org.admin, url)).body.replies).toBe(1);

    const got = await api.get(s.org.admin, `${url}/replies/${reply.body.id}`).expect(200);
    expect(got.body).toMatchObject({ object: "comment-reply", body: { markdown: "Because" }, permissions: { edit: false, reply: true, delete: true } });
    const list = await api.get(s.org.admin, `${url}/replies`).expect(200);
    expect(list.body).toMatchObject({ count: 1, items: [{ id: reply.body.id }] });
    await api.get((await h.organization()).admin, `${url}/replies/${reply.body.id}`).expect(404);
    await api.get(s.org.admin, `${url}/replies/01unknown`).expect(404);

    await api.del(s.org.admin, url).expect(205);
    expect(await h.services.prisma.comment.count({ where: { id: reply.body.id } })).toBe(0);
    await api.get(s.org.admin, `${url}/replies`).expect(404);
  });

  it("updates a reply (text by its author) and deletes it, leaving the comment", async () => {
    const s = await setup();
    const author = await s.member("comment");
    const comment = await api.post(s.org.admin, s.comments, text("Why?")).expect(200);
    const replies = `${s.comments}/${comment.body.id}/replies`;
    const reply = await api.post(author, replies, text("Because")).expect(200);
    const url = `${replies}/${reply.body.id}`;

    h.clock.advance(MINUTE);
    const edited = await api.put(author, url, text("Because of limits")).expect(200);
    expect(edited.body).toMatchObject({ object: "comment-reply", body: { markdown: "Because of limits" }, editedAt: h.clock.now().toISOString() });
    await api.put(s.org.admin, url, text("Hijack")).expect(403);
    expect((await api.put(s.org.admin, url, { addedReactions: ["1f44d"] }).expect(200)).body.reactions).toHaveLength(1);
    // The space's comment of the same ID path is not this one.
    await api.put(author, `${s.url}/comments/${comment.body.id}/replies/${reply.body.id}`, text("x")).expect(404);

    await api.del(await s.member("comment"), url).expect(403);
    await api.del(author, url).expect(205);
    await api.get(s.org.admin, url).expect(404);
    expect((await api.get(s.org.admin, `${s.comments}/${comment.body.id}`).expect(200)).body.replies).toBe(0);

    const late = await api.post(author, replies, text("Late")).expect(200);
    await h.services.prisma.changeRequest.update({ where: { id: s.changeRequest.id }, data: { status: "merged" } });
    await api.put(author, `${replies}/${late.body.id}`, text("Edited")).expect(409);
    await api.del(author, `${replies}/${late.body.id}`).expect(409);
  });

  it("answers 409 for every comment write on a merged change request, but not on an archived one", async () => {
    const s = await setup();
    const author = await s.member("comment");
    const comment = await api.post(author, s.comments, text("Before merge")).expect(200);
    const url = `${s.comments}/${comment.body.id}`;
    await h.services.prisma.changeRequest.update({ where: { id: s.changeRequest.id }, data: { status: "merged" } });

    await api.post(author, s.comments, text("After merge")).expect(409);
    await api.put(author, url, text("Edited")).expect(409);
    await api.put(author, url, { resolved: true }).expect(409);
    await api.post(author, `${url}/replies`, text("Reply")).expect(409);
    await api.del(author, url).expect(409);
    await api.post(await s.member("read"), s.comments, text("x")).expect(403);
    expect((await api.get(author, url).expect(200)).body.permissions).toEqual({ view: true, edit: false, reply: false, delete: false });

    await h.services.prisma.changeRequest.update({ where: { id: s.changeRequest.id }, data: { status: "archived" } });
    await api.post(author, `${url}/replies`, text("Still talking")).expect(200);
    await api.put(author, url, { resolved: true }).expect(200);
  });

  it("answers 409 for comment writes in a locked space", async () => {
    const s = await setup();
    const comment = await api.post(s.org.admin, s.comments, text("x")).expect(200);
    await h.services.prisma.space.update({ where: { id: s.spaceId }, data: { editMode: "locked" } });
    await api.post(s.org.admin, s.comments, text("y")).expect(409);
    await api.del(s.org.admin, `${s.comments}/${comment.body.id}`).expect(409);
    await api.get(s.org.admin, `${s.comments}/${comment.body.id}`).expect(200);
  });
});

describe("GitBook's shapes on a change request", () => {
  const documentBody = (words: string) => ({
    body: {
      document: {
        object: "document",
        data: {},
        nodes: [{ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: words, marks: [] }] }] }],
      },
    },
  });

  it("takes documents, answers a posted reply in format=document, counts repliers, and refuses resolved on a reply", async () => {
    const s = await setup();
    const commenter = await s.member("comment");
    const comment = await api.post(commenter, s.comments, { page: "limits", ...documentBody("Per plan?") }).expect(200);
    expect(comment.body.body).toEqual({ markdown: "Per plan?" });
    const replies = `${s.comments}/${comment.body.id}/replies`;
    // GitBook's postCommentReplyInChangeRequest takes `format`: the new reply comes back as a document.
    const reply = await api.post(s.org.admin, `${replies}?format=document`, documentBody("Yes.")).expect(200);
    expect(reply.body.body.document.nodes).toEqual([
      { object: "block", type: "paragraph", data: {}, nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Yes.", marks: [] }] }] },
    ]);
    const read = await api.get(commenter, `${s.comments}/${comment.body.id}?format=document`).expect(200);
    expect(read.body).toMatchObject({
      replies: 1,
      repliers: [{ user: { id: s.org.admin.id }, count: 1 }],
      target: { changeRequest: s.changeRequest.id, revision: expect.any(String) },
    });
    expect(read.body.body.document.nodes[0].nodes[0].leaves[0].text).toBe("Per plan?");
    const resolved = await api.put(s.org.admin, `${replies}/${reply.body.id}`, { resolved: true }).expect(400);
    expect(resolved.body.error.message).toContain("resolved");
  });
});
