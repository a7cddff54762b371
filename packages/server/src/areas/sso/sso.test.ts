import { type TestUser, useHarness } from "../../../test/support/harness";
import { TEST_CERTIFICATE } from "./test-certificate";

const h = useHarness();

const get = (user: TestUser, url: string) => h.api.get(url).set("Authorization", user.auth);
const post = (user: TestUser, url: string, body: object) => h.api.post(url).set("Authorization", user.auth).send(body);
const put = (user: TestUser, url: string, body: object) => h.api.put(url).set("Authorization", user.auth).send(body);
const patch = (user: TestUser, url: string, body: object) => h.api.patch(url).set("Authorization", user.auth).send(body);
const del = (user: TestUser, url: string) => h.api.delete(url).set("Authorization", user.auth);

/** Supertest serves each request on a port of its own: compare URLs by path. */
const pathOf = (url: string) => new URL(url).pathname;

const READY = { ssoURL: "https://idp.example.test/sso", entityID: "http://idp.example.test/entity", certificate: TEST_CERTIFICATE };

async function setUp() {
  const org = await h.organization();
  const team = (await put(org.admin, `/v1/orgs/${org.id}/teams`, { title: "Newcomers" }).expect(201)).body as { id: string };
  return { org, team, url: `/v1/orgs/${org.id}/saml` };
}

describe("SAML providers", () => {
  it("creates a provider from a label alone, with Docstack's side derived from the base URL", async () => {
    const { org, url } = await setUp();
    const created = await post(org.admin, url, { label: "Okta" }).expect(201);
    const id = created.body.id as string;
    // GitBook's shape names the identity provider's side always: empty, and the provider pending, until set.
    expect(created.body).toMatchObject({
      object: "saml-provider",
      label: "Okta",
      defaultRole: "read",
      ssoURL: "",
      entityID: "",
      certificate: "",
      status: "pending",
    });
    expect(created.body).not.toHaveProperty("defaultTeam");
    const service = created.body.service as { acsURL: string; startURL: string; entityID: string };
    expect(service.acsURL).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/sso/saml/${id}/acs$`));
    expect(pathOf(service.startURL)).toBe(`/sso/saml/${id}/start`);
    expect(pathOf(service.entityID)).toBe(`/sso/saml/${id}`);
    expect(pathOf(created.body.urls.location)).toBe(`/v1/orgs/${org.id}/saml/${id}`);
    const got = await get(org.admin, `${url}/${id}`).expect(200);
    expect({ ...got.body, service: undefined, urls: undefined }).toEqual({ ...created.body, service: undefined, urls: undefined });
  });

  it("creates a complete provider with a default team and a guest default role", async () => {
    const { org, team, url } = await setUp();
    const created = await post(org.admin, url, { label: "Azure", ...READY, defaultTeam: team.id, defaultRole: null }).expect(201);
    expect(created.body).toMatchObject({
      ...READY,
      status: "active",
      defaultRole: null,
      defaultTeam: { object: "team", id: team.id, title: "Newcomers", permissions: { admin: true } },
    });
  });

  it("refuses a certificate that is not a PEM certificate and a team of another organization (400), creating nothing", async () => {
    const { org, url } = await setUp();
    const truncated = "-----BEGIN CERTIFICATE-----\nMIIDpDCCAoygAwIBAgIGAY1a2b3c4d5eMA0GCSqGSIb3DQEBCwUAMIGSMQswCQYD\n-----END CERTIFICATE-----\n";
    for (const certificate of ["not a certificate", truncated, `${TEST_CERTIFICATE}\ntrailing text`, TEST_CERTIFICATE.replace(/CERTIFICATE/g, "PUBLIC KEY")]) {
      const res = await post(org.admin, url, { label: "Okta", certificate }).expect(400);
      expect(res.body.error.message).toContain("request/body/certificate");
    }
    const other = await setUp();
    const res = await post(org.admin, url, { label: "Okta", defaultTeam: other.team.id }).expect(400);
    expect(res.body.error.message).toContain("request/body/defaultTeam");
    await post(org.admin, url, { label: "x".repeat(31) }).expect(400);
    await post(org.admin, url, { label: "Okta", ssoURL: "not a url" }).expect(400);
    expect(await h.services.prisma.samlProvider.count({ where: { organizationId: org.id } })).toBe(0);
    // Surrounding whitespace is fine.
    await post(org.admin, url, { label: "Okta", certificate: `\n${TEST_CERTIFICATE}\n\n` }).expect(201);
  });

  it("updates the fields sent; defaultTeam null removes the team", async () => {
    const { org, team, url } = await setUp();
    const id = (await post(org.admin, url, { label: "Okta", defaultTeam: team.id }).expect(201)).body.id;
    const updated = await patch(org.admin, `${url}/${id}`, { ...READY, defaultRole: "comment" }).expect(200);
    expect(updated.body).toMatchObject({ label: "Okta", ...READY, defaultRole: "comment", defaultTeam: { id: team.id } });
    const cleared = await patch(org.admin, `${url}/${id}`, { defaultTeam: null, label: "Okta EU" }).expect(200);
    expect(cleared.body).not.toHaveProperty("defaultTeam");
    expect(cleared.body).toMatchObject({ label: "Okta EU", defaultRole: "comment", certificate: TEST_CERTIFICATE });
    await patch(org.admin, `${url}/${id}`, { certificate: "nope" }).expect(400);
    await patch(org.admin, `${url}/${id}`, { defaultTeam: "01unknownteam0000000000000" }).expect(400);
    expect((await get(org.admin, `${url}/${id}`).expect(200)).body.certificate).toBe(TEST_CERTIFICATE);
    await patch(org.admin, `${url}/01unknownprovider000000000`, { label: "X" }).expect(404);
  });

  it("lists providers oldest first, in pages", async () => {
    const { org, url } = await setUp();
    for (const label of ["One", "Two", "Three"]) await post(org.admin, url, { label }).expect(201);
    const first = await get(org.admin, `${url}?limit=2`).expect(200);
    expect(first.body.items.map((p: { label: string }) => p.label)).toEqual(["One", "Two"]);
    expect(first.body.count).toBe(3);
    const second = await get(org.admin, `${url}?limit=2&page=${first.body.next.page}`).expect(200);
    expect(second.body.items.map((p: { label: string }) => p.label)).toEqual(["Three"]);
  });

  it("deletes a provider; its default team and the members stay", async () => {
    const { org, team, url } = await setUp();
    const id = (await post(org.admin, url, { label: "Okta", defaultTeam: team.id }).expect(201)).body.id;
    await del(org.admin, `${url}/${id}`).expect(205);
    await get(org.admin, `${url}/${id}`).expect(404);
    await del(org.admin, `${url}/${id}`).expect(204);
    await get(org.admin, `/v1/orgs/${org.id}/teams/${team.id}`).expect(200);
  });

  it("is for organization admins only (403), and hidden from outsiders (404)", async () => {
    const { org, url } = await setUp();
    const id = (await post(org.admin, url, { label: "Secret IdP" }).expect(201)).body.id;
    const creator = await h.member(org.id, "create");
    await get(creator, url).expect(403);
    await get(creator, `${url}/${id}`).expect(403);
    await post(creator, url, { label: "No" }).expect(403);
    await patch(creator, `${url}/${id}`, { label: "No" }).expect(403);
    await del(creator, `${url}/${id}`).expect(403);
    const outsider = (await h.organization()).admin;
    const hidden = await get(outsider, `${url}/${id}`).expect(404);
    expect(JSON.stringify(hidden.body)).not.toContain("Secret IdP");
    await del(outsider, `${url}/${id}`).expect(404);
    // Through the outsider's own organization, the provider is unknown.
    const own = (await h.services.prisma.member.findFirst({ where: { userId: outsider.id } }))?.organizationId;
    await get(outsider, `/v1/orgs/${own}/saml/${id}`).expect(404);
    expect((await get(org.admin, `${url}/${id}`).expect(200)).body.label).toBe("Secret IdP");
  });
});

describe("single sign-on options", () => {
  it("lists the providers ready for sign-in to any member, oldest first, and nothing to outsiders", async () => {
    const { org, url } = await setUp();
    const okta = (await post(org.admin, url, { label: "Okta", ...READY }).expect(201)).body;
    await post(org.admin, url, { label: "Half done", ssoURL: READY.ssoURL, entityID: READY.entityID }).expect(201);
    const azure = (await post(org.admin, url, { label: "Azure", ...READY }).expect(201)).body;
    const guest = await h.member(org.id, null);
    const options = await get(guest, `/v1/orgs/${org.id}/sso`).expect(200);
    const items = (options.body.items as { id: string; label: string; startURL: string }[]).map((item) => ({ ...item, startURL: pathOf(item.startURL) }));
    expect(items).toEqual([
      { id: okta.id, label: "Okta", startURL: pathOf(okta.service.startURL) },
      { id: azure.id, label: "Azure", startURL: pathOf(azure.service.startURL) },
    ]);
    const outsider = (await h.organization()).admin;
    await get(outsider, `/v1/orgs/${org.id}/sso`).expect(404);
  });
});
