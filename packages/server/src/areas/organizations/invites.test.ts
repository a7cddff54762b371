import { type TestUser, useHarness } from "../../../test/support/harness";
import { newId } from "../../db/ids";
import type { Role } from "../../policy/roles";

const h = useHarness();

const get = (user: TestUser, url: string) => h.api.get(url).set("Authorization", user.auth);
const patch = (user: TestUser, url: string, body: object) => h.api.patch(url).set("Authorization", user.auth).send(body);
const del = (user: TestUser, url: string) => h.api.delete(url).set("Authorization", user.auth);

/** Invite links inserted as they are stored (creating them through the API: see joining.test.ts). */
async function invite(organizationId: string, role: Role): Promise<string> {
  const id = newId();
  await h.services.prisma.organizationInvite.create({ data: { id, organizationId, role } });
  return id;
}

describe("invite links", () => {
  it("gets an invite link, redundant when another one of the organization grants the same role", async () => {
    const org = await h.organization();
    const editLink = await invite(org.id, "edit");
    const url = `/v1/orgs/${org.id}/link-invites/${editLink}`;
    expect((await get(org.admin, url).expect(200)).body).toEqual({
      object: "invite",
      id: editLink,
      role: "edit",
      redundant: false,
      urls: { join: expect.stringMatching(new RegExp(`/v1/orgs/${org.id}/invites/${editLink}$`)) },
    });
    await invite(org.id, "read");
    // The same role in another organization does not count.
    await invite((await h.organization()).id, "edit");
    expect((await get(org.admin, url).expect(200)).body.redundant).toBe(false);
    await invite(org.id, "edit");
    expect((await get(org.admin, url).expect(200)).body.redundant).toBe(true);
  });

  it("changes the role of an invite link", async () => {
    const org = await h.organization();
    const id = await invite(org.id, "read");
    await invite(org.id, "comment");
    const updated = await patch(org.admin, `/v1/orgs/${org.id}/link-invites/${id}`, { role: "comment" }).expect(200);
    expect(updated.body).toMatchObject({ object: "invite", id, role: "comment", redundant: true });
    expect((await h.services.prisma.organizationInvite.findUnique({ where: { id } }))?.role).toBe("comment");
    // null: people who join through it are guests.
    expect((await patch(org.admin, `/v1/orgs/${org.id}/link-invites/${id}`, { role: null }).expect(200)).body.role).toBeNull();
    await patch(org.admin, `/v1/orgs/${org.id}/link-invites/${id}`, { role: "owner" }).expect(400);
  });

  it("deletes an invite link (205)", async () => {
    const org = await h.organization();
    const id = await invite(org.id, "read");
    await del(org.admin, `/v1/orgs/${org.id}/link-invites/${id}`).expect(205);
    expect(await h.services.prisma.organizationInvite.findUnique({ where: { id } })).toBeNull();
    await get(org.admin, `/v1/orgs/${org.id}/link-invites/${id}`).expect(404);
    await del(org.admin, `/v1/orgs/${org.id}/link-invites/${id}`).expect(204);
  });

  it("is for admins only (403), and hidden from outsiders and other organizations (404)", async () => {
    const org = await h.organization();
    const id = await invite(org.id, "read");
    const url = `/v1/orgs/${org.id}/link-invites/${id}`;
    const creator = await h.member(org.id, "create");
    await get(creator, url).expect(403);
    await patch(creator, url, { role: "admin" }).expect(403);
    await del(creator, url).expect(403);
    const other = await h.organization();
    expect((await get(other.admin, url).expect(404)).body.error.message).toBe("Organization not found");
    await del(other.admin, url).expect(404);
    expect((await get(other.admin, `/v1/orgs/${other.id}/link-invites/${id}`).expect(404)).body.error.message).toBe("Invite link not found");
    await patch(other.admin, `/v1/orgs/${other.id}/link-invites/${id}`, { role: "admin" }).expect(404);
    await del(other.admin, `/v1/orgs/${other.id}/link-invites/${id}`).expect(204); // not one of theirs: as for an unknown ID
    expect((await h.services.prisma.organizationInvite.findUnique({ where: { id } }))?.role).toBe("read");
  });
});
