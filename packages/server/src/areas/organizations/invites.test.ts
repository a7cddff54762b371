import { answered, at, refused, untyped, useHarness } from "../../../test/support/harness";
import { newId } from "../../db/ids";
import type { Role } from "../../policy/roles";

const h = useHarness();

const LINK = "/v1/orgs/{organizationId}/link-invites/{inviteId}";

/** Invite links inserted as they are stored (creating them through the API: see joining.test.ts). */
async function invite(organizationId: string, role: Role): Promise<string> {
  const id = newId();
  await h.services.prisma.organizationInvite.create({ data: { id, organizationId, role } });
  return id;
}

describe("invite links", () => {
  it("gets an invite link, redundant when another one of the organization grants the same role", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const editLink = await invite(org.id, "edit");
    const link = at({ organizationId: org.id, inviteId: editLink });
    expect(await answered(admin.GET(LINK, link), 200)).toEqual({
      object: "invite",
      id: editLink,
      role: "edit",
      redundant: false,
      urls: { join: expect.stringMatching(new RegExp(`/v1/orgs/${org.id}/invites/${editLink}$`)) },
    });
    await invite(org.id, "read");
    // The same role in another organization does not count.
    await invite((await h.organization()).id, "edit");
    expect((await answered(admin.GET(LINK, link), 200)).redundant).toBe(false);
    await invite(org.id, "edit");
    expect((await answered(admin.GET(LINK, link), 200)).redundant).toBe(true);
  });

  it("changes the role of an invite link", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const id = await invite(org.id, "read");
    const link = at({ organizationId: org.id, inviteId: id });
    await invite(org.id, "comment");
    const updated = await answered(admin.PATCH(LINK, { ...link, body: { role: "comment" } }), 200);
    expect(updated).toMatchObject({ object: "invite", id, role: "comment", redundant: true });
    expect((await h.services.prisma.organizationInvite.findUnique({ where: { id } }))?.role).toBe("comment");
    // null: people who join through it are guests.
    expect((await answered(admin.PATCH(LINK, { ...link, body: { role: null } }), 200)).role).toBeNull();
    await refused(admin.PATCH(LINK, { ...link, body: { role: untyped("owner") } }), 400);
  });

  it("deletes an invite link (205)", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const id = await invite(org.id, "read");
    const link = at({ organizationId: org.id, inviteId: id });
    await answered(admin.DELETE(LINK, link), 205);
    expect(await h.services.prisma.organizationInvite.findUnique({ where: { id } })).toBeNull();
    await refused(admin.GET(LINK, link), 404);
    await answered(admin.DELETE(LINK, link), 204);
  });

  it("is for admins only (403), and hidden from outsiders and other organizations (404)", async () => {
    const org = await h.organization();
    const id = await invite(org.id, "read");
    const link = at({ organizationId: org.id, inviteId: id });
    const creator = h.as(await h.member(org.id, "create"));
    await refused(creator.GET(LINK, link), 403);
    await refused(creator.PATCH(LINK, { ...link, body: { role: "admin" } }), 403);
    await refused(creator.DELETE(LINK, link), 403);
    const other = await h.organization();
    const otherAdmin = h.as(other.admin);
    expect((await refused(otherAdmin.GET(LINK, link), 404)).error.message).toBe("Organization not found");
    await refused(otherAdmin.DELETE(LINK, link), 404);
    const across = at({ organizationId: other.id, inviteId: id });
    expect((await refused(otherAdmin.GET(LINK, across), 404)).error.message).toBe("Invite link not found");
    await refused(otherAdmin.PATCH(LINK, { ...across, body: { role: "admin" } }), 404);
    await answered(otherAdmin.DELETE(LINK, across), 204); // not one of theirs: as for an unknown ID
    expect((await h.services.prisma.organizationInvite.findUnique({ where: { id } }))?.role).toBe("read");
  });
});
