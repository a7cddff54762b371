import { type ApiClient, answered, at, refused, untyped, useHarness } from "../../../test/support/harness";
import { newId } from "../../db/ids";
import { purgeDeletedSpaces, SPACE_RETENTION_MS } from "./retention";

const h = useHarness();

const SPACES = "/v1/orgs/{organizationId}/spaces";
const SPACE = "/v1/spaces/{spaceId}";
const RESTORE = "/v1/spaces/{spaceId}/restore";
const DELETED = "/v1/orgs/{organizationId}/deleted-spaces";
const DAY = 24 * 60 * 60 * 1000;

async function newSpace(title = "Docs") {
  const org = await h.organization();
  const admin = h.as(org.admin);
  const space = await answered(admin.POST(SPACES, { ...at({ organizationId: org.id }), body: { title } }), 201);
  return { org, admin, space, ofSpace: at({ spaceId: space.id }) };
}

/** The space as `client` sees it. */
const seen = (client: ApiClient, spaceId: string) => answered(client.GET(SPACE, at({ spaceId })), 200);

describe("spaces", () => {
  it("creates a space with an empty first revision, and lists the organization's spaces", async () => {
    const { org, admin, space } = await newSpace("Handbook");
    expect(space).toMatchObject({ object: "space", title: "Handbook", visibility: "private", editMode: "live", comments: 0, changeRequests: 0 });
    const revision = await h.services.prisma.revision.findUnique({ where: { id: space.revision } });
    expect(revision).toMatchObject({ spaceId: space.id, tree: { pages: [] } });
    const list = await answered(admin.GET(SPACES, at({ organizationId: org.id })), 200);
    expect(list.items.map((s) => s.id)).toEqual([space.id]);
    const reader = h.as(await h.member(org.id, "read"));
    await refused(reader.POST(SPACES, { ...at({ organizationId: org.id }), body: { title: "No" } }), 403);
  });

  it("creates a space in GitBook's shape: editMode from the start, empty accepted, installIntegration for admins", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const inOrg = at({ organizationId: org.id });
    const locked = await answered(admin.POST(SPACES, { ...inOrg, body: { title: "Frozen", editMode: "locked", empty: true } }), 201);
    expect(locked).toMatchObject({ editMode: "locked", permissions: { edit: false, admin: true, installIntegration: true } });
    const cr = await refused(admin.POST("/v1/spaces/{spaceId}/change-requests", { ...at({ spaceId: locked.id }), body: { subject: "No" } }), 409);
    expect(cr.error.code).toBe(409);
    const reader = h.as(await h.member(org.id, "read"));
    expect((await seen(reader, locked.id)).permissions.installIntegration).toBe(false);
    await refused(admin.POST(SPACES, { ...inOrg, body: untyped({ empty: false }) }), 400);
    await refused(admin.POST(SPACES, { ...inOrg, body: untyped({ template: "x" }) }), 400);
  });

  it("carries counters that count real change requests and open comments", async () => {
    const { org, admin, space } = await newSpace();
    const { prisma } = h.services;
    const changeRequest = (status: "open" | "draft" | "merged", number: number) =>
      prisma.changeRequest.create({
        data: { id: newId(), spaceId: space.id, number, status, createdById: org.admin.id, revisionId: space.revision, revisionInitialId: space.revision },
      });
    await changeRequest("open", 1);
    await changeRequest("draft", 2);
    await changeRequest("draft", 3);
    await changeRequest("merged", 4);
    const comment = (status: "open" | "resolved", changeRequestId: string | null = null) =>
      prisma.comment.create({ data: { id: newId(), spaceId: space.id, postedById: org.admin.id, body: {}, status, changeRequestId } });
    const open = await comment("open");
    const resolved = await comment("resolved");
    expect(await seen(admin, space.id)).toMatchObject({ changeRequests: 4, changeRequestsOpen: 1, changeRequestsDraft: 2, comments: 1 });

    // Kept by the database on every write, whoever makes it: status moves, deletions, replies, other places.
    const cr = await prisma.changeRequest.findFirstOrThrow({ where: { spaceId: space.id, number: 2 } });
    await prisma.changeRequest.update({ where: { id: cr.id }, data: { status: "open" } });
    await prisma.changeRequest.deleteMany({ where: { spaceId: space.id, number: 4 } });
    await prisma.comment.update({ where: { id: resolved.id }, data: { status: "open" } });
    await prisma.comment.create({ data: { id: newId(), spaceId: space.id, postedById: org.admin.id, body: {}, status: "open", parentId: open.id } });
    await comment("open", cr.id);
    expect(await seen(admin, space.id)).toMatchObject({ changeRequests: 3, changeRequestsOpen: 2, changeRequestsDraft: 1, comments: 2 });
    await prisma.comment.delete({ where: { id: open.id } });
    const listed = await answered(admin.GET(SPACES, at({ organizationId: org.id })), 200);
    expect(listed.items.find((item) => item.id === space.id)).toMatchObject({ changeRequests: 3, comments: 1 });
  });

  it("lets editors rename, admins lock, and locking takes edit, merge and comment away", async () => {
    const { org, admin, space, ofSpace } = await newSpace();
    const editor = h.as(await h.member(org.id, "edit"));
    const reader = h.as(await h.member(org.id, "read"));
    await refused(reader.PATCH(SPACE, { ...ofSpace, body: { title: "No" } }), 403);
    const renamed = await answered(editor.PATCH(SPACE, { ...ofSpace, body: { title: "Renamed", emoji: "1f600" } }), 200);
    expect(renamed).toMatchObject({ title: "Renamed", emoji: "1f600", permissions: { edit: true, admin: false } });
    await refused(editor.PATCH(SPACE, { ...ofSpace, body: { editMode: "locked" } }), 403);
    await answered(admin.PATCH(SPACE, { ...ofSpace, body: { editMode: "locked" } }), 200);
    expect((await seen(editor, space.id)).permissions).toMatchObject({ view: true, access: true, comment: false, edit: false, merge: false });
    await refused(admin.PATCH(SPACE, { ...ofSpace, body: untyped({ visibility: "in-collection" }) }), 400);
    await refused(admin.PATCH(SPACE, { ...ofSpace, body: untyped({ editMode: "frozen" }) }), 400);
  });

  it('removes the icon with emoji: null or icon: null (GitBook\'s "Remove icon or emoji"); an icon URL is refused', async () => {
    const { admin, space, ofSpace } = await newSpace();
    await answered(admin.PATCH(SPACE, { ...ofSpace, body: { emoji: "1f600" } }), 200);
    const removed = await answered(admin.PATCH(SPACE, { ...ofSpace, body: { emoji: null } }), 200);
    expect(removed.emoji).toBe("");
    await answered(admin.PATCH(SPACE, { ...ofSpace, body: { emoji: "1f4d8" } }), 200);
    // openapi-fetch's body type reads the contract's `icon?: null` as never set: untyped.
    const byIcon = await answered(admin.PATCH(SPACE, { ...ofSpace, body: untyped({ icon: null, title: "Kept" }) }), 200);
    expect(byIcon).toMatchObject({ emoji: "", title: "Kept" });
    // An emoji given wins over `icon: null`.
    expect((await answered(admin.PATCH(SPACE, { ...ofSpace, body: untyped({ emoji: "1f600", icon: null }) }), 200)).emoji).toBe("1f600");
    const iconUrl = await refused(admin.PATCH(SPACE, { ...ofSpace, body: untyped({ icon: "https://example.com/icon.png" }) }), 400);
    expect(iconUrl.error.message).toContain("icon");
    expect((await seen(admin, space.id)).emoji).toBe("1f600");
  });

  it("applies the space's default level over the organization role", async () => {
    const { org, admin, space, ofSpace } = await newSpace();
    const reader = h.as(await h.member(org.id, "read"));
    expect((await seen(reader, space.id)).permissions.edit).toBe(false);
    await answered(admin.PATCH(SPACE, { ...ofSpace, body: { defaultLevel: "edit" } }), 200);
    expect((await seen(reader, space.id)).permissions).toMatchObject({ edit: true, admin: false });
  });

  it("hides spaces of other organizations with 404 and nothing of them", async () => {
    const { ofSpace } = await newSpace("Top secret");
    const outsider = h.as((await h.organization()).admin);
    const hidden = await refused(outsider.GET(SPACE, ofSpace), 404);
    expect(hidden).toEqual({ error: { code: 404, type: "not_found", reason: "not_found", message: "Space not found", requestId: expect.any(String) } });
    await refused(outsider.PATCH(SPACE, { ...ofSpace, body: { title: "Mine" } }), 404);
    await refused(outsider.DELETE(SPACE, ofSpace), 404);
  });

  it("deletes restorably for 7 days, then the purge removes the space for good", async () => {
    const { org, admin, space, ofSpace } = await newSpace();
    const editor = h.as(await h.member(org.id, "edit"));
    await refused(editor.DELETE(SPACE, ofSpace), 403);
    await refused(admin.POST(RESTORE, ofSpace), 409);
    await answered(admin.DELETE(SPACE, ofSpace), 205);
    await refused(admin.GET(SPACE, ofSpace), 404);
    expect((await answered(admin.GET(SPACES, at({ organizationId: org.id })), 200)).count).toBe(0);
    h.clock.advance(6 * DAY);
    const restored = await answered(admin.POST(RESTORE, ofSpace), 200);
    expect(restored.deletedAt).toBeUndefined();
    await seen(admin, space.id);

    await answered(admin.DELETE(SPACE, ofSpace), 205);
    h.clock.advance(SPACE_RETENTION_MS + 1000);
    await refused(admin.POST(RESTORE, ofSpace), 404);
    expect(await h.services.prisma.space.count({ where: { id: space.id } })).toBe(1);
    expect(await purgeDeletedSpaces(h.services.prisma, h.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await h.services.prisma.space.count({ where: { id: space.id } })).toBe(0);
    expect(await h.services.prisma.revision.count({ where: { spaceId: space.id } })).toBe(0);
  });

  it("lists to admins the deleted spaces still restorable, last deleted first", async () => {
    const { org, admin, space: first, ofSpace } = await newSpace("First");
    const inOrg = at({ organizationId: org.id });
    const second = await answered(admin.POST(SPACES, { ...inOrg, body: { title: "Second" } }), 201);
    const kept = await answered(admin.POST(SPACES, { ...inOrg, body: { title: "Kept" } }), 201);
    const elsewhere = await newSpace("Other organization's");
    await answered(elsewhere.admin.DELETE(SPACE, elsewhere.ofSpace), 205);
    expect((await answered(admin.GET(DELETED, inOrg), 200)).items).toEqual([]);

    await answered(admin.DELETE(SPACE, ofSpace), 205);
    h.clock.advance(DAY);
    await answered(admin.DELETE(SPACE, at({ spaceId: second.id })), 205);
    const listed = await answered(admin.GET(DELETED, inOrg), 200);
    expect(listed.items.map((s) => s.title)).toEqual(["Second", "First"]);
    expect(listed.items[1]).toMatchObject({ id: first.id, deletedAt: expect.any(String), permissions: { admin: true } });
    expect(listed.items.map((s) => s.id)).not.toContain(kept.id);

    const editor = h.as(await h.member(org.id, "edit"));
    await refused(editor.GET(DELETED, inOrg), 403);
    await refused(elsewhere.admin.GET(DELETED, inOrg), 404);

    const onePerPage = (page?: string) => ({ params: { path: { organizationId: org.id }, query: { limit: 1, page } } });
    const pageOne = await answered(admin.GET(DELETED, onePerPage()), 200);
    expect(pageOne.items.map((s) => s.title)).toEqual(["Second"]);
    const pageTwo = await answered(admin.GET(DELETED, onePerPage(pageOne.next?.page)), 200);
    expect(pageTwo.items.map((s) => s.title)).toEqual(["First"]);

    await answered(admin.POST(RESTORE, at({ spaceId: second.id })), 200);
    h.clock.advance(SPACE_RETENTION_MS - DAY + 1000);
    // First was deleted more than 7 days ago now: restore answers 404, so it is not listed.
    expect((await answered(admin.GET(DELETED, inOrg), 200)).items).toEqual([]);
  });

  it("keeps a space deleted less than 7 days ago through the purge", async () => {
    const { admin, space, ofSpace } = await newSpace();
    await answered(admin.DELETE(SPACE, ofSpace), 205);
    h.clock.advance(SPACE_RETENTION_MS - 60_000);
    await purgeDeletedSpaces(h.services.prisma, h.clock.now());
    expect(await h.services.prisma.space.count({ where: { id: space.id } })).toBe(1);
  });

  it("duplicates a space right after it, with a copy of its content", async () => {
    const { org, admin, space, ofSpace } = await newSpace("Original");
    await h.services.prisma.revision.update({ where: { id: space.revision }, data: { tree: { pages: [{ id: "p1", title: "Intro" }] } } });
    const DUPLICATE = "/v1/spaces/{spaceId}/duplicate";
    const copy = await answered(admin.POST(DUPLICATE, ofSpace), 201);
    expect(copy).toMatchObject({ title: "Original (copy)", organization: org.id });
    expect(copy.id).not.toBe(space.id);
    expect(copy.revision).not.toBe(space.revision);
    const revision = await h.services.prisma.revision.findUnique({ where: { id: copy.revision } });
    expect(revision).toMatchObject({ spaceId: copy.id, tree: { pages: [{ id: "p1", title: "Intro" }] } });
    const reader = h.as(await h.member(org.id, "read"));
    await refused(reader.POST(DUPLICATE, ofSpace), 403);
  });

  it("transfers a space to another organization and collection, for admins of both", async () => {
    const { org, admin, ofSpace } = await newSpace();
    const target = await h.organization();
    const box = await answered(
      h.as(target.admin).POST("/v1/orgs/{organizationId}/collections", { ...at({ organizationId: target.id }), body: { title: "Box" } }),
      201,
    );
    const TRANSFER = "/v1/spaces/{spaceId}/transfer";
    await refused(admin.POST(TRANSFER, { ...ofSpace, body: { organization: target.id } }), 404);
    await h.direct((prisma) => prisma.member.create({ data: { organizationId: target.id, userId: org.admin.id, role: "admin" } }));
    const moved = await answered(admin.POST(TRANSFER, { ...ofSpace, body: { organization: target.id, collection: box.id } }), 200);
    expect(moved).toMatchObject({ organization: target.id, parent: box.id });
    await refused(admin.POST(TRANSFER, { ...ofSpace, body: untyped({}) }), 400);
  });
});
