import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHarness, type Harness, type TestUser } from "../../../test/support/harness";
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
}, 120_000);
afterAll(async () => {
  await settled();
  await h.close();
  server.closeAllConnections();
  server.close();
});

const get = (user: TestUser, url: string) => h.api.get(url).set("Authorization", user.auth);
const post = (user: TestUser, url: string, body: object) => h.api.post(url).set("Authorization", user.auth).send(body);
const put = (user: TestUser, url: string, body: object) => h.api.put(url).set("Authorization", user.auth).send(body);
const del = (user: TestUser, url: string) => h.api.delete(url).set("Authorization", user.auth);

async function newOrg() {
  const org = await h.organization();
  return { ...org, specs: `/v1/orgs/${org.id}/openapi` };
}

/** Creates a specification and waits for its processing; returns it as then read. */
async function processed(user: TestUser, specs: string, slug: string, source: object) {
  await post(user, specs, { slug, source }).expect(201);
  await settled();
  return (await get(user, `${specs}/${slug}`).expect(200)).body;
}

describe("OpenAPI specifications: processing", () => {
  it("answers pending at once, then completes a text source with a version whose url is its content", async () => {
    const org = await newOrg();
    const created = await post(org.admin, org.specs, { slug: "payments-api", source: text(petstore()) }).expect(201);
    expect(created.body).toMatchObject({ object: "openapi-spec", slug: "payments-api", processingState: "pending", permissions: { view: true, edit: true } });
    expect(created.body).not.toHaveProperty("lastVersion");
    expect(created.body).not.toHaveProperty("sourceURL");
    expect(created.body.urls.location).toMatch(new RegExp(`/v1/orgs/${org.id}/openapi/payments-api$`));
    await settled();

    const spec = (await get(org.admin, `${org.specs}/payments-api`).expect(200)).body;
    expect(spec).toMatchObject({ processingState: "complete", lastVersion: expect.any(String), createdAt: created.body.createdAt });
    expect(spec).not.toHaveProperty("lastProcessErrorCode");
    const latest = (await get(org.admin, `${org.specs}/payments-api/versions/latest`).expect(200)).body;
    expect(latest).toMatchObject({ object: "openapi-spec-version", id: spec.lastVersion, createdAt: spec.lastProcessedAt });
    expect(latest.url).toMatch(new RegExp(`^http://[^/]+/v1/orgs/${org.id}/openapi/payments-api/versions/${spec.lastVersion}/content$`));
    // Every request of supertest comes to a new port: the URL follows the base URL of each request.
    const contentPath = new URL(latest.url).pathname;
    for (const url of [contentPath, `${org.specs}/payments-api/versions/latest/content`]) {
      const content = (await get(org.admin, url).expect(200)).body;
      expect(new URL(content.url).pathname).toBe(contentPath);
      expect(content.filesystem).toEqual({ [content.url]: petstore() });
    }
    const byId = (await get(org.admin, `${org.specs}/payments-api/versions/${spec.lastVersion}`).expect(200)).body;
    expect(new URL(byId.urls.location).pathname).toBe(`${org.specs}/payments-api/versions/${spec.lastVersion}`);
    expect(new URL(byId.url).pathname).toBe(contentPath);
  });

  it("reads a YAML source as its JSON equivalent", async () => {
    const org = await newOrg();
    const yaml =
      "openapi: 3.1.0\ninfo:\n  title: Pets\n  version: '1'\npaths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: OK\n";
    const spec = await processed(org.admin, org.specs, "yaml-api", { text: yaml });
    expect(spec).toMatchObject({ processingState: "complete" });
    const content = (await get(org.admin, `${org.specs}/yaml-api/versions/latest/content`).expect(200)).body;
    expect(Object.values(content.filesystem)).toEqual([
      { openapi: "3.1.0", info: { title: "Pets", version: "1" }, paths: { "/pets": { get: { responses: { "200": { description: "OK" } } } } } },
    ]);
  });

  it("changes updatedAt for a new source and at the end of a processing, not when it starts", async () => {
    const org = await newOrg();
    const held = holdNextRequest();
    const created = (await post(org.admin, org.specs, { slug: "timed", source: { url: `${base}/held.json` } }).expect(201)).body;
    await held.arrived;
    h.clock.advance(1_000);
    const started = (await get(org.admin, `${org.specs}/timed`).expect(200)).body;
    expect(started).toMatchObject({ processingState: "progress", updatedAt: created.updatedAt, createdAt: created.createdAt });
    expect(started).not.toHaveProperty("lastProcessedAt");
    h.clock.advance(4_000);
    held.release();
    await settled();
    const ended = (await get(org.admin, `${org.specs}/timed`).expect(200)).body;
    expect(ended.processingState).toBe("complete");
    expect(Date.parse(ended.updatedAt) - Date.parse(created.updatedAt)).toBe(5_000);
    expect(ended.lastProcessedAt).toBe(ended.updatedAt);
    const version = (await get(org.admin, `${org.specs}/timed/versions/latest`).expect(200)).body;
    expect(version.createdAt).toBe(ended.lastProcessedAt);
  });

  it("fetches a URL source with the documents its external $refs reach, keyed by URL", async () => {
    const org = await newOrg();
    const spec = await processed(org.admin, org.specs, "split", { url: `${base}/root.json` });
    expect(spec).toMatchObject({ processingState: "complete", sourceURL: `${base}/root.json` });
    const content = (await get(org.admin, `${org.specs}/split/versions/latest/content`).expect(200)).body;
    expect(content.url).toBe(`${base}/root.json`);
    expect(Object.keys(content.filesystem).sort()).toEqual([`${base}/common.json`, `${base}/root.json`, `${base}/schemas/pet.json`]);
    expect(content.filesystem[`${base}/root.json`]).toEqual(JSON.parse(documents["/root.json"] as string));
    expect(content.filesystem[`${base}/common.json`]).toEqual({ Owner: { type: "string" } });
    expect((await get(org.admin, `${org.specs}/split/versions/latest`).expect(200)).body.url).toBe(`${base}/root.json`);
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
    const spec = await processed(org.admin, org.specs, "failing", resolved);
    expect(spec).toMatchObject({ processingState: "failed", lastProcessErrorCode: code, lastProcessedAt: expect.any(String) });
    expect(spec).not.toHaveProperty("lastVersion");
    await get(org.admin, `${org.specs}/failing/versions/latest`).expect(404);
    await get(org.admin, `${org.specs}/failing/versions/latest/content`).expect(404);
    expect((await get(org.admin, `${org.specs}/failing/versions`).expect(200)).body).toEqual({ items: [], count: 0 });
  });

  it("fails with FETCH_TIMEOUT when the URL does not answer in time", async () => {
    const limit = SOURCE_LIMITS.ms;
    SOURCE_LIMITS.ms = 300;
    try {
      const org = await newOrg();
      const spec = await processed(org.admin, org.specs, "silent", { url: `${base}/silent.json` });
      expect(spec).toMatchObject({ processingState: "failed", lastProcessErrorCode: "FETCH_TIMEOUT" });
    } finally {
      SOURCE_LIMITS.ms = limit;
    }
  });

  it("refuses internal addresses unless the instance allows them", async () => {
    const strict = await createHarness({ allowPrivateFetch: false });
    try {
      const org = await strict.organization();
      await strict.api
        .post(`/v1/orgs/${org.id}/openapi`)
        .set("Authorization", org.admin.auth)
        .send({ slug: "inside", source: { url: `${base}/plain.json` } })
        .expect(201);
      await strict.services.jobs.settled(); // its own queue: on PostgreSQL, each harness has its own database
      const spec = (await strict.api.get(`/v1/orgs/${org.id}/openapi/inside`).set("Authorization", org.admin.auth).expect(200)).body;
      expect(spec).toMatchObject({ processingState: "failed", lastProcessErrorCode: "FETCH_FAILED" });
    } finally {
      await strict.close();
    }
  }, 120_000); // It opens a second database.

  it("makes a version per successful source, newest first, and keeps them through a failed one", async () => {
    const org = await newOrg();
    const first = await processed(org.admin, org.specs, "api", text(petstore("One")));
    const replaced = await put(org.admin, `${org.specs}/api`, { source: { url: `${base}/plain.json` } }).expect(200);
    expect(replaced.body).toMatchObject({ processingState: "pending", lastVersion: first.lastVersion, sourceURL: `${base}/plain.json` });
    await settled();
    const second = (await get(org.admin, `${org.specs}/api`).expect(200)).body;
    expect(second).toMatchObject({ processingState: "complete" });
    expect(second.lastVersion).not.toBe(first.lastVersion);

    await put(org.admin, `${org.specs}/api`, { source: { text: "{ nope" } }).expect(200);
    await settled();
    const failed = (await get(org.admin, `${org.specs}/api`).expect(200)).body;
    expect(failed).toMatchObject({ processingState: "failed", lastProcessErrorCode: "PARSE_ERROR", lastVersion: second.lastVersion });
    expect(failed).not.toHaveProperty("sourceURL");

    const versions = (await get(org.admin, `${org.specs}/api/versions`).expect(200)).body;
    expect(versions.items.map((v: { id: string }) => v.id)).toEqual([second.lastVersion, first.lastVersion]);
    expect(versions.count).toBe(2);
    const page = (await get(org.admin, `${org.specs}/api/versions?limit=1`).expect(200)).body;
    expect(page.items.map((v: { id: string }) => v.id)).toEqual([second.lastVersion]);
    const rest = (await get(org.admin, `${org.specs}/api/versions?limit=1&page=${page.next.page}`).expect(200)).body;
    expect(rest).toEqual({ items: [expect.objectContaining({ id: first.lastVersion })], count: 2 });
    // An older version keeps its own content.
    const old = (await get(org.admin, `${org.specs}/api/versions/${first.lastVersion}/content`).expect(200)).body;
    expect(Object.values(old.filesystem)).toEqual([petstore("One")]);

    // A later success clears the error code.
    await put(org.admin, `${org.specs}/api`, { source: text(petstore("Three")) }).expect(200);
    await settled();
    const fixed = (await get(org.admin, `${org.specs}/api`).expect(200)).body;
    expect(fixed.processingState).toBe("complete");
    expect(fixed).not.toHaveProperty("lastProcessErrorCode");
  });

  it("keeps the latest source when one arrives while an earlier one is processed", async () => {
    const org = await newOrg();
    const held = holdNextRequest();
    await post(org.admin, org.specs, { slug: "racing", source: { url: `${base}/held.json` } }).expect(201);
    await held.arrived;
    expect((await get(org.admin, `${org.specs}/racing`).expect(200)).body.processingState).toBe("progress");
    const replaced = await put(org.admin, `${org.specs}/racing`, { source: text(petstore("Latest")) }).expect(200);
    expect(replaced.body.processingState).toBe("pending");
    held.release();
    await settled();
    const spec = (await get(org.admin, `${org.specs}/racing`).expect(200)).body;
    expect(spec.processingState).toBe("complete");
    const versions = (await get(org.admin, `${org.specs}/racing/versions`).expect(200)).body;
    expect(versions.count).toBe(1);
    const content = (await get(org.admin, `${org.specs}/racing/versions/latest/content`).expect(200)).body;
    expect(Object.values(content.filesystem)).toEqual([petstore("Latest")]);
  });

  it("stores nothing for a specification deleted while its source is processed", async () => {
    const org = await newOrg();
    const held = holdNextRequest();
    await post(org.admin, org.specs, { slug: "doomed", source: { url: `${base}/held.json` } }).expect(201);
    await held.arrived;
    await del(org.admin, `${org.specs}/doomed`).expect(205);
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
    const spec = (await get(org.admin, `${org.specs}/interrupted`).expect(200)).body;
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
    const list = (await get(org.admin, org.specs).expect(200)).body;
    expect(list.items.map((s: { slug: string; processingState: string }) => [s.slug, s.processingState])).toEqual([
      ["left-in-progress", "complete"],
      ["left-pending", "complete"],
    ]);
  });
});

describe("OpenAPI specifications: operations and access", () => {
  it("lists by slug, pages, and shows what each member may do", async () => {
    const org = await newOrg();
    for (const slug of ["zeta", "alpha", "mid-api"]) await post(org.admin, org.specs, { slug, source: text(petstore(slug)) }).expect(201);
    await settled();
    const reader = await h.member(org.id, "read");
    const list = (await get(reader, org.specs).expect(200)).body;
    expect(list.items.map((s: { slug: string }) => s.slug)).toEqual(["alpha", "mid-api", "zeta"]);
    expect(list.count).toBe(3);
    expect(list.items[0].permissions).toEqual({ view: true, edit: false });
    const first = (await get(reader, `${org.specs}?limit=2`).expect(200)).body;
    const second = (await get(reader, `${org.specs}?limit=2&page=${first.next.page}`).expect(200)).body;
    expect([...first.items, ...second.items].map((s: { slug: string }) => s.slug)).toEqual(["alpha", "mid-api", "zeta"]);
    expect(second).not.toHaveProperty("next");
    const creator = await h.member(org.id, "create");
    expect((await get(creator, `${org.specs}/alpha`).expect(200)).body.permissions).toEqual({ view: true, edit: true });
  });

  it("needs the create role to create, put and delete (403), and reads for any member", async () => {
    const org = await newOrg();
    await processed(org.admin, org.specs, "guarded", text(petstore()));
    for (const role of ["read", "comment", "edit", "review"] as const) {
      const member = await h.member(org.id, role);
      await post(member, org.specs, { slug: "mine", source: text(petstore()) }).expect(403);
      await put(member, `${org.specs}/guarded`, { source: text(petstore("Mine")) }).expect(403);
      await put(member, `${org.specs}/new-one`, { source: text(petstore("Mine")) }).expect(403);
      await del(member, `${org.specs}/guarded`).expect(403);
      await get(member, `${org.specs}/guarded/versions/latest/content`).expect(200);
    }
    expect(await h.services.prisma.openApiSpec.count({ where: { organizationId: org.id } })).toBe(1);
    const creator = await h.member(org.id, "create");
    await put(creator, `${org.specs}/new-one`, { source: text(petstore()) }).expect(200);
    await del(creator, `${org.specs}/new-one`).expect(205);
    await settled();
  });

  it("hides specifications from users of other organizations with 404 and nothing of them", async () => {
    const org = await newOrg();
    const spec = await processed(org.admin, org.specs, "secret-api", text(petstore("Secret title")));
    const outsider = (await h.organization()).admin;
    for (const url of [
      org.specs,
      `${org.specs}/secret-api`,
      `${org.specs}/secret-api/versions`,
      `${org.specs}/secret-api/versions/latest`,
      `${org.specs}/secret-api/versions/latest/content`,
      `${org.specs}/secret-api/versions/${spec.lastVersion}/content`,
    ]) {
      const res = await get(outsider, url).expect(404);
      expect(res.body).toEqual({
        error: { code: 404, type: "not_found", reason: "not_found", message: "Organization not found", requestId: expect.any(String) },
      });
    }
    await post(outsider, org.specs, { slug: "intruder", source: text(petstore()) }).expect(404);
    await put(outsider, `${org.specs}/secret-api`, { source: text(petstore()) }).expect(404);
    await del(outsider, `${org.specs}/secret-api`).expect(404);
    expect((await get(org.admin, `${org.specs}/secret-api`).expect(200)).body.lastVersion).toBe(spec.lastVersion);
  });

  it("answers 409 for a slug in use, 200 for a put creating one, and frees the slug on delete", async () => {
    const org = await newOrg();
    await post(org.admin, org.specs, { slug: "taken", source: text(petstore()) }).expect(201);
    const conflict = await post(org.admin, org.specs, { slug: "taken", source: text(petstore("Other")) }).expect(409);
    expect(conflict.body.error.message).toMatch(/taken/);
    const created = await put(org.admin, `${org.specs}/by-put`, { source: { url: `${base}/plain.json` } }).expect(200);
    expect(created.body).toMatchObject({ slug: "by-put", processingState: "pending", sourceURL: `${base}/plain.json` });
    await settled();
    const deleted = await processed(org.admin, org.specs, "short-lived", text(petstore()));
    await del(org.admin, `${org.specs}/short-lived`).expect(205);
    await get(org.admin, `${org.specs}/short-lived`).expect(404);
    expect(await h.services.prisma.openApiSpecVersion.count({ where: { id: deleted.lastVersion } })).toBe(0);
    await post(org.admin, org.specs, { slug: "short-lived", source: text(petstore()) }).expect(201);
    await settled();
  });

  it("answers 400 for invalid input and 404 for unknown specifications and versions", async () => {
    const org = await newOrg();
    await post(org.admin, org.specs, { slug: "Not A Slug", source: text(petstore()) }).expect(400);
    await post(org.admin, org.specs, { slug: "both", source: { url: `${base}/plain.json`, text: "{}" } }).expect(400);
    await post(org.admin, org.specs, { slug: "ftp", source: { url: "ftp://example.com/spec.json" } }).expect(400);
    await put(org.admin, `${org.specs}/empty`, { source: { text: "" } }).expect(400);
    await get(org.admin, `${org.specs}?page=forged`).expect(400);
    expect(await h.services.prisma.openApiSpec.count({ where: { organizationId: org.id } })).toBe(0);

    await get(org.admin, `${org.specs}/unknown`).expect(404);
    await del(org.admin, `${org.specs}/unknown`).expect(204);
    const one = await processed(org.admin, org.specs, "one", text(petstore()));
    await processed(org.admin, org.specs, "two", text(petstore()));
    // A version of another specification is not one of this one.
    await get(org.admin, `${org.specs}/two/versions/${one.lastVersion}`).expect(404);
    await get(org.admin, `${org.specs}/two/versions/${one.lastVersion}/content`).expect(404);
    const pending = await post(org.admin, org.specs, { slug: "not-yet", source: { text: "{" } }).expect(201);
    expect(pending.body.processingState).toBe("pending");
    await settled();
    await get(org.admin, `${org.specs}/not-yet/versions/latest`).expect(404);
  });

  it("accepts a text source larger than the default body limit", async () => {
    const org = await newOrg();
    const large = petstore("Large", { "x-padding": "y".repeat(2_000_000) });
    const spec = await processed(org.admin, org.specs, "large", text(large));
    expect(spec.processingState).toBe("complete");
  });
});
