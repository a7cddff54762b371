import { type ApiClient, answered, at, refused, untyped, useHarness } from "../../../test/support/harness";

const h = useHarness();

const ids = (list: { items: { id: string }[] }) => list.items.map((item) => item.id).sort();

const SPACE = "/v1/spaces/{spaceId}";
const SPACES = "/v1/orgs/{organizationId}/spaces";
const SHARE_SPACE = "/v1/spaces/{spaceId}/permissions";
const TEAMS = "/v1/orgs/{organizationId}/teams";
const TEAM_MEMBER = "/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}";

const newSpace = (client: ApiClient, organizationId: string, body: { title: string; parent?: string }) =>
  answered(client.POST(SPACES, { ...at({ organizationId }), body }), 201);
const newTeam = (client: ApiClient, organizationId: string, title: string) => answered(client.PUT(TEAMS, { ...at({ organizationId }), body: { title } }), 201);

/** An organization with a space nobody reaches by default (`defaultLevel: null`) and an ordinary one. */
async function organizationWithPrivateSpace() {
  const org = await h.organization();
  const admin = h.as(org.admin);
  const secret = await newSpace(admin, org.id, { title: "Secret" });
  await answered(admin.PATCH(SPACE, { ...at({ spaceId: secret.id }), body: { defaultLevel: null } }), 200);
  const open = await newSpace(admin, org.id, { title: "Open" });
  return { org, admin, secret, open };
}

describe("sharing a space", () => {
  it("gives a member what the space is shared with them as, and takes it away on removal", async () => {
    const { org, admin, secret, open } = await organizationWithPrivateSpace();
    const readerUser = await h.member(org.id, "read");
    const reader = h.as(readerUser);
    const inSecret = at({ spaceId: secret.id });
    const asUser = at({ spaceId: secret.id, userId: readerUser.id });
    await refused(reader.GET(SPACE, inSecret), 404);
    expect(ids(await answered(reader.GET(SPACES, at({ organizationId: org.id })), 200))).toEqual([open.id]);

    await answered(admin.POST(SHARE_SPACE, { ...inSecret, body: { role: "edit", users: [readerUser.id] } }), 204);
    const shared = await answered(reader.GET(SPACE, inSecret), 200);
    expect(shared).toMatchObject({ defaultLevel: null, permissions: { view: true, edit: true, admin: false } });
    expect(ids(await answered(reader.GET(SPACES, at({ organizationId: org.id })), 200))).toEqual([open.id, secret.id].sort());
    const users = await answered(reader.GET("/v1/spaces/{spaceId}/permissions/users", inSecret), 200);
    expect(users).toMatchObject({ count: 1, items: [{ permission: "edit", user: { id: readerUser.id } }] });

    await answered(admin.PATCH("/v1/spaces/{spaceId}/permissions/users/{userId}", { ...asUser, body: { role: "comment" } }), 204);
    expect((await answered(reader.GET(SPACE, inSecret), 200)).permissions).toMatchObject({ comment: true, edit: false });
    // A member with the comment role on it cannot share it further.
    await refused(reader.POST(SHARE_SPACE, { ...inSecret, body: { role: "admin", users: [readerUser.id] } }), 403);

    await answered(admin.DELETE("/v1/spaces/{spaceId}/permissions/users/{userId}", asUser), 205);
    await answered(admin.DELETE("/v1/spaces/{spaceId}/permissions/users/{userId}", asUser), 204);
    await refused(reader.GET(SPACE, inSecret), 404);
  });

  it("raises a member above their default level, never lowers it", async () => {
    const { org, admin, open } = await organizationWithPrivateSpace();
    const editor = await h.member(org.id, "edit");
    const inOpen = at({ spaceId: open.id });
    await answered(admin.POST(SHARE_SPACE, { ...inOpen, body: { role: "read", users: [editor.id] } }), 204);
    expect((await answered(h.as(editor).GET(SPACE, inOpen), 200)).permissions.edit).toBe(true);
    await answered(admin.POST(SHARE_SPACE, { ...inOpen, body: { role: "admin", users: [editor.id] } }), 204);
    expect((await answered(h.as(editor).GET(SPACE, inOpen), 200)).permissions.admin).toBe(true);
  });

  it("reaches the members of a team shared with, for as long as they are in it", async () => {
    const { org, admin, secret } = await organizationWithPrivateSpace();
    const member = await h.member(org.id, "read");
    const inSecret = at({ spaceId: secret.id });
    const team = await newTeam(admin, org.id, "Writers");
    const membership = at({ organizationId: org.id, teamId: team.id, userId: member.id });
    await answered(admin.PUT(TEAM_MEMBER, membership), 204);
    await answered(admin.POST(SHARE_SPACE, { ...inSecret, body: { role: "review", teams: [team.id] } }), 204);
    expect((await answered(h.as(member).GET(SPACE, inSecret), 200)).permissions).toMatchObject({ review: true, admin: false });
    const teams = await answered(admin.GET("/v1/spaces/{spaceId}/permissions/teams", inSecret), 200);
    expect(teams).toMatchObject({ count: 1, items: [{ permission: "review", team: { id: team.id, spaces: 1 } }] });
    const everyone = await answered(admin.GET("/v1/spaces/{spaceId}/permissions/aggregate", inSecret), 200);
    expect(everyone.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ permission: "admin", user: expect.objectContaining({ id: org.admin.id }) }),
        expect.objectContaining({ permission: "review", user: expect.objectContaining({ id: member.id }) }),
      ]),
    );
    const reviewers = await answered(
      admin.GET("/v1/spaces/{spaceId}/permissions/aggregate", { params: { path: { spaceId: secret.id }, query: { role: "review" } } }),
      200,
    );
    expect(reviewers.count).toBe(1);

    await answered(admin.DELETE(TEAM_MEMBER, membership), 205);
    await refused(h.as(member).GET(SPACE, inSecret), 404);
    const teamGrant = at({ spaceId: secret.id, teamId: team.id });
    await answered(admin.PATCH("/v1/spaces/{spaceId}/permissions/teams/{teamId}", { ...teamGrant, body: { role: "read" } }), 204);
    await answered(admin.DELETE("/v1/spaces/{spaceId}/permissions/teams/{teamId}", teamGrant), 205);
    expect((await answered(admin.GET("/v1/spaces/{spaceId}/permissions/teams", inSecret), 200)).count).toBe(0);
  });

  it("shares with members (guests included) and teams of the organization only, with a role", async () => {
    const { org, admin, secret } = await organizationWithPrivateSpace();
    const outsider = await h.organization();
    const inSecret = at({ spaceId: secret.id });
    const unknown = await refused(
      admin.POST(SHARE_SPACE, { ...inSecret, body: { role: "read", users: [outsider.admin.id], teams: ["01unknownteam0000000000000"] } }),
      404,
    );
    expect(unknown.error.message).toContain(`user ${outsider.admin.id}`);
    expect(unknown.error.message).toContain("team 01unknownteam0000000000000");
    const outsiderGrant = at({ spaceId: secret.id, userId: outsider.admin.id });
    await refused(admin.PATCH("/v1/spaces/{spaceId}/permissions/users/{userId}", { ...outsiderGrant, body: { role: "read" } }), 404);
    const nothing = await refused(admin.POST(SHARE_SPACE, { ...inSecret, body: untyped({ role: null, users: [org.admin.id] }) }), 400);
    expect(nothing.error.message).toMatch(/request\/body\/role.*DELETE/);
    await refused(admin.POST(SHARE_SPACE, { ...inSecret, body: { role: "read" } }), 400);
    expect(await h.services.prisma.contentGrant.count({ where: { spaceId: secret.id } })).toBe(0);
  });
});

describe("guests", () => {
  it("see nothing of the organization's content but what is shared with them", async () => {
    const { org, admin, secret, open } = await organizationWithPrivateSpace();
    const guestUser = await h.member(org.id, null);
    const guest = h.as(guestUser);
    const inOrg = at({ organizationId: org.id });
    expect((await answered(guest.GET(SPACES, inOrg), 200)).items).toEqual([]);
    await refused(guest.GET(SPACE, at({ spaceId: open.id })), 404);
    await answered(admin.POST(SHARE_SPACE, { ...at({ spaceId: secret.id }), body: { role: "comment", users: [guestUser.id] } }), 204);
    expect(ids(await answered(guest.GET(SPACES, inOrg), 200))).toEqual([secret.id]);
    await answered(guest.POST("/v1/spaces/{spaceId}/comments", { ...at({ spaceId: secret.id }), body: { body: { markdown: "Hello" } } }), 200);
    await refused(guest.GET(SPACE, at({ spaceId: open.id })), 404);
    const asMember = await answered(admin.GET("/v1/orgs/{organizationId}/members/{userId}", at({ organizationId: org.id, userId: guestUser.id })), 200);
    expect(asMember).toMatchObject({ role: null, spaces: 1 });
  });
});

describe("sharing a collection", () => {
  it("shares everything in it: its spaces and nested collections", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const inOrg = at({ organizationId: org.id });
    const COLLECTIONS = "/v1/orgs/{organizationId}/collections";
    const outer = await answered(admin.POST(COLLECTIONS, { ...inOrg, body: { title: "Outer" } }), 201);
    const inOuter = at({ collectionId: outer.id });
    await answered(admin.PATCH("/v1/collections/{collectionId}", { ...inOuter, body: { defaultLevel: null } }), 200);
    const inner = await answered(admin.POST(COLLECTIONS, { ...inOrg, body: { title: "Inner", parent: outer.id } }), 201);
    const space = await newSpace(admin, org.id, { title: "Deep", parent: inner.id });
    const inSpace = at({ spaceId: space.id });
    const memberUser = await h.member(org.id, "edit");
    const member = h.as(memberUser);
    // The outer collection gives no default access: what inherits from it (all of it) is out of reach.
    await refused(member.GET(SPACE, inSpace), 404);
    expect((await answered(member.GET(COLLECTIONS, inOrg), 200)).items).toEqual([]);

    await answered(admin.POST("/v1/collections/{collectionId}/permissions", { ...inOuter, body: { role: "comment", users: [memberUser.id] } }), 204);
    expect((await answered(member.GET(SPACE, inSpace), 200)).permissions).toMatchObject({ comment: true, edit: false });
    expect(ids(await answered(member.GET(COLLECTIONS, inOrg), 200))).toEqual([inner.id, outer.id].sort());
    expect(ids(await answered(member.GET("/v1/collections/{collectionId}/spaces", at({ collectionId: inner.id })), 200))).toEqual([space.id]);
    const aggregate = await answered(
      admin.GET("/v1/collections/{collectionId}/permissions/aggregate", { params: { path: { collectionId: inner.id }, query: { role: "comment" } } }),
      200,
    );
    expect(aggregate.items.map((item) => item.user.id)).toEqual([memberUser.id]);
    const users = await answered(admin.GET("/v1/collections/{collectionId}/permissions/users", inOuter), 200);
    expect(users.items).toEqual([expect.objectContaining({ permission: "comment" })]);

    // The space's own default level wins over the collection's null: members reach it with it.
    await answered(admin.PATCH(SPACE, { ...inSpace, body: { defaultLevel: "edit" } }), 200);
    await answered(admin.DELETE("/v1/collections/{collectionId}/permissions/users/{userId}", at({ collectionId: outer.id, userId: memberUser.id })), 205);
    expect((await answered(member.GET(SPACE, inSpace), 200)).permissions.edit).toBe(true);
    expect(ids(await answered(member.GET(SPACES, inOrg), 200))).toEqual([space.id]);
  });
});

describe("what is shared ends", () => {
  it("when the member leaves the organization, and when content moves to another one", async () => {
    const { org, admin, secret } = await organizationWithPrivateSpace();
    const inSecret = at({ spaceId: secret.id });
    const member = await h.member(org.id, "read");
    await answered(admin.POST(SHARE_SPACE, { ...inSecret, body: { role: "edit", users: [member.id] } }), 204);
    await answered(admin.DELETE("/v1/orgs/{organizationId}/members/{userId}", at({ organizationId: org.id, userId: member.id })), 205);
    expect(await h.services.prisma.contentGrant.count({ where: { userId: member.id } })).toBe(0);

    const other = await h.member(org.id, "read");
    await answered(admin.POST(SHARE_SPACE, { ...inSecret, body: { role: "edit", users: [other.id] } }), 204);
    const elsewhere = await h.organization();
    await h.direct((prisma) => prisma.member.create({ data: { organizationId: elsewhere.id, userId: org.admin.id, role: "admin" } }));
    await answered(admin.POST("/v1/spaces/{spaceId}/transfer", { ...inSecret, body: { organization: elsewhere.id } }), 200);
    expect(await h.services.prisma.contentGrant.count({ where: { spaceId: secret.id } })).toBe(0);
  });

  it("copies a space shared as the original is", async () => {
    const { org, admin, secret } = await organizationWithPrivateSpace();
    const member = await h.member(org.id, "create");
    await answered(admin.POST(SHARE_SPACE, { ...at({ spaceId: secret.id }), body: { role: "read", users: [member.id] } }), 204);
    const copy = await answered(h.as(member).POST("/v1/spaces/{spaceId}/duplicate", at({ spaceId: secret.id })), 201);
    expect(copy).toMatchObject({ defaultLevel: null, permissions: { view: true, edit: false } });
  });
});

describe("sharing a site", () => {
  it("lets a member a site is shared with as admin change it, and says where each level comes from", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const site = await answered(admin.POST("/v1/orgs/{organizationId}/sites", { ...at({ organizationId: org.id }), body: { title: "Docs" } }), 201);
    const SITE = "/v1/orgs/{organizationId}/sites/{siteId}";
    const AGGREGATE = "/v1/orgs/{organizationId}/sites/{siteId}/permissions/aggregate";
    const inSite = at({ organizationId: org.id, siteId: site.id });
    const aggregateOf = (query: { role?: "guest"; team?: string; sort?: "name"; order?: "asc" }) =>
      answered(admin.GET(AGGREGATE, { params: { path: { organizationId: org.id, siteId: site.id }, query } }), 200);
    const editorUser = await h.member(org.id, "edit");
    const guestUser = await h.member(org.id, null);
    const editor = h.as(editorUser);
    const guest = h.as(guestUser);
    await refused(editor.PATCH(SITE, { ...inSite, body: { title: "Mine" } }), 403);
    const team = await newTeam(admin, org.id, "Site team");
    await answered(admin.PUT(TEAM_MEMBER, at({ organizationId: org.id, teamId: team.id, userId: editorUser.id })), 204);
    await answered(admin.POST("/v1/orgs/{organizationId}/sites/{siteId}/permissions", { ...inSite, body: { role: "admin", teams: [team.id] } }), 204);
    await answered(editor.PATCH(SITE, { ...inSite, body: { title: "Mine" } }), 200);

    const aggregate = await aggregateOf({ sort: "name", order: "asc" });
    const byUser = new Map(aggregate.items.map((item) => [item.user.id, item]));
    expect(byUser.get(editorUser.id)).toMatchObject({
      permission: "admin",
      origin: { type: "site", site: site.id, reason: "team", team: team.id },
      disabled: false,
    });
    expect(byUser.get(org.admin.id)).toMatchObject({ permission: "admin", origin: { type: "organization", organization: org.id } });
    expect(byUser.get(guestUser.id)).toMatchObject({ permission: null });
    expect((await aggregateOf({ role: "guest" })).items).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: guestUser.id }) })]);
    expect((await aggregateOf({ team: team.id })).count).toBe(1);

    const guestGrant = at({ organizationId: org.id, siteId: site.id, userId: guestUser.id });
    await answered(admin.PATCH("/v1/orgs/{organizationId}/sites/{siteId}/permissions/users/{userId}", { ...guestGrant, body: { role: "admin" } }), 204);
    const users = await answered(admin.GET("/v1/orgs/{organizationId}/sites/{siteId}/permissions/users", inSite), 200);
    expect(users.items).toEqual([expect.objectContaining({ permission: "admin" })]);
    await answered(guest.PATCH(SITE, { ...inSite, body: { title: "Guest's" } }), 200);
    await answered(admin.DELETE("/v1/orgs/{organizationId}/sites/{siteId}/permissions/users/{userId}", guestGrant), 205);
    await refused(guest.PATCH(SITE, { ...inSite, body: { title: "No" } }), 403);
    await answered(
      admin.DELETE("/v1/orgs/{organizationId}/sites/{siteId}/permissions/teams/{teamId}", at({ organizationId: org.id, siteId: site.id, teamId: team.id })),
      205,
    );
    await refused(editor.PATCH(SITE, { ...inSite, body: { title: "No" } }), 403);
  });
});
