// Comments and their replies, on a space and on a change request, through GitBook's client: bodies posted as
// GitBook's documents and as Markdown, read back in either `format`, resolution, reactions and repliers.
import type { JSONDocument } from "@gitbook/api";
import { docstack, gitbook, server, unique } from "./gitbook";

const api = gitbook();

/** A document as GitBook's editor makes it: a heading, a paragraph with marks and a link, a task list. */
const RICH: JSONDocument = {
  object: "document",
  data: {},
  nodes: [
    { object: "block", type: "heading-2", data: {}, nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Limits", marks: [] }] }] },
    {
      object: "block",
      type: "paragraph",
      nodes: [
        {
          object: "text",
          leaves: [
            { object: "leaf", text: "Say they are ", marks: [] },
            { object: "leaf", text: "per plan", marks: [{ object: "mark", type: "bold" }] },
            { object: "leaf", text: ", as the ", marks: [] },
          ],
        },
        {
          object: "inline",
          type: "link",
          isVoid: false,
          data: { ref: { kind: "url", url: "https://example.com/pricing" } },
          nodes: [{ object: "text", leaves: [{ object: "leaf", text: "pricing", marks: [] }] }],
        },
        { object: "text", leaves: [{ object: "leaf", text: " does.", marks: [] }] },
      ],
    },
    {
      object: "block",
      type: "list-tasks",
      nodes: [
        {
          object: "block",
          type: "list-item",
          data: { checked: true },
          nodes: [{ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: "checked", marks: [] }] }] }],
        },
      ],
    },
  ],
};
const RICH_MARKDOWN = "## Limits\n\nSay they are **per plan**, as the [pricing](<https://example.com/pricing>) does.\n\n- [x] checked";

/** A one-paragraph GitBook document. */
const words = (text: string): JSONDocument => ({
  object: "document",
  data: {},
  nodes: [{ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }] }],
});
/** The texts of a document's leaves, in order. */
const textOf = (body: unknown): string =>
  JSON.stringify(body)
    .match(/"text":"[^"]*"/g)
    ?.map((match) => match.slice(8, -1))
    .join("") ?? "";

/** A space with a page, merged through a change request, and a second change request editing it. */
async function spaceWithPage() {
  const space = await docstack<{ id: string }>("POST", `/orgs/${server.organizationId}/spaces`, { title: unique("Comments") });
  const cr = await docstack<{ id: string }>("POST", `/spaces/${space.id}/change-requests`, { subject: "Pages" });
  await docstack("POST", `/spaces/${space.id}/change-requests/${cr.id}/content`, {
    changes: [{ operation: "insert_page", title: "Limits", document: { markdown: "## Per plan\n\nSome." } }],
  });
  const pages = await docstack<{ pages: { id: string }[] }>("GET", `/spaces/${space.id}/change-requests/${cr.id}/content/pages`);
  await docstack("POST", `/spaces/${space.id}/change-requests/${cr.id}/merge`);
  const open = await docstack<{ id: string }>("POST", `/spaces/${space.id}/change-requests`, { subject: "Edits" });
  return { spaceId: space.id, pageId: (pages.pages[0] as { id: string }).id, changeRequestId: open.id };
}

let place: Awaited<ReturnType<typeof spaceWithPage>>;
/** The first admin, who posts everything here. */
let me: { id: string };
beforeAll(async () => {
  [place, me] = await Promise.all([spaceWithPage(), docstack<{ id: string }>("GET", "/user")]);
});

const postInSpace = (body: Record<string, unknown>) => docstack<{ id: string }>("POST", `/spaces/${place.spaceId}/comments`, body);
const postInChangeRequest = (body: Record<string, unknown>) =>
  docstack<{ id: string }>("POST", `/spaces/${place.spaceId}/change-requests/${place.changeRequestId}/comments`, body);

describe("comments on a space", () => {
  it("postCommentInSpace with a GitBook document on a page", async () => {
    const { data } = await api.spaces.postCommentInSpace(place.spaceId, { page: place.pageId, body: { document: RICH } });
    expect(data).toMatchObject({ object: "comment", status: "open", body: { markdown: RICH_MARKDOWN }, target: { page: { id: place.pageId } } });
  });

  it("getCommentInSpace in format=document", async () => {
    const posted = await postInSpace({ body: { markdown: "Say they are **per plan**." } });
    const { data } = await api.spaces.getCommentInSpace(place.spaceId, posted.id, { format: "document" });
    expect("document" in data.body && data.body.document.nodes[0]).toMatchObject({ object: "block", type: "paragraph" });
    expect(textOf(data.body)).toBe("Say they are per plan.");
  });

  it("listCommentsInSpace with status, authors and format", async () => {
    const posted = await postInSpace({ body: { markdown: "Listed" } });
    const { data } = await api.spaces.listCommentsInSpace(place.spaceId, { status: "open", authors: [me.id], format: "document", order: "asc" });
    const listed = data.items.find((item) => item.id === posted.id);
    expect(textOf(listed?.body)).toBe("Listed");
  });

  it("updateCommentInSpace: body as a document, resolved, reactions", async () => {
    const posted = await postInSpace({ body: { markdown: "Draft" } });
    const { data } = await api.spaces.updateCommentInSpace(place.spaceId, posted.id, {
      body: { document: words("Final") },
      resolved: true,
      addedReactions: ["1f44d"],
    });
    expect(data).toMatchObject({ body: { markdown: "Final" }, status: "resolved", resolvedBy: { id: me.id }, reactions: [{ emoji: "1f44d", count: 1 }] });
  });

  it("deleteCommentInSpace", async () => {
    const posted = await postInSpace({ body: { markdown: "Gone soon" } });
    const { status } = await api.spaces.deleteCommentInSpace(place.spaceId, posted.id);
    expect(status).toBe(205);
  });

  it("postCommentReplyInSpace with a document, counted in the comment's repliers", async () => {
    const posted = await postInSpace({ body: { markdown: "Thoughts?" } });
    const { data } = await api.spaces.postCommentReplyInSpace(place.spaceId, posted.id, { body: { document: words("Agreed.") } });
    expect(data).toMatchObject({ object: "comment-reply", body: { markdown: "Agreed." } });
    const { data: comment } = await api.spaces.getCommentInSpace(place.spaceId, posted.id);
    expect(comment).toMatchObject({ replies: 1, repliers: [{ user: { id: me.id }, count: 1 }] });
  });

  it("listCommentRepliesInSpace in format=document", async () => {
    const posted = await postInSpace({ body: { markdown: "Thread" } });
    await docstack("POST", `/spaces/${place.spaceId}/comments/${posted.id}/replies`, { body: { markdown: "First **reply**" } });
    const { data } = await api.spaces.listCommentRepliesInSpace(place.spaceId, posted.id, { format: "document" });
    expect(data.items.map((reply) => textOf(reply.body))).toEqual(["First reply"]);
  });

  it("getCommentReplyInSpace", async () => {
    const posted = await postInSpace({ body: { markdown: "Thread" } });
    const reply = await docstack<{ id: string }>("POST", `/spaces/${place.spaceId}/comments/${posted.id}/replies`, { body: { markdown: "A reply" } });
    const { data } = await api.spaces.getCommentReplyInSpace(place.spaceId, posted.id, reply.id, { format: "markdown" });
    expect(data).toMatchObject({ id: reply.id, body: { markdown: "A reply" } });
  });

  it("updateCommentReplyInSpace with a document and a reaction", async () => {
    const posted = await postInSpace({ body: { markdown: "Thread" } });
    const reply = await docstack<{ id: string }>("POST", `/spaces/${place.spaceId}/comments/${posted.id}/replies`, { body: { markdown: "Draft" } });
    const { data } = await api.spaces.updateCommentReplyInSpace(place.spaceId, posted.id, reply.id, { body: { document: RICH }, addedReactions: ["🎉"] });
    expect(data).toMatchObject({ body: { markdown: RICH_MARKDOWN }, reactions: [{ emoji: "🎉", count: 1 }] });
  });

  it("deleteCommentReplyInSpace", async () => {
    const posted = await postInSpace({ body: { markdown: "Thread" } });
    const reply = await docstack<{ id: string }>("POST", `/spaces/${place.spaceId}/comments/${posted.id}/replies`, { body: { markdown: "Gone soon" } });
    const { status } = await api.spaces.deleteCommentReplyInSpace(place.spaceId, posted.id, reply.id);
    expect(status).toBe(205);
  });
});

describe("comments on a change request", () => {
  it("postCommentInChangeRequest with a GitBook document", async () => {
    const { data } = await api.spaces.postCommentInChangeRequest(place.spaceId, place.changeRequestId, { body: { document: RICH } });
    expect(data).toMatchObject({ body: { markdown: RICH_MARKDOWN }, target: { changeRequest: place.changeRequestId } });
  });

  it("getCommentInChangeRequest in format=document", async () => {
    const posted = await postInChangeRequest({ body: { document: RICH } });
    const { data } = await api.spaces.getCommentInChangeRequest(place.spaceId, place.changeRequestId, posted.id, { format: "document" });
    // The same blocks and text come back (the heading with its anchor as `data.id`).
    expect(data.body).toMatchObject({ document: { object: "document", nodes: [{ type: "heading-2" }, { type: "paragraph" }, { type: "list-tasks" }] } });
    expect(textOf(data.body)).toBe(textOf(RICH));
  });

  it("listCommentsInChangeRequest with format", async () => {
    const posted = await postInChangeRequest({ body: { markdown: "On the change request" } });
    const { data } = await api.spaces.listCommentsInChangeRequest(place.spaceId, place.changeRequestId, { format: "document" });
    expect(textOf(data.items.find((item) => item.id === posted.id)?.body)).toBe("On the change request");
  });

  it("updateCommentInChangeRequest: body as a document, resolved", async () => {
    const posted = await postInChangeRequest({ body: { markdown: "Draft" } });
    const { data } = await api.spaces.updateCommentInChangeRequest(place.spaceId, place.changeRequestId, posted.id, {
      body: { document: words("Final") },
      resolved: true,
    });
    expect(data).toMatchObject({ body: { markdown: "Final" }, status: "resolved" });
  });

  it("deleteCommentInChangeRequest", async () => {
    const posted = await postInChangeRequest({ body: { markdown: "Gone soon" } });
    const { status } = await api.spaces.deleteCommentInChangeRequest(place.spaceId, place.changeRequestId, posted.id);
    expect(status).toBe(205);
  });

  it("postCommentReplyInChangeRequest with a document, answered in format=document", async () => {
    const posted = await postInChangeRequest({ body: { markdown: "Thoughts?" } });
    const { data } = await api.spaces.postCommentReplyInChangeRequest(
      place.spaceId,
      place.changeRequestId,
      posted.id,
      { body: { document: words("Agreed.") } },
      { format: "document" },
    );
    expect(textOf(data.body)).toBe("Agreed.");
  });

  it("listCommentRepliesInChangeRequest", async () => {
    const posted = await postInChangeRequest({ body: { markdown: "Thread" } });
    await docstack("POST", `/spaces/${place.spaceId}/change-requests/${place.changeRequestId}/comments/${posted.id}/replies`, {
      body: { markdown: "A reply" },
    });
    const { data } = await api.spaces.listCommentRepliesInChangeRequest(place.spaceId, place.changeRequestId, posted.id);
    expect(data.items.map((reply) => reply.body)).toEqual([{ markdown: "A reply" }]);
  });

  it("getCommentReplyInChangeRequest in format=document", async () => {
    const posted = await postInChangeRequest({ body: { markdown: "Thread" } });
    const replies = `/spaces/${place.spaceId}/change-requests/${place.changeRequestId}/comments/${posted.id}/replies`;
    const reply = await docstack<{ id: string }>("POST", replies, { body: { markdown: "A *reply*" } });
    const { data } = await api.spaces.getCommentReplyInChangeRequest(place.spaceId, place.changeRequestId, posted.id, reply.id, { format: "document" });
    expect(textOf(data.body)).toBe("A reply");
  });

  it("updateCommentReplyInChangeRequest with a document", async () => {
    const posted = await postInChangeRequest({ body: { markdown: "Thread" } });
    const replies = `/spaces/${place.spaceId}/change-requests/${place.changeRequestId}/comments/${posted.id}/replies`;
    const reply = await docstack<{ id: string }>("POST", replies, { body: { markdown: "Draft" } });
    const { data } = await api.spaces.updateCommentReplyInChangeRequest(place.spaceId, place.changeRequestId, posted.id, reply.id, {
      body: { document: words("Final") },
    });
    expect(data).toMatchObject({ body: { markdown: "Final" }, editedAt: expect.any(String) });
  });

  it("deleteCommentReplyInChangeRequest", async () => {
    const posted = await postInChangeRequest({ body: { markdown: "Thread" } });
    const replies = `/spaces/${place.spaceId}/change-requests/${place.changeRequestId}/comments/${posted.id}/replies`;
    const reply = await docstack<{ id: string }>("POST", replies, { body: { markdown: "Gone soon" } });
    const { status } = await api.spaces.deleteCommentReplyInChangeRequest(place.spaceId, place.changeRequestId, posted.id, reply.id);
    expect(status).toBe(205);
  });
});
