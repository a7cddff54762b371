import { answered, at, refused, useHarness } from "../../../test/support/harness";
import { TEST_CERTIFICATE } from "./test-certificate";

const h = useHarness();

const PROVIDERS = "/v1/orgs/{organizationId}/saml";
const PROVIDER = "/v1/orgs/{organizationId}/saml/{samlProviderId}";

/** The typed client answers from a port of its own: compare URLs by path. */
const pathOf = (url: string) => new URL(url).pathname;

const READY = { ssoURL: "https://idp.example.test/sso", entityID: "http://idp.example.test/entity", certificate: TEST_CERTIFICATE };

async function setUp() {
  const org = await h.organization();
  const admin = h.as(org.admin);
  const inOrg = at({ organizationId: org.id });
  const team = await answered(admin.PUT("/v1/orgs/{organizationId}/teams", { ...inOrg, body: { title: "Newcomers" } }), 201);
  /** The path parameters of one of the organization's providers. */
  const provider = (samlProviderId: string) => at({ organizationId: org.id, samlProviderId });
  return { org, admin, team, inOrg, provider };
}

describe("SAML providers", () => {
  it("creates a provider from a label alone, with Docstack's side derived from the base URL", async () => {
    const { org, admin, inOrg, provider } = await setUp();
    const created = await answered(admin.POST(PROVIDERS, { ...inOrg, body: { label: "Okta" } }), 201);
    const id = created.id;
    // GitBook's shape names the identity provider's side always: empty, and the provider pending, until set.
    expect(created).toMatchObject({
      object: "saml-provider",
      label: "Okta",
      defaultRole: "read",
      ssoURL: "",
      entityID: "",
      certificate: "",
      status: "pending",
    });
    expect(created).not.toHaveProperty("defaultTeam");
    const { service } = created;
    expect(service.acsURL).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/sso/saml/${id}/acs$`));
    expect(pathOf(service.startURL)).toBe(`/sso/saml/${id}/start`);
    expect(pathOf(service.entityID)).toBe(`/sso/saml/${id}`);
    expect(pathOf(created.urls.location)).toBe(`/v1/orgs/${org.id}/saml/${id}`);
    const got = await answered(admin.GET(PROVIDER, provider(id)), 200);
    expect({ ...got, service: undefined, urls: undefined }).toEqual({ ...created, service: undefined, urls: undefined });
  });

  it("creates a complete provider with a default team and a guest default role", async () => {
    const { admin, team, inOrg } = await setUp();
    const created = await answered(admin.POST(PROVIDERS, { ...inOrg, body: { label: "Azure", ...READY, defaultTeam: team.id, defaultRole: null } }), 201);
    expect(created).toMatchObject({
      ...READY,
      status: "active",
      defaultRole: null,
      defaultTeam: { object: "team", id: team.id, title: "Newcomers", permissions: { admin: true } },
    });
  });

  it("refuses a certificate that is not a PEM certificate and a team of another organization (400), creating nothing", async () => {
    const { org, admin, inOrg } = await setUp();
    const truncated = "-----BEGIN CERTIFICATE-----\nMIIDpDCCAoygAwIBAgIGAY1a2b3c4d5eMA0GCSqGSIb3DQEBCwUAMIGSMQswCQYD\n-----END CERTIFICATE-----\n";
    for (const certificate of ["not a certificate", truncated, `${TEST_CERTIFICATE}\ntrailing text`, TEST_CERTIFICATE.replace(/CERTIFICATE/g, "PUBLIC KEY")]) {
      const refusal = await refused(admin.POST(PROVIDERS, { ...inOrg, body: { label: "Okta", certificate } }), 400);
      expect(refusal.error.message).toContain("request/body/certificate");
    }
    const other = await setUp();
    const refusal = await refused(admin.POST(PROVIDERS, { ...inOrg, body: { label: "Okta", defaultTeam: other.team.id } }), 400);
    expect(refusal.error.message).toContain("request/body/defaultTeam");
    await refused(admin.POST(PROVIDERS, { ...inOrg, body: { label: "x".repeat(31) } }), 400);
    await refused(admin.POST(PROVIDERS, { ...inOrg, body: { label: "Okta", ssoURL: "not a url" } }), 400);
    expect(await h.services.prisma.samlProvider.count({ where: { organizationId: org.id } })).toBe(0);
    // Surrounding whitespace is fine.
    await answered(admin.POST(PROVIDERS, { ...inOrg, body: { label: "Okta", certificate: `\n${TEST_CERTIFICATE}\n\n` } }), 201);
  });

  it("updates the fields sent; defaultTeam null removes the team", async () => {
    const { admin, team, inOrg, provider } = await setUp();
    const okta = provider((await answered(admin.POST(PROVIDERS, { ...inOrg, body: { label: "Okta", defaultTeam: team.id } }), 201)).id);
    const updated = await answered(admin.PATCH(PROVIDER, { ...okta, body: { ...READY, defaultRole: "comment" } }), 200);
    expect(updated).toMatchObject({ label: "Okta", ...READY, defaultRole: "comment", defaultTeam: { id: team.id } });
    const cleared = await answered(admin.PATCH(PROVIDER, { ...okta, body: { defaultTeam: null, label: "Okta EU" } }), 200);
    expect(cleared).not.toHaveProperty("defaultTeam");
    expect(cleared).toMatchObject({ label: "Okta EU", defaultRole: "comment", certificate: TEST_CERTIFICATE });
    await refused(admin.PATCH(PROVIDER, { ...okta, body: { certificate: "nope" } }), 400);
    await refused(admin.PATCH(PROVIDER, { ...okta, body: { defaultTeam: "01unknownteam0000000000000" } }), 400);
    expect((await answered(admin.GET(PROVIDER, okta), 200)).certificate).toBe(TEST_CERTIFICATE);
    await refused(admin.PATCH(PROVIDER, { ...provider("01unknownprovider000000000"), body: { label: "X" } }), 404);
  });

  it("lists providers oldest first, in pages", async () => {
    const { org, admin, inOrg } = await setUp();
    for (const label of ["One", "Two", "Three"]) await answered(admin.POST(PROVIDERS, { ...inOrg, body: { label } }), 201);
    const first = await answered(admin.GET(PROVIDERS, { params: { path: { organizationId: org.id }, query: { limit: 2 } } }), 200);
    expect(first.items.map((p) => p.label)).toEqual(["One", "Two"]);
    expect(first.count).toBe(3);
    const second = await answered(admin.GET(PROVIDERS, { params: { path: { organizationId: org.id }, query: { limit: 2, page: first.next?.page } } }), 200);
    expect(second.items.map((p) => p.label)).toEqual(["Three"]);
  });

  it("deletes a provider; its default team and the members stay", async () => {
    const { org, admin, team, inOrg, provider } = await setUp();
    const okta = provider((await answered(admin.POST(PROVIDERS, { ...inOrg, body: { label: "Okta", defaultTeam: team.id } }), 201)).id);
    await answered(admin.DELETE(PROVIDER, okta), 205);
    await refused(admin.GET(PROVIDER, okta), 404);
    await answered(admin.DELETE(PROVIDER, okta), 204);
    await answered(admin.GET("/v1/orgs/{organizationId}/teams/{teamId}", at({ organizationId: org.id, teamId: team.id })), 200);
  });

  it("is for organization admins only (403), and hidden from outsiders (404)", async () => {
    const { org, admin, inOrg, provider } = await setUp();
    const id = (await answered(admin.POST(PROVIDERS, { ...inOrg, body: { label: "Secret IdP" } }), 201)).id;
    const secret = provider(id);
    const creator = h.as(await h.member(org.id, "create"));
    await refused(creator.GET(PROVIDERS, inOrg), 403);
    await refused(creator.GET(PROVIDER, secret), 403);
    await refused(creator.POST(PROVIDERS, { ...inOrg, body: { label: "No" } }), 403);
    await refused(creator.PATCH(PROVIDER, { ...secret, body: { label: "No" } }), 403);
    await refused(creator.DELETE(PROVIDER, secret), 403);
    const outsiderUser = (await h.organization()).admin;
    const outsider = h.as(outsiderUser);
    const hidden = await refused(outsider.GET(PROVIDER, secret), 404);
    expect(JSON.stringify(hidden)).not.toContain("Secret IdP");
    await refused(outsider.DELETE(PROVIDER, secret), 404);
    // Through the outsider's own organization, the provider is unknown.
    const own = (await h.services.prisma.member.findFirst({ where: { userId: outsiderUser.id } }))?.organizationId;
    await refused(outsider.GET(PROVIDER, at({ organizationId: own ?? "", samlProviderId: id })), 404);
    expect((await answered(admin.GET(PROVIDER, secret), 200)).label).toBe("Secret IdP");
  });
});

describe("single sign-on options", () => {
  it("lists the providers ready for sign-in to any member, oldest first, and nothing to outsiders", async () => {
    const { org, admin, inOrg } = await setUp();
    const okta = await answered(admin.POST(PROVIDERS, { ...inOrg, body: { label: "Okta", ...READY } }), 201);
    await answered(admin.POST(PROVIDERS, { ...inOrg, body: { label: "Half done", ssoURL: READY.ssoURL, entityID: READY.entityID } }), 201);
    const azure = await answered(admin.POST(PROVIDERS, { ...inOrg, body: { label: "Azure", ...READY } }), 201);
    const guest = h.as(await h.member(org.id, null));
    const options = await answered(guest.GET("/v1/orgs/{organizationId}/sso", inOrg), 200);
    const items = options.items.map((item) => ({ ...item, startURL: pathOf(item.startURL) }));
    expect(items).toEqual([
      { id: okta.id, label: "Okta", startURL: pathOf(okta.service.startURL) },
      { id: azure.id, label: "Azure", startURL: pathOf(azure.service.startURL) },
    ]);
    const outsider = h.as((await h.organization()).admin);
    await refused(outsider.GET("/v1/orgs/{organizationId}/sso", inOrg), 404);
  });
});
