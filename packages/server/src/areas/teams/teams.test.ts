import { type TestUser, useHarness } from "../../../test/support/harness";
import { newId } from "../../db/ids";

const h = useHarness();

const get = (user: TestUser, url: string) => h.api.get(url).set("Authorization", user.auth);
const put = (user: TestUser, url: string, body?: object) => h.api.put(url).set("Authorization", user.auth).send(body);
const patch = (user: TestUser, url: string, body: object) => h.api.patch(url).set("Authorization", user.auth).send(body);
const del = (user: TestUser, url: string) => h.api.delete(url).set("Authorization", user.auth);

type Team = { id: string; title: string; members: number; permissions: { admin: boolean; view: boolean } };
const titles = (body: { items: Team[] }) => body.items.map((team) => team.title);

async function createTeam(org: { id: string; admin: TestUser }, title: string, members: string[] = []): Promise<Team> {
  return (await put(org.admin, `/v1/orgs/${org.id}/teams`, { title, members }).expect(201)).body;
}

describe("teams", () => {
  it("creates a team holding exactly the members listed, without the caller", async () => {
    const org = await h.organization();
    const editor = await h.member(org.id, "edit");
    const guest = await h.member(org.id, null);
    const team = await put(org.admin, `/v1/orgs/${org.id}/teams`, { title: "Support", members: [editor.id, guest.id, editor.id] }).expect(201);
    expect(team.body).toMatchObject({ object: "team", title: "Support", members: 2, spaces: 0, permissions: { admin: true, view: true } });
    const rows = await h.services.prisma.teamMember.findMany({ where: { teamId: team.body.id }, orderBy: { userId: "asc" } });
    expect(rows.map((row) => [row.userId, row.role])).toEqual(
      [
        [editor.id, "member"],
        [guest.id, "member"],
      ].sort(),
    );
    // A PUT always creates: same title, another team.
    const again = await put(org.admin, `/v1/orgs/${org.id}/teams`, { title: "Support" }).expect(201);
    expect(again.body.id).not.toBe(team.body.id);
    expect(again.body.members).toBe(0);
  });

  it("refuses members that are not members of the organization with 400, creating nothing", async () => {
    const org = await h.organization();
    const editor = await h.member(org.id, "edit");
    const stranger = (await h.organization()).admin;
    const res = await put(org.admin, `/v1/orgs/${org.id}/teams`, { title: "Nope", members: [editor.id, stranger.id, "01unknownuser0000000000000"] }).expect(
      400,
    );
    expect(res.body.error.message).toContain("request/body/members");
    expect(res.body.error.message).toContain(stranger.id);
    expect(res.body.error.message).toContain("01unknownuser0000000000000");
    expect(res.body.error.message).not.toContain(editor.id);
    expect(await h.services.prisma.team.count({ where: { organizationId: org.id } })).toBe(0);
    // An e-mail address is not a member ID.
    await put(org.admin, `/v1/orgs/${org.id}/teams`, { title: "Nope", members: [editor.email] }).expect(400);
    await put(org.admin, `/v1/orgs/${org.id}/teams`, { title: "" }).expect(400);
    await put(org.admin, `/v1/orgs/${org.id}/teams`, { title: "x".repeat(65) }).expect(400);
  });

  it("lets only organization admins create teams (403), and hides the organization from outsiders (404)", async () => {
    const org = await h.organization();
    const creator = await h.member(org.id, "create");
    await put(creator, `/v1/orgs/${org.id}/teams`, { title: "No" }).expect(403);
    const outsider = (await h.organization()).admin;
    const hidden = await put(outsider, `/v1/orgs/${org.id}/teams`, { title: "No" }).expect(404);
    expect(hidden.body.error.message).toBe("Organization not found");
    expect(await h.services.prisma.team.count({ where: { organizationId: org.id } })).toBe(0);
  });

  it("lists teams oldest first, filtered by title ignoring case and by who can manage them", async () => {
    const org = await h.organization();
    const owner = await h.member(org.id, "edit");
    const reader = await h.member(org.id, "read");
    await createTeam(org, "Support", [owner.id]);
    const sales = await createTeam(org, "Sales");
    await createTeam(org, "50%_Marketing");
    await put(org.admin, `/v1/orgs/${org.id}/teams/${sales.id}/members/${owner.id}`, { role: "owner" }).expect(204);

    const all = await get(reader, `/v1/orgs/${org.id}/teams`).expect(200);
    expect(titles(all.body)).toEqual(["Support", "Sales", "50%_Marketing"]);
    expect(all.body.count).toBe(3);
    expect(all.body.items[0]).toMatchObject({ members: 1, permissions: { view: true, admin: false } });

    expect(titles((await get(reader, `/v1/orgs/${org.id}/teams?title=SAL`).expect(200)).body)).toEqual(["Sales"]);
    // LIKE wildcards are meant literally.
    expect(titles((await get(reader, `/v1/orgs/${org.id}/teams?title=${encodeURIComponent("%_")}`).expect(200)).body)).toEqual(["50%_Marketing"]);
    expect(titles((await get(reader, `/v1/orgs/${org.id}/teams?title=_`).expect(200)).body)).toEqual(["50%_Marketing"]);

    const owned = await get(reader, `/v1/orgs/${org.id}/teams?owner=${owner.id}`).expect(200);
    expect(titles(owned.body)).toEqual(["Sales"]);
    expect(titles((await get(reader, `/v1/orgs/${org.id}/teams?owner=${org.admin.id}`).expect(200)).body)).toEqual(["Support", "Sales", "50%_Marketing"]);
    expect((await get(reader, `/v1/orgs/${org.id}/teams?owner=${newId()}`).expect(200)).body).toEqual({ items: [], count: 0 });
    expect(titles((await get(reader, `/v1/orgs/${org.id}/teams?owner=${owner.id}&title=sup`).expect(200)).body)).toEqual([]);

    // The owner sees that they manage the team.
    const seen = await get(owner, `/v1/orgs/${org.id}/teams`).expect(200);
    expect(seen.body.items.map((team: Team) => team.permissions.admin)).toEqual([false, true, false]);
  });

  it("pages teams with a cursor bound to the filters", async () => {
    const org = await h.organization();
    for (const title of ["A", "B", "C"]) await createTeam(org, title);
    const first = await get(org.admin, `/v1/orgs/${org.id}/teams?limit=2`).expect(200);
    expect(titles(first.body)).toEqual(["A", "B"]);
    expect(first.body.count).toBe(3);
    const second = await get(org.admin, `/v1/orgs/${org.id}/teams?limit=2&page=${first.body.next.page}`).expect(200);
    expect(titles(second.body)).toEqual(["C"]);
    expect(second.body.next).toBeUndefined();
    await get(org.admin, `/v1/orgs/${org.id}/teams?limit=2&title=a&page=${first.body.next.page}`).expect(400);
  });

  it("gets a team for any member, 404 for outsiders and for another organization's team", async () => {
    const org = await h.organization();
    const guest = await h.member(org.id, null);
    const team = await createTeam(org, "Secret team");
    const got = await get(guest, `/v1/orgs/${org.id}/teams/${team.id}`).expect(200);
    expect(got.body).toMatchObject({ id: team.id, title: "Secret team", permissions: { view: true, admin: false } });

    const other = await h.organization();
    const outsider = await get(other.admin, `/v1/orgs/${org.id}/teams/${team.id}`).expect(404);
    expect(JSON.stringify(outsider.body)).not.toContain("Secret team");
    // Through an organization the caller belongs to, a team of another one is unknown too.
    const across = await get(other.admin, `/v1/orgs/${other.id}/teams/${team.id}`).expect(404);
    expect(across.body.error.message).toBe("Team not found");
    await patch(other.admin, `/v1/orgs/${other.id}/teams/${team.id}`, { title: "Mine" }).expect(404);
    await del(other.admin, `/v1/orgs/${other.id}/teams/${team.id}`).expect(204); // not one of theirs: nothing of it is touched, as for an unknown ID
    expect((await h.services.prisma.team.findUnique({ where: { id: team.id } }))?.title).toBe("Secret team");
  });

  it("renames and deletes for organization admins and team owners only", async () => {
    const org = await h.organization();
    const owner = await h.member(org.id, "read");
    const plain = await h.member(org.id, "create");
    const team = await createTeam(org, "Docs", [owner.id, plain.id]);
    await put(org.admin, `/v1/orgs/${org.id}/teams/${team.id}/members/${owner.id}`, { role: "owner" }).expect(204);

    await patch(plain, `/v1/orgs/${org.id}/teams/${team.id}`, { title: "No" }).expect(403);
    await del(plain, `/v1/orgs/${org.id}/teams/${team.id}`).expect(403);
    const renamed = await patch(owner, `/v1/orgs/${org.id}/teams/${team.id}`, { title: "Documentation" }).expect(200);
    expect(renamed.body).toMatchObject({ title: "Documentation", members: 2, permissions: { admin: true } });
    await patch(org.admin, `/v1/orgs/${org.id}/teams/${team.id}`, { title: "" }).expect(400);
    expect((await get(plain, `/v1/orgs/${org.id}/teams/${team.id}`).expect(200)).body.title).toBe("Documentation");

    await del(owner, `/v1/orgs/${org.id}/teams/${team.id}`).expect(205);
    await get(org.admin, `/v1/orgs/${org.id}/teams/${team.id}`).expect(404);
    expect(await h.services.prisma.teamMember.count({ where: { teamId: team.id } })).toBe(0);
  });

  it("keeps members in the organization when their team is deleted, and keeps Member.teams true", async () => {
    const org = await h.organization();
    const editor = await h.member(org.id, "edit");
    const a = await createTeam(org, "A", [editor.id]);
    await createTeam(org, "B", [editor.id]);
    const teamsOf = async () =>
      ((await get(org.admin, `/v1/orgs/${org.id}/members`).expect(200)).body.items as { id: string; teams: number }[]).find((m) => m.id === editor.id)?.teams;
    expect(await teamsOf()).toBe(2);
    await del(org.admin, `/v1/orgs/${org.id}/teams/${a.id}`).expect(205);
    expect(await teamsOf()).toBe(1);
  });

  it("clears the defaultTeam of SAML providers when their team is deleted", async () => {
    const org = await h.organization();
    const team = await createTeam(org, "Newcomers");
    const provider = await h.services.prisma.samlProvider.create({ data: { id: newId(), organizationId: org.id, label: "Okta", defaultTeamId: team.id } });
    await del(org.admin, `/v1/orgs/${org.id}/teams/${team.id}`).expect(205);
    expect((await h.services.prisma.samlProvider.findUnique({ where: { id: provider.id } }))?.defaultTeamId).toBeNull();
  });
});
