// Sharing spaces, collections and sites with users and teams through GitBook's client.
import { MemberRole } from "@gitbook/api";
import { docstack, gitbook, server, unique } from "./gitbook";

const api = gitbook();
const orgId = () => server.organizationId;

async function member(): Promise<string> {
  const invited = await docstack<{ users: string[] }>("POST", `/orgs/${orgId()}/invites`, { emails: [`${unique("shared")}@example.com`], role: "read" });
  return invited.users[0] as string;
}

async function team(): Promise<string> {
  return (await docstack<{ id: string }>("PUT", `/orgs/${orgId()}/teams`, { title: unique("Sharing") })).id;
}

const newSpace = async () => (await docstack<{ id: string }>("POST", `/orgs/${orgId()}/spaces`, { title: unique("Shared") })).id;
const newCollection = async () => (await docstack<{ id: string }>("POST", `/orgs/${orgId()}/collections`, { title: unique("Shared") })).id;
const newSite = async () => (await docstack<{ id: string }>("POST", `/orgs/${orgId()}/sites`, { title: unique("Shared") })).id;

describe("a space", () => {
  const base = (id: string) => `/spaces/${id}/permissions`;

  it("inviteToSpace", async () => {
    const [space, user] = await Promise.all([newSpace(), member()]);
    expect((await api.spaces.inviteToSpace(space, { users: [user], role: MemberRole.Edit })).status).toBe(204);
  });

  it("listUserPermissionsInSpace", async () => {
    const [space, user] = await Promise.all([newSpace(), member()]);
    await docstack("POST", base(space), { users: [user], role: "edit" });
    const { data } = await api.spaces.listUserPermissionsInSpace(space);
    expect(data.items.map((item) => item.user.id)).toContain(user);
  });

  it("updateUserPermissionInSpace", async () => {
    const [space, user] = await Promise.all([newSpace(), member()]);
    await docstack("POST", base(space), { users: [user], role: "edit" });
    await api.spaces.updateUserPermissionInSpace(space, user, { role: MemberRole.Admin });
  });

  it("removeUserFromSpace, then again once gone", async () => {
    const [space, user] = await Promise.all([newSpace(), member()]);
    await docstack("POST", base(space), { users: [user], role: "edit" });
    expect((await api.spaces.removeUserFromSpace(space, user)).status).toBe(205);
    expect((await api.spaces.removeUserFromSpace(space, user)).status).toBe(204);
  });

  it("listTeamPermissionsInSpace", async () => {
    const [space, id] = await Promise.all([newSpace(), team()]);
    await docstack("POST", base(space), { teams: [id], role: "read" });
    const { data } = await api.spaces.listTeamPermissionsInSpace(space);
    expect(data.items.map((item) => item.team.id)).toEqual([id]);
  });

  it("updateTeamPermissionInSpace", async () => {
    const [space, id] = await Promise.all([newSpace(), team()]);
    await docstack("POST", base(space), { teams: [id], role: "read" });
    await api.spaces.updateTeamPermissionInSpace(space, id, { role: MemberRole.Edit });
  });

  it("removeTeamFromSpace, then again once gone", async () => {
    const [space, id] = await Promise.all([newSpace(), team()]);
    await docstack("POST", base(space), { teams: [id], role: "read" });
    expect((await api.spaces.removeTeamFromSpace(space, id)).status).toBe(205);
    expect((await api.spaces.removeTeamFromSpace(space, id)).status).toBe(204);
  });

  it("listPermissionsAggregateInSpace", async () => {
    const [space, user] = await Promise.all([newSpace(), member()]);
    await docstack("POST", base(space), { users: [user], role: "edit" });
    const { data } = await api.spaces.listPermissionsAggregateInSpace(space);
    expect(data.items.length).toBeGreaterThan(0);
  });
});

describe("a collection", () => {
  const base = (id: string) => `/collections/${id}/permissions`;

  it("inviteToCollection", async () => {
    const [collection, user] = await Promise.all([newCollection(), member()]);
    expect((await api.collections.inviteToCollection(collection, { users: [user], role: MemberRole.Edit })).status).toBe(204);
  });

  it("listUserPermissionsInCollection", async () => {
    const [collection, user] = await Promise.all([newCollection(), member()]);
    await docstack("POST", base(collection), { users: [user], role: "edit" });
    const { data } = await api.collections.listUserPermissionsInCollection(collection);
    expect(data.items.map((item) => item.user.id)).toContain(user);
  });

  it("updateUserPermissionInCollection", async () => {
    const [collection, user] = await Promise.all([newCollection(), member()]);
    await docstack("POST", base(collection), { users: [user], role: "edit" });
    await api.collections.updateUserPermissionInCollection(collection, user, { role: MemberRole.Admin });
  });

  it("removeUserFromCollection, then again once gone", async () => {
    const [collection, user] = await Promise.all([newCollection(), member()]);
    await docstack("POST", base(collection), { users: [user], role: "edit" });
    expect((await api.collections.removeUserFromCollection(collection, user)).status).toBe(205);
    expect((await api.collections.removeUserFromCollection(collection, user)).status).toBe(204);
  });

  it("listTeamPermissionsInCollection", async () => {
    const [collection, id] = await Promise.all([newCollection(), team()]);
    await docstack("POST", base(collection), { teams: [id], role: "read" });
    const { data } = await api.collections.listTeamPermissionsInCollection(collection);
    expect(data.items.map((item) => item.team.id)).toEqual([id]);
  });

  it("updateTeamPermissionInCollection", async () => {
    const [collection, id] = await Promise.all([newCollection(), team()]);
    await docstack("POST", base(collection), { teams: [id], role: "read" });
    await api.collections.updateTeamPermissionInCollection(collection, id, { role: MemberRole.Edit });
  });

  it("removeTeamFromCollection, then again once gone", async () => {
    const [collection, id] = await Promise.all([newCollection(), team()]);
    await docstack("POST", base(collection), { teams: [id], role: "read" });
    expect((await api.collections.removeTeamFromCollection(collection, id)).status).toBe(205);
    expect((await api.collections.removeTeamFromCollection(collection, id)).status).toBe(204);
  });

  it("listPermissionsAggregateInCollection", async () => {
    const [collection, user] = await Promise.all([newCollection(), member()]);
    await docstack("POST", base(collection), { users: [user], role: "edit" });
    const { data } = await api.collections.listPermissionsAggregateInCollection(collection);
    expect(data.items.length).toBeGreaterThan(0);
  });
});

describe("a site", () => {
  const base = (id: string) => `/orgs/${orgId()}/sites/${id}/permissions`;

  it("inviteToSite", async () => {
    const [site, user] = await Promise.all([newSite(), member()]);
    expect((await api.orgs.inviteToSite(orgId(), site, { users: [user], role: MemberRole.Admin })).status).toBe(204);
  });

  it("listUserPermissionsInSite", async () => {
    const [site, user] = await Promise.all([newSite(), member()]);
    await docstack("POST", base(site), { users: [user], role: "admin" });
    const { data } = await api.orgs.listUserPermissionsInSite(orgId(), site);
    expect(data.items.map((item) => item.user.id)).toContain(user);
  });

  it("updateUserPermissionInSite", async () => {
    const [site, user] = await Promise.all([newSite(), member()]);
    await docstack("POST", base(site), { users: [user], role: "admin" });
    await api.orgs.updateUserPermissionInSite(orgId(), site, user, { role: MemberRole.Read });
  });

  it("removeUserFromSite, then again once gone", async () => {
    const [site, user] = await Promise.all([newSite(), member()]);
    await docstack("POST", base(site), { users: [user], role: "admin" });
    expect((await api.orgs.removeUserFromSite(orgId(), site, user)).status).toBe(205);
    expect((await api.orgs.removeUserFromSite(orgId(), site, user)).status).toBe(204);
  });

  it("listTeamPermissionsInSite", async () => {
    const [site, id] = await Promise.all([newSite(), team()]);
    await docstack("POST", base(site), { teams: [id], role: "admin" });
    const { data } = await api.orgs.listTeamPermissionsInSite(orgId(), site);
    expect(data.items.map((item) => item.team.id)).toEqual([id]);
  });

  it("updateTeamPermissionInSite", async () => {
    const [site, id] = await Promise.all([newSite(), team()]);
    await docstack("POST", base(site), { teams: [id], role: "admin" });
    await api.orgs.updateTeamPermissionInSite(orgId(), site, id, { role: MemberRole.Read });
  });

  it("removeTeamFromSite, then again once gone", async () => {
    const [site, id] = await Promise.all([newSite(), team()]);
    await docstack("POST", base(site), { teams: [id], role: "admin" });
    expect((await api.orgs.removeTeamFromSite(orgId(), site, id)).status).toBe(205);
    expect((await api.orgs.removeTeamFromSite(orgId(), site, id)).status).toBe(204);
  });

  it("listPermissionsAggregateInSite", async () => {
    const [site, user] = await Promise.all([newSite(), member()]);
    await docstack("POST", base(site), { users: [user], role: "admin" });
    const { data } = await api.orgs.listPermissionsAggregateInSite(orgId(), site);
    expect(data.items.length).toBeGreaterThan(0);
  });
});
