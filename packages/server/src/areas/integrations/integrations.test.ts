import type { paths, Schemas } from "@docstack/contract";
import { type ApiClient, answered, at, refused, type TestUser, untyped, useHarness } from "../../../test/support/harness";
import { newId } from "../../db/ids";

const h = useHarness();

/** A 1×1 PNG, and the first bytes of the other accepted types. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const GIF = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1").toString("base64");
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>').toString("base64");
const NOT_AN_IMAGE = Buffer.from("hello, world").toString("base64");

const INTEGRATIONS = "/v1/integrations";
const INTEGRATION = "/v1/integrations/{integrationName}";
const INSTALLATIONS = "/v1/integrations/{integrationName}/installations";
type Publication = Schemas["PublishIntegrationRequest"];
type IntegrationsQuery = NonNullable<paths[typeof INTEGRATIONS]["get"]["parameters"]["query"]>;

let names = 0;
const uniqueName = (stem = "acme") => `${stem}-${Date.now().toString(36)}-${names++}`;

function publication(organization: string, extra: Partial<Publication> = {}): Publication {
  return { title: "Acme Analytics", description: "Count the visitors.", script: "export default {}", organization, ...extra };
}

/** Publishes as `user` (answered 200): the request of `publish`, then its answer. */
const publish = (user: TestUser, name: string, body: Publication) => h.as(user).POST(INTEGRATION, { ...at({ integrationName: name }), body });

async function published(user: TestUser, organization: string, extra: Partial<Publication> = {}, name = uniqueName()) {
  return answered(publish(user, name, publication(organization, extra)), 200);
}

/** The integrations `client` lists with the given filters. */
const listed = (client: ApiClient, query: IntegrationsQuery) => answered(client.GET(INTEGRATIONS, { params: { query } }), 200);

async function installation(integrationName: string, organizationId: string, data: object = {}) {
  return h.services.prisma.integrationInstallation.create({ data: { id: newId(), integrationName, organizationId, configuration: {}, ...data } });
}

describe("publishing integrations", () => {
  it("creates version 1 with the defaults, and each publication replaces it as a whole", async () => {
    const org = await h.organization("Acme");
    const name = uniqueName();
    const first = await published(
      org.admin,
      org.id,
      {
        summary: "# Acme",
        visibility: "public",
        target: "site",
        scopes: ["site:views:read"],
        categories: ["analytics"],
        blocks: [{ id: "chart", title: "Chart", urlUnfurl: ["https://acme.example/charts/"] }],
        externalLinks: [{ url: "https://acme.example/docs", label: "Docs" }],
        icon: PNG,
        secrets: { API_KEY: "sk_live_secret_1" },
        contentSecurityPolicy: { "script-src": "'self' https://acme.example", "img-src": "*" },
      },
      name,
    );
    expect(first).toMatchObject({
      object: "integration",
      name,
      version: 1,
      title: "Acme Analytics",
      summary: "# Acme",
      visibility: "public",
      target: "site",
      verified: false,
      scopes: ["site:views:read"],
      categories: ["analytics"],
      contentSources: [],
      configurations: {},
      previewImages: [],
      contentSecurityPolicy: "script-src 'self' https://acme.example; img-src *",
      permissions: { admin: true, install: true },
      owner: { object: "organization", id: org.id, title: "Acme", permissions: expect.objectContaining({ admin: true }) },
    });
    expect(first).not.toHaveProperty("secrets");
    expect(first.urls.location).toMatch(new RegExp(`/v1/integrations/${name}$`));
    expect(first.urls.icon).toMatch(/\/v1\/downloads\//);
    // GitBook requires both endpoints; without an origin apart for rendered content they are the same URL.
    expect(first.urls.publicContentEndpoint).toBe(first.urls.publicEndpoint);
    const listed = (await h.api.get("/v1/integrations").set("Authorization", org.admin.auth).expect(200)).body.items as {
      name: string;
      urls: { publicContentEndpoint: string };
    }[];
    // (Each request has its own port: URLs compared by path.)
    const inList = listed.find((item) => item.name === name)!.urls.publicContentEndpoint;
    expect(new URL(inList).pathname).toBe(new URL(first.urls.publicEndpoint).pathname);

    // Omitted: the icon, visibility and secrets are kept; everything else takes its default.
    const second = await published(org.admin, org.id, { title: "Acme Two" }, name);
    expect(second).toMatchObject({
      version: 2,
      title: "Acme Two",
      visibility: "public",
      target: "all",
      scopes: [],
      categories: [],
      blocks: [],
      externalLinks: [],
    });
    expect(second).not.toHaveProperty("summary");
    expect(second).not.toHaveProperty("contentSecurityPolicy");
    expect(second.urls.icon).toMatch(/\/v1\/downloads\//);
    const stored = await h.services.prisma.integration.findUniqueOrThrow({ where: { name } });
    expect(stored.secrets).toEqual({ API_KEY: "sk_live_secret_1" });

    const third = await published(org.admin, org.id, { visibility: "unlisted", secrets: { OTHER: "x" }, contentSecurityPolicy: "img-src *" }, name);
    expect(third).toMatchObject({ version: 3, visibility: "unlisted", contentSecurityPolicy: "img-src *" });
    expect((await h.services.prisma.integration.findUniqueOrThrow({ where: { name } })).secrets).toEqual({ OTHER: "x" });
    expect(JSON.stringify(third)).not.toContain("sk_live_secret_1");
  });

  it("stores images and serves them by signed URLs, in order", async () => {
    const org = await h.organization();
    const integration = await published(org.admin, org.id, { icon: SVG, previewImages: [PNG, GIF] });
    const previews = integration.previewImages;
    expect(previews).toHaveLength(2);
    // Downloads are raw bytes: supertest.
    const first = await h.api.get(new URL(previews[0] as string).pathname).expect(200);
    expect(first.headers["content-type"]).toMatch(/^image\/png/);
    expect(Buffer.from(first.body as Buffer).equals(Buffer.from(PNG, "base64"))).toBe(true);
    const second = await h.api.get(new URL(previews[1] as string).pathname).expect(200);
    expect(second.headers["content-type"]).toMatch(/^image\/gif/);
    const icon = await h.api.get(new URL(integration.urls.icon as string).pathname).expect(200);
    expect(icon.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    // Without preview images in the next publication, there are none.
    expect((await published(org.admin, org.id, {}, integration.name)).previewImages).toEqual([]);
  });

  it("publishes by the organization's hostname", async () => {
    const org = await h.organization();
    const hostname = `acme-${Date.now().toString(36)}`;
    await h.services.prisma.organization.update({ where: { id: org.id }, data: { hostname } });
    const integration = await published(org.admin, hostname);
    expect(integration.owner.id).toBe(org.id);
  });

  it("answers 400 for what the schema cannot say, changing nothing", async () => {
    const org = await h.organization();
    const name = uniqueName();
    const refusedNaming = async (extra: Partial<Publication>, names: string) => {
      expect((await refused(publish(org.admin, name, publication(org.id, extra)), 400)).error.message).toContain(names);
    };
    await refusedNaming(
      {
        blocks: [
          { id: "a", title: "A" },
          { id: "a", title: "B" },
        ],
      },
      "request/body/blocks/1/id",
    );
    await refusedNaming(
      {
        contentSources: [
          { id: "s", title: "S", configuration: { componentId: "c" } },
          { id: "s", title: "T", configuration: { componentId: "c" } },
        ],
      },
      "request/body/contentSources/1/id",
    );
    await refusedNaming({ icon: NOT_AN_IMAGE }, "request/body/icon");
    await refusedNaming({ previewImages: [PNG, NOT_AN_IMAGE] }, "request/body/previewImages/1");
    await refusedNaming(
      { configurations: { site: { properties: { a: { title: "A", type: "string" } }, required: ["b"] } } },
      "request/body/configurations/site/required/0",
    );
    await refusedNaming(
      { configurations: { account: { properties: { a: { title: "A", type: "boolean", default: "yes" } } } } },
      "request/body/configurations/account/properties/a/default",
    );
    await refusedNaming(
      { configurations: { space: { properties: { a: { title: "A", type: "button", default: "x" } } } } },
      "request/body/configurations/space/properties/a/default",
    );
    await refusedNaming(
      { configurations: { space: { properties: { a: { title: "A", type: "number", enum: ["1"] } } } } },
      "request/body/configurations/space/properties/a/enum",
    );
    const long = "y".repeat(2000);
    await refusedNaming({ contentSecurityPolicy: { "default-src": long, "img-src": long, "font-src": long } }, "request/body/contentSecurityPolicy");
    await refused(publish(org.admin, name, { ...publication(org.id), title: "A" }), 400);
    await refused(publish(org.admin, name, publication(org.id, { scopes: untyped(["Not A Scope"]) })), 400);
    expect(await h.services.prisma.integration.count({ where: { name } })).toBe(0);
    // A well-formed form passes.
    const configurations = { site: { properties: { a: { title: "A", type: "string" as const, enum: ["x", "y"], default: "y" } }, required: ["a"] } };
    await answered(publish(org.admin, name, publication(org.id, { configurations })), 200);
  });

  it("needs admin in the publishing organization (403), membership (404), and the name not taken by another organization (409)", async () => {
    const org = await h.organization();
    const other = await h.organization();
    const name = uniqueName();
    for (const role of ["create", "read", null] as const) {
      const member = await h.member(org.id, role);
      await refused(publish(member, name, publication(org.id)), 403);
    }
    const outsider = await h.organization();
    const notMember = await refused(publish(outsider.admin, name, publication(org.id)), 404);
    expect(notMember.error.message).toBe("Organization not found");
    await refused(publish(org.admin, name, publication(newId())), 404);
    expect(await h.services.prisma.integration.count({ where: { name } })).toBe(0);

    await published(org.admin, org.id, {}, name);
    // An admin of both organizations still cannot move the name to the other one.
    await h.direct((prisma) => prisma.member.create({ data: { organizationId: other.id, userId: org.admin.id, role: "admin" } }));
    const taken = await refused(publish(org.admin, name, publication(other.id)), 409);
    expect(taken.error.message).toContain(name);
    await refused(publish(other.admin, name, publication(other.id)), 409);
    expect((await h.services.prisma.integration.findUniqueOrThrow({ where: { name } })).version).toBe(1);
  });
});

describe("reading integrations", () => {
  it("shows private integrations to the owner's members only, unlisted ones to anyone who names them", async () => {
    const org = await h.organization("Owner organization");
    await h.services.prisma.organization.update({ where: { id: org.id }, data: { emailDomains: ["owner.example"] } });
    const privateOne = await published(org.admin, org.id, { visibility: "private" });
    const unlisted = await published(org.admin, org.id, { visibility: "unlisted" });
    const publicOne = await published(org.admin, org.id, { visibility: "public" });
    const reader = h.as(await h.member(org.id, "read"));
    const outsider = h.as((await h.organization()).admin);
    const nowhere = h.as(await h.user());
    const named = (integrationName: string) => at({ integrationName });

    const forReader = await answered(reader.GET(INTEGRATION, named(privateOne.name)), 200);
    expect(forReader.permissions).toEqual({ admin: false, install: false });
    expect(forReader.owner).toMatchObject({ emailDomains: ["owner.example"], permissions: expect.objectContaining({ view: true, admin: false }) });

    const hidden = await refused(outsider.GET(INTEGRATION, named(privateOne.name)), 404);
    expect(hidden).toEqual({
      error: { code: 404, type: "not_found", reason: "not_found", message: "Integration not found", requestId: expect.any(String) },
    });
    const unknown = await refused(outsider.GET(INTEGRATION, named(uniqueName("nothing"))), 404);
    expect(unknown.error.message).toBe(hidden.error.message);

    for (const integration of [unlisted, publicOne]) {
      const seen = await answered(outsider.GET(INTEGRATION, named(integration.name)), 200);
      // The outsider administers another organization: they may install it there.
      expect(seen.permissions).toEqual({ admin: false, install: true });
      expect(seen.owner.emailDomains).toEqual([]);
      expect(Object.values(seen.owner.permissions).every((value) => value === false)).toBe(true);
      expect((await answered(nowhere.GET(INTEGRATION, named(integration.name)), 200)).permissions).toEqual({ admin: false, install: false });
    }

    const owned = async (client: ApiClient) => (await listed(client, { owner: org.id })).items.map((i) => i.name);
    expect(await owned(reader)).toEqual([privateOne.name, unlisted.name, publicOne.name].sort());
    expect(await owned(outsider)).toEqual([publicOne.name]);
    expect(await owned(nowhere)).toEqual([publicOne.name]);
  });

  it("filters the list by search, category, block domain, blocks, content sources and owner, combined", async () => {
    const org = await h.organization();
    const other = await h.organization();
    const stem = `flt${Date.now().toString(36)}`;
    const charts = await published(
      org.admin,
      org.id,
      {
        visibility: "public",
        title: "Charts 100%",
        categories: ["analytics"],
        blocks: [{ id: "c", title: "C", urlUnfurl: ["https://charts.ACME.example/x", "https://user@acme.example:8443/y"] }],
      },
      `${stem}-charts`,
    );
    const sources = await published(
      org.admin,
      org.id,
      {
        visibility: "public",
        title: "Sources",
        categories: ["content"],
        contentSources: [{ id: "s", title: "S", configuration: { componentId: "c" } }],
        blocks: [{ id: "b", title: "B", urlUnfurl: ["https://evil-acme.example/"] }],
      },
      `${stem}-sources`,
    );
    const plain = await published(other.admin, other.id, { visibility: "public", title: "Plain", categories: ["analytics"] }, `${stem}-plain`);
    const admin = h.as(org.admin);
    const names = async (query: IntegrationsQuery) => (await listed(admin, query)).items.map((i) => i.name).filter((n) => n.startsWith(stem));

    expect(await names({ search: stem })).toEqual([charts.name, plain.name, sources.name]);
    expect(await names({ search: `${stem.toUpperCase()}-CH` })).toEqual([charts.name]);
    expect(await names({ search: "charts 100%" })).toEqual([charts.name]);
    expect(await names({ search: stem, category: "analytics" })).toEqual([charts.name, plain.name]);
    expect(await names({ blockDomain: "acme.example" })).toEqual([charts.name]);
    expect(await names({ blockDomain: "ACME.example" })).toEqual([charts.name]);
    expect(await names({ blockDomain: "charts.acme.example" })).toEqual([charts.name]);
    expect(await names({ blockDomain: "example" })).toEqual([charts.name, sources.name]);
    expect(await names({ blockDomain: "me.example" })).toEqual([]);
    expect(await names({ search: stem, blocks: true })).toEqual([charts.name, sources.name]);
    expect(await names({ search: stem, blocks: false })).toEqual([plain.name]);
    expect(await names({ search: stem, contentSources: true })).toEqual([sources.name]);
    expect(await names({ search: stem, contentSources: false, category: "analytics" })).toEqual([charts.name, plain.name]);
    expect(await names({ owner: other.id })).toEqual([plain.name]);
    expect(await names({ owner: other.id, blocks: true })).toEqual([]);
    expect(await listed(admin, { owner: newId() })).toEqual({ items: [], count: 0 });
  });

  it("lists by name, page by page", async () => {
    const org = await h.organization();
    const stem = `pg${Date.now().toString(36)}`;
    for (const suffix of ["c", "a", "b"]) await published(org.admin, org.id, {}, `${stem}-${suffix}`);
    const admin = h.as(org.admin);
    const first = await listed(admin, { owner: org.id, limit: 2 });
    expect(first.count).toBe(3);
    const page = first.next?.page;
    const second = await listed(admin, { owner: org.id, limit: 2, page });
    expect([...first.items, ...second.items].map((i) => i.name)).toEqual([`${stem}-a`, `${stem}-b`, `${stem}-c`]);
    expect(second).not.toHaveProperty("next");
    // A cursor belongs to its list: with other filters it is refused.
    await refused(admin.GET(INTEGRATIONS, { params: { query: { owner: org.id, limit: 2, blocks: true, page } } }), 400);
  });
});

describe("unpublishing and installations", () => {
  it("unpublishes with its installations; the name can then be published by anyone", async () => {
    const org = await h.organization();
    const integration = await published(org.admin, org.id, { visibility: "public" });
    const installer = await h.organization();
    await installation(integration.name, installer.id);
    const named = at({ integrationName: integration.name });
    const member = h.as(await h.member(org.id, "create"));
    await refused(member.DELETE(INTEGRATION, named), 403);
    await refused(h.as(installer.admin).DELETE(INTEGRATION, named), 403);
    expect(await h.services.prisma.integrationInstallation.count({ where: { integrationName: integration.name } })).toBe(1);

    const admin = h.as(org.admin);
    await answered(admin.DELETE(INTEGRATION, named), 205);
    await refused(admin.GET(INTEGRATION, named), 404);
    await refused(admin.DELETE(INTEGRATION, named), 404);
    expect(await h.services.prisma.integrationInstallation.count({ where: { integrationName: integration.name } })).toBe(0);
    expect((await published(installer.admin, installer.id, {}, integration.name)).version).toBe(1);
  });

  it("hides a private integration's unpublishing and installations from outsiders (404)", async () => {
    const org = await h.organization();
    const integration = await published(org.admin, org.id);
    const outsider = h.as((await h.organization()).admin);
    const named = at({ integrationName: integration.name });
    await refused(outsider.DELETE(INTEGRATION, named), 404);
    await refused(outsider.GET(INSTALLATIONS, named), 404);
    expect(await h.services.prisma.integration.count({ where: { name: integration.name } })).toBe(1);
  });

  it("lists installations oldest first for the owner's admins, with their spaces and an externalId filter", async () => {
    const org = await h.organization();
    const integration = await published(org.admin, org.id, { visibility: "public" });
    const installer = await h.organization();
    for (const title of ["One", "Two"]) {
      await answered(h.as(installer.admin).POST("/v1/orgs/{organizationId}/spaces", { ...at({ organizationId: installer.id }), body: { title } }), 201);
    }
    const base = Date.now();
    const newest = await installation(integration.name, installer.id, {
      createdAt: new Date(base + 2_000),
      externalId: "ext-2",
      spaceSelection: "selected",
      status: "pending",
    });
    const oldest = await installation(integration.name, installer.id, {
      createdAt: new Date(base),
      externalId: "ext-1",
      configuration: { tracking_id: "AA-1" },
      siteSelection: "selected",
    });
    const middle = await installation(integration.name, org.id, { createdAt: new Date(base + 1_000), externalId: "ext-1", status: "paused" });

    const admin = h.as(org.admin);
    const installations = (query = {}) => admin.GET(INSTALLATIONS, { params: { path: { integrationName: integration.name }, query } });
    const list = await answered(installations(), 200);
    expect(list.count).toBe(3);
    expect(list.items).toEqual([
      {
        id: oldest.id,
        status: "active",
        space_selection: "all",
        site_selection: "selected",
        spaces: 2,
        configuration: { tracking_id: "AA-1" },
        createdAt: new Date(base).toISOString(),
      },
      {
        id: middle.id,
        status: "paused",
        space_selection: "all",
        site_selection: "all",
        spaces: 0,
        configuration: {},
        createdAt: new Date(base + 1_000).toISOString(),
      },
      {
        id: newest.id,
        status: "pending",
        space_selection: "selected",
        site_selection: "all",
        spaces: 0,
        configuration: {},
        createdAt: new Date(base + 2_000).toISOString(),
      },
    ]);
    const filtered = await answered(installations({ externalId: "ext-1" }), 200);
    expect(filtered.items.map((i) => i.id)).toEqual([oldest.id, middle.id]);
    const first = await answered(installations({ limit: 2 }), 200);
    const second = await answered(installations({ limit: 2, page: first.next?.page }), 200);
    expect(second.items.map((i) => i.id)).toEqual([newest.id]);

    // Those who see it without administering its owner: 403.
    const named = at({ integrationName: integration.name });
    await refused(h.as(await h.member(org.id, "create")).GET(INSTALLATIONS, named), 403);
    await refused(h.as(installer.admin).GET(INSTALLATIONS, named), 403);
  });
});
