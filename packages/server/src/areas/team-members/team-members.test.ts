import { type TestUser, useHarness } from "../../../test/support/harness";

const h = useHarness();

const get = (user: TestUser, url: string) => h.api.get(url).set("Authorization", user.auth);
const put = (user: TestUser, url: string, body?: object) => h.api.put(url).set("Authorization", user.auth).send(body);
const del = (user: TestUser, url: string) => h.api.delete(url).set("Authorization", user.auth);

type Entry = {
  organization: { id: string; role: string | null; teams: number; user: { email: string } };
  team: { role: string };
  permissions: { view: boolean };
};

/** An organization with a team, the URL of its members, and people of several roles. */
async function setUp(members: (org: string) => Promise<TestUser[]> = async () => []) {
  const org = await h.organization();
  const people = await members(org.id);
  const team = await put(org.admin, `/v1/orgs/${org.id}/teams`, { title: "Team", members: people.map((p) => p.id) }).expect(201);
  const url = `/v1/orgs/${org.id}/teams/${team.body.id}/members`;
  const roles = async () => {
    const rows = await h.services.prisma.teamMember.findMany({ where: { teamId: team.body.id } });
    return Object.fromEntries(rows.map((row) => [row.userId, row.role]));
  };
  return { org, teamId: team.body.id as string, url, roles };
}

describe("team members", () => {
  it("lists members with their organization membership and team role, for any member", async () => {
    const { org, url } = await setUp(async (id) => [await h.member(id, "edit"), await h.member(id, "read")]);
    const guest = await h.member(org.id, null);
    const list = await get(guest, url).expect(200);
    expect(list.body.count).toBe(2);
    const entries = list.body.items as Entry[];
    expect(entries.map((e) => e.team.role)).toEqual(["member", "member"]);
    expect(entries.every((e) => e.permissions.view && e.organization.teams === 1)).toBe(true);
    expect(entries.map((e) => e.organization.role).sort()).toEqual(["edit", "read"]);

    const first = await get(guest, `${url}?limit=1`).expect(200);
    const second = await get(guest, `${url}?limit=1&page=${first.body.next.page}`).expect(200);
    expect([...first.body.items, ...second.body.items].map((e: Entry) => e.organization.id)).toEqual(entries.map((e) => e.organization.id));
    expect(second.body.next).toBeUndefined();
  });

  it("hides a team's members from outsiders (404)", async () => {
    const { url } = await setUp(async (id) => [await h.member(id, "edit")]);
    const outsider = (await h.organization()).admin;
    const res = await get(outsider, url).expect(404);
    expect(res.body.error.message).toBe("Organization not found");
  });

  it("adds a member, sets and keeps roles with PUT …/members/{userId}", async () => {
    const { org, url, roles } = await setUp();
    const editor = await h.member(org.id, "edit");
    await put(org.admin, `${url}/${editor.id}`).expect(204);
    expect(await roles()).toEqual({ [editor.id]: "member" });
    await put(org.admin, `${url}/${editor.id}`, { role: "owner" }).expect(204);
    expect(await roles()).toEqual({ [editor.id]: "owner" });
    // Without a role the current one stays.
    await put(org.admin, `${url}/${editor.id}`, {}).expect(204);
    expect(await roles()).toEqual({ [editor.id]: "owner" });
    await put(org.admin, `${url}/${editor.id}`, { role: "boss" }).expect(400);
  });

  it("lets team owners manage members, and refuses other members (403) with nothing changed", async () => {
    const { org, url, roles } = await setUp();
    const owner = await h.member(org.id, "read");
    const other = await h.member(org.id, "create");
    const newcomer = await h.member(org.id, "comment");
    await put(org.admin, `${url}/${owner.id}`, { role: "owner" }).expect(204);
    await put(other, `${url}/${newcomer.id}`).expect(403);
    await put(other, url, { add: [newcomer.id] }).expect(403);
    await del(other, `${url}/${owner.id}`).expect(403);
    expect(await roles()).toEqual({ [owner.id]: "owner" });

    await put(owner, `${url}/${newcomer.id}`, { role: "owner" }).expect(204);
    await del(owner, `${url}/${newcomer.id}`).expect(205);
    // An owner may remove themself; then they manage the team no longer.
    await del(owner, `${url}/${owner.id}`).expect(205);
    await put(owner, `${url}/${owner.id}`).expect(403);
    expect(await roles()).toEqual({});
  });

  it("answers 404 for a user who is not a member of the organization, or not in the team", async () => {
    const { org, url, roles } = await setUp();
    const stranger = (await h.organization()).admin;
    expect((await put(org.admin, `${url}/${stranger.id}`, { role: "owner" }).expect(404)).body.error.message).toBe("Member not found");
    const editor = await h.member(org.id, "edit");
    // Not in the team: nothing to remove, as GitBook answers.
    await del(org.admin, `${url}/${editor.id}`).expect(204);
    expect(await roles()).toEqual({});
    await put(org.admin, `/v1/orgs/${org.id}/teams/01unknownteam0000000000000/members/${editor.id}`).expect(404);
  });

  it("applies add, memberships and remove at once, users by ID or e-mail (ignoring case)", async () => {
    const { org, url, roles } = await setUp(async (id) => [await h.member(id, "edit"), await h.member(id, "read")]);
    const [a, b] = Object.keys(await roles()).sort();
    const c = await h.member(org.id, "comment");
    const d = await h.member(org.id, null);
    const e = await h.member(org.id, "edit");
    const notInTeam = await h.member(org.id, "read");
    await put(org.admin, `${url}/${a}`, { role: "owner" }).expect(204);

    await put(org.admin, url, {
      // `a` is in the team already: adding keeps their role.
      add: [a as string, c.email.toUpperCase(), e.id],
      memberships: { [d.email]: { role: "owner" }, [c.id]: { role: "owner" } },
      // In both add and remove: removed. Not in the team: ignored.
      remove: [b as string, e.email, notInTeam.id],
    }).expect(204);
    expect(await roles()).toEqual({ [a as string]: "owner", [c.id]: "owner", [d.id]: "owner" });

    await put(org.admin, url, { memberships: { [c.id]: { role: "member" } } }).expect(204);
    expect((await roles())[c.id]).toBe("member");
    // Nothing asked, nothing changed.
    await put(org.admin, url, {}).expect(204);
    expect(Object.keys(await roles())).toHaveLength(3);
  });

  it("refuses the whole bulk change with 400 naming every user who is not a member", async () => {
    const { org, url, roles } = await setUp();
    const editor = await h.member(org.id, "edit");
    const stranger = (await h.organization()).admin;
    const res = await put(org.admin, url, { add: [editor.id, "nobody@nowhere.example"], memberships: { [stranger.id]: { role: "owner" } } }).expect(400);
    // Each named at the field it came from.
    expect(res.body.error.message).toBe(
      `request/body/add: not members of this organization: "nobody@nowhere.example"; request/body/memberships: not members of this organization: "${stranger.id}"`,
    );
    expect(res.body.error.message).not.toContain(editor.id);
    expect(await roles()).toEqual({});
    await put(org.admin, url, { memberships: { [editor.id]: { role: "chief" } } }).expect(400);
  });

  it("takes users out of an organization's teams when they leave it", async () => {
    const { org, url, roles } = await setUp(async (id) => [await h.member(id, "edit")]);
    const [userId] = Object.keys(await roles());
    await del(org.admin, `/v1/orgs/${org.id}/members/${userId}`).expect(205);
    expect(await roles()).toEqual({});
    expect((await get(org.admin, url).expect(200)).body).toEqual({ items: [], count: 0 });
  });
});
