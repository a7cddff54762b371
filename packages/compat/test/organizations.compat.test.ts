// Organizations, their members, invitations and users through GitBook's client.
import { MemberRole } from "@gitbook/api";
import { docstack, gitbook, server, unique } from "./gitbook";

const api = gitbook();
const orgId = () => server.organizationId;

/** A new member of the first organization, invited by e-mail (GitBook's inviteUsersToOrganization, unchecked here). */
async function invitedMember(prefix = "member"): Promise<{ id: string; email: string }> {
  const email = `${unique(prefix)}@example.com`;
  const invited = await docstack<{ users: string[] }>("POST", `/orgs/${orgId()}/invites`, { emails: [email], role: "read" });
  return { id: invited.users[0] as string, email };
}

it("getAuthenticatedUser", async () => {
  const { data } = await api.user.getAuthenticatedUser();
  expect(data.object).toBe("user");
});

it("getUserById", async () => {
  const { data: me } = await api.user.getAuthenticatedUser();
  const { data } = await api.users.getUserById(me.id);
  expect(data.id).toBe(me.id);
});

it("listOrganizationsForAuthenticatedUser", async () => {
  const { data } = await api.orgs.listOrganizationsForAuthenticatedUser();
  expect(data.items.map((org) => org.id)).toContain(orgId());
});

it("createOrganization", async () => {
  const { data } = await api.orgs.createOrganization({ title: unique("Org") });
  expect(data).toMatchObject({ object: "organization", mergeRules: { type: "none" } });
});

it("getOrganizationById", async () => {
  const { data } = await api.orgs.getOrganizationById(orgId());
  expect(data.id).toBe(orgId());
});

it("updateOrganizationById with mergeRules", async () => {
  const org = await docstack<{ id: string }>("POST", "/orgs", { title: unique("Rules") });
  const rules = { type: "rules" as const, rules: [{ rule: "require_at_least_one_approved_review" as const }] };
  const { data } = await api.orgs.updateOrganizationById(org.id, { mergeRules: rules });
  expect(data.mergeRules).toEqual(rules);
});

it("inviteUsersToOrganization", async () => {
  const email = `${unique("invited")}@example.com`;
  const { data } = await api.orgs.inviteUsersToOrganization(orgId(), { emails: [email], role: MemberRole.Read });
  expect(data.users).toHaveLength(1);
});

it("listMembersInOrganizationById with search", async () => {
  const { email } = await invitedMember("searched");
  const { data } = await api.orgs.listMembersInOrganizationById(orgId(), { search: email.split("@")[0] });
  expect(data.items.map((member) => member.user.email)).toEqual([email]);
});

it("getMemberInOrganizationById", async () => {
  const { id } = await invitedMember();
  const { data } = await api.orgs.getMemberInOrganizationById(orgId(), id);
  expect(data.user.id).toBe(id);
});

it("updateMemberInOrganizationById", async () => {
  const { id } = await invitedMember();
  const { data } = await api.orgs.updateMemberInOrganizationById(orgId(), id, { role: MemberRole.Edit });
  expect(data.role).toBe("edit");
});

it("removeMemberFromOrganizationById, then again once gone", async () => {
  const { id } = await invitedMember();
  expect((await api.orgs.removeMemberFromOrganizationById(orgId(), id)).status).toBe(205);
});

describe("invite links", () => {
  it("createOrganizationInvite", async () => {
    const { data } = await api.orgs.createOrganizationInvite(orgId(), { role: MemberRole.Read });
    expect(data.id).toBeTruthy();
  });

  it("listOrganizationInviteLinks", async () => {
    await docstack("POST", `/orgs/${orgId()}/link-invites`, { role: "read" });
    const { data } = await api.orgs.listOrganizationInviteLinks(orgId());
    expect(data.items.length).toBeGreaterThan(0);
  });

  it("getOrganizationInviteLink", async () => {
    const invite = await docstack<{ id: string }>("POST", `/orgs/${orgId()}/link-invites`, { role: "read" });
    const { data } = await api.orgs.getOrganizationInviteLink(orgId(), invite.id);
    expect(data.id).toBe(invite.id);
  });

  it("updateOrganizationInviteById", async () => {
    const invite = await docstack<{ id: string }>("POST", `/orgs/${orgId()}/link-invites`, { role: "read" });
    const { data } = await api.orgs.updateOrganizationInviteById(orgId(), invite.id, { role: MemberRole.Edit });
    expect(data).toMatchObject({ id: invite.id, role: "edit" });
  });

  it("deleteOrganizationInviteById", async () => {
    const invite = await docstack<{ id: string }>("POST", `/orgs/${orgId()}/link-invites`, { role: "read" });
    expect((await api.orgs.deleteOrganizationInviteById(orgId(), invite.id)).status).toBe(205);
  });
});
