import { type TestUser, useHarness } from "../../../test/support/harness";

const h = useHarness();

const post = (user: TestUser, url: string, body: object = {}) => h.api.post(url).set("Authorization", user.auth).send(body);
const get = (user: TestUser, url: string) => h.api.get(url).set("Authorization", user.auth);

describe("collections", () => {
  it("creates collections at the root and nested, and gets them", async () => {
    const org = await h.organization();
    const root = await post(org.admin, `/v1/orgs/${org.id}/collections`, { title: "Guides" }).expect(201);
    expect(root.body).toMatchObject({
      object: "collection",
      title: "Guides",
      organization: org.id,
      defaultLevel: "inherit",
      permissions: { view: true, admin: true, create: true },
    });
    expect(root.body.parent).toBeUndefined();
    const child = await post(org.admin, `/v1/orgs/${org.id}/collections`, { title: "Advanced", parent: root.body.id }).expect(201);
    expect(child.body.parent).toBe(root.body.id);
    const got = await get(org.admin, `/v1/collections/${child.body.id}`).expect(200);
    expect(got.body.urls.location).toMatch(new RegExp(`/v1/collections/${child.body.id}$`));
    const untitled = await post(org.admin, `/v1/orgs/${org.id}/collections`).expect(201);
    expect(untitled.body.title).toBe("Untitled");
  });

  it("lists nested collections or only the root ones", async () => {
    const org = await h.organization();
    const a = await post(org.admin, `/v1/orgs/${org.id}/collections`, { title: "A" }).expect(201);
    const b = await post(org.admin, `/v1/orgs/${org.id}/collections`, { title: "B", parent: a.body.id }).expect(201);
    const all = await get(org.admin, `/v1/orgs/${org.id}/collections`).expect(200);
    expect(all.body.items.map((c: { id: string }) => c.id)).toEqual([a.body.id, b.body.id]);
    expect(all.body.count).toBe(2);
    const roots = await get(org.admin, `/v1/orgs/${org.id}/collections?nested=false`).expect(200);
    expect(roots.body.items.map((c: { id: string }) => c.id)).toEqual([a.body.id]);
    await get(org.admin, `/v1/orgs/${org.id}/collections?nested=maybe`).expect(400);
  });

  it("derives permissions from default levels inherited down the tree", async () => {
    const org = await h.organization();
    const creator = await h.member(org.id, "create");
    const top = await post(org.admin, `/v1/orgs/${org.id}/collections`, { title: "Top" }).expect(201);
    const inner = await post(org.admin, `/v1/orgs/${org.id}/collections`, { title: "Inner", parent: top.body.id }).expect(201);
    expect((await get(creator, `/v1/collections/${inner.body.id}`)).body.permissions).toMatchObject({ view: true, create: true, admin: false });
    await h.api.patch(`/v1/collections/${top.body.id}`).set("Authorization", org.admin.auth).send({ defaultLevel: "read" }).expect(200);
    expect((await get(creator, `/v1/collections/${inner.body.id}`)).body.permissions).toMatchObject({ view: true, create: false });
    await post(creator, `/v1/orgs/${org.id}/collections`, { title: "Nope", parent: inner.body.id }).expect(403);
    // The nearest level that does not inherit wins; admins stay admins.
    await h.api.patch(`/v1/collections/${inner.body.id}`).set("Authorization", org.admin.auth).send({ defaultLevel: "admin" }).expect(200);
    expect((await get(creator, `/v1/collections/${inner.body.id}`)).body.permissions.admin).toBe(true);
    expect((await get(org.admin, `/v1/collections/${top.body.id}`)).body.permissions.admin).toBe(true);
  });

  it("refuses updates below admin (403) and hides collections of other organizations (404)", async () => {
    const org = await h.organization();
    const editor = await h.member(org.id, "edit");
    const outsider = (await h.organization()).admin;
    const c = await post(org.admin, `/v1/orgs/${org.id}/collections`, { title: "Private" }).expect(201);
    await h.api.patch(`/v1/collections/${c.body.id}`).set("Authorization", editor.auth).send({ title: "X" }).expect(403);
    const hidden = await get(outsider, `/v1/collections/${c.body.id}`).expect(404);
    expect(JSON.stringify(hidden.body)).not.toContain("Private");
    await h.api.delete(`/v1/collections/${c.body.id}`).set("Authorization", outsider.auth).expect(404);
    await post(outsider, `/v1/orgs/${org.id}/collections`, { title: "In" }).expect(404);
    const tooLong = await h.api
      .patch(`/v1/collections/${c.body.id}`)
      .set("Authorization", org.admin.auth)
      .send({ description: "x".repeat(101) })
      .expect(400);
    expect(tooLong.body.error.message).toMatch(/request\/body\/description/);
  });

  it("moves spaces and collections among siblings and between parents", async () => {
    const org = await h.organization();
    const box = await post(org.admin, `/v1/orgs/${org.id}/collections`, { title: "Box" }).expect(201);
    const spaces: string[] = [];
    for (const title of ["One", "Two", "Three"]) {
      spaces.push((await post(org.admin, `/v1/orgs/${org.id}/spaces`, { title, parent: box.body.id }).expect(201)).body.id);
    }
    const order = async () => (await get(org.admin, `/v1/collections/${box.body.id}/spaces`).expect(200)).body.items.map((s: { title: string }) => s.title);
    expect(await order()).toEqual(["One", "Two", "Three"]);
    await post(org.admin, `/v1/spaces/${spaces[2]}/move`, { position: { before: { type: "space", space: spaces[0] } } }).expect(200);
    expect(await order()).toEqual(["Three", "One", "Two"]);
    await post(org.admin, `/v1/spaces/${spaces[2]}/move`, { position: { after: { type: "space", space: spaces[1] } } }).expect(200);
    expect(await order()).toEqual(["One", "Two", "Three"]);
    // A position naming something that is not a sibling at the destination.
    const stranger = await post(org.admin, `/v1/orgs/${org.id}/spaces`, { title: "Root" }).expect(201);
    const refused = await post(org.admin, `/v1/spaces/${spaces[0]}/move`, { position: { before: { type: "space", space: stranger.body.id } } }).expect(400);
    expect(refused.body.error.message).toMatch(/not a sibling/);
    await post(org.admin, `/v1/spaces/${spaces[0]}/move`, {
      position: { before: { type: "space", space: spaces[1] }, after: { type: "space", space: spaces[2] } },
    }).expect(400);
    // Out of the collection, to the root.
    const moved = await post(org.admin, `/v1/spaces/${spaces[0]}/move`, { parent: null }).expect(200);
    expect(moved.body.parent).toBeUndefined();
    expect(await order()).toEqual(["Two", "Three"]);
  });

  it("keeps order when insertions between two siblings use up the gap between their positions", async () => {
    const org = await h.organization();
    const first = await post(org.admin, `/v1/orgs/${org.id}/spaces`, { title: "First" }).expect(201);
    const last = await post(org.admin, `/v1/orgs/${org.id}/spaces`, { title: "Last" }).expect(201);
    const inserted: string[] = [];
    for (let i = 0; i < 60; i++) {
      const space = await post(org.admin, `/v1/orgs/${org.id}/spaces`, { title: `Between ${i}` }).expect(201);
      await post(org.admin, `/v1/spaces/${space.body.id}/move`, { position: { before: { type: "space", space: last.body.id } } }).expect(200);
      inserted.push(space.body.id);
    }
    const rows = await h.services.prisma.space.findMany({ where: { organizationId: org.id }, orderBy: [{ position: "asc" }, { id: "asc" }] });
    expect(rows.map((row) => row.id)).toEqual([first.body.id, ...inserted, last.body.id]);
    expect(new Set(rows.map((row) => row.position)).size).toBe(rows.length);
  });

  it("moves a collection but never into itself or its descendants", async () => {
    const org = await h.organization();
    const a = await post(org.admin, `/v1/orgs/${org.id}/collections`, { title: "A" }).expect(201);
    const b = await post(org.admin, `/v1/orgs/${org.id}/collections`, { title: "B", parent: a.body.id }).expect(201);
    const c = await post(org.admin, `/v1/orgs/${org.id}/collections`, { title: "C" }).expect(201);
    const loop = await post(org.admin, `/v1/collections/${a.body.id}/move`, { parent: b.body.id }).expect(400);
    expect(loop.body.error.message).toMatch(/itself/);
    await post(org.admin, `/v1/collections/${a.body.id}/move`, { parent: a.body.id }).expect(400);
    const moved = await post(org.admin, `/v1/collections/${c.body.id}/move`, {
      parent: a.body.id,
      position: { before: { type: "collection", collection: b.body.id } },
    }).expect(200);
    expect(moved.body.parent).toBe(a.body.id);
    const reader = await h.member(org.id, "read");
    await post(reader, `/v1/collections/${c.body.id}/move`, { parent: null }).expect(403);
  });

  it("transfers a collection with its content to another organization, for admins of both", async () => {
    const from = await h.organization();
    const to = await h.organization();
    const c = await post(from.admin, `/v1/orgs/${from.id}/collections`, { title: "Moving" }).expect(201);
    const nested = await post(from.admin, `/v1/orgs/${from.id}/collections`, { title: "Nested", parent: c.body.id }).expect(201);
    const space = await post(from.admin, `/v1/orgs/${from.id}/spaces`, { title: "Inside", parent: nested.body.id }).expect(201);
    // Admin of the source but only a reader of the target.
    await h.direct((prisma) => prisma.member.create({ data: { organizationId: to.id, userId: from.admin.id, role: "read" } }));
    await post(from.admin, `/v1/collections/${c.body.id}/transfer`, { organization: to.id }).expect(403);
    const stranger = (await h.organization()).id;
    await post(from.admin, `/v1/collections/${c.body.id}/transfer`, { organization: stranger }).expect(404);
    await h.direct((prisma) =>
      prisma.member.update({ where: { organizationId_userId: { organizationId: to.id, userId: from.admin.id } }, data: { role: "admin" } }),
    );
    const moved = await post(from.admin, `/v1/collections/${c.body.id}/transfer`, { organization: to.id }).expect(200);
    expect(moved.body.organization).toBe(to.id);
    expect((await get(to.admin, `/v1/spaces/${space.body.id}`).expect(200)).body.organization).toBe(to.id);
    expect((await get(to.admin, `/v1/collections/${nested.body.id}`).expect(200)).body.organization).toBe(to.id);
  });

  it("deletes a collection, its nested collections, and deletes its spaces restorably", async () => {
    const org = await h.organization();
    const c = await post(org.admin, `/v1/orgs/${org.id}/collections`, { title: "Doomed" }).expect(201);
    const inner = await post(org.admin, `/v1/orgs/${org.id}/collections`, { title: "Inner", parent: c.body.id }).expect(201);
    const space = await post(org.admin, `/v1/orgs/${org.id}/spaces`, { title: "Kept", parent: inner.body.id }).expect(201);
    const editor = await h.member(org.id, "edit");
    await h.api.delete(`/v1/collections/${c.body.id}`).set("Authorization", editor.auth).expect(403);
    await h.api.delete(`/v1/collections/${c.body.id}`).set("Authorization", org.admin.auth).expect(205);
    await get(org.admin, `/v1/collections/${inner.body.id}`).expect(404);
    await get(org.admin, `/v1/spaces/${space.body.id}`).expect(404);
    const restored = await post(org.admin, `/v1/spaces/${space.body.id}/restore`).expect(200);
    expect(restored.body.parent).toBeUndefined();
  });
});
