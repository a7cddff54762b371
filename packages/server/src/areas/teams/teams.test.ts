import type { paths } from "@docstack/contract";
import { type ApiClient, answered, at, refused, type TestUser, useHarness } from "../../../test/support/harness";
import { newId } from "../../db/ids";

const h = useHarness();

const TEAMS = "/v1/orgs/{organizationId}/teams";
const TEAM = "/v1/orgs/{organizationId}/teams/{teamId}";
const MEMBER = "/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}";

type TeamsQuery = NonNullable<paths[typeof TEAMS]["get"]["parameters"]["query"]>;
const titles = (list: { items: { title: string }[] }) => list.items.map((team) => team.title);
/** The teams `client` lists in the organization with the given filters. */
const listed = (client: ApiClient, organizationId: string, query: TeamsQuery = {}) =>
  answered(client.GET(TEAMS, { params: { path: { organizationId }, query } }), 200);

async function createTeam(org: { id: string; admin: TestUser }, title: string, members: string[] = []) {
  return answered(h.as(org.admin).PUT(TEAMS, { ...at({ organizationId: org.id }), body: { title, members } }), 201);
}

describe("teams", () => {
  it("creates a team holding exactly the members listed, without the caller", async () => {
    const org = await h.organization();
    const editor = await h.member(org.id, "edit");
    const guest = await h.member(org.id, null);
    const team = await createTeam(org, "Support", [editor.id, guest.id, editor.id]);
    expect(team).toMatchObject({ object: "team", title: "Support", members: 2, spaces: 0, permissions: { admin: true, view: true } });
    const rows = await h.services.prisma.teamMember.findMany({ where: { teamId: team.id }, orderBy: { userId: "asc" } });
    expect(rows.map((row) => [row.userId, row.role])).toEqual(
      [
        [editor.id, "member"],
        [guest.id, "member"],
      ].sort(),
    );
    // A PUT always creates: same title, another team.
    const again = await answered(h.as(org.admin).PUT(TEAMS, { ...at({ organizationId: org.id }), body: { title: "Support" } }), 201);
    expect(again.id).not.toBe(team.id);
    expect(again.members).toBe(0);
  });

  it("refuses members that are not members of the organization with 400, creating nothing", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const inOrg = at({ organizationId: org.id });
    const editor = await h.member(org.id, "edit");
    const stranger = (await h.organization()).admin;
    const members = [editor.id, stranger.id, "01unknownuser0000000000000"];
    const { message } = (await refused(admin.PUT(TEAMS, { ...inOrg, body: { title: "Nope", members } }), 400)).error;
    expect(message).toContain("request/body/members");
    expect(message).toContain(stranger.id);
    expect(message).toContain("01unknownuser0000000000000");
    expect(message).not.toContain(editor.id);
    expect(await h.services.prisma.team.count({ where: { organizationId: org.id } })).toBe(0);
    // An e-mail address is not a member ID.
    await refused(admin.PUT(TEAMS, { ...inOrg, body: { title: "Nope", members: [editor.email] } }), 400);
    await refused(admin.PUT(TEAMS, { ...inOrg, body: { title: "" } }), 400);
    await refused(admin.PUT(TEAMS, { ...inOrg, body: { title: "x".repeat(65) } }), 400);
  });

  it("lets only organization admins create teams (403), and hides the organization from outsiders (404)", async () => {
    const org = await h.organization();
    const inOrg = at({ organizationId: org.id });
    const creator = h.as(await h.member(org.id, "create"));
    await refused(creator.PUT(TEAMS, { ...inOrg, body: { title: "No" } }), 403);
    const outsider = h.as((await h.organization()).admin);
    const hidden = await refused(outsider.PUT(TEAMS, { ...inOrg, body: { title: "No" } }), 404);
    expect(hidden.error.message).toBe("Organization not found");
    expect(await h.services.prisma.team.count({ where: { organizationId: org.id } })).toBe(0);
  });

  it("lists teams oldest first, filtered by title ignoring case and by who can manage them", async () => {
    const org = await h.organization();
    const owner = await h.member(org.id, "edit");
    const reader = h.as(await h.member(org.id, "read"));
    await createTeam(org, "Support", [owner.id]);
    const sales = await createTeam(org, "Sales");
    await createTeam(org, "50%_Marketing");
    await answered(h.as(org.admin).PUT(MEMBER, { ...at({ organizationId: org.id, teamId: sales.id, userId: owner.id }), body: { role: "owner" } }), 204);

    const all = await listed(reader, org.id);
    expect(titles(all)).toEqual(["Support", "Sales", "50%_Marketing"]);
    expect(all.count).toBe(3);
    expect(all.items[0]).toMatchObject({ members: 1, permissions: { view: true, admin: false } });

    expect(titles(await listed(reader, org.id, { title: "SAL" }))).toEqual(["Sales"]);
    // LIKE wildcards are meant literally.
    expect(titles(await listed(reader, org.id, { title: "%_" }))).toEqual(["50%_Marketing"]);
    expect(titles(await listed(reader, org.id, { title: "_" }))).toEqual(["50%_Marketing"]);

    expect(titles(await listed(reader, org.id, { owner: owner.id }))).toEqual(["Sales"]);
    expect(titles(await listed(reader, org.id, { owner: org.admin.id }))).toEqual(["Support", "Sales", "50%_Marketing"]);
    expect(await listed(reader, org.id, { owner: newId() })).toEqual({ items: [], count: 0 });
    expect(titles(await listed(reader, org.id, { owner: owner.id, title: "sup" }))).toEqual([]);

    // The owner sees that they manage the team.
    const seen = await listed(h.as(owner), org.id);
    expect(seen.items.map((team) => team.permissions.admin)).toEqual([false, true, false]);
  });

  it("pages teams with a cursor bound to the filters", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    for (const title of ["A", "B", "C"]) await createTeam(org, title);
    const first = await listed(admin, org.id, { limit: 2 });
    expect(titles(first)).toEqual(["A", "B"]);
    expect(first.count).toBe(3);
    const page = first.next?.page;
    const second = await listed(admin, org.id, { limit: 2, page });
    expect(titles(second)).toEqual(["C"]);
    expect(second.next).toBeUndefined();
    await refused(admin.GET(TEAMS, { params: { path: { organizationId: org.id }, query: { limit: 2, title: "a", page } } }), 400);
  });

  it("gets a team for any member, 404 for outsiders and for another organization's team", async () => {
    const org = await h.organization();
    const guest = h.as(await h.member(org.id, null));
    const team = await createTeam(org, "Secret team");
    const got = await answered(guest.GET(TEAM, at({ organizationId: org.id, teamId: team.id })), 200);
    expect(got).toMatchObject({ id: team.id, title: "Secret team", permissions: { view: true, admin: false } });

    const other = await h.organization();
    const otherAdmin = h.as(other.admin);
    const outsider = await refused(otherAdmin.GET(TEAM, at({ organizationId: org.id, teamId: team.id })), 404);
    expect(JSON.stringify(outsider)).not.toContain("Secret team");
    // Through an organization the caller belongs to, a team of another one is unknown too.
    const across = at({ organizationId: other.id, teamId: team.id });
    expect((await refused(otherAdmin.GET(TEAM, across), 404)).error.message).toBe("Team not found");
    await refused(otherAdmin.PATCH(TEAM, { ...across, body: { title: "Mine" } }), 404);
    await answered(otherAdmin.DELETE(TEAM, across), 204); // not one of theirs: nothing of it is touched, as for an unknown ID
    expect((await h.services.prisma.team.findUnique({ where: { id: team.id } }))?.title).toBe("Secret team");
  });

  it("renames and deletes for organization admins and team owners only", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const owner = await h.member(org.id, "read");
    const plain = await h.member(org.id, "create");
    const team = await createTeam(org, "Docs", [owner.id, plain.id]);
    await answered(admin.PUT(MEMBER, { ...at({ organizationId: org.id, teamId: team.id, userId: owner.id }), body: { role: "owner" } }), 204);
    const ofTeam = at({ organizationId: org.id, teamId: team.id });

    await refused(h.as(plain).PATCH(TEAM, { ...ofTeam, body: { title: "No" } }), 403);
    await refused(h.as(plain).DELETE(TEAM, ofTeam), 403);
    const renamed = await answered(h.as(owner).PATCH(TEAM, { ...ofTeam, body: { title: "Documentation" } }), 200);
    expect(renamed).toMatchObject({ title: "Documentation", members: 2, permissions: { admin: true } });
    await refused(admin.PATCH(TEAM, { ...ofTeam, body: { title: "" } }), 400);
    expect((await answered(h.as(plain).GET(TEAM, ofTeam), 200)).title).toBe("Documentation");

    await answered(h.as(owner).DELETE(TEAM, ofTeam), 205);
    await refused(admin.GET(TEAM, ofTeam), 404);
    expect(await h.services.prisma.teamMember.count({ where: { teamId: team.id } })).toBe(0);
  });

  it("keeps members in the organization when their team is deleted, and keeps Member.teams true", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const editor = await h.member(org.id, "edit");
    const a = await createTeam(org, "A", [editor.id]);
    await createTeam(org, "B", [editor.id]);
    const teamsOf = async () =>
      (await answered(admin.GET("/v1/orgs/{organizationId}/members", at({ organizationId: org.id })), 200)).items.find((m) => m.id === editor.id)?.teams;
    expect(await teamsOf()).toBe(2);
    await answered(admin.DELETE(TEAM, at({ organizationId: org.id, teamId: a.id })), 205);
    expect(await teamsOf()).toBe(1);
  });

  it("clears the defaultTeam of SAML providers when their team is deleted", async () => {
    const org = await h.organization();
    const team = await createTeam(org, "Newcomers");
    const provider = await h.services.prisma.samlProvider.create({ data: { id: newId(), organizationId: org.id, label: "Okta", defaultTeamId: team.id } });
    await answered(h.as(org.admin).DELETE(TEAM, at({ organizationId: org.id, teamId: team.id })), 205);
    expect((await h.services.prisma.samlProvider.findUnique({ where: { id: provider.id } }))?.defaultTeamId).toBeNull();
  });
});
