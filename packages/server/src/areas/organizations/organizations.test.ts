import type { Schemas } from "@docstack/contract";
import { answered, at, refused, untyped, useHarness } from "../../../test/support/harness";

const h = useHarness();

const ORG = "/v1/orgs/{organizationId}";
const MEMBER = "/v1/orgs/{organizationId}/members/{userId}";

describe("GET /v1/user", () => {
  it("returns the token's user", async () => {
    const { admin } = await h.organization();
    expect(await answered(h.as(admin).GET("/v1/user"), 200)).toMatchObject({ object: "user", id: admin.id, email: admin.email });
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
    const list = await answered(h.as(reader).GET("/v1/orgs"), 200);
    expect(list.count).toBe(2);
    const byId = Object.fromEntries(list.items.map((o) => [o.id, o]));
    expect(byId[a.id]?.permissions).toMatchObject({ view: true, admin: false, createContent: false });
    expect(byId[b.id]?.permissions).toMatchObject({ view: true, admin: false, createContent: true });
  });

  it("pages through organizations with a cursor and refuses a modified cursor", async () => {
    const owner = h.as(await h.user());
    for (let i = 0; i < 3; i++) await answered(owner.POST("/v1/orgs", { body: { title: `Org ${i}` } }), 201);
    const first = await answered(owner.GET("/v1/orgs", { params: { query: { limit: 2 } } }), 200);
    expect(first.items).toHaveLength(2);
    expect(first.count).toBe(3);
    const page = first.next?.page ?? "";
    const second = await answered(owner.GET("/v1/orgs", { params: { query: { limit: 2, page } } }), 200);
    expect(second.items).toHaveLength(1);
    expect(second.next).toBeUndefined();
    const titles = [...first.items, ...second.items].map((o) => o.title);
    expect(titles).toEqual(["Org 0", "Org 1", "Org 2"]);
    const tampered = page.replace(/^./, (c: string) => (c === "a" ? "b" : "a"));
    const refusal = await refused(owner.GET("/v1/orgs", { params: { query: { page: tampered } } }), 400);
    expect(refusal.error.message).toMatch(/page/);
    await refused(owner.GET("/v1/orgs", { params: { query: { limit: 1001 } } }), 400);
    await refused(owner.GET("/v1/orgs", { params: { query: { limit: 0 } } }), 400);
  });

  it("creates an organization whose creator is admin", async () => {
    const user = await h.user();
    const owner = h.as(user);
    const created = await answered(owner.POST("/v1/orgs", { body: { title: "Acme", useCase: "productDocs" } }), 201);
    expect(created).toMatchObject({ object: "organization", title: "Acme", useCase: "productDocs", permissions: { admin: true } });
    const member = await h.services.prisma.member.findUnique({ where: { organizationId_userId: { organizationId: created.id, userId: user.id } } });
    expect(member?.role).toBe("admin");
    await refused(owner.POST("/v1/orgs", { body: { title: "A" } }), 400);
  });

  it("hides another organization: 404, with nothing of it in the body", async () => {
    const a = await h.organization("Secret title");
    const outsider = h.as((await h.organization()).admin);
    const hidden = await refused(outsider.GET(ORG, at({ organizationId: a.id })), 404);
    expect(JSON.stringify(hidden)).not.toContain("Secret title");
    await refused(outsider.PATCH(ORG, { ...at({ organizationId: a.id }), body: { title: "Mine" } }), 404);
  });

  it("lets admins update and refuses other roles with 403", async () => {
    const org = await h.organization();
    const inOrg = at({ organizationId: org.id });
    const editor = h.as(await h.member(org.id, "edit"));
    await refused(editor.PATCH(ORG, { ...inOrg, body: { title: "Nope" } }), 403);
    const body = { title: "Renamed", emailDomains: ["acme.example"], defaultRole: null, logo: "https://acme.example/logo.png", ai: true };
    const updated = await answered(h.as(org.admin).PATCH(ORG, { ...inOrg, body }), 200);
    expect(updated).toMatchObject({
      title: "Renamed",
      emailDomains: ["acme.example"],
      defaultRole: null,
      ai: true,
      urls: { logo: "https://acme.example/logo.png" },
    });
    expect((await answered(editor.GET(ORG, inOrg), 200)).title).toBe("Renamed");
  });

  it("answers 409 when the hostname is taken and 400 for a bad one or an unknown field", async () => {
    const a = await h.organization();
    const b = await h.organization();
    const hostname = `acme-${a.id.slice(-8)}`;
    await answered(h.as(a.admin).PATCH(ORG, { ...at({ organizationId: a.id }), body: { hostname } }), 200);
    const update = (body: Schemas["UpdateOrganizationRequest"]) => h.as(b.admin).PATCH(ORG, { ...at({ organizationId: b.id }), body });
    const taken = await refused(update({ hostname }), 409);
    expect(taken.error.message).toContain(hostname);
    expect(taken.error).toMatchObject({ type: "conflict", reason: "name_taken" });
    const bad = await refused(update({ hostname: "-bad-" }), 400);
    expect(bad.error.message).toMatch(/request\/body\/hostname/);
    const unknown = await refused(update(untyped({ colour: "red" })), 400);
    expect(unknown.error.message).toMatch(/colour|additional/);
  });

  it("sets the default content to a site of the organization, clears it with null, and forgets a deleted site", async () => {
    const a = await h.organization();
    const b = await h.organization();
    const admin = h.as(a.admin);
    const inA = at({ organizationId: a.id });
    const patch = (body: Schemas["UpdateOrganizationRequest"]) => admin.PATCH(ORG, { ...inA, body });
    const siteOf = async (org: typeof a) =>
      (await answered(h.as(org.admin).POST("/v1/orgs/{organizationId}/sites", { ...at({ organizationId: org.id }), body: { title: "Docs" } }), 201)).id;
    const defaultContent = async () => (await answered(admin.GET(ORG, inA), 200)).defaultContent;
    const site = await siteOf(a);
    const set = await answered(patch({ defaultContent: { type: "site", site } }), 200);
    expect(set.defaultContent).toEqual({ type: "site", site });
    expect(await defaultContent()).toEqual({ type: "site", site });
    // Another organization's site, or none at all, is refused and changes nothing.
    const foreign = await siteOf(b);
    const refusal = await refused(patch({ defaultContent: { type: "site", site: foreign } }), 400);
    expect(refusal.error.message).toBe(`request/body/defaultContent/site: ${foreign} is not a site of this organization`);
    await refused(patch({ defaultContent: { type: "site", site: "01unknown00000000000000000" } }), 400);
    expect(await defaultContent()).toEqual({ type: "site", site });
    const cleared = await answered(patch({ defaultContent: null }), 200);
    expect(cleared.defaultContent).toBeUndefined();
    await answered(patch({ defaultContent: { type: "site", site } }), 200);
    await answered(admin.DELETE("/v1/orgs/{organizationId}/sites/{siteId}", at({ organizationId: a.id, siteId: site })), 205);
    expect(await defaultContent()).toBeUndefined();
  });
});

describe("members", () => {
  it("lists members with counts, and admins change roles", async () => {
    const org = await h.organization();
    const editorUser = await h.member(org.id, "edit");
    const editor = h.as(editorUser);
    const MEMBERS = "/v1/orgs/{organizationId}/members";
    const list = await answered(editor.GET(MEMBERS, { params: { path: { organizationId: org.id }, query: { order: "asc" } } }), 200);
    expect(list.count).toBe(2);
    expect(list.items.map((m) => m.id)).toEqual([org.admin.id, editorUser.id]);
    const onlyAdmins = await answered(editor.GET(MEMBERS, { params: { path: { organizationId: org.id }, query: { role: "admin" } } }), 200);
    expect(onlyAdmins.items.map((m) => m.id)).toEqual([org.admin.id]);

    const member = at({ organizationId: org.id, userId: editorUser.id });
    await refused(editor.PATCH(MEMBER, { ...member, body: { role: "admin" } }), 403);
    const promoted = await answered(h.as(org.admin).PATCH(MEMBER, { ...member, body: { role: "create" } }), 200);
    expect(promoted).toMatchObject({ object: "member", id: editorUser.id, role: "create" });
    expect((await answered(editor.GET(ORG, at({ organizationId: org.id })), 200)).permissions.createContent).toBe(true);
  });

  it("are invited by e-mail without SMTP configured too: added, with nothing sent", async () => {
    const org = await h.organization();
    expect(h.services.mailer.enabled).toBe(false);
    const email = `no-smtp-${org.id.slice(-6)}@example.test`;
    const body = { emails: [email], role: "edit" as const };
    const invited = await answered(h.as(org.admin).POST("/v1/orgs/{organizationId}/invites", { ...at({ organizationId: org.id }), body }), 200);
    expect(invited.invited).toBe(1);
    expect((await h.services.prisma.member.findFirst({ where: { organizationId: org.id, user: { email } } }))?.role).toBe("edit");
  });

  it("keeps the last admin", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const member = at({ organizationId: org.id, userId: org.admin.id });
    const refusal = await refused(admin.PATCH(MEMBER, { ...member, body: { role: "read" } }), 409);
    expect(refusal.error.message).toMatch(/last admin/);
    await refused(admin.DELETE(MEMBER, member), 409);
  });

  it("removes a member, whose token stops reaching the organization at once", async () => {
    const org = await h.organization();
    const readerUser = await h.member(org.id, "read");
    const reader = h.as(readerUser);
    const member = at({ organizationId: org.id, userId: readerUser.id });
    await answered(reader.DELETE(MEMBER, member), 205);
    await refused(reader.GET(ORG, at({ organizationId: org.id })), 404);
    await answered(h.as(org.admin).DELETE(MEMBER, member), 204);
  });
});
