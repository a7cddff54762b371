// Change requests and their review workflow through GitBook's client: the list (orderBy, filters), creating,
// updating and merging (refused by merge rules until approved), reviews and requested reviewers.
import { ChangeRequestOrderBy, ChangeRequestReviewStatus, ChangeRequestStatus } from "@gitbook/api";
import { docstack, gitbook, server, statusOf, unique } from "./gitbook";

const api = gitbook();

/** A space with a change request adding one page. */
async function changeRequestWithPage(subject = "Add a page") {
  const space = await docstack<{ id: string }>("POST", `/orgs/${server.organizationId}/spaces`, { title: unique("Reviews") });
  const cr = await docstack<{ id: string; createdBy: { id: string } }>("POST", `/spaces/${space.id}/change-requests`, { subject });
  await docstack("POST", `/spaces/${space.id}/change-requests/${cr.id}/content`, {
    changes: [{ operation: "insert_page", title: "Limits", document: { markdown: "Per plan." } }],
  });
  return { spaceId: space.id, cr };
}

/** A new member of the first organization (invited by e-mail: a user without a token, enough to be requested). */
async function colleague(): Promise<string> {
  const invited = await docstack<{ users: string[] }>("POST", `/orgs/${server.organizationId}/invites`, {
    emails: [`${unique("reviewer")}@example.com`],
    role: "review",
  });
  return invited.users[0] as string;
}

it("createChangeRequest", async () => {
  const space = await docstack<{ id: string }>("POST", `/orgs/${server.organizationId}/spaces`, { title: unique("Create") });
  const { data } = await api.spaces.createChangeRequest(space.id, { subject: "First" });
  expect(data).toMatchObject({ object: "change-request", number: 1, subject: "First", space: space.id, status: "draft" });
});

it("listChangeRequestsForSpace with orderBy, creator, requestedReviewer and topic", async () => {
  const { spaceId, cr } = await changeRequestWithPage("Older");
  const newer = await docstack<{ id: string }>("POST", `/spaces/${spaceId}/change-requests`, { subject: "Newer" });
  const { data: byCreation } = await api.spaces.listChangeRequestsForSpace(spaceId, {
    status: ChangeRequestStatus.Draft,
    orderBy: ChangeRequestOrderBy.CreatedAt,
  });
  expect(byCreation.items.map((item) => item.id)).toEqual([newer.id, cr.id]);
  // Edited last, the older one comes first by updatedAt (GitBook's default order).
  await docstack("PATCH", `/spaces/${spaceId}/change-requests/${cr.id}`, { subject: "Older, edited" });
  const { data: byUpdate } = await api.spaces.listChangeRequestsForSpace(spaceId, { status: ChangeRequestStatus.Draft });
  expect(byUpdate.items.map((item) => item.id)).toEqual([cr.id, newer.id]);
  const { data: mine } = await api.spaces.listChangeRequestsForSpace(spaceId, { status: ChangeRequestStatus.Draft, creator: cr.createdBy.id });
  expect(mine.count).toBe(2);
  const reviewer = await colleague();
  await docstack("POST", `/spaces/${spaceId}/change-requests/${newer.id}/requested-reviewers`, { users: [reviewer] });
  const { data: toReview } = await api.spaces.listChangeRequestsForSpace(spaceId, { status: ChangeRequestStatus.Draft, requestedReviewer: reviewer });
  expect(toReview.items.map((item) => item.id)).toEqual([newer.id]);
  const { data: onTopic } = await api.spaces.listChangeRequestsForSpace(spaceId, { status: ChangeRequestStatus.Draft, topic: "no-such-topic" });
  expect(onTopic.items).toEqual([]);
});

it("getChangeRequestById", async () => {
  const { spaceId, cr } = await changeRequestWithPage();
  const { data } = await api.spaces.getChangeRequestById(spaceId, cr.id);
  expect(data).toMatchObject({ id: cr.id, space: spaceId, status: "draft" });
});

it("updateChangeRequestById", async () => {
  const { spaceId, cr } = await changeRequestWithPage();
  const { data } = await api.spaces.updateChangeRequestById(spaceId, cr.id, { subject: "Renamed", status: "open" });
  expect(data).toMatchObject({ subject: "Renamed", status: "open" });
});

it("updateChangeRequest with the space's content", async () => {
  const { spaceId, cr } = await changeRequestWithPage();
  const { data } = await api.spaces.updateChangeRequest(spaceId, cr.id);
  expect(data.result).toBe("update");
});

it("getChangeRequestPDF", async () => {
  const { spaceId, cr } = await changeRequestWithPage();
  const { data } = await api.spaces.getChangeRequestPdf(spaceId, cr.id);
  expect(data.url).toMatch(/^http/);
});

describe("the review workflow", () => {
  it("requestReviewersForChangeRequest", async () => {
    const { spaceId, cr } = await changeRequestWithPage();
    const reviewer = await colleague();
    const { data } = await api.spaces.requestReviewersForChangeRequest(spaceId, cr.id, { users: [reviewer], subject: "Please review" });
    expect(data.users?.map((request) => request.kind === "user" && request.user.id)).toEqual([reviewer]);
  });

  it("getRequestedReviewersByChangeRequestId", async () => {
    const { spaceId, cr } = await changeRequestWithPage();
    const reviewer = await colleague();
    await docstack("POST", `/spaces/${spaceId}/change-requests/${cr.id}/requested-reviewers`, { users: [reviewer] });
    const { data } = await api.spaces.getRequestedReviewersByChangeRequestId(spaceId, cr.id);
    expect(data.items.map((request) => request.kind === "user" && request.user.id)).toEqual([reviewer]);
  });

  it("removeRequestedReviewerFromChangeRequest, then again once gone", async () => {
    const { spaceId, cr } = await changeRequestWithPage();
    const reviewer = await colleague();
    await docstack("POST", `/spaces/${spaceId}/change-requests/${cr.id}/requested-reviewers`, { users: [reviewer] });
    expect((await api.spaces.removeRequestedReviewerFromChangeRequest(spaceId, cr.id, reviewer)).status).toBe(205);
    // Already gone: nothing to remove, as GitBook answers.
    expect((await api.spaces.removeRequestedReviewerFromChangeRequest(spaceId, cr.id, reviewer)).status).toBe(204);
  });

  it("submitChangeRequestReview", async () => {
    const { spaceId, cr } = await changeRequestWithPage();
    const { data } = await api.spaces.submitChangeRequestReview(spaceId, cr.id, { status: ChangeRequestReviewStatus.Approved });
    expect(data).toMatchObject({ object: "change-request-review", status: "approved", outdated: false });
  });

  it("getReviewsByChangeRequestId with outdated", async () => {
    const { spaceId, cr } = await changeRequestWithPage();
    const first = await docstack<{ id: string }>("POST", `/spaces/${spaceId}/change-requests/${cr.id}/reviews`, { status: "changes-requested" });
    const second = await docstack<{ id: string }>("POST", `/spaces/${spaceId}/change-requests/${cr.id}/reviews`, { status: "approved" });
    const { data: current } = await api.spaces.getReviewsByChangeRequestId(spaceId, cr.id, { outdated: false });
    expect(current.items.map((item) => item.id)).toEqual([second.id]);
    const { data: outdated } = await api.spaces.getReviewsByChangeRequestId(spaceId, cr.id, { outdated: true });
    expect(outdated.items.map((item) => item.id)).toEqual([first.id]);
  });

  it("getChangeRequestReviewById", async () => {
    const { spaceId, cr } = await changeRequestWithPage();
    const review = await docstack<{ id: string }>("POST", `/spaces/${spaceId}/change-requests/${cr.id}/reviews`, { status: "approved" });
    const { data } = await api.spaces.getChangeRequestReviewById(spaceId, cr.id, review.id);
    expect(data).toMatchObject({ id: review.id, status: "approved" });
  });

  it("mergeChangeRequest, refused (409) while the space's merge rules are not met", async () => {
    const { spaceId, cr } = await changeRequestWithPage();
    await docstack("PATCH", `/spaces/${spaceId}`, { mergeRules: { type: "rules", rules: [{ rule: "require_change_request_subject" }] } });
    await docstack("PATCH", `/spaces/${spaceId}/change-requests/${cr.id}`, { subject: "" });
    expect(await statusOf(api.spaces.mergeChangeRequest(spaceId, cr.id))).toBe(409);
    await docstack("PATCH", `/spaces/${spaceId}/change-requests/${cr.id}`, { subject: "Ready" });
    const { data } = await api.spaces.mergeChangeRequest(spaceId, cr.id);
    expect(data.result).toBe("merge");
  });
});
