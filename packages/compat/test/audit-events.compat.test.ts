// The audit log through GitBook's client: every write recorded one event, read in GitBook's shapes.
import { docstack, gitbook, server, unique } from "./gitbook";

const api = gitbook();
const orgId = () => server.organizationId;

/** A write, so that the log has an event of this test's own: its target is the team. */
async function writeSomething(): Promise<string> {
  const team = await docstack<{ id: string }>("PUT", `/orgs/${orgId()}/teams`, { title: unique("Audited") });
  await docstack("PATCH", `/orgs/${orgId()}/teams/${team.id}`, { title: unique("Renamed") });
  return team.id;
}

it("listOrganizationAuditEvents", async () => {
  const teamId = await writeSomething();
  const { data } = await api.orgs.listOrganizationAuditEvents(orgId(), { target: teamId });
  expect(data.items.map((event) => event.action)).toEqual(["updateTeamInOrganizationById"]);
});

it("getOrganizationAuditEvent", async () => {
  const teamId = await writeSomething();
  const { data: list } = await api.orgs.listOrganizationAuditEvents(orgId(), { target: teamId });
  const { data } = await api.orgs.getOrganizationAuditEvent(orgId(), list.items[0]!.id);
  expect(data.target.id).toBe(teamId);
});

it("listOrganizationAuditEventActions", async () => {
  const { data } = await api.orgs.listOrganizationAuditEventActions(orgId());
  expect(data.items.map((action) => action.id)).toContain("createSpace");
});
