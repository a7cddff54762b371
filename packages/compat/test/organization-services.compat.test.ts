// An organization's other services through GitBook's client: OpenAPI specifications, integrations, SAML
// providers, published URLs, e-mail domains and joining. GitBook's client has no methods of its own for the
// OpenAPI and SAML operations: a script calls them through the client's `request`, as here.
import { TEST_CERTIFICATE } from "../../server/src/areas/sso/test-certificate";
import { docstack, gitbook, server, unique } from "./gitbook";

const api = gitbook();
const orgId = () => server.organizationId;

/** A call through GitBook's client to a path its contract has but its client has no method for. */
function call<T>(method: string, path: string, body?: unknown) {
  return api.request<T>({
    method,
    path,
    body,
    secure: true,
    // 204 and 205 have no body to parse.
    ...(method === "DELETE" ? {} : { format: "json" as const }),
    ...(body === undefined ? {} : { type: "application/json" as never }),
  });
}

const PETSTORE = JSON.stringify({ openapi: "3.0.3", info: { title: "Pets", version: "1.0.0" }, paths: {} });

/** A processed specification; resolves once its first version exists. */
async function spec(): Promise<string> {
  const slug = unique("pets").toLowerCase();
  await docstack("POST", `/orgs/${orgId()}/openapi`, { slug, source: { text: PETSTORE } });
  for (let attempt = 0; attempt < 100; attempt++) {
    const current = await docstack<{ processingState: string }>("GET", `/orgs/${orgId()}/openapi/${slug}`);
    if (current.processingState !== "pending" && current.processingState !== "progress") return slug;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the specification was not processed");
}

describe("OpenAPI specifications", () => {
  it("createOpenAPISpec", async () => {
    const { data } = await call<{ slug: string }>("POST", `/orgs/${orgId()}/openapi`, { slug: unique("api").toLowerCase(), source: { text: PETSTORE } });
    expect(data.slug).toBeTruthy();
  });

  it("listOpenAPISpecs", async () => {
    const slug = await spec();
    const { data } = await call<{ items: { slug: string }[] }>("GET", `/orgs/${orgId()}/openapi`);
    expect(data.items.map((item) => item.slug)).toContain(slug);
  });

  it("getOpenAPISpecBySlug", async () => {
    const slug = await spec();
    const { data } = await call<{ slug: string }>("GET", `/orgs/${orgId()}/openapi/${slug}`);
    expect(data.slug).toBe(slug);
  });

  it("createOrUpdateOpenAPISpecBySlug", async () => {
    const slug = await spec();
    const { data } = await call<{ slug: string }>("PUT", `/orgs/${orgId()}/openapi/${slug}`, { source: { text: PETSTORE } });
    expect(data.slug).toBe(slug);
  });

  it("deleteOpenAPISpecBySlug, then again once gone", async () => {
    const slug = await spec();
    expect((await call("DELETE", `/orgs/${orgId()}/openapi/${slug}`)).status).toBe(205);
    expect((await call("DELETE", `/orgs/${orgId()}/openapi/${slug}`)).status).toBe(204);
  });

  it("listOpenAPISpecVersions", async () => {
    const slug = await spec();
    const { data } = await call<{ items: unknown[] }>("GET", `/orgs/${orgId()}/openapi/${slug}/versions`);
    expect(data.items).toHaveLength(1);
  });

  it("getLatestOpenAPISpecVersion", async () => {
    const slug = await spec();
    const { data } = await call<{ id: string }>("GET", `/orgs/${orgId()}/openapi/${slug}/versions/latest`);
    expect(data.id).toBeTruthy();
  });

  it("getOpenAPISpecVersionById", async () => {
    const slug = await spec();
    const latest = await docstack<{ id: string }>("GET", `/orgs/${orgId()}/openapi/${slug}/versions/latest`);
    const { data } = await call<{ id: string }>("GET", `/orgs/${orgId()}/openapi/${slug}/versions/${latest.id}`);
    expect(data.id).toBe(latest.id);
  });

  it("getLatestOpenAPISpecVersionContent", async () => {
    const slug = await spec();
    const { data } = await call<{ filesystem: object }>("GET", `/orgs/${orgId()}/openapi/${slug}/versions/latest/content`);
    expect(JSON.stringify(data.filesystem)).toContain("Pets");
  });

  it("getOpenAPISpecVersionContentById", async () => {
    const slug = await spec();
    const latest = await docstack<{ id: string }>("GET", `/orgs/${orgId()}/openapi/${slug}/versions/latest`);
    const { data } = await call<{ filesystem: object }>("GET", `/orgs/${orgId()}/openapi/${slug}/versions/${latest.id}/content`);
    expect(JSON.stringify(data.filesystem)).toContain("Pets");
  });
});

describe("integrations", () => {
  const publication = () => ({ title: "Acme Analytics", description: "Count the visitors.", script: "export default {}", organization: orgId() });
  const name = () => unique("analytics").toLowerCase();

  it("listIntegrationInstallations", async () => {
    const published = name();
    await docstack("POST", `/integrations/${published}`, publication());
    const { data } = await api.integrations.listIntegrationInstallations(published);
    expect(data.items).toEqual([]);
  });

  it("unpublishIntegration", async () => {
    const published = name();
    await docstack("POST", `/integrations/${published}`, publication());
    expect((await api.integrations.unpublishIntegration(published)).status).toBe(205);
  });
});

describe("SAML", () => {
  const saml = () => `/orgs/${orgId()}/saml`;
  // A provider as a script configures one: GitBook's shape names the identity provider's side.
  const configured = () => ({
    label: unique("IdP"),
    ssoURL: "https://idp.example.test/sso",
    entityID: "http://idp.example.test/entity",
    certificate: TEST_CERTIFICATE,
  });

  it("createOrganizationSAMLProvider", async () => {
    const { data } = await call<{ label: string }>("POST", saml(), configured());
    expect(data.label).toBeTruthy();
  });

  it("listSAMLProvidersInOrganizationById", async () => {
    const created = await docstack<{ id: string }>("POST", saml(), configured());
    const { data } = await call<{ items: { id: string }[] }>("GET", saml());
    expect(data.items.map((item) => item.id)).toContain(created.id);
  });

  it("getOrganizationSAMLProviderById", async () => {
    const created = await docstack<{ id: string }>("POST", saml(), configured());
    const { data } = await call<{ id: string }>("GET", `${saml()}/${created.id}`);
    expect(data.id).toBe(created.id);
  });

  it("updateOrganizationSAMLProvider", async () => {
    const created = await docstack<{ id: string }>("POST", saml(), configured());
    const { data } = await call<{ label: string }>("PATCH", `${saml()}/${created.id}`, { label: "Renamed IdP" });
    expect(data.label).toBe("Renamed IdP");
  });

  it("deleteOrganizationSAMLProvider, then again once gone", async () => {
    const created = await docstack<{ id: string }>("POST", saml(), configured());
    expect((await call("DELETE", `${saml()}/${created.id}`)).status).toBe(205);
    expect((await call("DELETE", `${saml()}/${created.id}`)).status).toBe(204);
  });

  it("listSSOProviderLoginsInOrganization", async () => {
    const { data } = await call<{ items: unknown[] }>("GET", `/orgs/${orgId()}/sso`);
    expect(Array.isArray(data.items)).toBe(true);
  });
});

describe("e-mail domains and joining", () => {
  it("getOrganizationsForEmailDomain", async () => {
    // Only the caller's own e-mail domain can be listed.
    const me = await docstack<{ email: string }>("GET", "/user");
    const domain = me.email.split("@")[1] as string;
    const org = await docstack<{ id: string }>("POST", "/orgs", { title: unique("Domain") });
    await docstack("PATCH", `/orgs/${org.id}`, { emailDomains: [domain] });
    const { data } = await api.emailDomains.getOrganizationsForEmailDomain(domain);
    expect(data.organizations.map((item) => item.id)).toContain(org.id);
  });

  it("joinOrganizationWithInvite", async () => {
    const org = await docstack<{ id: string }>("POST", "/orgs", { title: unique("Invite") });
    const invite = await docstack<{ id: string }>("POST", `/orgs/${org.id}/link-invites`, { role: "read" });
    // The first admin, already a member of their own organization, joins another one through its link.
    await docstack("DELETE", `/orgs/${org.id}/members/${(await docstack<{ id: string }>("GET", "/user")).id}`).catch(() => undefined);
    const { data } = await api.orgs.joinOrganizationWithInvite(org.id, invite.id);
    expect(data).toBeTruthy();
  });
});
