import { answered, at, refused, type TestUser, untyped, useHarness } from "../../../test/support/harness";

const h = useHarness();

const MEMBERS = "/v1/orgs/{organizationId}/teams/{teamId}/members";
const MEMBER = "/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}";

/** An organization with a team, the path parameters of its members, and people of several roles. */
async function setUp(members: (org: string) => Promise<TestUser[]> = async () => []) {
  const org = await h.organization();
  const admin = h.as(org.admin);
  const people = await members(org.id);
  const team = await answered(
    admin.PUT("/v1/orgs/{organizationId}/teams", { ...at({ organizationId: org.id }), body: { title: "Team", members: people.map((p) => p.id) } }),
    201,
  );
  const ofTeam = at({ organizationId: org.id, teamId: team.id });
  /** The path parameters of one member of the team. */
  const member = (userId: string) => at({ organizationId: org.id, teamId: team.id, userId });
  const roles = async () => {
    const rows = await h.services.prisma.teamMember.findMany({ where: { teamId: team.id } });
    return Object.fromEntries(rows.map((row) => [row.userId, row.role]));
  };
  return { org, admin, teamId: team.id, ofTeam, member, roles };
}

describe("team members", () => {
  it("lists members with their organization membership and team role, for any member", async () => {
    const { org, ofTeam } = await setUp(async (id) => [await h.member(id, "edit"), await h.member(id, "read")]);
    const guest = h.as(await h.member(org.id, null));
    const list = await answered(guest.GET(MEMBERS, ofTeam), 200);
    expect(list.count).toBe(2);
    const entries = list.items;
    expect(entries.map((e) => e.team.role)).toEqual(["member", "member"]);
    expect(entries.every((e) => e.permissions.view && e.organization.teams === 1)).toBe(true);
    expect(entries.map((e) => e.organization.role).sort()).toEqual(["edit", "read"]);

    const first = await answered(guest.GET(MEMBERS, { params: { path: ofTeam.params.path, query: { limit: 1 } } }), 200);
    const second = await answered(guest.GET(MEMBERS, { params: { path: ofTeam.params.path, query: { limit: 1, page: first.next?.page } } }), 200);
    expect([...first.items, ...second.items].map((e) => e.organization.id)).toEqual(entries.map((e) => e.organization.id));
    expect(second.next).toBeUndefined();
  });

  it("hides a team's members from outsiders (404)", async () => {
    const { ofTeam } = await setUp(async (id) => [await h.member(id, "edit")]);
    const outsider = h.as((await h.organization()).admin);
    expect((await refused(outsider.GET(MEMBERS, ofTeam), 404)).error.message).toBe("Organization not found");
  });

  it("adds a member, sets and keeps roles with PUT …/members/{userId}", async () => {
    const { org, admin, member, roles } = await setUp();
    const editor = await h.member(org.id, "edit");
    await answered(admin.PUT(MEMBER, member(editor.id)), 204);
    expect(await roles()).toEqual({ [editor.id]: "member" });
    await answered(admin.PUT(MEMBER, { ...member(editor.id), body: { role: "owner" } }), 204);
    expect(await roles()).toEqual({ [editor.id]: "owner" });
    // Without a role the current one stays.
    await answered(admin.PUT(MEMBER, { ...member(editor.id), body: {} }), 204);
    expect(await roles()).toEqual({ [editor.id]: "owner" });
    await refused(admin.PUT(MEMBER, { ...member(editor.id), body: untyped({ role: "boss" }) }), 400);
  });

  it("lets team owners manage members, and refuses other members (403) with nothing changed", async () => {
    const { org, admin, ofTeam, member, roles } = await setUp();
    const owner = await h.member(org.id, "read");
    const other = h.as(await h.member(org.id, "create"));
    const newcomer = await h.member(org.id, "comment");
    await answered(admin.PUT(MEMBER, { ...member(owner.id), body: { role: "owner" } }), 204);
    await refused(other.PUT(MEMBER, member(newcomer.id)), 403);
    await refused(other.PUT(MEMBERS, { ...ofTeam, body: { add: [newcomer.id] } }), 403);
    await refused(other.DELETE(MEMBER, member(owner.id)), 403);
    expect(await roles()).toEqual({ [owner.id]: "owner" });

    const asOwner = h.as(owner);
    await answered(asOwner.PUT(MEMBER, { ...member(newcomer.id), body: { role: "owner" } }), 204);
    await answered(asOwner.DELETE(MEMBER, member(newcomer.id)), 205);
    // An owner may remove themself; then they manage the team no longer.
    await answered(asOwner.DELETE(MEMBER, member(owner.id)), 205);
    await refused(asOwner.PUT(MEMBER, member(owner.id)), 403);
    expect(await roles()).toEqual({});
  });

  it("answers 404 for a user who is not a member of the organization, or not in the team", async () => {
    const { org, admin, member, roles } = await setUp();
    const stranger = (await h.organization()).admin;
    expect((await refused(admin.PUT(MEMBER, { ...member(stranger.id), body: { role: "owner" } }), 404)).error.message).toBe("Member not found");
    const editor = await h.member(org.id, "edit");
    // Not in the team: nothing to remove, as GitBook answers.
    await answered(admin.DELETE(MEMBER, member(editor.id)), 204);
    expect(await roles()).toEqual({});
    await refused(admin.PUT(MEMBER, at({ organizationId: org.id, teamId: "01unknownteam0000000000000", userId: editor.id })), 404);
  });

  it("applies add, memberships and remove at once, users by ID or e-mail (ignoring case)", async () => {
    const { org, admin, ofTeam, member, roles } = await setUp(async (id) => [await h.member(id, "edit"), await h.member(id, "read")]);
    const [a = "", b = ""] = Object.keys(await roles()).sort();
    const c = await h.member(org.id, "comment");
    const d = await h.member(org.id, null);
    const e = await h.member(org.id, "edit");
    const notInTeam = await h.member(org.id, "read");
    await answered(admin.PUT(MEMBER, { ...member(a), body: { role: "owner" } }), 204);

    const body = {
      // `a` is in the team already: adding keeps their role.
      add: [a, c.email.toUpperCase(), e.id],
      memberships: { [d.email]: { role: "owner" as const }, [c.id]: { role: "owner" as const } },
      // In both add and remove: removed. Not in the team: ignored.
      remove: [b, e.email, notInTeam.id],
    };
    await answered(admin.PUT(MEMBERS, { ...ofTeam, body }), 204);
    expect(await roles()).toEqual({ [a]: "owner", [c.id]: "owner", [d.id]: "owner" });

    await answered(admin.PUT(MEMBERS, { ...ofTeam, body: { memberships: { [c.id]: { role: "member" } } } }), 204);
    expect((await roles())[c.id]).toBe("member");
    // Nothing asked, nothing changed.
    await answered(admin.PUT(MEMBERS, { ...ofTeam, body: {} }), 204);
    expect(Object.keys(await roles())).toHaveLength(3);
  });

  it("refuses the whole bulk change with 400 naming every user who is not a member", async () => {
    const { org, admin, ofTeam, roles } = await setUp();
    const editor = await h.member(org.id, "edit");
    const stranger = (await h.organization()).admin;
    const body = { add: [editor.id, "nobody@nowhere.example"], memberships: { [stranger.id]: { role: "owner" as const } } };
    const { message } = (await refused(admin.PUT(MEMBERS, { ...ofTeam, body }), 400)).error;
    // Each named at the field it came from.
    expect(message).toBe(
      `request/body/add: not members of this organization: "nobody@nowhere.example"; request/body/memberships: not members of this organization: "${stranger.id}"`,
    );
    expect(message).not.toContain(editor.id);
    expect(await roles()).toEqual({});
    await refused(admin.PUT(MEMBERS, { ...ofTeam, body: untyped({ memberships: { [editor.id]: { role: "chief" } } }) }), 400);
  });

  it("takes users out of an organization's teams when they leave it", async () => {
    const { org, admin, ofTeam, roles } = await setUp(async (id) => [await h.member(id, "edit")]);
    const [userId = ""] = Object.keys(await roles());
    await answered(admin.DELETE("/v1/orgs/{organizationId}/members/{userId}", at({ organizationId: org.id, userId })), 205);
    expect(await roles()).toEqual({});
    expect(await answered(admin.GET(MEMBERS, ofTeam), 200)).toEqual({ items: [], count: 0 });
  });
});
