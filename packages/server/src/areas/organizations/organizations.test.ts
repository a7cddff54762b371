import { useHarness } from "../../../test/support/harness";

const h = useHarness();

describe("GET /v1/user", () => {
  it("returns the token's user", async () => {
    const { admin } = await h.organization();
    const res = await h.api.get("/v1/user").set("Authorization", admin.auth).expect(200);
    expect(res.body).toMatchObject({ object: "user", id: admin.id, email: admin.email });
  });

  it("answers 401 with the error envelope without a token, with a bad one, and with a revoked one", async () => {
    const { admin } = await h.organization();
    const missing = await h.api.get("/v1/user").expect(401);
    expect(missing.body.error).toMatchObject({ code: 401, message: expect.stringContaining("Missing API token") });
    const wrong = await h.api.get("/v1/user").set("Authorization", "Bearer dst_not-a-token").expect(401);
    expect(wrong.body.error.code).toBe(401);
    await h.direct((prisma) => prisma.apiToken.update({ where: { id: admin.tokenId }, data: { revokedAt: new Date() } }));
    await h.api.get("/v1/user").set("Authorization", admin.auth).expect(401);
  });
});

describe("organizations", () => {
  it("lists only the caller's organizations, with permissions from their role", async () => {
    const a = await h.organization("Org A");
    const b = await h.organization("Org B");
    const reader = await h.member(a.id, "read");
    await h.direct((prisma) => prisma.member.create({ data: { organizationId: b.id, userId: reader.id, role: "create" } }));
    const res = await h.api.get("/v1/orgs").set("Authorization", reader.auth).expect(200);
    expect(res.body.count).toBe(2);
    const byId = Object.fromEntries(res.body.items.map((o: { id: string }) => [o.id, o]));
    expect(byId[a.id].permissions).toMatchObject({ view: true, admin: false, createContent: false });
    expect(byId[b.id].permissions).toMatchObject({ view: true, admin: false, createContent: true });
  });

  it("pages through organizations with a cursor and refuses a modified cursor", async () => {
    const owner = await h.user();
    for (let i = 0; i < 3; i++) {
      await h.api
        .post("/v1/orgs")
        .set("Authorization", owner.auth)
        .send({ title: `Org ${i}` })
        .expect(201);
    }
    const first = await h.api.get("/v1/orgs?limit=2").set("Authorization", owner.auth).expect(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.count).toBe(3);
    const second = await h.api.get(`/v1/orgs?limit=2&page=${first.body.next.page}`).set("Authorization", owner.auth).expect(200);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.next).toBeUndefined();
    const titles = [...first.body.items, ...second.body.items].map((o: { title: string }) => o.title);
    expect(titles).toEqual(["Org 0", "Org 1", "Org 2"]);
    const tampered = first.body.next.page.replace(/^./, (c: string) => (c === "a" ? "b" : "a"));
    const refused = await h.api.get(`/v1/orgs?page=${tampered}`).set("Authorization", owner.auth).expect(400);
    expect(refused.body.error.message).toMatch(/page/);
    await h.api.get("/v1/orgs?limit=1001").set("Authorization", owner.auth).expect(400);
    await h.api.get("/v1/orgs?limit=0").set("Authorization", owner.auth).expect(400);
  });

  it("creates an organization whose creator is admin", async () => {
    const owner = await h.user();
    const res = await h.api.post("/v1/orgs").set("Authorization", owner.auth).send({ title: "Acme", useCase: "productDocs" }).expect(201);
    expect(res.body).toMatchObject({ object: "organization", title: "Acme", useCase: "productDocs", permissions: { admin: true } });
    const member = await h.services.prisma.member.findUnique({ where: { organizationId_userId: { organizationId: res.body.id, userId: owner.id } } });
    expect(member?.role).toBe("admin");
    await h.api.post("/v1/orgs").set("Authorization", owner.auth).send({ title: "A" }).expect(400);
  });

  it("hides another organization: 404, with nothing of it in the body", async () => {
    const a = await h.organization("Secret title");
    const outsider = (await h.organization()).admin;
    const res = await h.api.get(`/v1/orgs/${a.id}`).set("Authorization", outsider.auth).expect(404);
    expect(JSON.stringify(res.body)).not.toContain("Secret title");
    await h.api.patch(`/v1/orgs/${a.id}`).set("Authorization", outsider.auth).send({ title: "Mine" }).expect(404);
  });

  it("lets admins update and refuses other roles with 403", async () => {
    const org = await h.organization();
    const editor = await h.member(org.id, "edit");
    await h.api.patch(`/v1/orgs/${org.id}`).set("Authorization", editor.auth).send({ title: "Nope" }).expect(403);
    const res = await h.api
      .patch(`/v1/orgs/${org.id}`)
      .set("Authorization", org.admin.auth)
      .send({ title: "Renamed", emailDomains: ["acme.example"], defaultRole: null, logo: "https://acme.example/logo.png", ai: true })
      .expect(200);
    expect(res.body).toMatchObject({
      title: "Renamed",
      emailDomains: ["acme.example"],
      defaultRole: null,
      ai: true,
      urls: { logo: "https://acme.example/logo.png" },
    });
    const unchanged = await h.api.get(`/v1/orgs/${org.id}`).set("Authorization", editor.auth).expect(200);
    expect(unchanged.body.title).toBe("Renamed");
  });

  it("answers 409 when the hostname is taken and 400 for a bad one or an unknown field", async () => {
    const a = await h.organization();
    const b = await h.organization();
    const hostname = `acme-${a.id.slice(-8)}`;
    await h.api.patch(`/v1/orgs/${a.id}`).set("Authorization", a.admin.auth).send({ hostname }).expect(200);
    const taken = await h.api.patch(`/v1/orgs/${b.id}`).set("Authorization", b.admin.auth).send({ hostname }).expect(409);
    expect(taken.body.error.message).toContain(hostname);
    expect(taken.body.error).toMatchObject({ type: "conflict", reason: "name_taken" });
    const bad = await h.api.patch(`/v1/orgs/${b.id}`).set("Authorization", b.admin.auth).send({ hostname: "-bad-" }).expect(400);
    expect(bad.body.error.message).toMatch(/request\/body\/hostname/);
    const unknown = await h.api.patch(`/v1/orgs/${b.id}`).set("Authorization", b.admin.auth).send({ colour: "red" }).expect(400);
    expect(unknown.body.error.message).toMatch(/colour|additional/);
  });

  it("sets the default content to a site of the organization, clears it with null, and forgets a deleted site", async () => {
    const a = await h.organization();
    const b = await h.organization();
    const patch = (org: typeof a, body: object) => h.api.patch(`/v1/orgs/${org.id}`).set("Authorization", org.admin.auth).send(body);
    const siteOf = async (org: typeof a) =>
      (await h.api.post(`/v1/orgs/${org.id}/sites`).set("Authorization", org.admin.auth).send({ title: "Docs" }).expect(201)).body.id as string;
    const site = await siteOf(a);
    const set = await patch(a, { defaultContent: { type: "site", site } }).expect(200);
    expect(set.body.defaultContent).toEqual({ type: "site", site });
    const read = await h.api.get(`/v1/orgs/${a.id}`).set("Authorization", a.admin.auth).expect(200);
    expect(read.body.defaultContent).toEqual({ type: "site", site });
    // Another organization's site, or none at all, is refused and changes nothing.
    const foreign = await siteOf(b);
    const refused = await patch(a, { defaultContent: { type: "site", site: foreign } }).expect(400);
    expect(refused.body.error.message).toBe(`request/body/defaultContent/site: ${foreign} is not a site of this organization`);
    await patch(a, { defaultContent: { type: "site", site: "01unknown00000000000000000" } }).expect(400);
    expect((await h.api.get(`/v1/orgs/${a.id}`).set("Authorization", a.admin.auth)).body.defaultContent).toEqual({ type: "site", site });
    const cleared = await patch(a, { defaultContent: null }).expect(200);
    expect(cleared.body.defaultContent).toBeUndefined();
    await patch(a, { defaultContent: { type: "site", site } }).expect(200);
    await h.api.delete(`/v1/orgs/${a.id}/sites/${site}`).set("Authorization", a.admin.auth).expect(205);
    expect((await h.api.get(`/v1/orgs/${a.id}`).set("Authorization", a.admin.auth)).body.defaultContent).toBeUndefined();
  });
});

describe("members", () => {
  it("lists members with counts, and admins change roles", async () => {
    const org = await h.organization();
    const editor = await h.member(org.id, "edit");
    const list = await h.api.get(`/v1/orgs/${org.id}/members?order=asc`).set("Authorization", editor.auth).expect(200);
    expect(list.body.count).toBe(2);
    expect(list.body.items.map((m: { id: string }) => m.id)).toEqual([org.admin.id, editor.id]);
    const onlyAdmins = await h.api.get(`/v1/orgs/${org.id}/members?role=admin`).set("Authorization", editor.auth).expect(200);
    expect(onlyAdmins.body.items.map((m: { id: string }) => m.id)).toEqual([org.admin.id]);

    await h.api.patch(`/v1/orgs/${org.id}/members/${editor.id}`).set("Authorization", editor.auth).send({ role: "admin" }).expect(403);
    const promoted = await h.api.patch(`/v1/orgs/${org.id}/members/${editor.id}`).set("Authorization", org.admin.auth).send({ role: "create" }).expect(200);
    expect(promoted.body).toMatchObject({ object: "member", id: editor.id, role: "create" });
    const me = await h.api.get(`/v1/orgs/${org.id}`).set("Authorization", editor.auth).expect(200);
    expect(me.body.permissions.createContent).toBe(true);
  });

  it("are invited by e-mail without SMTP configured too: added, with nothing sent", async () => {
    const org = await h.organization();
    expect(h.services.mailer.enabled).toBe(false);
    const email = `no-smtp-${org.id.slice(-6)}@example.test`;
    const res = await h.api
      .post(`/v1/orgs/${org.id}/invites`)
      .set("Authorization", org.admin.auth)
      .send({ emails: [email], role: "edit" })
      .expect(200);
    expect(res.body.invited).toBe(1);
    expect((await h.services.prisma.member.findFirst({ where: { organizationId: org.id, user: { email } } }))?.role).toBe("edit");
  });

  it("keeps the last admin", async () => {
    const org = await h.organization();
    const res = await h.api.patch(`/v1/orgs/${org.id}/members/${org.admin.id}`).set("Authorization", org.admin.auth).send({ role: "read" }).expect(409);
    expect(res.body.error.message).toMatch(/last admin/);
    await h.api.delete(`/v1/orgs/${org.id}/members/${org.admin.id}`).set("Authorization", org.admin.auth).expect(409);
  });

  it("removes a member, whose token stops reaching the organization at once", async () => {
    const org = await h.organization();
    const reader = await h.member(org.id, "read");
    await h.api.delete(`/v1/orgs/${org.id}/members/${reader.id}`).set("Authorization", reader.auth).expect(205);
    await h.api.get(`/v1/orgs/${org.id}`).set("Authorization", reader.auth).expect(404);
    await h.api.delete(`/v1/orgs/${org.id}/members/${reader.id}`).set("Authorization", org.admin.auth).expect(204);
  });
});
