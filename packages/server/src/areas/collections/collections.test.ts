import type { Schemas } from "@docstack/contract";
import { answered, at, refused, untyped, useHarness } from "../../../test/support/harness";

const h = useHarness();

const COLLECTIONS = "/v1/orgs/{organizationId}/collections";
const COLLECTION = "/v1/collections/{collectionId}";
const SPACES = "/v1/orgs/{organizationId}/spaces";
const SPACE = "/v1/spaces/{spaceId}";

describe("collections", () => {
  it("creates collections at the root and nested, and gets them", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const inOrg = at({ organizationId: org.id });
    const root = await answered(admin.POST(COLLECTIONS, { ...inOrg, body: { title: "Guides" } }), 201);
    expect(root).toMatchObject({
      object: "collection",
      title: "Guides",
      organization: org.id,
      defaultLevel: "inherit",
      permissions: { view: true, admin: true, create: true },
    });
    expect(root.parent).toBeUndefined();
    const child = await answered(admin.POST(COLLECTIONS, { ...inOrg, body: { title: "Advanced", parent: root.id } }), 201);
    expect(child.parent).toBe(root.id);
    const got = await answered(admin.GET(COLLECTION, at({ collectionId: child.id })), 200);
    expect(got.urls.location).toMatch(new RegExp(`/v1/collections/${child.id}$`));
    const untitled = await answered(admin.POST(COLLECTIONS, { ...inOrg, body: {} }), 201);
    expect(untitled.title).toBe("Untitled");
  });

  it("lists nested collections or only the root ones", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const inOrg = at({ organizationId: org.id });
    const a = await answered(admin.POST(COLLECTIONS, { ...inOrg, body: { title: "A" } }), 201);
    const b = await answered(admin.POST(COLLECTIONS, { ...inOrg, body: { title: "B", parent: a.id } }), 201);
    const all = await answered(admin.GET(COLLECTIONS, inOrg), 200);
    expect(all.items.map((c) => c.id)).toEqual([a.id, b.id]);
    expect(all.count).toBe(2);
    const roots = await answered(admin.GET(COLLECTIONS, { params: { path: { organizationId: org.id }, query: { nested: false } } }), 200);
    expect(roots.items.map((c) => c.id)).toEqual([a.id]);
    await refused(admin.GET(COLLECTIONS, { params: { path: { organizationId: org.id }, query: { nested: untyped("maybe") } } }), 400);
  });

  it("derives permissions from default levels inherited down the tree", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const creator = h.as(await h.member(org.id, "create"));
    const inOrg = at({ organizationId: org.id });
    const top = await answered(admin.POST(COLLECTIONS, { ...inOrg, body: { title: "Top" } }), 201);
    const inner = await answered(admin.POST(COLLECTIONS, { ...inOrg, body: { title: "Inner", parent: top.id } }), 201);
    const permissions = async (client = creator, collectionId = inner.id) => (await answered(client.GET(COLLECTION, at({ collectionId })), 200)).permissions;
    expect(await permissions()).toMatchObject({ view: true, create: true, admin: false });
    await answered(admin.PATCH(COLLECTION, { ...at({ collectionId: top.id }), body: { defaultLevel: "read" } }), 200);
    expect(await permissions()).toMatchObject({ view: true, create: false });
    await refused(creator.POST(COLLECTIONS, { ...inOrg, body: { title: "Nope", parent: inner.id } }), 403);
    // The nearest level that does not inherit wins; admins stay admins.
    await answered(admin.PATCH(COLLECTION, { ...at({ collectionId: inner.id }), body: { defaultLevel: "admin" } }), 200);
    expect((await permissions()).admin).toBe(true);
    expect((await permissions(admin, top.id)).admin).toBe(true);
  });

  it("refuses updates below admin (403) and hides collections of other organizations (404)", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const editor = h.as(await h.member(org.id, "edit"));
    const outsider = h.as((await h.organization()).admin);
    const c = await answered(admin.POST(COLLECTIONS, { ...at({ organizationId: org.id }), body: { title: "Private" } }), 201);
    const collection = at({ collectionId: c.id });
    await refused(editor.PATCH(COLLECTION, { ...collection, body: { title: "X" } }), 403);
    const hidden = await refused(outsider.GET(COLLECTION, collection), 404);
    expect(JSON.stringify(hidden)).not.toContain("Private");
    await refused(outsider.DELETE(COLLECTION, collection), 404);
    await refused(outsider.POST(COLLECTIONS, { ...at({ organizationId: org.id }), body: { title: "In" } }), 404);
    const tooLong = await refused(admin.PATCH(COLLECTION, { ...collection, body: { description: "x".repeat(101) } }), 400);
    expect(tooLong.error.message).toMatch(/request\/body\/description/);
  });

  it("moves spaces and collections among siblings and between parents", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const inOrg = at({ organizationId: org.id });
    const box = await answered(admin.POST(COLLECTIONS, { ...inOrg, body: { title: "Box" } }), 201);
    const spaces: string[] = [];
    for (const title of ["One", "Two", "Three"]) {
      spaces.push((await answered(admin.POST(SPACES, { ...inOrg, body: { title, parent: box.id } }), 201)).id);
    }
    const [one = "", two = "", three = ""] = spaces;
    const order = async () => (await answered(admin.GET("/v1/collections/{collectionId}/spaces", at({ collectionId: box.id })), 200)).items.map((s) => s.title);
    const move = (spaceId: string, body: Schemas["MoveRequest"]) => admin.POST("/v1/spaces/{spaceId}/move", { ...at({ spaceId }), body });
    expect(await order()).toEqual(["One", "Two", "Three"]);
    await answered(move(three, { position: { before: { type: "space", space: one } } }), 200);
    expect(await order()).toEqual(["Three", "One", "Two"]);
    await answered(move(three, { position: { after: { type: "space", space: two } } }), 200);
    expect(await order()).toEqual(["One", "Two", "Three"]);
    // A position naming something that is not a sibling at the destination.
    const stranger = await answered(admin.POST(SPACES, { ...inOrg, body: { title: "Root" } }), 201);
    const notSibling = await refused(move(one, { position: { before: { type: "space", space: stranger.id } } }), 400);
    expect(notSibling.error.message).toMatch(/not a sibling/);
    await refused(move(one, untyped({ position: { before: { type: "space", space: two }, after: { type: "space", space: three } } })), 400);
    // Out of the collection, to the root.
    const moved = await answered(move(one, { parent: null }), 200);
    expect(moved.parent).toBeUndefined();
    expect(await order()).toEqual(["Two", "Three"]);
  });

  it("keeps order when insertions between two siblings use up the gap between their positions", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const inOrg = at({ organizationId: org.id });
    const first = await answered(admin.POST(SPACES, { ...inOrg, body: { title: "First" } }), 201);
    const last = await answered(admin.POST(SPACES, { ...inOrg, body: { title: "Last" } }), 201);
    const inserted: string[] = [];
    for (let i = 0; i < 60; i++) {
      const space = await answered(admin.POST(SPACES, { ...inOrg, body: { title: `Between ${i}` } }), 201);
      const position = { before: { type: "space" as const, space: last.id } };
      await answered(admin.POST("/v1/spaces/{spaceId}/move", { ...at({ spaceId: space.id }), body: { position } }), 200);
      inserted.push(space.id);
    }
    const rows = await h.services.prisma.space.findMany({ where: { organizationId: org.id }, orderBy: [{ position: "asc" }, { id: "asc" }] });
    expect(rows.map((row) => row.id)).toEqual([first.id, ...inserted, last.id]);
    expect(new Set(rows.map((row) => row.position)).size).toBe(rows.length);
  });

  it("moves a collection but never into itself or its descendants", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const inOrg = at({ organizationId: org.id });
    const a = await answered(admin.POST(COLLECTIONS, { ...inOrg, body: { title: "A" } }), 201);
    const b = await answered(admin.POST(COLLECTIONS, { ...inOrg, body: { title: "B", parent: a.id } }), 201);
    const c = await answered(admin.POST(COLLECTIONS, { ...inOrg, body: { title: "C" } }), 201);
    const MOVE = "/v1/collections/{collectionId}/move";
    const loop = await refused(admin.POST(MOVE, { ...at({ collectionId: a.id }), body: { parent: b.id } }), 400);
    expect(loop.error.message).toMatch(/itself/);
    await refused(admin.POST(MOVE, { ...at({ collectionId: a.id }), body: { parent: a.id } }), 400);
    const position = { before: { type: "collection" as const, collection: b.id } };
    const moved = await answered(admin.POST(MOVE, { ...at({ collectionId: c.id }), body: { parent: a.id, position } }), 200);
    expect(moved.parent).toBe(a.id);
    const reader = h.as(await h.member(org.id, "read"));
    await refused(reader.POST(MOVE, { ...at({ collectionId: c.id }), body: { parent: null } }), 403);
  });

  it("transfers a collection with its content to another organization, for admins of both", async () => {
    const from = await h.organization();
    const to = await h.organization();
    const admin = h.as(from.admin);
    const inFrom = at({ organizationId: from.id });
    const c = await answered(admin.POST(COLLECTIONS, { ...inFrom, body: { title: "Moving" } }), 201);
    const nested = await answered(admin.POST(COLLECTIONS, { ...inFrom, body: { title: "Nested", parent: c.id } }), 201);
    const space = await answered(admin.POST(SPACES, { ...inFrom, body: { title: "Inside", parent: nested.id } }), 201);
    const transfer = (organization: string) => admin.POST("/v1/collections/{collectionId}/transfer", { ...at({ collectionId: c.id }), body: { organization } });
    // Admin of the source but only a reader of the target.
    await h.direct((prisma) => prisma.member.create({ data: { organizationId: to.id, userId: from.admin.id, role: "read" } }));
    await refused(transfer(to.id), 403);
    const stranger = (await h.organization()).id;
    await refused(transfer(stranger), 404);
    await h.direct((prisma) =>
      prisma.member.update({ where: { organizationId_userId: { organizationId: to.id, userId: from.admin.id } }, data: { role: "admin" } }),
    );
    const moved = await answered(transfer(to.id), 200);
    expect(moved.organization).toBe(to.id);
    const target = h.as(to.admin);
    expect((await answered(target.GET(SPACE, at({ spaceId: space.id })), 200)).organization).toBe(to.id);
    expect((await answered(target.GET(COLLECTION, at({ collectionId: nested.id })), 200)).organization).toBe(to.id);
  });

  it("deletes a collection, its nested collections, and deletes its spaces restorably", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const inOrg = at({ organizationId: org.id });
    const c = await answered(admin.POST(COLLECTIONS, { ...inOrg, body: { title: "Doomed" } }), 201);
    const inner = await answered(admin.POST(COLLECTIONS, { ...inOrg, body: { title: "Inner", parent: c.id } }), 201);
    const space = await answered(admin.POST(SPACES, { ...inOrg, body: { title: "Kept", parent: inner.id } }), 201);
    const editor = h.as(await h.member(org.id, "edit"));
    await refused(editor.DELETE(COLLECTION, at({ collectionId: c.id })), 403);
    await answered(admin.DELETE(COLLECTION, at({ collectionId: c.id })), 205);
    await refused(admin.GET(COLLECTION, at({ collectionId: inner.id })), 404);
    await refused(admin.GET(SPACE, at({ spaceId: space.id })), 404);
    const restored = await answered(admin.POST("/v1/spaces/{spaceId}/restore", at({ spaceId: space.id })), 200);
    expect(restored.parent).toBeUndefined();
  });
});
