import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Schemas } from "@docstack/contract";
import { answered, at, createHarness, type Harness, refused } from "../../../test/support/harness";
import { newId } from "../../db/ids";
import { processSpecJob, requeueStuckSpecs } from "./processing";
import { SOURCE_LIMITS } from "./source";

const petstore = (title = "Petstore", extra: object = {}) => ({
  openapi: "3.1.0",
  info: { title, version: "1.0.0" },
  paths: { "/pets": { get: { responses: { "200": { description: "Pets" } } } } },
  ...extra,
});
const text = (document: object) => ({ text: JSON.stringify(document) });

// Documents served to URL sources. `/held` answers only when the test releases it.
const documents: Record<string, string> = {
  "/root.json": JSON.stringify(petstore("Split", { components: { schemas: { Pet: { $ref: "schemas/pet.json#/Pet" }, Self: { $ref: "root.json#/info" } } } })),
  "/schemas/pet.json": JSON.stringify({
    Pet: { type: "object", properties: { owner: { $ref: "../common.json#/Owner" }, tag: { $ref: "#/Tag" } } },
    Tag: { type: "string" },
  }),
  "/common.json": JSON.stringify({ Owner: { type: "string" } }),
  "/plain.json": JSON.stringify(petstore("Plain")),
  "/swagger.json": JSON.stringify({ swagger: "2.0", info: { title: "Old", version: "1" }, paths: {} }),
  "/broken-ref.json": JSON.stringify(petstore("Broken", { components: { schemas: { A: { $ref: "missing.json" } } } })),
  "/scalar-ref.json": JSON.stringify(petstore("Scalar", { components: { schemas: { A: { $ref: "scalar.json" } } } })),
  "/scalar.json": "42",
  "/huge.json": JSON.stringify(petstore("Huge", { "x-padding": "x".repeat(SOURCE_LIMITS.characters) })),
};
/** `/held.json` waits for the test: it says when the request arrived, and answers once released. */
let held: { arrived: () => void; released: Promise<void> } = { arrived: () => {}, released: Promise.resolve() };
function holdNextRequest(): { arrived: Promise<void>; release: () => void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const arrived = new Promise<void>((resolve) => (held = { arrived: resolve, released }));
  return { arrived, release };
}

let server: http.Server;
let base: string;
let h: Harness;
/** Every queued processing has run (the job queue is empty). */
const settled = () => h.services.jobs.settled();
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/held.json") {
      held.arrived();
      void held.released.then(() => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(petstore("Held"))));
      return;
    }
    if (path === "/silent.json") return; // never answers
    const body = documents[path];
    if (body === undefined) return res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": "application/json" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  h = await createHarness({ allowPrivateFetch: true });
});
afterAll(async () => {
  await settled();
  await h.close();
  server.closeAllConnections();
  server.close();
});

const SPECS = "/v1/orgs/{organizationId}/openapi";
const SPEC = "/v1/orgs/{organizationId}/openapi/{specSlug}";
type Source = Schemas["OpenAPISpecSource"];

/** An organization, its admin's client, and the path parameters of its specifications. */
async function newOrg() {
  const org = await h.organization();
  const spec = (specSlug: string) => at({ organizationId: org.id, specSlug });
  return { ...org, client: h.as(org.admin), inOrg: at({ organizationId: org.id }), spec };
}

/** Creates a specification and waits for its processing; returns it as then read. */
async function processed(org: Awaited<ReturnType<typeof newOrg>>, slug: string, source: Source) {
  await answered(org.client.POST(SPECS, { ...org.inOrg, body: { slug, source } }), 201);
  await settled();
  return answered(org.client.GET(SPEC, org.spec(slug)), 200);
}

describe("OpenAPI specifications: processing", () => {
  it("answers pending at once, then completes a text source with a version whose url is its content", async () => {
    const org = await newOrg();
    const created = await answered(org.client.POST(SPECS, { ...org.inOrg, body: { slug: "payments-api", source: text(petstore()) } }), 201);
    expect(created).toMatchObject({ object: "openapi-spec", slug: "payments-api", processingState: "pending", permissions: { view: true, edit: true } });
    expect(created).not.toHaveProperty("lastVersion");
    expect(created).not.toHaveProperty("sourceURL");
    expect(created.urls.location).toMatch(new RegExp(`/v1/orgs/${org.id}/openapi/payments-api$`));
    await settled();

    const spec = await answered(org.client.GET(SPEC, org.spec("payments-api")), 200);
    expect(spec).toMatchObject({ processingState: "complete", lastVersion: expect.any(String), createdAt: created.createdAt });
    expect(spec).not.toHaveProperty("lastProcessErrorCode");
    const latest = await answered(org.client.GET(`${SPEC}/versions/latest`, org.spec("payments-api")), 200);
    expect(latest).toMatchObject({ object: "openapi-spec-version", id: spec.lastVersion, createdAt: spec.lastProcessedAt });
    expect(latest.url).toMatch(new RegExp(`^http://[^/]+/v1/orgs/${org.id}/openapi/payments-api/versions/${spec.lastVersion}/content$`));
    // Every request of supertest comes to a new port: the URL follows the base URL of each request.
    const contentPath = new URL(latest.url).pathname;
    const byVersion = at({ organizationId: org.id, specSlug: "payments-api", versionId: spec.lastVersion ?? "" });
    for (const request of [
      org.client.GET(`${SPEC}/versions/{versionId}/content`, byVersion),
      org.client.GET(`${SPEC}/versions/latest/content`, org.spec("payments-api")),
    ]) {
      const content = await answered(request, 200);
      expect(new URL(content.url).pathname).toBe(contentPath);
      expect(content.filesystem).toEqual({ [content.url]: petstore() });
    }
    const byId = await answered(
      org.client.GET(`${SPEC}/versions/{versionId}`, at({ organizationId: org.id, specSlug: "payments-api", versionId: spec.lastVersion ?? "" })),
      200,
    );
    expect(new URL(byId.urls.location).pathname).toBe(`/v1/orgs/${org.id}/openapi/payments-api/versions/${spec.lastVersion}`);
    expect(new URL(byId.url).pathname).toBe(contentPath);
  });

  it("reads a YAML source as its JSON equivalent", async () => {
    const org = await newOrg();
    const yaml =
      "openapi: 3.1.0\ninfo:\n  title: Pets\n  version: '1'\npaths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: OK\n";
    const spec = await processed(org, "yaml-api", { text: yaml });
    expect(spec).toMatchObject({ processingState: "complete" });
    const content = await answered(org.client.GET(`${SPEC}/versions/latest/content`, org.spec("yaml-api")), 200);
    expect(Object.values(content.filesystem)).toEqual([
      { openapi: "3.1.0", info: { title: "Pets", version: "1" }, paths: { "/pets": { get: { responses: { "200": { description: "OK" } } } } } },
    ]);
  });

  it("changes updatedAt for a new source and at the end of a processing, not when it starts", async () => {
    const org = await newOrg();
    const held = holdNextRequest();
    const created = await answered(org.client.POST(SPECS, { ...org.inOrg, body: { slug: "timed", source: { url: `${base}/held.json` } } }), 201);
    await held.arrived;
    h.clock.advance(1_000);
    const started = await answered(org.client.GET(SPEC, org.spec("timed")), 200);
    expect(started).toMatchObject({ processingState: "progress", updatedAt: created.updatedAt, createdAt: created.createdAt });
    expect(started).not.toHaveProperty("lastProcessedAt");
    h.clock.advance(4_000);
    held.release();
    await settled();
    const ended = await answered(org.client.GET(SPEC, org.spec("timed")), 200);
    expect(ended.processingState).toBe("complete");
    expect(Date.parse(ended.updatedAt) - Date.parse(created.updatedAt)).toBe(5_000);
    expect(ended.lastProcessedAt).toBe(ended.updatedAt);
    const version = await answered(org.client.GET(`${SPEC}/versions/latest`, org.spec("timed")), 200);
    expect(version.createdAt).toBe(ended.lastProcessedAt);
  });

  it("fetches a URL source with the documents its external $refs reach, keyed by URL", async () => {
    const org = await newOrg();
    const spec = await processed(org, "split", { url: `${base}/root.json` });
    expect(spec).toMatchObject({ processingState: "complete", sourceURL: `${base}/root.json` });
    const content = await answered(org.client.GET(`${SPEC}/versions/latest/content`, org.spec("split")), 200);
    expect(content.url).toBe(`${base}/root.json`);
    expect(Object.keys(content.filesystem).sort()).toEqual([`${base}/common.json`, `${base}/root.json`, `${base}/schemas/pet.json`]);
    expect(content.filesystem[`${base}/root.json`]).toEqual(JSON.parse(documents["/root.json"] as string));
    expect(content.filesystem[`${base}/common.json`]).toEqual({ Owner: { type: "string" } });
    expect((await answered(org.client.GET(`${SPEC}/versions/latest`, org.spec("split")), 200)).url).toBe(`${base}/root.json`);
  });

  it.each([
    ["a URL answering 404", "FETCH_FAILED", { url: "/nowhere.json" }],
    ["a host that refuses connections", "FETCH_FAILED", { url: "http://127.0.0.1:1/spec.json" }],
    ["a $ref to a missing document", "FETCH_FAILED", { url: "/broken-ref.json" }],
    ["text that is neither JSON nor YAML", "PARSE_ERROR", { text: "{ not json" }],
    ["YAML that is not OpenAPI", "INVALID_SPEC", { text: "openapi: 2.0\ninfo:\n  title: T\n  version: '1'\npaths: {}\n" }],
    ["a Swagger 2.0 document", "INVALID_SPEC", { url: "/swagger.json" }],
    ["an OpenAPI 3.0 document without paths", "INVALID_SPEC", text({ openapi: "3.0.3", info: { title: "T", version: "1" }, components: {} })],
    ["a JSON array", "INVALID_SPEC", { text: "[1, 2]" }],
    ["a text source with an external $ref", "INVALID_SPEC", text(petstore("Refs", { components: { schemas: { A: { $ref: "other.json#/A" } } } }))],
    ["a referenced document that is not an object", "INVALID_SPEC", { url: "/scalar-ref.json" }],
    ["a document of more than 5,000,000 characters", "TOO_LARGE", { url: "/huge.json" }],
  ])("fails %s with %s, creating no version", async (_what, code, source) => {
    // A path is a document of the local server (its address is known once the tests run).
    const resolved = "url" in source && source.url.startsWith("/") ? { url: `${base}${source.url}` } : source;
    const org = await newOrg();
    const spec = await processed(org, "failing", resolved);
    expect(spec).toMatchObject({ processingState: "failed", lastProcessErrorCode: code, lastProcessedAt: expect.any(String) });
    expect(spec).not.toHaveProperty("lastVersion");
    await refused(org.client.GET(`${SPEC}/versions/latest`, org.spec("failing")), 404);
    await refused(org.client.GET(`${SPEC}/versions/latest/content`, org.spec("failing")), 404);
    expect(await answered(org.client.GET(`${SPEC}/versions`, org.spec("failing")), 200)).toEqual({ items: [], count: 0 });
  });

  it("fails with FETCH_TIMEOUT when the URL does not answer in time", async () => {
    const limit = SOURCE_LIMITS.ms;
    SOURCE_LIMITS.ms = 300;
    try {
      const org = await newOrg();
      const spec = await processed(org, "silent", { url: `${base}/silent.json` });
      expect(spec).toMatchObject({ processingState: "failed", lastProcessErrorCode: "FETCH_TIMEOUT" });
    } finally {
      SOURCE_LIMITS.ms = limit;
    }
  });

  it("refuses internal addresses unless the instance allows them", async () => {
    const strict = await createHarness({ allowPrivateFetch: false });
    try {
      const org = await strict.organization();
      const client = strict.as(org.admin);
      await answered(client.POST(SPECS, { ...at({ organizationId: org.id }), body: { slug: "inside", source: { url: `${base}/plain.json` } } }), 201);
      await strict.services.jobs.settled(); // its own queue: on PostgreSQL, each harness has its own database
      const spec = await answered(client.GET(SPEC, at({ organizationId: org.id, specSlug: "inside" })), 200);
      expect(spec).toMatchObject({ processingState: "failed", lastProcessErrorCode: "FETCH_FAILED" });
    } finally {
      await strict.close();
    }
  });

  it("makes a version per successful source, newest first, and keeps them through a failed one", async () => {
    const org = await newOrg();
    const first = await processed(org, "api", text(petstore("One")));
    const replaced = await answered(org.client.PUT(SPEC, { ...org.spec("api"), body: { source: { url: `${base}/plain.json` } } }), 200);
    expect(replaced).toMatchObject({ processingState: "pending", lastVersion: first.lastVersion, sourceURL: `${base}/plain.json` });
    await settled();
    const second = await answered(org.client.GET(SPEC, org.spec("api")), 200);
    expect(second).toMatchObject({ processingState: "complete" });
    expect(second.lastVersion).not.toBe(first.lastVersion);

    await answered(org.client.PUT(SPEC, { ...org.spec("api"), body: { source: { text: "{ nope" } } }), 200);
    await settled();
    const failed = await answered(org.client.GET(SPEC, org.spec("api")), 200);
    expect(failed).toMatchObject({ processingState: "failed", lastProcessErrorCode: "PARSE_ERROR", lastVersion: second.lastVersion });
    expect(failed).not.toHaveProperty("sourceURL");

    const versions = await answered(org.client.GET(`${SPEC}/versions`, org.spec("api")), 200);
    expect(versions.items.map((v) => v.id)).toEqual([second.lastVersion, first.lastVersion]);
    expect(versions.count).toBe(2);
    const page = await answered(
      org.client.GET(`${SPEC}/versions`, { params: { path: { organizationId: org.id, specSlug: "api" }, query: { limit: 1 } } }),
      200,
    );
    expect(page.items.map((v) => v.id)).toEqual([second.lastVersion]);
    const rest = await answered(
      org.client.GET(`${SPEC}/versions`, { params: { path: { organizationId: org.id, specSlug: "api" }, query: { limit: 1, page: page.next?.page } } }),
      200,
    );
    expect(rest).toEqual({ items: [expect.objectContaining({ id: first.lastVersion })], count: 2 });
    // An older version keeps its own content.
    const old = await answered(
      org.client.GET(`${SPEC}/versions/{versionId}/content`, at({ organizationId: org.id, specSlug: "api", versionId: first.lastVersion ?? "" })),
      200,
    );
    expect(Object.values(old.filesystem)).toEqual([petstore("One")]);

    // A later success clears the error code.
    await answered(org.client.PUT(SPEC, { ...org.spec("api"), body: { source: text(petstore("Three")) } }), 200);
    await settled();
    const fixed = await answered(org.client.GET(SPEC, org.spec("api")), 200);
    expect(fixed.processingState).toBe("complete");
    expect(fixed).not.toHaveProperty("lastProcessErrorCode");
  });

  it("keeps the latest source when one arrives while an earlier one is processed", async () => {
    const org = await newOrg();
    const held = holdNextRequest();
    await answered(org.client.POST(SPECS, { ...org.inOrg, body: { slug: "racing", source: { url: `${base}/held.json` } } }), 201);
    await held.arrived;
    expect((await answered(org.client.GET(SPEC, org.spec("racing")), 200)).processingState).toBe("progress");
    const replaced = await answered(org.client.PUT(SPEC, { ...org.spec("racing"), body: { source: text(petstore("Latest")) } }), 200);
    expect(replaced.processingState).toBe("pending");
    held.release();
    await settled();
    const spec = await answered(org.client.GET(SPEC, org.spec("racing")), 200);
    expect(spec.processingState).toBe("complete");
    const versions = await answered(org.client.GET(`${SPEC}/versions`, org.spec("racing")), 200);
    expect(versions.count).toBe(1);
    const content = await answered(org.client.GET(`${SPEC}/versions/latest/content`, org.spec("racing")), 200);
    expect(Object.values(content.filesystem)).toEqual([petstore("Latest")]);
  });

  it("stores nothing for a specification deleted while its source is processed", async () => {
    const org = await newOrg();
    const held = holdNextRequest();
    await answered(org.client.POST(SPECS, { ...org.inOrg, body: { slug: "doomed", source: { url: `${base}/held.json` } } }), 201);
    await held.arrived;
    await answered(org.client.DELETE(SPEC, org.spec("doomed")), 205);
    held.release();
    await settled();
    expect(await h.services.prisma.openApiSpec.count({ where: { organizationId: org.id } })).toBe(0);
    expect(await h.services.prisma.openApiSpecVersion.count({ where: { spec: { organizationId: org.id } } })).toBe(0);
  });

  it("finishes a specification whose worker died mid-processing when its job is retried", async () => {
    const org = await newOrg();
    const { prisma } = h.services;
    // What a killed worker leaves: the specification in progress, its job back in the queue.
    const id = newId();
    await prisma.openApiSpec.create({
      data: { id, organizationId: org.id, slug: "interrupted", sourceText: JSON.stringify(petstore("Interrupted")), processingState: "progress" },
    });
    await h.services.jobs.send(processSpecJob.name, { specId: id }, { key: id });
    await settled();
    const spec = await answered(org.client.GET(SPEC, org.spec("interrupted")), 200);
    expect(spec.processingState).toBe("complete");
    expect(await prisma.openApiSpecVersion.count({ where: { specId: id } })).toBe(1);
  });

  it("queues again, on the periodic sweep, what was left pending or in progress without a job", async () => {
    const org = await newOrg();
    const { prisma } = h.services;
    for (const [slug, processingState] of [
      ["left-pending", "pending"],
      ["left-in-progress", "progress"],
    ] as const) {
      await prisma.openApiSpec.create({
        data: {
          id: newId(),
          organizationId: org.id,
          slug,
          sourceText: JSON.stringify(petstore(slug)),
          processingState,
          updatedAt: new Date(Date.now() - 3_600_000),
        },
      });
    }
    expect(await requeueStuckSpecs(h.services, new Date(Date.now() - 60_000))).toBeGreaterThanOrEqual(2);
    await settled();
    const list = await answered(org.client.GET(SPECS, org.inOrg), 200);
    expect(list.items.map((s) => [s.slug, s.processingState])).toEqual([
      ["left-in-progress", "complete"],
      ["left-pending", "complete"],
    ]);
  });
});

describe("OpenAPI specifications: operations and access", () => {
  it("lists by slug, pages, and shows what each member may do", async () => {
    const org = await newOrg();
    for (const slug of ["zeta", "alpha", "mid-api"])
      await answered(org.client.POST(SPECS, { ...org.inOrg, body: { slug, source: text(petstore(slug)) } }), 201);
    await settled();
    const reader = h.as(await h.member(org.id, "read"));
    const list = await answered(reader.GET(SPECS, org.inOrg), 200);
    expect(list.items.map((s) => s.slug)).toEqual(["alpha", "mid-api", "zeta"]);
    expect(list.count).toBe(3);
    expect(list.items[0]?.permissions).toEqual({ view: true, edit: false });
    const first = await answered(reader.GET(SPECS, { params: { path: { organizationId: org.id }, query: { limit: 2 } } }), 200);
    const second = await answered(reader.GET(SPECS, { params: { path: { organizationId: org.id }, query: { limit: 2, page: first.next?.page } } }), 200);
    expect([...first.items, ...second.items].map((s) => s.slug)).toEqual(["alpha", "mid-api", "zeta"]);
    expect(second).not.toHaveProperty("next");
    const creator = h.as(await h.member(org.id, "create"));
    expect((await answered(creator.GET(SPEC, org.spec("alpha")), 200)).permissions).toEqual({ view: true, edit: true });
  });

  it("needs the create role to create, put and delete (403), and reads for any member", async () => {
    const org = await newOrg();
    await processed(org, "guarded", text(petstore()));
    for (const role of ["read", "comment", "edit", "review"] as const) {
      const member = h.as(await h.member(org.id, role));
      await refused(member.POST(SPECS, { ...org.inOrg, body: { slug: "mine", source: text(petstore()) } }), 403);
      await refused(member.PUT(SPEC, { ...org.spec("guarded"), body: { source: text(petstore("Mine")) } }), 403);
      await refused(member.PUT(SPEC, { ...org.spec("new-one"), body: { source: text(petstore("Mine")) } }), 403);
      await refused(member.DELETE(SPEC, org.spec("guarded")), 403);
      await answered(member.GET(`${SPEC}/versions/latest/content`, org.spec("guarded")), 200);
    }
    expect(await h.services.prisma.openApiSpec.count({ where: { organizationId: org.id } })).toBe(1);
    const creator = h.as(await h.member(org.id, "create"));
    await answered(creator.PUT(SPEC, { ...org.spec("new-one"), body: { source: text(petstore()) } }), 200);
    await answered(creator.DELETE(SPEC, org.spec("new-one")), 205);
    await settled();
  });

  it("hides specifications from users of other organizations with 404 and nothing of them", async () => {
    const org = await newOrg();
    const spec = await processed(org, "secret-api", text(petstore("Secret title")));
    const outsider = h.as((await h.organization()).admin);
    const secret = org.spec("secret-api");
    const requests: Promise<{ response: Response; error?: unknown }>[] = [
      outsider.GET(SPECS, org.inOrg),
      outsider.GET(SPEC, secret),
      outsider.GET(`${SPEC}/versions`, secret),
      outsider.GET(`${SPEC}/versions/latest`, secret),
      outsider.GET(`${SPEC}/versions/latest/content`, secret),
      outsider.GET(`${SPEC}/versions/{versionId}/content`, at({ organizationId: org.id, specSlug: "secret-api", versionId: spec.lastVersion ?? "" })),
    ];
    for (const request of requests) {
      expect(await refused(request, 404)).toEqual({
        error: { code: 404, type: "not_found", reason: "not_found", message: "Organization not found", requestId: expect.any(String) },
      });
    }
    await refused(outsider.POST(SPECS, { ...org.inOrg, body: { slug: "intruder", source: text(petstore()) } }), 404);
    await refused(outsider.PUT(SPEC, { ...org.spec("secret-api"), body: { source: text(petstore()) } }), 404);
    await refused(outsider.DELETE(SPEC, org.spec("secret-api")), 404);
    expect((await answered(org.client.GET(SPEC, org.spec("secret-api")), 200)).lastVersion).toBe(spec.lastVersion);
  });

  it("answers 409 for a slug in use, 200 for a put creating one, and frees the slug on delete", async () => {
    const org = await newOrg();
    await answered(org.client.POST(SPECS, { ...org.inOrg, body: { slug: "taken", source: text(petstore()) } }), 201);
    const conflict = await refused(org.client.POST(SPECS, { ...org.inOrg, body: { slug: "taken", source: text(petstore("Other")) } }), 409);
    expect(conflict.error.message).toMatch(/taken/);
    const created = await answered(org.client.PUT(SPEC, { ...org.spec("by-put"), body: { source: { url: `${base}/plain.json` } } }), 200);
    expect(created).toMatchObject({ slug: "by-put", processingState: "pending", sourceURL: `${base}/plain.json` });
    await settled();
    const deleted = await processed(org, "short-lived", text(petstore()));
    await answered(org.client.DELETE(SPEC, org.spec("short-lived")), 205);
    await refused(org.client.GET(SPEC, org.spec("short-lived")), 404);
    expect(await h.services.prisma.openApiSpecVersion.count({ where: { id: deleted.lastVersion } })).toBe(0);
    await answered(org.client.POST(SPECS, { ...org.inOrg, body: { slug: "short-lived", source: text(petstore()) } }), 201);
    await settled();
  });

  it("answers 400 for invalid input and 404 for unknown specifications and versions", async () => {
    const org = await newOrg();
    await refused(org.client.POST(SPECS, { ...org.inOrg, body: { slug: "Not A Slug", source: text(petstore()) } }), 400);
    await refused(org.client.POST(SPECS, { ...org.inOrg, body: { slug: "both", source: { url: `${base}/plain.json`, text: "{}" } } }), 400);
    await refused(org.client.POST(SPECS, { ...org.inOrg, body: { slug: "ftp", source: { url: "ftp://example.com/spec.json" } } }), 400);
    await refused(org.client.PUT(SPEC, { ...org.spec("empty"), body: { source: { text: "" } } }), 400);
    await refused(org.client.GET(SPECS, { params: { path: { organizationId: org.id }, query: { page: "forged" } } }), 400);
    expect(await h.services.prisma.openApiSpec.count({ where: { organizationId: org.id } })).toBe(0);

    await refused(org.client.GET(SPEC, org.spec("unknown")), 404);
    await answered(org.client.DELETE(SPEC, org.spec("unknown")), 204);
    const one = await processed(org, "one", text(petstore()));
    await processed(org, "two", text(petstore()));
    // A version of another specification is not one of this one.
    await refused(org.client.GET(`${SPEC}/versions/{versionId}`, at({ organizationId: org.id, specSlug: "two", versionId: one.lastVersion ?? "" })), 404);
    await refused(
      org.client.GET(`${SPEC}/versions/{versionId}/content`, at({ organizationId: org.id, specSlug: "two", versionId: one.lastVersion ?? "" })),
      404,
    );
    const pending = await answered(org.client.POST(SPECS, { ...org.inOrg, body: { slug: "not-yet", source: { text: "{" } } }), 201);
    expect(pending.processingState).toBe("pending");
    await settled();
    await refused(org.client.GET(`${SPEC}/versions/latest`, org.spec("not-yet")), 404);
  });

  it("accepts a text source larger than the default body limit", async () => {
    const org = await newOrg();
    const large = petstore("Large", { "x-padding": "y".repeat(2_000_000) });
    const spec = await processed(org, "large", text(large));
    expect(spec.processingState).toBe("complete");
  });
});
