import type { paths } from "@docstack/contract";
import { insertChangeRequest, type PageSeed, requests, setSpacePages, spaceWithPages } from "../../../test/support/comments-fixtures";
import { answered, type TestUser, useHarness } from "../../../test/support/harness";

const h = useHarness();
const api = requests(h);

type CommentsQuery = NonNullable<paths["/v1/spaces/{spaceId}/comments"]["get"]["parameters"]["query"]>;

const PAGES: PageSeed[] = [
  { id: "guide", title: "Guide", markdown: "Intro.\n\n## Install\n\nRun it.\n\n## Configure\n\nSet it." },
  { id: "faq", title: "FAQ", parent: "guide", markdown: "Questions." },
];
const text = (markdown: string) => ({ body: { markdown } });
const MINUTE = 60_000;

async function setup() {
  const space = await spaceWithPages(h, PAGES);
  const member = (role: "read" | "comment" | "edit" | "admin") => h.member(space.org.id, role);
  return { ...space, member, comments: `${space.url}/comments` };
}

async function openComments(user: TestUser, spaceUrl: string): Promise<number> {
  return (await api.get(user, spaceUrl).expect(200)).body.comments;
}

describe("posting comments on a space", () => {
  it("posts on the space, on a page and on a heading of a page, and counts open comments", async () => {
    const s = await setup();
    const commenter = await s.member("comment");
    const whole = await api.post(commenter, s.comments, text("Looks good")).expect(200);
    expect(whole.body).toMatchObject({
      object: "comment",
      postedBy: { id: commenter.id, email: commenter.email },
      body: { markdown: "Looks good" },
      status: "open",
      replies: 0,
      reactions: [],
      target: { space: s.spaceId, revision: s.revisionId },
      permissions: { view: true, edit: true, reply: true, delete: true },
      urls: { location: expect.stringMatching(new RegExp(`/v1/spaces/${s.spaceId}/comments/${whole.body.id}$`)) },
    });
    expect(whole.body.target.page).toBeUndefined();
    expect(whole.body.editedAt).toBeUndefined();

    const onPage = await api.post(commenter, s.comments, { page: "faq", ...text("Which questions?") }).expect(200);
    expect(onPage.body.target.page).toMatchObject({ id: "faq", title: "FAQ", path: "guide/faq", outdated: false });

    const onNode = await api.post(commenter, s.comments, { page: "guide", node: "configure", ...text("Which settings?") }).expect(200);
    expect(onNode.body.target).toMatchObject({ node: { id: "configure", preview: "Configure" }, page: { id: "guide", path: "guide" } });

    expect(await openComments(commenter, s.url)).toBe(3);
  });

  it("answers 400 for a node without its page, and a page or node not in the current revision", async () => {
    const s = await setup();
    await api.post(s.org.admin, s.comments, { node: "install", ...text("x") }).expect(400);
    const missingPage = await api.post(s.org.admin, s.comments, { page: "nope", ...text("x") }).expect(400);
    expect(missingPage.body.error.message).toContain("request/body/page");
    await api.post(s.org.admin, s.comments, { page: "guide", node: "nope", ...text("x") }).expect(400);
    await api.post(s.org.admin, s.comments, { page: "faq", node: "install", ...text("x") }).expect(400);
    // A page of an older revision is not in the current one.
    await setSpacePages(h, s.spaceId, [PAGES[0]!]);
    await api.post(s.org.admin, s.comments, { page: "faq", ...text("x") }).expect(400);
    expect(await openComments(s.org.admin, s.url)).toBe(0);
  });

  it("validates bodies against the contract", async () => {
    const s = await setup();
    await api.post(s.org.admin, s.comments, {}).expect(400);
    await api.post(s.org.admin, s.comments, { body: { markdown: 3 } }).expect(400);
    await api.post(s.org.admin, s.comments, { body: { html: "<p>x</p>" } }).expect(400);
    await api.post(s.org.admin, s.comments, { ...text("x"), pinned: true }).expect(400);
    const empty = await api.post(s.org.admin, s.comments, { body: {} }).expect(200);
    expect(empty.body.body).toEqual({});
  });

  it("refuses readers (403), other organizations (404, nothing leaked) and locked spaces (409)", async () => {
    const s = await setup();
    const reader = await s.member("read");
    await api.post(reader, s.comments, text("x")).expect(403);
    const outsider = (await h.organization()).admin;
    const hidden = await api.post(outsider, s.comments, text("x")).expect(404);
    expect(hidden.body).toEqual({ error: { code: 404, type: "not_found", reason: "not_found", message: "Space not found", requestId: expect.any(String) } });
    await api.get(outsider, s.comments).expect(404);

    await h.services.prisma.space.update({ where: { id: s.spaceId }, data: { editMode: "locked" } });
    await api.post(s.org.admin, s.comments, text("x")).expect(409);
    // Below the comment role it stays a 403 whatever the space's state.
    await api.post(reader, s.comments, text("x")).expect(403);
    expect(await openComments(s.org.admin, s.url)).toBe(0);
  });
});

describe("reading a comment", () => {
  it("shows each caller their permissions, and 404s what is not this space's", async () => {
    const s = await setup();
    const author = await s.member("comment");
    const posted = await api.post(author, s.comments, text("Mine")).expect(200);
    const url = `${s.comments}/${posted.body.id}`;

    expect((await api.get(author, url).expect(200)).body.permissions).toEqual({ view: true, edit: true, reply: true, delete: true });
    const reader = await s.member("read");
    expect((await api.get(reader, url).expect(200)).body.permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
    const editor = await s.member("edit");
    expect((await api.get(editor, url).expect(200)).body.permissions).toEqual({ view: true, edit: false, reply: true, delete: false });
    expect((await api.get(s.org.admin, url).expect(200)).body.permissions).toEqual({ view: true, edit: false, reply: true, delete: true });

    const outsider = (await h.organization()).admin;
    const hidden = await api.get(outsider, url).expect(404);
    expect(JSON.stringify(hidden.body)).not.toContain("Mine");
    await api.get(author, `${s.comments}/01unknowncomment`).expect(404);

    // A comment of another space, or of a change request, is not found through this space.
    const other = await spaceWithPages(h);
    await api.get(other.org.admin, `${other.url}/comments/${posted.body.id}`).expect(404);
    const changeRequest = await insertChangeRequest(h, s);
    const onChangeRequest = await api.post(s.org.admin, `${changeRequest.url}/comments`, text("On the CR")).expect(200);
    await api.get(s.org.admin, `${s.comments}/${onChangeRequest.body.id}`).expect(404);
  });

  it("marks a page target outdated once the page changes or goes, still showing the page", async () => {
    const s = await setup();
    const onGuide = await api.post(s.org.admin, s.comments, { page: "guide", node: "install", ...text("a") }).expect(200);
    const onFaq = await api.post(s.org.admin, s.comments, { page: "faq", ...text("b") }).expect(200);
    await setSpacePages(h, s.spaceId, [{ ...PAGES[0]!, markdown: "Rewritten.\n\n## Install\n\nDifferently." }, PAGES[1]!]);
    const guide = await api.get(s.org.admin, `${s.comments}/${onGuide.body.id}`).expect(200);
    expect(guide.body.target).toMatchObject({ node: { id: "install", preview: "Install" }, page: { id: "guide", outdated: true } });
    expect((await api.get(s.org.admin, `${s.comments}/${onFaq.body.id}`).expect(200)).body.target.page.outdated).toBe(false);

    await setSpacePages(h, s.spaceId, [PAGES[0]!]);
    const gone = await api.get(s.org.admin, `${s.comments}/${onFaq.body.id}`).expect(200);
    expect(gone.body.target.page).toMatchObject({ id: "faq", title: "FAQ", path: "guide/faq", outdated: true });
  });

  it("shows an author's e-mail only while they share an organization with the caller", async () => {
    const s = await setup();
    const author = await s.member("comment");
    const posted = await api.post(author, s.comments, text("Bye")).expect(200);
    await h.direct((prisma) => prisma.member.delete({ where: { organizationId_userId: { organizationId: s.org.id, userId: author.id } } }));
    const res = await api.get(s.org.admin, `${s.comments}/${posted.body.id}`).expect(200);
    expect(res.body.postedBy).toMatchObject({ id: author.id, displayName: expect.any(String) });
    expect(res.body.postedBy.email).toBeUndefined();
  });
});

describe("updating a comment", () => {
  it("lets only the author change the text, which sets editedAt", async () => {
    const s = await setup();
    const author = await s.member("comment");
    const posted = await api.post(author, s.comments, text("Frist")).expect(200);
    const url = `${s.comments}/${posted.body.id}`;
    h.clock.advance(MINUTE);
    const edited = await api.put(author, url, text("First")).expect(200);
    expect(edited.body).toMatchObject({ body: { markdown: "First" }, editedAt: h.clock.now().toISOString() });

    const refused = await api.put(s.org.admin, url, text("Admin's words")).expect(403);
    expect(refused.body.error.message).toContain("author");
    await api.put(await s.member("edit"), url, text("Editor's words")).expect(403);
    await api.put(author, url, { body: { markdown: 1 } }).expect(400);
    await api.put(author, url, { status: "resolved" }).expect(400);
    // An update is a write even when it changes nothing: the comment role, not reading.
    await api.put(await s.member("read"), url, {}).expect(403);
    expect((await api.put(await s.member("comment"), url, {}).expect(200)).body.editedAt).toBe(edited.body.editedAt);
    expect((await api.get(author, url)).body.body).toEqual({ markdown: "First" });
  });

  it("resolves and reopens, needing the comment role, and the space counts only open comments", async () => {
    const s = await setup();
    const commenter = await s.member("comment");
    const posted = await api.post(s.org.admin, s.comments, text("Typo on line 3")).expect(200);
    const url = `${s.comments}/${posted.body.id}`;
    await api.put(await s.member("read"), url, { resolved: true }).expect(403);

    h.clock.advance(MINUTE);
    const resolvedAt = h.clock.now().toISOString();
    const resolved = await api.put(commenter, url, { resolved: true }).expect(200);
    expect(resolved.body).toMatchObject({ status: "resolved", resolvedAt, resolvedBy: { id: commenter.id } });
    expect(resolved.body.editedAt).toBeUndefined();
    expect(await openComments(s.org.admin, s.url)).toBe(0);

    // Resolving again changes nothing: the first resolution stays.
    h.clock.advance(MINUTE);
    const again = await api.put(s.org.admin, url, { resolved: true }).expect(200);
    expect(again.body).toMatchObject({ resolvedAt, resolvedBy: { id: commenter.id } });

    const reopened = await api.put(s.org.admin, url, { resolved: false }).expect(200);
    expect(reopened.body.status).toBe("open");
    expect(reopened.body.resolvedAt).toBeUndefined();
    expect(reopened.body.resolvedBy).toBeUndefined();
    expect(await openComments(s.org.admin, s.url)).toBe(1);
  });

  it("adds and removes the caller's reactions, idempotently, counting users per emoji", async () => {
    const s = await setup();
    const [ann, bob] = [await s.member("comment"), await s.member("comment")];
    const posted = await api.post(s.org.admin, s.comments, text("Ship it?")).expect(200);
    const url = `${s.comments}/${posted.body.id}`;

    await api.put(ann, url, { addedReactions: ["1f44d"] }).expect(200);
    h.clock.advance(MINUTE);
    await api.put(ann, url, { addedReactions: ["1f44d", "1f44d"] }).expect(200);
    const both = await api.put(bob, url, { addedReactions: ["1f44d", "1f680"] }).expect(200);
    expect(both.body.reactions).toEqual([
      {
        emoji: "1f44d",
        count: 2,
        users: [
          { user: expect.objectContaining({ id: ann.id }), reactedAt: expect.any(String) },
          { user: expect.objectContaining({ id: bob.id }), reactedAt: expect.any(String) },
        ],
      },
      { emoji: "1f680", count: 1, users: [{ user: expect.objectContaining({ id: bob.id }), reactedAt: expect.any(String) }] },
    ]);
    // Ann's second add kept her first reaction's time.
    expect(both.body.reactions[0].users[0].reactedAt < both.body.reactions[0].users[1].reactedAt).toBe(true);

    // Removing what one did not give changes nothing; an emoji both added and removed is removed.
    await api.put(ann, url, { removedReactions: ["1f680"] }).expect(200);
    const after = await api.put(bob, url, { addedReactions: ["1f44d", "1f389"], removedReactions: ["1f44d", "1f389"] }).expect(200);
    expect(after.body.reactions).toEqual([
      { emoji: "1f44d", count: 1, users: [expect.objectContaining({ user: expect.objectContaining({ id: ann.id }) })] },
      { emoji: "1f680", count: 1, users: [expect.objectContaining({ user: expect.objectContaining({ id: bob.id }) })] },
    ]);
    expect(after.body.editedAt).toBeUndefined();

    await api.put(await s.member("read"), url, { addedReactions: ["1f44d"] }).expect(403);
    await api.put(ann, url, { addedReactions: [""] }).expect(400);
    await api.put(ann, url, { addedReactions: Array.from({ length: 21 }, (_, i) => `e${i}`) }).expect(400);
  });

  it("answers 409 for every change in a locked space, and says so in the permissions", async () => {
    const s = await setup();
    const author = await s.member("comment");
    const posted = await api.post(author, s.comments, text("Before the lock")).expect(200);
    const url = `${s.comments}/${posted.body.id}`;
    await h.services.prisma.space.update({ where: { id: s.spaceId }, data: { editMode: "locked" } });

    await api.put(author, url, text("After")).expect(409);
    await api.put(author, url, { resolved: true }).expect(409);
    await api.put(author, url, { addedReactions: ["1f44d"] }).expect(409);
    await api.del(author, url).expect(409);
    await api.post(author, `${url}/replies`, text("Reply")).expect(409);
    // Not the author: refused for that reason first.
    await api.put(s.org.admin, url, text("Not mine")).expect(403);
    const read = await api.get(author, url).expect(200);
    expect(read.body.permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
    await api.get(author, `${url}/replies`).expect(200);
  });
});

describe("deleting a comment", () => {
  it("lets its author and space admins delete it, with its replies, and nobody else", async () => {
    const s = await setup();
    const author = await s.member("comment");
    const editor = await s.member("edit");
    const first = await api.post(author, s.comments, text("One")).expect(200);
    const second = await api.post(author, s.comments, text("Two")).expect(200);
    await api.post(editor, `${s.comments}/${first.body.id}/replies`, text("Reply")).expect(200);
    await api.put(editor, `${s.comments}/${first.body.id}`, { addedReactions: ["1f44d"] }).expect(200);

    await api.del(editor, `${s.comments}/${first.body.id}`).expect(403);
    await api.del((await h.organization()).admin, `${s.comments}/${first.body.id}`).expect(404);
    await api.del(author, `${s.comments}/${first.body.id}`).expect(205);
    await api.get(author, `${s.comments}/${first.body.id}`).expect(404);
    const { prisma } = h.services;
    expect(await prisma.comment.count({ where: { parentId: first.body.id } })).toBe(0);
    expect(await prisma.commentReaction.count({ where: { commentId: first.body.id } })).toBe(0);

    await api.del(s.org.admin, `${s.comments}/${second.body.id}`).expect(205);
    await api.del(s.org.admin, `${s.comments}/${second.body.id}`).expect(204);
    expect(await openComments(s.org.admin, s.url)).toBe(0);
  });
});

describe("replies", () => {
  it("posts, counts, lists oldest first with a cursor, and leaves the comment's status alone", async () => {
    const s = await setup();
    const commenter = await s.member("comment");
    const comment = await api.post(s.org.admin, s.comments, text("Question")).expect(200);
    const url = `${s.comments}/${comment.body.id}`;
    await api.put(s.org.admin, url, { resolved: true }).expect(200);

    const ids: string[] = [];
    for (const word of ["one", "two", "three"]) {
      h.clock.advance(MINUTE);
      const reply = await api.post(commenter, `${url}/replies`, text(word)).expect(200);
      expect(reply.body).toMatchObject({ object: "comment-reply", body: { markdown: word }, postedBy: { id: commenter.id } });
      expect(reply.body.urls.location).toMatch(new RegExp(`/comments/${comment.body.id}/replies/${reply.body.id}$`));
      ids.push(reply.body.id);
    }
    expect((await api.get(s.org.admin, url)).body).toMatchObject({ replies: 3, status: "resolved" });

    const first = await api.get(s.org.admin, `${url}/replies?limit=2`).expect(200);
    expect(first.body.items.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 2));
    expect(first.body.count).toBe(3);
    const rest = await api.get(s.org.admin, `${url}/replies?limit=2&page=${first.body.next.page}`).expect(200);
    expect(rest.body.items.map((r: { id: string }) => r.id)).toEqual(ids.slice(2));
    expect(rest.body.next).toBeUndefined();
    await api.get(s.org.admin, `${url}/replies?page=${first.body.next.page.slice(0, -2)}xx`).expect(400);

    await api.post(await s.member("read"), `${url}/replies`, text("x")).expect(403);
    await api.post(commenter, `${s.comments}/01unknown/replies`, text("x")).expect(404);
    await api.post(commenter, `${url}/replies`, { body: { markdown: "x" }, page: "guide" }).expect(400);
  });

  it("gets and updates a reply: text by its author, reactions by commenters", async () => {
    const s = await setup();
    const author = await s.member("comment");
    const comment = await api.post(s.org.admin, s.comments, text("Q")).expect(200);
    const other = await api.post(s.org.admin, s.comments, text("Other")).expect(200);
    const reply = await api.post(author, `${s.comments}/${comment.body.id}/replies`, text("A")).expect(200);
    const url = `${s.comments}/${comment.body.id}/replies/${reply.body.id}`;

    const read = await api.get(await s.member("read"), url).expect(200);
    expect(read.body).toMatchObject({ object: "comment-reply", permissions: { view: true, edit: false, reply: false, delete: false } });
    await api.get(s.org.admin, `${s.comments}/${other.body.id}/replies/${reply.body.id}`).expect(404);
    await api.get((await h.organization()).admin, url).expect(404);

    h.clock.advance(MINUTE);
    const edited = await api.put(author, url, text("Answer")).expect(200);
    expect(edited.body).toMatchObject({ body: { markdown: "Answer" }, editedAt: h.clock.now().toISOString() });
    await api.put(s.org.admin, url, text("Hijack")).expect(403);
    const reacted = await api.put(s.org.admin, url, { addedReactions: ["2764"] }).expect(200);
    expect(reacted.body.reactions).toEqual([
      { emoji: "2764", count: 1, users: [expect.objectContaining({ user: expect.objectContaining({ id: s.org.admin.id }) })] },
    ]);
    await api.put(author, url, { resolved: true }).expect(400);

    await h.services.prisma.space.update({ where: { id: s.spaceId }, data: { editMode: "locked" } });
    await api.put(author, url, text("Locked")).expect(409);
  });

  it("deletes a reply (its author or a space admin), leaving the comment and its other replies", async () => {
    const s = await setup();
    const author = await s.member("comment");
    const comment = await api.post(s.org.admin, s.comments, text("Q")).expect(200);
    const replies = `${s.comments}/${comment.body.id}/replies`;
    const mine = await api.post(author, replies, text("Mine")).expect(200);
    const kept = await api.post(author, replies, text("Kept")).expect(200);
    const byAdmin = await api.post(author, replies, text("Removed by an admin")).expect(200);

    await api.del(await s.member("comment"), `${replies}/${mine.body.id}`).expect(403);
    await api.del((await h.organization()).admin, `${replies}/${mine.body.id}`).expect(404);
    await api.del(author, `${replies}/${mine.body.id}`).expect(205);
    await api.del(s.org.admin, `${replies}/${byAdmin.body.id}`).expect(205);
    await api.get(s.org.admin, `${replies}/${mine.body.id}`).expect(404);
    const left = await api.get(s.org.admin, replies).expect(200);
    expect(left.body.items.map((reply: { id: string }) => reply.id)).toEqual([kept.body.id]);
    expect((await api.get(s.org.admin, `${s.comments}/${comment.body.id}`).expect(200)).body.replies).toBe(1);

    await h.services.prisma.space.update({ where: { id: s.spaceId }, data: { editMode: "locked" } });
    await api.del(author, `${replies}/${kept.body.id}`).expect(409);
  });
});

describe("listing comments", () => {
  it("pages newest first by default, oldest first with order=asc, and refuses a cursor from another list", async () => {
    const s = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      h.clock.advance(MINUTE);
      ids.push((await api.post(s.org.admin, s.comments, text(`c${i}`)).expect(200)).body.id);
    }
    const seen: string[] = [];
    let next: string | undefined;
    do {
      const res = await api.get(s.org.admin, `${s.comments}?limit=2${next ? `&page=${next}` : ""}`).expect(200);
      expect(res.body.count).toBe(5);
      seen.push(...res.body.items.map((c: { id: string }) => c.id));
      next = res.body.next?.page;
    } while (next);
    expect(seen).toEqual([...ids].reverse());

    const ascending = await api.get(s.org.admin, `${s.comments}?order=asc&limit=3`).expect(200);
    expect(ascending.body.items.map((c: { id: string }) => c.id)).toEqual(ids.slice(0, 3));
    await api.get(s.org.admin, `${s.comments}?order=desc&page=${ascending.body.next.page}`).expect(400);
    const byAuthor = await api.get(s.org.admin, `${s.comments}?authors=${s.org.admin.id}&limit=2`).expect(200);
    await api.get(s.org.admin, `${s.comments}?authors=${s.org.admin.id}&limit=2&page=${byAuthor.body.next.page}`).expect(200);
    await api.get(s.org.admin, `${s.comments}?limit=2&page=${byAuthor.body.next.page}`).expect(400);
    await api.get(s.org.admin, `${s.comments}?status=open&limit=2&page=${byAuthor.body.next.page}`).expect(400);
    await api.get(s.org.admin, `${s.comments}?order=sideways`).expect(400);
    await api.get(s.org.admin, `${s.comments}?status=closed`).expect(400);
  });

  it("filters by status, page and authors (one or several), and leaves change requests' comments out", async () => {
    const s = await setup();
    const [ann, bob, cid] = [await s.member("comment"), await s.member("comment"), await s.member("comment")];
    const a = (await api.post(ann, s.comments, { page: "guide", ...text("a") }).expect(200)).body.id;
    const b = (await api.post(bob, s.comments, { page: "faq", ...text("b") }).expect(200)).body.id;
    const c = (await api.post(cid, s.comments, text("c")).expect(200)).body.id;
    await api.put(bob, `${s.comments}/${b}`, { resolved: true }).expect(200);
    await api.post(ann, `${s.comments}/${a}/replies`, text("reply")).expect(200);
    const changeRequest = await insertChangeRequest(h, s);
    await api.post(ann, `${changeRequest.url}/comments`, text("on the change request")).expect(200);

    const listed = (query: CommentsQuery) =>
      answered(h.as(s.org.admin).GET("/v1/spaces/{spaceId}/comments", { params: { path: { spaceId: s.spaceId }, query } }), 200);
    const idsOf = async (query: CommentsQuery = {}) => (await listed({ order: "asc", ...query })).items.map((item) => item.id);
    expect(await idsOf()).toEqual([a, b, c]);
    expect(await idsOf({ status: "all" })).toEqual([a, b, c]);
    expect(await idsOf({ status: "open" })).toEqual([a, c]);
    expect(await idsOf({ status: "resolved" })).toEqual([b]);
    expect(await idsOf({ targetPage: "faq" })).toEqual([b]);
    expect(await idsOf({ authors: [ann.id] })).toEqual([a]);
    expect(await idsOf({ authors: [ann.id, cid.id] })).toEqual([a, c]);
    expect(await idsOf({ authors: [bob.id], status: "open" })).toEqual([]);
    const list = await listed({ status: "open" });
    expect(list.count).toBe(2);
    expect(list.items.find((item) => item.id === a)?.replies).toBe(1);
    expect(await openComments(s.org.admin, s.url)).toBe(2);
  });

  it("needs read on the space", async () => {
    const s = await setup();
    await api.post(s.org.admin, s.comments, text("x")).expect(200);
    const reader = await s.member("read");
    expect((await api.get(reader, s.comments).expect(200)).body.count).toBe(1);
    const guest = await h.member(s.org.id, null);
    await api.get(guest, s.comments).expect(404);
  });
});
