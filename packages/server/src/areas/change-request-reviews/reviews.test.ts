import { contentHelpers, insertPage } from "../../../test/support/content";
import { requestsAs, type TestUser, useHarness } from "../../../test/support/harness";

const h = useHarness();
const c = contentHelpers(h);
const as = (user: TestUser) => requestsAs(h, user);

/** An organization, a space, an editor's change request with a page, and two reviewers. */
async function setup() {
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  const author = await h.member(org.id, "edit");
  const alice = await h.member(org.id, "review");
  const bob = await h.member(org.id, "review");
  const cr = await c.createChangeRequest(author, space.id, "Rate limits");
  await c.write(author, space.id, cr.id, [insertPage("Limits", "Per plan.")]).expect(200);
  const url = `/v1/spaces/${space.id}/change-requests/${cr.id}`;
  return { org, space, author, alice, bob, cr, url };
}

const ids = (body: { items: { id?: string; user?: { id: string } }[] }) => body.items.map((item) => item.id ?? item.user?.id);

describe("requested reviewers", () => {
  it("are requested by editors, listed, renewed, and withdrawn (205, then 204 once gone)", async () => {
    const { org, author, alice, bob, url } = await setup();
    const requested = await as(author)
      .post(`${url}/requested-reviewers`, { users: [alice.id, bob.id], subject: "Rate limits, per plan" })
      .expect(200);
    expect(requested.body.users).toEqual([
      expect.objectContaining({ object: "change-request-requested-reviewer", kind: "user", user: expect.objectContaining({ id: alice.id }) }),
      expect.objectContaining({ kind: "user", user: expect.objectContaining({ id: bob.id }), requestedBy: expect.objectContaining({ id: author.id }) }),
    ]);
    expect((await as(author).get(url).expect(200)).body.subject).toBe("Rate limits, per plan");
    const list = await as(await h.member(org.id, "read"))
      .get(`${url}/requested-reviewers`)
      .expect(200);
    expect(list.body.count).toBe(2);
    expect(ids(list.body)).toEqual([alice.id, bob.id]);

    await as(author).delete(`${url}/requested-reviewers/${bob.id}`).expect(205);
    await as(author).delete(`${url}/requested-reviewers/${bob.id}`).expect(204);
    expect(ids((await as(author).get(`${url}/requested-reviewers`).expect(200)).body)).toEqual([alice.id]);
  });

  it("must be members other than the creator; readers cannot request; other organizations see nothing", async () => {
    const { org, author, alice, cr, url } = await setup();
    const stranger = (await h.organization()).admin;
    const notMember = await as(author)
      .post(`${url}/requested-reviewers`, { users: [alice.id, stranger.id] })
      .expect(400);
    expect(notMember.body.error.message).toContain(`users/1: ${stranger.id} is not a member`);
    await as(author).post(`${url}/requested-reviewers`, { users: [] }).expect(400);
    await as(author)
      .post(`${url}/requested-reviewers`, { users: [alice.id], description: "GitBook's" })
      .expect(400);
    await as(await h.member(org.id, "comment"))
      .post(`${url}/requested-reviewers`, { users: [alice.id] })
      .expect(403);
    await as(stranger).get(`${url}/requested-reviewers`).expect(404);
    expect(await h.services.prisma.changeRequestReviewer.count({ where: { changeRequestId: cr.id } })).toBe(0);
  });
});

describe("reviews", () => {
  it("record the reviewer's verdict on the current revision, with a comment; a new one outdates the previous", async () => {
    const { space, author, alice, bob, cr, url } = await setup();
    await as(author)
      .post(`${url}/requested-reviewers`, { users: [alice.id] })
      .expect(200);
    const first = await as(alice)
      .post(`${url}/reviews`, { status: "changes-requested", comment: { markdown: "Add a table." } })
      .expect(201);
    expect(first.body).toMatchObject({
      object: "change-request-review",
      status: "changes-requested",
      outdated: false,
      revision: (await as(author).get(url).expect(200)).body.revision,
      reviewer: { id: alice.id },
      requestedBy: { id: author.id },
      comment: { object: "comment", body: { markdown: "Add a table." }, postedBy: { id: alice.id } },
    });
    expect(first.body.urls.location).toMatch(new RegExp(`${url}/reviews/${first.body.id}$`));
    // The comment is one of the change request's.
    expect((await as(author).get(`${url}/comments`).expect(200)).body.items.map((x: { id: string }) => x.id)).toEqual([first.body.comment.id]);

    const second = await as(alice).post(`${url}/reviews`, { status: "approved" }).expect(201);
    expect(second.body.comment).toBeUndefined();
    const unrequested = await as(bob).post(`${url}/reviews`, { status: "approved" }).expect(201);
    expect(unrequested.body.requestedBy).toBeUndefined();

    const all = await as(author).get(`${url}/reviews`).expect(200);
    expect(all.body.items.map((r: { id: string; outdated: boolean }) => [r.id, r.outdated])).toEqual([
      [first.body.id, true],
      [second.body.id, false],
      [unrequested.body.id, false],
    ]);
    expect(ids((await as(author).get(`${url}/reviews?outdated=false&limit=1`).expect(200)).body)).toEqual([second.body.id]);
    expect(ids((await as(author).get(`${url}/reviews?outdated=true`).expect(200)).body)).toEqual([first.body.id]);
    expect((await as(author).get(`${url}/reviews/${second.body.id}`).expect(200)).body).toMatchObject({ id: second.body.id, status: "approved" });

    // Requested again: the reviewer's reviews so far no longer count.
    await as(author)
      .post(`${url}/requested-reviewers`, { users: [alice.id] })
      .expect(200);
    expect((await as(author).get(`${url}/reviews/${second.body.id}`).expect(200)).body.outdated).toBe(true);

    const other = await c.createChangeRequest(author, space.id, "Other");
    await as(author)
      .get(`${url.replace(cr.id, other.id)}/reviews/${second.body.id}`)
      .expect(404);
  });

  it("are refused to editors (403) and on archived change requests (409)", async () => {
    const { author, alice, cr, url } = await setup();
    await as(author).post(`${url}/reviews`, { status: "approved" }).expect(403);
    await as(alice).post(`${url}/reviews`, { status: "maybe" }).expect(400);

    await as(author).patch(url, { status: "archived" }).expect(200);
    await as(alice).post(`${url}/reviews`, { status: "approved" }).expect(409);
    await as(author)
      .post(`${url}/requested-reviewers`, { users: [alice.id] })
      .expect(409);
    expect(await h.services.prisma.changeRequestReview.count({ where: { changeRequestId: cr.id } })).toBe(0);
  });
});

describe("merge rules", () => {
  it("default to none (organization) and inherit (space), and name members only", async () => {
    const { org, space, alice } = await setup();
    expect((await as(org.admin).get(`/v1/orgs/${org.id}`).expect(200)).body.mergeRules).toEqual({ type: "none" });
    expect((await as(org.admin).get(`/v1/spaces/${space.id}`).expect(200)).body.mergeRules).toEqual({ type: "inherit" });
    const stranger = (await h.organization()).admin;
    const refused = await as(org.admin)
      .patch(`/v1/orgs/${org.id}`, { mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: [alice.id, stranger.id] }] } })
      .expect(400);
    expect(refused.body.error.message).toContain("mergeRules/rules/0/users/1");
    await as(org.admin)
      .patch(`/v1/orgs/${org.id}`, { mergeRules: { type: "rules", rules: [{ rule: "custom", expression: "true" }] } })
      .expect(400);
    await as(org.admin)
      .patch(`/v1/orgs/${org.id}`, { mergeRules: { type: "rules", rules: [{ rule: "require_agent_review" }] } })
      .expect(400);
    // A space's rules are its admins'.
    await as(await h.member(org.id, "edit"))
      .patch(`/v1/spaces/${space.id}`, { mergeRules: { type: "none" } })
      .expect(403);
    const rules = { type: "rules", rules: [{ rule: "require_one_of_specific_reviewers", users: [alice.id] }] };
    expect((await as(org.admin).patch(`/v1/spaces/${space.id}`, { mergeRules: rules }).expect(200)).body.mergeRules).toEqual(rules);
    expect(
      (
        await as(org.admin)
          .patch(`/v1/spaces/${space.id}`, { mergeRules: { type: "inherit" } })
          .expect(200)
      ).body.mergeRules,
    ).toEqual({ type: "inherit" });
  });

  it("refuse a merge without the required approvals with a 409 naming the rule, then merge once approved", async () => {
    const { org, space, author, alice, bob, url } = await setup();
    const crId = url.split("/").pop()!;
    await as(org.admin)
      .patch(`/v1/orgs/${org.id}`, {
        mergeRules: {
          type: "rules",
          rules: [
            { rule: "require_at_least_one_approved_review" },
            { rule: "require_all_reviews_approved" },
            { rule: "require_specific_reviewers", users: [alice.id] },
          ],
        },
      })
      .expect(200);
    const none = await c.merge(author, space.id, crId).expect(409);
    expect(none.body.error.message).toBe("Merge rule require_at_least_one_approved_review: the change request needs an approved review");
    expect(none.body.error.reason).toBe("merge_rule_unmet");
    // The creator's own approval is recorded but counts for nothing.
    const ownCr = await c.createChangeRequest(org.admin, space.id, "Admin's own");
    await as(org.admin).post(`/v1/spaces/${space.id}/change-requests/${ownCr.id}/reviews`, { status: "approved" }).expect(201);
    expect((await c.merge(org.admin, space.id, ownCr.id).expect(409)).body.error.message).toContain("require_at_least_one_approved_review");

    await as(bob).post(`${url}/reviews`, { status: "approved" }).expect(201);
    // The reviewer it waits for, by name.
    await h.direct((prisma) => prisma.user.update({ where: { id: alice.id }, data: { displayName: "Alice Liddell" } }));
    expect((await c.merge(author, space.id, crId).expect(409)).body.error.message).toContain(
      "Merge rule require_specific_reviewers: it needs an approved review from Alice Liddell",
    );
    await as(alice).post(`${url}/reviews`, { status: "changes-requested" }).expect(201);
    expect((await c.merge(author, space.id, crId).expect(409)).body.error.message).toContain("require_all_reviews_approved");
    await as(alice).post(`${url}/reviews`, { status: "approved" }).expect(201);
    expect((await as(author).get(url).expect(200)).body.status).not.toBe("merged");
    expect((await c.merge(author, space.id, crId).expect(200)).body.result).toBe("merge");
  });

  it("follow the space's own rules over the organization's, and let allow_bypass users through", async () => {
    const { org, space, author, alice, url } = await setup();
    await as(org.admin)
      .patch(`/v1/orgs/${org.id}`, { mergeRules: { type: "rules", rules: [{ rule: "require_at_least_one_review" }] } })
      .expect(200);
    await as(org.admin)
      .patch(`/v1/spaces/${space.id}`, {
        mergeRules: {
          type: "rules",
          rules: [{ rule: "require_change_request_subject" }, { rule: "require_author_to_merge" }, { rule: "allow_bypass", users: [alice.id] }],
        },
      })
      .expect(200);
    const crId = url.split("/").pop()!;
    await as(author).patch(url, { subject: "" }).expect(200);
    expect((await c.merge(author, space.id, crId).expect(409)).body.error.message).toContain("require_change_request_subject");
    await as(author).patch(url, { subject: "Limits" }).expect(200);
    expect((await c.merge(org.admin, space.id, crId).expect(409)).body.error.message).toContain("require_author_to_merge");
    // The bypass needs merge rights of its own: alice (review) has them.
    expect((await c.merge(alice, space.id, crId).expect(200)).body.result).toBe("merge");

    // Back to the organization's rules: a review is needed.
    await as(org.admin)
      .patch(`/v1/spaces/${space.id}`, { mergeRules: { type: "inherit" } })
      .expect(200);
    const next = await c.createChangeRequest(author, space.id, "Next");
    expect((await c.merge(author, space.id, next.id).expect(409)).body.error.message).toContain("require_at_least_one_review");
  });
});

describe("listing change requests", () => {
  it("orders by updatedAt (default) or createdAt, and filters by creator, requested reviewer and topic", async () => {
    const { org, space, author, alice } = await setup();
    const list = (query: string) => as(org.admin).get(`/v1/spaces/${space.id}/change-requests?status=draft&${query}`).expect(200);
    h.clock.advance(1000);
    const second = await c.createChangeRequest(org.admin, space.id, "Second");
    const first = (await list(`creator=${author.id}`)).body.items[0].id as string;
    // Editing the first makes it the latest updated.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await c.write(author, space.id, first, [insertPage("More")]).expect(200);
    expect(ids((await list("")).body)).toEqual([first, second.id]);
    expect(ids((await list("orderBy=createdAt")).body)).toEqual([second.id, first]);
    const page = await list("orderBy=createdAt&limit=1");
    expect(ids((await list(`orderBy=createdAt&limit=1&page=${page.body.next.page}`)).body)).toEqual([first]);
    await as(org.admin).get(`/v1/spaces/${space.id}/change-requests?status=draft&orderBy=updatedAt&page=${page.body.next.page}`).expect(400);
    await as(org.admin).get(`/v1/spaces/${space.id}/change-requests?orderBy=number`).expect(400);

    expect(ids((await list(`creator=${org.admin.id}`)).body)).toEqual([second.id]);
    await as(author)
      .post(`/v1/spaces/${space.id}/change-requests/${first}/requested-reviewers`, { users: [alice.id] })
      .expect(200);
    expect(ids((await list(`requestedReviewer=${alice.id}`)).body)).toEqual([first]);
    expect((await list("topic=any")).body).toMatchObject({ items: [], count: 0 });
  });
});
