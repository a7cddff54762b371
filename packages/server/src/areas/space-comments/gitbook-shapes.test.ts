// Comments in GitBook's shapes: bodies posted as GitBook documents, `format=document`, `repliers`,
// and the 400s for documents comments cannot hold.

import { type PageSeed, requests, spaceWithPages } from "../../../test/support/comments-fixtures";
import { useHarness } from "../../../test/support/harness";

const h = useHarness();
const api = requests(h);

const PAGES: PageSeed[] = [{ id: "guide", title: "Guide", markdown: "Intro." }];
const MINUTE = 60_000;

const leaf = (text: string, ...marks: string[]) => ({ object: "leaf", text, marks: marks.map((type) => ({ object: "mark", type })) });
const paragraph = (...leaves: ReturnType<typeof leaf>[]) => ({ object: "block", type: "paragraph", data: {}, nodes: [{ object: "text", leaves }] });
const documentBody = (...nodes: unknown[]) => ({ body: { document: { object: "document", data: {}, nodes } } });

async function setup() {
  const space = await spaceWithPages(h, PAGES);
  return { ...space, comments: `${space.url}/comments` };
}

describe("GitBook's documents as comment bodies", () => {
  it("stores a posted document as Markdown, answers it as Markdown by default and as GitBook's document with format=document", async () => {
    const s = await setup();
    const posted = await api.post(s.org.admin, s.comments, documentBody(paragraph(leaf("Use "), leaf("tokens", "bold"), leaf(".")))).expect(200);
    expect(posted.body.body).toEqual({ markdown: "Use **tokens**." });

    const asDocument = await api.get(s.org.admin, `${s.comments}/${posted.body.id}?format=document`).expect(200);
    expect(asDocument.body.body).toEqual({ document: { object: "document", data: {}, nodes: [paragraph(leaf("Use "), leaf("tokens", "bold"), leaf("."))] } });
    const listed = await api.get(s.org.admin, `${s.comments}?format=document`).expect(200);
    expect(listed.body.items[0].body).toEqual(asDocument.body.body);
    expect((await api.get(s.org.admin, `${s.comments}?format=markdown`).expect(200)).body.items[0].body).toEqual({ markdown: "Use **tokens**." });

    // Markdown posted as such reads as a document too; an empty body stays empty.
    const markdown = await api.post(s.org.admin, s.comments, { body: { markdown: "# Title\n\n- a" } }).expect(200);
    expect((await api.get(s.org.admin, `${s.comments}/${markdown.body.id}?format=document`).expect(200)).body.body.document.nodes).toMatchObject([
      { type: "heading-1", data: { id: "title" } },
      { type: "list-unordered", nodes: [{ type: "list-item" }] },
    ]);
    const empty = await api.post(s.org.admin, s.comments, { body: {} }).expect(200);
    expect((await api.get(s.org.admin, `${s.comments}/${empty.body.id}?format=document`).expect(200)).body.body).toEqual({});
  });

  it("takes documents on replies and on updates of comments and replies, and answers replies in either format", async () => {
    const s = await setup();
    const comment = await api.post(s.org.admin, s.comments, { body: { markdown: "First" } }).expect(200);
    const replies = `${s.comments}/${comment.body.id}/replies`;
    const reply = await api.post(s.org.admin, replies, documentBody(paragraph(leaf("A reply")))).expect(200);
    expect(reply.body.body).toEqual({ markdown: "A reply" });

    const editedComment = await api.put(s.org.admin, `${s.comments}/${comment.body.id}`, documentBody(paragraph(leaf("Edited", "italic")))).expect(200);
    expect(editedComment.body.body).toEqual({ markdown: "*Edited*" });
    const editedReply = await api.put(s.org.admin, `${replies}/${reply.body.id}`, documentBody(paragraph(leaf("Edited reply")))).expect(200);
    expect(editedReply.body.body).toEqual({ markdown: "Edited reply" });

    const read = await api.get(s.org.admin, `${replies}/${reply.body.id}?format=document`).expect(200);
    expect(read.body.body.document.nodes).toEqual([paragraph(leaf("Edited reply"))]);
    expect((await api.get(s.org.admin, `${replies}?format=document`).expect(200)).body.items[0].body).toEqual(read.body.body);
  });

  it("answers 400 naming the node for documents comments cannot hold, and stores nothing", async () => {
    const s = await setup();
    const refused = async (body: object, expected: string) => {
      const res = await api.post(s.org.admin, s.comments, body).expect(400);
      expect(res.body.error.message).toContain(expected);
    };
    await refused(
      documentBody({ object: "block", type: "hint", data: { style: "info" }, nodes: [] }),
      'request/body/body/document/nodes/0/type: comments take no "hint" block',
    );
    await refused(
      documentBody({ object: "block", type: "paragraph", nodes: [{ object: "inline", type: "mention", data: { ref: { kind: "user", user: "u" } } }] }),
      "request/body/body/document/nodes/0/nodes/0/type",
    );
    await refused(documentBody(paragraph({ ...leaf("x"), text: 1 } as never)), "request/body/body/document/nodes/0/nodes/0/leaves/0/text");
    // Nested far deeper than any stack would take if anything walked it first (sent as text: the client would).
    const depth = 15_000;
    const deep = `{"body":{"document":{"object":"document","data":{},"nodes":[${'{"object":"block","type":"blockquote","nodes":['.repeat(depth)}${"]}".repeat(depth)}]}}}`;
    const tooDeep = await h.api.post(s.comments).set("Authorization", s.org.admin.auth).set("Content-Type", "application/json").send(deep).expect(400);
    expect(tooDeep.body.error.message).toContain("request/body/body/document/nodes/0/nodes/0");
    expect(tooDeep.body.error.message).toContain("nests deeper than 20 levels");
    // Longer than a comment once in Markdown (each character escaped doubles it).
    await refused(documentBody(paragraph(leaf("*".repeat(60_000)))), "more than the 100000 a comment holds");
    // The contract's own checks: a document needs its nodes; GitBook's tableCell targets are not Docstack's.
    await api.post(s.org.admin, s.comments, { body: { document: { object: "document", data: {} } } }).expect(400);
    const tableCell = await api.post(s.org.admin, s.comments, { body: { markdown: "x" }, tableCell: { record: "r", definition: "d" } }).expect(400);
    expect(tableCell.body.error.message).toContain("tableCell");
    expect((await api.get(s.org.admin, s.comments).expect(200)).body.count).toBe(0);
  });

  it("lists who replied to a comment, with how many replies each and when their last was, in the order they first replied", async () => {
    const s = await setup();
    const [bob, carol] = [await h.member(s.org.id, "comment"), await h.member(s.org.id, "comment")];
    const comment = await api.post(s.org.admin, s.comments, { body: { markdown: "Thoughts?" } }).expect(200);
    expect(comment.body.repliers).toEqual([]);
    const replies = `${s.comments}/${comment.body.id}/replies`;
    const start = h.clock.now().getTime();
    for (const user of [carol, bob, carol]) {
      h.clock.advance(MINUTE);
      await api.post(user, replies, { body: { markdown: "Reply" } }).expect(200);
    }
    const read = await api.get(s.org.admin, `${s.comments}/${comment.body.id}`).expect(200);
    expect(read.body.replies).toBe(3);
    const expected = [
      { user: expect.objectContaining({ id: carol.id }), count: 2, updatedAt: new Date(start + 3 * MINUTE).toISOString() },
      { user: expect.objectContaining({ id: bob.id }), count: 1, updatedAt: new Date(start + 2 * MINUTE).toISOString() },
    ];
    expect(read.body.repliers).toEqual(expected);
    expect((await api.get(s.org.admin, s.comments).expect(200)).body.items[0].repliers).toEqual(expected);
  });
});
