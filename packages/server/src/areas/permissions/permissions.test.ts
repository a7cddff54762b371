import { requestsAs, type TestUser, useHarness } from "../../../test/support/harness";

const h = useHarness();

const as = (user: TestUser) => requestsAs(h, user);
const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((item) => item.id).sort();

/** An organization with a space nobody reaches by default (`defaultLevel: null`) and an ordinary one. */
async function organizationWithPrivateSpace() {
  const org = await h.organization();
  const admin = as(org.admin);
  const secret = (await admin.post(`/v1/orgs/${org.id}/spaces`, { title: "Secret" }).expect(201)).body as { id: string };
  await admin.patch(`/v1/spaces/${secret.id}`, { defaultLevel: null }).expect(200);
  const open = (await admin.post(`/v1/orgs/${org.id}/spaces`, { title: "Open" }).expect(201)).body as { id: string };
  return { org, admin, secret, open };
}

describe("sharing a space", () => {
  it("gives a member what the space is shared with them as, and takes it away on removal", async () => {
    const { org, admin, secret, open } = await organizationWithPrivateSpace();
    const reader = await h.member(org.id, "read");
    await as(reader).get(`/v1/spaces/${secret.id}`).expect(404);
    expect(ids(await as(reader).get(`/v1/orgs/${org.id}/spaces`).expect(200))).toEqual([open.id]);

    await admin.post(`/v1/spaces/${secret.id}/permissions`, { role: "edit", users: [reader.id] }).expect(204);
    const shared = await as(reader).get(`/v1/spaces/${secret.id}`).expect(200);
    expect(shared.body).toMatchObject({ defaultLevel: null, permissions: { view: true, edit: true, admin: false } });
    expect(ids(await as(reader).get(`/v1/orgs/${org.id}/spaces`).expect(200))).toEqual([open.id, secret.id].sort());
    const users = await as(reader).get(`/v1/spaces/${secret.id}/permissions/users`).expect(200);
    expect(users.body).toMatchObject({ count: 1, items: [{ permission: "edit", user: { id: reader.id } }] });

    await admin.patch(`/v1/spaces/${secret.id}/permissions/users/${reader.id}`, { role: "comment" }).expect(204);
    expect((await as(reader).get(`/v1/spaces/${secret.id}`).expect(200)).body.permissions).toMatchObject({ comment: true, edit: false });
    // A member with the comment role on it cannot share it further.
    await as(reader)
      .post(`/v1/spaces/${secret.id}/permissions`, { role: "admin", users: [reader.id] })
      .expect(403);

    await admin.delete(`/v1/spaces/${secret.id}/permissions/users/${reader.id}`).expect(205);
    await admin.delete(`/v1/spaces/${secret.id}/permissions/users/${reader.id}`).expect(204);
    await as(reader).get(`/v1/spaces/${secret.id}`).expect(404);
  });

  it("raises a member above their default level, never lowers it", async () => {
    const { org, admin, open } = await organizationWithPrivateSpace();
    const editor = await h.member(org.id, "edit");
    await admin.post(`/v1/spaces/${open.id}/permissions`, { role: "read", users: [editor.id] }).expect(204);
    expect((await as(editor).get(`/v1/spaces/${open.id}`).expect(200)).body.permissions.edit).toBe(true);
    await admin.post(`/v1/spaces/${open.id}/permissions`, { role: "admin", users: [editor.id] }).expect(204);
    expect((await as(editor).get(`/v1/spaces/${open.id}`).expect(200)).body.permissions.admin).toBe(true);
  });

  it("reaches the members of a team shared with, for as long as they are in it", async () => {
    const { org, admin, secret } = await organizationWithPrivateSpace();
    const member = await h.member(org.id, "read");
    const team = (await admin.put(`/v1/orgs/${org.id}/teams`, { title: "Writers" }).expect(201)).body as { id: string };
    await admin.put(`/v1/orgs/${org.id}/teams/${team.id}/members/${member.id}`, {}).expect(204);
    await admin.post(`/v1/spaces/${secret.id}/permissions`, { role: "review", teams: [team.id] }).expect(204);
    expect((await as(member).get(`/v1/spaces/${secret.id}`).expect(200)).body.permissions).toMatchObject({ review: true, admin: false });
    const teams = await admin.get(`/v1/spaces/${secret.id}/permissions/teams`).expect(200);
    expect(teams.body).toMatchObject({ count: 1, items: [{ permission: "review", team: { id: team.id, spaces: 1 } }] });
    const everyone = await admin.get(`/v1/spaces/${secret.id}/permissions/aggregate`).expect(200);
    expect(everyone.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ permission: "admin", user: expect.objectContaining({ id: org.admin.id }) }),
        expect.objectContaining({ permission: "review", user: expect.objectContaining({ id: member.id }) }),
      ]),
    );
    expect((await admin.get(`/v1/spaces/${secret.id}/permissions/aggregate?role=review`).expect(200)).body.count).toBe(1);

    await admin.delete(`/v1/orgs/${org.id}/teams/${team.id}/members/${member.id}`).expect(205);
    await as(member).get(`/v1/spaces/${secret.id}`).expect(404);
    await admin.patch(`/v1/spaces/${secret.id}/permissions/teams/${team.id}`, { role: "read" }).expect(204);
    await admin.delete(`/v1/spaces/${secret.id}/permissions/teams/${team.id}`).expect(205);
    expect((await admin.get(`/v1/spaces/${secret.id}/permissions/teams`).expect(200)).body.count).toBe(0);
  });

  it("shares with members (guests included) and teams of the organization only, with a role", async () => {
    const { org, admin, secret } = await organizationWithPrivateSpace();
    const outsider = await h.organization();
    const unknown = await admin
      .post(`/v1/spaces/${secret.id}/permissions`, { role: "read", users: [outsider.admin.id], teams: ["01unknownteam0000000000000"] })
      .expect(404);
    expect(unknown.body.error.message).toContain(`user ${outsider.admin.id}`);
    expect(unknown.body.error.message).toContain("team 01unknownteam0000000000000");
    await admin.patch(`/v1/spaces/${secret.id}/permissions/users/${outsider.admin.id}`, { role: "read" }).expect(404);
    const nothing = await admin.post(`/v1/spaces/${secret.id}/permissions`, { role: null, users: [org.admin.id] }).expect(400);
    expect(nothing.body.error.message).toMatch(/request\/body\/role.*DELETE/);
    await admin.post(`/v1/spaces/${secret.id}/permissions`, { role: "read" }).expect(400);
    expect((await h.services.prisma.contentGrant.count({ where: { spaceId: secret.id } })) + 0).toBe(0);
  });
});

describe("guests", () => {
  it("see nothing of the organization's content but what is shared with them", async () => {
    const { org, admin, secret, open } = await organizationWithPrivateSpace();
    const guest = await h.member(org.id, null);
    expect((await as(guest).get(`/v1/orgs/${org.id}/spaces`).expect(200)).body.items).toEqual([]);
    await as(guest).get(`/v1/spaces/${open.id}`).expect(404);
    await admin.post(`/v1/spaces/${secret.id}/permissions`, { role: "comment", users: [guest.id] }).expect(204);
    expect(ids(await as(guest).get(`/v1/orgs/${org.id}/spaces`).expect(200))).toEqual([secret.id]);
    await as(guest)
      .post(`/v1/spaces/${secret.id}/comments`, { body: { markdown: "Hello" } })
      .expect(200);
    await as(guest).get(`/v1/spaces/${open.id}`).expect(404);
    const members = await admin.get(`/v1/orgs/${org.id}/members/${guest.id}`).expect(200);
    expect(members.body).toMatchObject({ role: null, spaces: 1 });
  });
});

describe("sharing a collection", () => {
  it("shares everything in it: its spaces and nested collections", async () => {
    const org = await h.organization();
    const admin = as(org.admin);
    const outer = (await admin.post(`/v1/orgs/${org.id}/collections`, { title: "Outer" }).expect(201)).body as { id: string };
    await admin.patch(`/v1/collections/${outer.id}`, { defaultLevel: null }).expect(200);
    const inner = (await admin.post(`/v1/orgs/${org.id}/collections`, { title: "Inner", parent: outer.id }).expect(201)).body as { id: string };
    const space = (await admin.post(`/v1/orgs/${org.id}/spaces`, { title: "Deep", parent: inner.id }).expect(201)).body as { id: string };
    const member = await h.member(org.id, "edit");
    // The outer collection gives no default access: what inherits from it (all of it) is out of reach.
    await as(member).get(`/v1/spaces/${space.id}`).expect(404);
    expect((await as(member).get(`/v1/orgs/${org.id}/collections`).expect(200)).body.items).toEqual([]);

    await admin.post(`/v1/collections/${outer.id}/permissions`, { role: "comment", users: [member.id] }).expect(204);
    expect((await as(member).get(`/v1/spaces/${space.id}`).expect(200)).body.permissions).toMatchObject({ comment: true, edit: false });
    expect(ids(await as(member).get(`/v1/orgs/${org.id}/collections`).expect(200))).toEqual([inner.id, outer.id].sort());
    expect(ids(await as(member).get(`/v1/collections/${inner.id}/spaces`).expect(200))).toEqual([space.id]);
    const aggregate = await admin.get(`/v1/collections/${inner.id}/permissions/aggregate?role=comment`).expect(200);
    expect(aggregate.body.items.map((item: { user: { id: string } }) => item.user.id)).toEqual([member.id]);
    const users = await admin.get(`/v1/collections/${outer.id}/permissions/users`).expect(200);
    expect(users.body.items).toEqual([expect.objectContaining({ permission: "comment" })]);

    // The space's own default level wins over the collection's null: members reach it with it.
    await admin.patch(`/v1/spaces/${space.id}`, { defaultLevel: "edit" }).expect(200);
    await admin.delete(`/v1/collections/${outer.id}/permissions/users/${member.id}`).expect(205);
    expect((await as(member).get(`/v1/spaces/${space.id}`).expect(200)).body.permissions.edit).toBe(true);
    expect(ids(await as(member).get(`/v1/orgs/${org.id}/spaces`).expect(200))).toEqual([space.id]);
  });
});

describe("what is shared ends", () => {
  it("when the member leaves the organization, and when content moves to another one", async () => {
    const { org, admin, secret } = await organizationWithPrivateSpace();
    const member = await h.member(org.id, "read");
    await admin.post(`/v1/spaces/${secret.id}/permissions`, { role: "edit", users: [member.id] }).expect(204);
    await admin.delete(`/v1/orgs/${org.id}/members/${member.id}`).expect(205);
    expect(await h.services.prisma.contentGrant.count({ where: { userId: member.id } })).toBe(0);

    const other = await h.member(org.id, "read");
    await admin.post(`/v1/spaces/${secret.id}/permissions`, { role: "edit", users: [other.id] }).expect(204);
    const elsewhere = await h.organization();
    await h.direct((prisma) => prisma.member.create({ data: { organizationId: elsewhere.id, userId: org.admin.id, role: "admin" } }));
    await admin.post(`/v1/spaces/${secret.id}/transfer`, { organization: elsewhere.id }).expect(200);
    expect(await h.services.prisma.contentGrant.count({ where: { spaceId: secret.id } })).toBe(0);
  });

  it("copies a space shared as the original is", async () => {
    const { org, admin, secret } = await organizationWithPrivateSpace();
    const member = await h.member(org.id, "create");
    await admin.post(`/v1/spaces/${secret.id}/permissions`, { role: "read", users: [member.id] }).expect(204);
    const copy = await as(member).post(`/v1/spaces/${secret.id}/duplicate`).expect(201);
    expect(copy.body).toMatchObject({ defaultLevel: null, permissions: { view: true, edit: false } });
  });
});

describe("sharing a site", () => {
  it("lets a member a site is shared with as admin change it, and says where each level comes from", async () => {
    const org = await h.organization();
    const admin = as(org.admin);
    const site = (await admin.post(`/v1/orgs/${org.id}/sites`, { title: "Docs" }).expect(201)).body as { id: string };
    const base = `/v1/orgs/${org.id}/sites/${site.id}`;
    const editor = await h.member(org.id, "edit");
    const guest = await h.member(org.id, null);
    await as(editor).patch(base, { title: "Mine" }).expect(403);
    const team = (await admin.put(`/v1/orgs/${org.id}/teams`, { title: "Site team" }).expect(201)).body as { id: string };
    await admin.put(`/v1/orgs/${org.id}/teams/${team.id}/members/${editor.id}`, {}).expect(204);
    await admin.post(`${base}/permissions`, { role: "admin", teams: [team.id] }).expect(204);
    await as(editor).patch(base, { title: "Mine" }).expect(200);

    const aggregate = await admin.get(`${base}/permissions/aggregate?sort=name&order=asc`).expect(200);
    const byUser = new Map(aggregate.body.items.map((item: { user: { id: string } }) => [item.user.id, item]));
    expect(byUser.get(editor.id)).toMatchObject({
      permission: "admin",
      origin: { type: "site", site: site.id, reason: "team", team: team.id },
      disabled: false,
    });
    expect(byUser.get(org.admin.id)).toMatchObject({ permission: "admin", origin: { type: "organization", organization: org.id } });
    expect(byUser.get(guest.id)).toMatchObject({ permission: null });
    expect((await admin.get(`${base}/permissions/aggregate?role=guest`).expect(200)).body.items).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ id: guest.id }) }),
    ]);
    expect((await admin.get(`${base}/permissions/aggregate?team=${team.id}`).expect(200)).body.count).toBe(1);

    await admin.patch(`${base}/permissions/users/${guest.id}`, { role: "admin" }).expect(204);
    expect((await admin.get(`${base}/permissions/users`).expect(200)).body.items).toEqual([expect.objectContaining({ permission: "admin" })]);
    await as(guest).patch(base, { title: "Guest's" }).expect(200);
    await admin.delete(`${base}/permissions/users/${guest.id}`).expect(205);
    await as(guest).patch(base, { title: "No" }).expect(403);
    await admin.delete(`${base}/permissions/teams/${team.id}`).expect(205);
    await as(editor).patch(base, { title: "No" }).expect(403);
  });
});
