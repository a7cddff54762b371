// Teams and their members through GitBook's client.
import { TeamMemberRole } from "@gitbook/api";
import { docstack, gitbook, server, unique } from "./gitbook";

const api = gitbook();
const orgId = () => server.organizationId;
const teams = () => `/orgs/${orgId()}/teams`;

async function newTeam(): Promise<string> {
  const team = await docstack<{ id: string }>("PUT", teams(), { title: unique("Team") });
  return team.id;
}

async function newMember(): Promise<string> {
  const invited = await docstack<{ users: string[] }>("POST", `/orgs/${orgId()}/invites`, { emails: [`${unique("teammate")}@example.com`], role: "read" });
  return invited.users[0] as string;
}

it("createOrganizationTeam", async () => {
  const { data } = await api.orgs.createOrganizationTeam(orgId(), { title: unique("Team") });
  expect(data.object).toBe("team");
});

it("listTeamsInOrganizationById", async () => {
  const id = await newTeam();
  const { data } = await api.orgs.listTeamsInOrganizationById(orgId());
  expect(data.items.map((team) => team.id)).toContain(id);
});

it("getTeamInOrganizationById", async () => {
  const id = await newTeam();
  const { data } = await api.orgs.getTeamInOrganizationById(orgId(), id);
  expect(data.id).toBe(id);
});

it("updateTeamInOrganizationById", async () => {
  const id = await newTeam();
  const title = unique("Renamed");
  const { data } = await api.orgs.updateTeamInOrganizationById(orgId(), id, { title });
  expect(data.title).toBe(title);
});

it("removeTeamFromOrganizationById, then again once gone", async () => {
  const id = await newTeam();
  expect((await api.orgs.removeTeamFromOrganizationById(orgId(), id)).status).toBe(205);
  expect((await api.orgs.removeTeamFromOrganizationById(orgId(), id)).status).toBe(204);
});

it("updateMembersInOrganizationTeam", async () => {
  const [id, user] = await Promise.all([newTeam(), newMember()]);
  await api.orgs.updateMembersInOrganizationTeam(orgId(), id, { add: [user] });
  const members = await docstack<{ items: unknown[] }>("GET", `${teams()}/${id}/members`);
  expect(members.items).toHaveLength(1);
});

it("listTeamMembersInOrganizationById", async () => {
  const [id, user] = await Promise.all([newTeam(), newMember()]);
  await docstack("PUT", `${teams()}/${id}/members/${user}`, {});
  const { data } = await api.orgs.listTeamMembersInOrganizationById(orgId(), id);
  expect(data.items).toHaveLength(1);
});

it("addMemberToOrganizationTeamById", async () => {
  const [id, user] = await Promise.all([newTeam(), newMember()]);
  await api.orgs.addMemberToOrganizationTeamById(orgId(), id, user, { role: TeamMemberRole.Member });
  const members = await docstack<{ items: unknown[] }>("GET", `${teams()}/${id}/members`);
  expect(members.items).toHaveLength(1);
});

it("deleteMemberFromOrganizationTeamById, then again once gone", async () => {
  const [id, user] = await Promise.all([newTeam(), newMember()]);
  await docstack("PUT", `${teams()}/${id}/members/${user}`, {});
  expect((await api.orgs.deleteMemberFromOrganizationTeamById(orgId(), id, user)).status).toBe(205);
  expect((await api.orgs.deleteMemberFromOrganizationTeamById(orgId(), id, user)).status).toBe(204);
});
