import { type TestUser, useHarness } from "../../../test/support/harness";
import { newId } from "../../db/ids";
import { purgeDeletedSpaces, SPACE_RETENTION_MS } from "./retention";

const h = useHarness();

const post = (user: TestUser, url: string, body: object = {}) => h.api.post(url).set("Authorization", user.auth).send(body);
const get = (user: TestUser, url: string) => h.api.get(url).set("Authorization", user.auth);
const patch = (user: TestUser, url: string, body: object) => h.api.patch(url).set("Authorization", user.auth).send(body);
const DAY = 24 * 60 * 60 * 1000;

async function newSpace(title = "Docs") {
  const org = await h.organization();
  const space = await post(org.admin, `/v1/orgs/${org.id}/spaces`, { title }).expect(201);
  return { org, space: space.body as { id: string; revision: string } };
}

describe("spaces", () => {
  it("creates a space with an empty first revision, and lists the organization's spaces", async () => {
    const { org, space } = await newSpace("Handbook");
    expect(space).toMatchObject({ object: "space", title: "Handbook", visibility: "private", editMode: "live", comments: 0, changeRequests: 0 });
    const revision = await h.services.prisma.revision.findUnique({ where: { id: space.revision } });
    expect(revision).toMatchObject({ spaceId: space.id, tree: { pages: [] } });
    const list = await get(org.admin, `/v1/orgs/${org.id}/spaces`).expect(200);
    expect(list.body.items.map((s: { id: string }) => s.id)).toEqual([space.id]);
    const reader = await h.member(org.id, "read");
    await post(reader, `/v1/orgs/${org.id}/spaces`, { title: "No" }).expect(403);
  });

  it("creates a space in GitBook's shape: editMode from the start, empty accepted, installIntegration for admins", async () => {
    const org = await h.organization();
    const locked = await post(org.admin, `/v1/orgs/${org.id}/spaces`, { title: "Frozen", editMode: "locked", empty: true }).expect(201);
    expect(locked.body).toMatchObject({ editMode: "locked", permissions: { edit: false, admin: true, installIntegration: true } });
    const cr = await post(org.admin, `/v1/spaces/${locked.body.id}/change-requests`, { subject: "No" });
    expect([cr.status, cr.body.error?.code]).toEqual([409, 409]);
    const reader = await h.member(org.id, "read");
    expect((await get(reader, `/v1/spaces/${locked.body.id}`).expect(200)).body.permissions.installIntegration).toBe(false);
    await post(org.admin, `/v1/orgs/${org.id}/spaces`, { empty: false }).expect(400);
    await post(org.admin, `/v1/orgs/${org.id}/spaces`, { template: "x" }).expect(400);
  });

  it("carries counters that count real change requests and open comments", async () => {
    const { org, space } = await newSpace();
    const { prisma } = h.services;
    const changeRequest = (status: string, number: number) =>
      prisma.changeRequest.create({
        data: { id: newId(), spaceId: space.id, number, status, createdById: org.admin.id, revisionId: space.revision, revisionInitialId: space.revision },
      });
    await changeRequest("open", 1);
    await changeRequest("draft", 2);
    await changeRequest("draft", 3);
    await changeRequest("merged", 4);
    const comment = (status: string, changeRequestId: string | null = null) =>
      prisma.comment.create({ data: { id: newId(), spaceId: space.id, postedById: org.admin.id, body: {}, status, changeRequestId } });
    const open = await comment("open");
    const resolved = await comment("resolved");
    const res = await get(org.admin, `/v1/spaces/${space.id}`).expect(200);
    expect(res.body).toMatchObject({ changeRequests: 4, changeRequestsOpen: 1, changeRequestsDraft: 2, comments: 1 });

    // Kept by the database on every write, whoever makes it: status moves, deletions, replies, other places.
    const cr = await prisma.changeRequest.findFirstOrThrow({ where: { spaceId: space.id, number: 2 } });
    await prisma.changeRequest.update({ where: { id: cr.id }, data: { status: "open" } });
    await prisma.changeRequest.deleteMany({ where: { spaceId: space.id, number: 4 } });
    await prisma.comment.update({ where: { id: resolved.id }, data: { status: "open" } });
    await prisma.comment.create({ data: { id: newId(), spaceId: space.id, postedById: org.admin.id, body: {}, status: "open", parentId: open.id } });
    await comment("open", cr.id);
    const moved = await get(org.admin, `/v1/spaces/${space.id}`).expect(200);
    expect(moved.body).toMatchObject({ changeRequests: 3, changeRequestsOpen: 2, changeRequestsDraft: 1, comments: 2 });
    await prisma.comment.delete({ where: { id: open.id } });
    const listed = await get(org.admin, `/v1/orgs/${org.id}/spaces`).expect(200);
    expect(listed.body.items.find((item: { id: string }) => item.id === space.id)).toMatchObject({ changeRequests: 3, comments: 1 });
  });

  it("lets editors rename, admins lock, and locking takes edit, merge and comment away", async () => {
    const { org, space } = await newSpace();
    const editor = await h.member(org.id, "edit");
    const reader = await h.member(org.id, "read");
    await patch(reader, `/v1/spaces/${space.id}`, { title: "No" }).expect(403);
    const renamed = await patch(editor, `/v1/spaces/${space.id}`, { title: "Renamed", emoji: "1f600" }).expect(200);
    expect(renamed.body).toMatchObject({ title: "Renamed", emoji: "1f600", permissions: { edit: true, admin: false } });
    await patch(editor, `/v1/spaces/${space.id}`, { editMode: "locked" }).expect(403);
    await patch(org.admin, `/v1/spaces/${space.id}`, { editMode: "locked" }).expect(200);
    const locked = await get(editor, `/v1/spaces/${space.id}`).expect(200);
    expect(locked.body.permissions).toMatchObject({ view: true, access: true, comment: false, edit: false, merge: false });
    await patch(org.admin, `/v1/spaces/${space.id}`, { visibility: "in-collection" }).expect(400);
    await patch(org.admin, `/v1/spaces/${space.id}`, { editMode: "frozen" }).expect(400);
  });

  it('removes the icon with emoji: null or icon: null (GitBook\'s "Remove icon or emoji"); an icon URL is refused', async () => {
    const { org, space } = await newSpace();
    await patch(org.admin, `/v1/spaces/${space.id}`, { emoji: "1f600" }).expect(200);
    const removed = await patch(org.admin, `/v1/spaces/${space.id}`, { emoji: null }).expect(200);
    expect(removed.body.emoji).toBe("");
    await patch(org.admin, `/v1/spaces/${space.id}`, { emoji: "1f4d8" }).expect(200);
    const byIcon = await patch(org.admin, `/v1/spaces/${space.id}`, { icon: null, title: "Kept" }).expect(200);
    expect(byIcon.body).toMatchObject({ emoji: "", title: "Kept" });
    // An emoji given wins over `icon: null`.
    expect((await patch(org.admin, `/v1/spaces/${space.id}`, { emoji: "1f600", icon: null }).expect(200)).body.emoji).toBe("1f600");
    const refused = await patch(org.admin, `/v1/spaces/${space.id}`, { icon: "https://example.com/icon.png" }).expect(400);
    expect(refused.body.error.message).toContain("icon");
    expect((await get(org.admin, `/v1/spaces/${space.id}`)).body.emoji).toBe("1f600");
  });

  it("applies the space's default level over the organization role", async () => {
    const { org, space } = await newSpace();
    const reader = await h.member(org.id, "read");
    expect((await get(reader, `/v1/spaces/${space.id}`)).body.permissions.edit).toBe(false);
    await patch(org.admin, `/v1/spaces/${space.id}`, { defaultLevel: "edit" }).expect(200);
    expect((await get(reader, `/v1/spaces/${space.id}`)).body.permissions).toMatchObject({ edit: true, admin: false });
  });

  it("hides spaces of other organizations with 404 and nothing of them", async () => {
    const { space } = await newSpace("Top secret");
    const outsider = (await h.organization()).admin;
    const res = await get(outsider, `/v1/spaces/${space.id}`).expect(404);
    expect(res.body).toEqual({ error: { code: 404, type: "not_found", reason: "not_found", message: "Space not found", requestId: expect.any(String) } });
    await patch(outsider, `/v1/spaces/${space.id}`, { title: "Mine" }).expect(404);
    await h.api.delete(`/v1/spaces/${space.id}`).set("Authorization", outsider.auth).expect(404);
  });

  it("deletes restorably for 7 days, then the purge removes the space for good", async () => {
    const { org, space } = await newSpace();
    const editor = await h.member(org.id, "edit");
    await h.api.delete(`/v1/spaces/${space.id}`).set("Authorization", editor.auth).expect(403);
    await post(org.admin, `/v1/spaces/${space.id}/restore`).expect(409);
    await h.api.delete(`/v1/spaces/${space.id}`).set("Authorization", org.admin.auth).expect(205);
    await get(org.admin, `/v1/spaces/${space.id}`).expect(404);
    expect((await get(org.admin, `/v1/orgs/${org.id}/spaces`)).body.count).toBe(0);
    h.clock.advance(6 * DAY);
    const restored = await post(org.admin, `/v1/spaces/${space.id}/restore`).expect(200);
    expect(restored.body.deletedAt).toBeUndefined();
    await get(org.admin, `/v1/spaces/${space.id}`).expect(200);

    await h.api.delete(`/v1/spaces/${space.id}`).set("Authorization", org.admin.auth).expect(205);
    h.clock.advance(SPACE_RETENTION_MS + 1000);
    await post(org.admin, `/v1/spaces/${space.id}/restore`).expect(404);
    expect(await h.services.prisma.space.count({ where: { id: space.id } })).toBe(1);
    expect(await purgeDeletedSpaces(h.services.prisma, h.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await h.services.prisma.space.count({ where: { id: space.id } })).toBe(0);
    expect(await h.services.prisma.revision.count({ where: { spaceId: space.id } })).toBe(0);
  });

  it("keeps a space deleted less than 7 days ago through the purge", async () => {
    const { org, space } = await newSpace();
    await h.api.delete(`/v1/spaces/${space.id}`).set("Authorization", org.admin.auth).expect(205);
    h.clock.advance(SPACE_RETENTION_MS - 60_000);
    await purgeDeletedSpaces(h.services.prisma, h.clock.now());
    expect(await h.services.prisma.space.count({ where: { id: space.id } })).toBe(1);
  });

  it("duplicates a space right after it, with a copy of its content", async () => {
    const { org, space } = await newSpace("Original");
    await h.services.prisma.revision.update({ where: { id: space.revision }, data: { tree: { pages: [{ id: "p1", title: "Intro" }] } } });
    const copy = await post(org.admin, `/v1/spaces/${space.id}/duplicate`).expect(201);
    expect(copy.body).toMatchObject({ title: "Original (copy)", organization: org.id });
    expect(copy.body.id).not.toBe(space.id);
    expect(copy.body.revision).not.toBe(space.revision);
    const revision = await h.services.prisma.revision.findUnique({ where: { id: copy.body.revision } });
    expect(revision).toMatchObject({ spaceId: copy.body.id, tree: { pages: [{ id: "p1", title: "Intro" }] } });
    const reader = await h.member(org.id, "read");
    await post(reader, `/v1/spaces/${space.id}/duplicate`).expect(403);
  });

  it("transfers a space to another organization and collection, for admins of both", async () => {
    const { org, space } = await newSpace();
    const target = await h.organization();
    const box = await post(target.admin, `/v1/orgs/${target.id}/collections`, { title: "Box" }).expect(201);
    await post(org.admin, `/v1/spaces/${space.id}/transfer`, { organization: target.id }).expect(404);
    await h.direct((prisma) => prisma.member.create({ data: { organizationId: target.id, userId: org.admin.id, role: "admin" } }));
    const moved = await post(org.admin, `/v1/spaces/${space.id}/transfer`, { organization: target.id, collection: box.body.id }).expect(200);
    expect(moved.body).toMatchObject({ organization: target.id, parent: box.body.id });
    await post(org.admin, `/v1/spaces/${space.id}/transfer`, {}).expect(400);
  });
});
