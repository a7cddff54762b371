// What every request goes through: health, the contract, docs, errors, limits, logs, metrics.

import { randomBytes } from "node:crypto";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { loadOpenapiDocument } from "@docstack/contract";
import supertest from "supertest";
import { createHarness, secretInLogs, useHarness } from "../test/support/harness";
import { createApp } from "./app";
import { defineOperation, pendingOperation } from "./http/operation";
import { registry } from "./wiring/operations";

const h = useHarness();

describe("outside /v1", () => {
  it("answers health and readiness", async () => {
    expect((await h.api.get("/healthz").expect(200)).body).toEqual({ status: "ok" });
    expect((await h.api.get("/readyz").expect(200)).body).toEqual({ status: "ready" });
  });

  it("greets a newcomer at / with a page linking the reference, sign-in and health, and answers /favicon.ico", async () => {
    const home = await h.api
      .get("/")
      .expect(200)
      .expect("Content-Type", /text\/html/);
    for (const link of ['href="/docs/"', 'href="/sign-in"', 'href="/healthz"', 'href="/v1/"']) expect(home.text).toContain(link);
    expect(home.headers["content-security-policy"]).toContain("script-src 'none'");
    const icon = await h.api
      .get("/favicon.ico")
      .expect(200)
      .expect("Content-Type", /image\/svg\+xml/);
    expect(icon.body.toString()).toMatch(/^<svg /);
  });

  it("serves the bundled contract and an interactive reference from installed files", async () => {
    const { admin } = await h.organization();
    // The validator has seen a request: it must not have changed the document that is served.
    await h.api.post("/v1/orgs").set("Authorization", admin.auth).send({ title: 5 }).expect(400);
    const contract = await h.api.get("/openapi.json").expect(200);
    expect(contract.body).toEqual(loadOpenapiDocument());
    expect(Object.keys(contract.body.paths)).toContain("/v1/spaces/{spaceId}");
    await h.api.get("/docs").expect(301);
    const page = await h.api.get("/docs/").expect(200);
    expect(page.text).toContain("assets/swagger-ui-bundle.js");
    expect(page.text).not.toMatch(/https?:\/\/(cdn|unpkg)/);
    const bundle = await h.api.get("/docs/assets/swagger-ui-bundle.js").expect(200);
    expect(bundle.text.length).toBeGreaterThan(100_000);
    await h.api
      .get("/docs/init.js")
      .expect(200)
      .expect("content-type", /javascript/);
  });
});

describe("ETags", () => {
  it("tags the contract's bytes (304 to a client holding them), and no answer whose operation declares no ETag", async () => {
    const first = await h.api.get("/openapi.json").expect(200);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const held = await h.api.get("/openapi.json").set("If-None-Match", etag).expect(304);
    expect(held.text).toBe("");
    expect(held.headers.etag).toBe(etag);
    expect((await h.api.get("/openapi.json").set("If-None-Match", '"another"').expect(200)).body).toEqual(first.body);

    // Getting the caller declares no 304: its answer carries no ETag (none is hashed) and is always whole.
    const { admin } = await h.organization();
    const user = await h.api.get("/v1/user").set("Authorization", admin.auth).expect(200);
    expect(user.headers.etag).toBeUndefined();
    const again = await h.api.get("/v1/user").set("Authorization", admin.auth).set("If-None-Match", 'W/"anything"').expect(200);
    expect(again.body.id).toBe(user.body.id);
  });
});

describe("errors", () => {
  it("answers 404 for an unknown path and 405 for a wrong method, in the envelope", async () => {
    const { admin } = await h.organization();
    const unknown = await h.api.get("/v1/nothing-here").set("Authorization", admin.auth).expect(404);
    expect(unknown.body.error.code).toBe(404);
    const wrong = await h.api.put("/v1/user").set("Authorization", admin.auth).expect(405);
    expect(wrong.body.error).toMatchObject({ code: 405 });
  });

  it("asks for a token on the API's paths in any case, before anything else answers them", async () => {
    // The API's first steps take its paths in any case (as Express's mount of /v1 did): /V1/… is never answered,
    // not even with a 404, to a request without a token.
    await h.api.get("/V1/user").expect(401);
    await h.api.get("/v1/USER/").expect(401);
    await h.api.get("/V1").expect(401);
  });

  it("answers 400 for malformed JSON and 413 for a body over the limit", async () => {
    const { admin } = await h.organization();
    const malformed = await h.api.post("/v1/orgs").set("Authorization", admin.auth).set("Content-Type", "application/json").send('{"title": ').expect(400);
    expect(malformed.body.error.message).toMatch(/JSON/);
    const bare = await h.api.post("/v1/orgs").set("Authorization", admin.auth).set("Content-Type", "application/json").send("3").expect(400);
    expect(bare.body.error.message).toBe("Request body must be a JSON object");
    const huge = await h.api
      .post("/v1/orgs")
      .set("Authorization", admin.auth)
      .send({ title: "x".repeat(h.config.bodyLimitBytes + 10) })
      .expect(413);
    expect(huge.body.error).toMatchObject({ code: 413, message: expect.stringContaining(String(h.config.bodyLimitBytes)) });
  });

  it("takes free text with characters encodeURIComponent leaves as they are", async () => {
    const { id, admin } = await h.organization();
    const res = await h.api
      .get(`/v1/orgs/${id}/search?query=${encodeURIComponent("don't (stop)! *now*")}`)
      .set("Authorization", admin.auth)
      .expect(200);
    expect(res.body).toEqual({ items: [], count: 0 });
  });

  it("refuses U+0000 in a path parameter, a query parameter or a body with 400 naming where it is", async () => {
    const { id, admin } = await h.organization();
    const nulIn = async (path: string, body?: object) => {
      const request = body ? h.api.post(path).send(body) : h.api.get(path);
      return (await request.set("Authorization", admin.auth).expect(400)).body.error.message as string;
    };
    expect(await nulIn(`/v1/orgs/${id}/search?query=a%00b`)).toMatch(/^request\/query\/query must not contain the NUL character/);
    expect(await nulIn(`/v1/spaces/a%00b`)).toMatch(/^request\/params\/spaceId must not contain the NUL character/);
    expect(await nulIn(`/v1/orgs/${id}/collections`, { title: "a\u0000b" })).toMatch(/^request\/body\/title must not contain the NUL character/);
  });

  it("names the field and the rule of a validation error", async () => {
    const { id, admin } = await h.organization();
    const res = await h.api.post(`/v1/orgs/${id}/collections`).set("Authorization", admin.auth).send({ title: 5 }).expect(400);
    expect(res.body.error.message).toMatch(/request\/body\/title must be string/);
  });

  it("says what kind of failure it is in a stable type, one per kind", async () => {
    const { id, admin } = await h.organization();
    const reader = await h.member(id, "read");
    const space = (await h.api.post(`/v1/orgs/${id}/spaces`).set("Authorization", admin.auth).send({ title: "Kinds" }).expect(201)).body;
    const typeOf = async (request: Promise<supertest.Response>, status: number) => {
      const res = await request;
      expect(res.status).toBe(status);
      return res.body.error.type as string;
    };
    const as = (user: { auth: string }) => ({ get: (url: string) => h.api.get(url).set("Authorization", user.auth) });
    const kinds = {
      invalid: await typeOf(h.api.post(`/v1/orgs/${id}/spaces`).set("Authorization", admin.auth).send({ title: 5 }), 400),
      unauthenticated: await typeOf(h.api.get("/v1/user"), 401),
      forbidden: await typeOf(h.api.patch(`/v1/spaces/${space.id}`).set("Authorization", reader.auth).send({ title: "No" }), 403),
      notFound: await typeOf(as(admin).get("/v1/spaces/01unknown00000000000000000"), 404),
      method: await typeOf(h.api.put("/v1/user").set("Authorization", admin.auth), 405),
      conflict: await typeOf(h.api.patch(`/v1/orgs/${id}/members/${admin.id}`).set("Authorization", admin.auth).send({ role: "read" }), 409),
      tooLarge: await typeOf(
        h.api
          .post("/v1/orgs")
          .set("Authorization", admin.auth)
          .send({ title: "x".repeat(h.config.bodyLimitBytes + 10) }),
        413,
      ),
      mediaType: await typeOf(h.api.post("/v1/orgs").set("Authorization", admin.auth).set("Content-Type", "text/plain").send("Acme"), 415),
    };
    expect(kinds).toEqual({
      invalid: "invalid_request",
      unauthenticated: "unauthenticated",
      forbidden: "forbidden",
      notFound: "not_found",
      method: "method_not_allowed",
      conflict: "conflict",
      tooLarge: "payload_too_large",
      mediaType: "unsupported_media_type",
    });
  });

  it("carries the request ID in the body and the X-Request-Id header", async () => {
    const res = await h.api.get("/v1/user").set("X-Request-Id", "trace-123").expect(401);
    expect(res.headers["x-request-id"]).toBe("trace-123");
    expect(res.body.error.requestId).toBe("trace-123");
  });
});

describe("limits and headers", () => {
  it("rate limits per token with RateLimit headers, then 429 with Retry-After", async () => {
    const limited = await createHarness({ rateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const { admin } = await limited.organization();
      const other = await limited.user();
      // A token's first request counts against its address (it has not authenticated yet), the next ones against the token.
      for (const user of [admin, other]) await limited.api.get("/v1/user").set("Authorization", user.auth).expect(200);
      const first = await limited.api.get("/v1/user").set("Authorization", admin.auth).expect(200);
      expect(first.headers["ratelimit-limit"]).toBe("3");
      expect(first.headers["ratelimit-remaining"]).toBe("2");
      // GitBook's headers: the same budget, the reset as the window's end in UTC epoch seconds.
      const windowEnd = (Math.floor(limited.clock.now().getTime() / 60_000) + 1) * 60;
      expect(first.headers).toMatchObject({ "x-ratelimit-limit": "3", "x-ratelimit-remaining": "2", "x-ratelimit-reset": String(windowEnd) });
      await limited.api.get("/v1/user").set("Authorization", admin.auth).expect(200);
      await limited.api.get("/v1/user").set("Authorization", admin.auth).expect(200);
      const refused = await limited.api.get("/v1/user").set("Authorization", admin.auth).expect(429);
      expect(refused.body.error).toMatchObject({ code: 429, type: "rate_limited" });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      // Another token has its own budget.
      const others = await limited.api.get("/v1/user").set("Authorization", other.auth).expect(200);
      expect(others.headers["ratelimit-remaining"]).toBe("2");
      // The window passes.
      limited.clock.advance(61_000);
      await limited.api.get("/v1/user").set("Authorization", admin.auth).expect(200);
    } finally {
      await limited.close();
    }
  });

  it("counts made-up tokens against their address, and refuses a flood of them with 429 before looking them up", async () => {
    const limited = await createHarness({ rateLimit: { max: 4, windowMs: 60_000 } });
    try {
      const { admin } = await limited.organization();
      // A token that has authenticated gets a budget of its own (its first request counts against the address).
      await limited.api.get("/v1/user").set("Authorization", admin.auth).expect(200);
      const madeUp = () => `Bearer dst_${randomBytes(32).toString("base64url")}`;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await limited.api.get("/v1/user").set("Authorization", madeUp())).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
      // So are requests without a token, or with a malformed header: the same address, the same budget.
      const bare = await limited.api.get("/v1/user").expect(429);
      expect(bare.body.error).toMatchObject({ code: 429, type: "rate_limited" });
      await limited.api.get("/v1/user").set("Authorization", "Bearer a b").expect(429);
      // The flood does not spend the budget of a token that works.
      const own = await limited.api.get("/v1/user").set("Authorization", admin.auth).expect(200);
      expect(own.headers["ratelimit-remaining"]).toBe("3");
      // A token revoked since goes back to its address's budget, which is spent.
      await limited.direct((prisma) => prisma.apiToken.update({ where: { id: admin.tokenId }, data: { revokedAt: new Date() } }));
      await limited.api.get("/v1/user").set("Authorization", admin.auth).expect(401);
      await limited.api.get("/v1/user").set("Authorization", admin.auth).expect(429);
      limited.clock.advance(61_000);
      await limited.api.get("/v1/user").set("Authorization", madeUp()).expect(401);
    } finally {
      await limited.close();
    }
  });

  it("sends security headers, and CORS only where configured", async () => {
    const res = await h.api.get("/healthz").set("Origin", "https://example.test");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    const open = await createHarness({ corsOrigins: "https://app.example.test" });
    try {
      const allowed = await open.api.get("/healthz").set("Origin", "https://app.example.test");
      expect(allowed.headers["access-control-allow-origin"]).toBe("https://app.example.test");
    } finally {
      await open.close();
    }
  });
});

describe("logs", () => {
  it("are scanned for secrets of digits alone (sign-in codes) as whole numbers, not inside longer ones", () => {
    const code = "20481377";
    expect(secretInLogs([`{"time":17952048137712,"msg":"request"}`], [code])).toBeUndefined();
    expect(secretInLogs([`{"msg":"code ${code} sent"}`], [code])).toContain("<the secret>");
    expect(secretInLogs([`{"url":"/verify?code=${code}"}`], [code])).toBeDefined();
    expect(secretInLogs([`{"token":"dst_a${code}b"}`], [`a${code}b`])).toBeDefined();
  });

  it("are one JSON line per request, with a fixed set of fields, and no secret the server made", async () => {
    const { id, admin } = await h.organization();
    const as = (request: supertest.Test) => request.set("Authorization", admin.auth);
    // A file (signed download URL), a share-link site (share key), all used in URLs.
    const space = (
      await as(h.api.post(`/v1/orgs/${id}/spaces`))
        .send({ title: "Logged" })
        .expect(201)
    ).body;
    const cr = (
      await as(h.api.post(`/v1/spaces/${space.id}/change-requests`))
        .send({ subject: "File" })
        .expect(201)
    ).body;
    const files = [{ name: "notes.txt", contentType: "text/plain", data: Buffer.from("secret notes").toString("base64") }];
    await as(h.api.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`))
      .send({ changes: [{ operation: "insert_files", files }] })
      .expect(200);
    await as(h.api.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/merge`)).expect(200);
    const file = (await as(h.api.get(`/v1/spaces/${space.id}/content/files`)).expect(200)).body.items[0];
    const download = new URL(file.downloadURL).pathname;
    const token = download.split("/").pop() as string;
    await h.api.get(download).set("X-Request-Id", "log-download").expect(200);
    // Routing ignores case, and a secret followed by more segments is a secret still.
    await h.api
      .get(`${download.toUpperCase().replace(token.toUpperCase(), token)}/more?x=1`)
      .set("X-Request-Id", "log-case")
      .expect(401);
    const site = (
      await as(h.api.post(`/v1/orgs/${id}/sites`))
        .send({ title: "Beta", visibility: "share-link", spaces: [space.id] })
        .expect(201)
    ).body;
    const link = (
      await as(h.api.post(`/v1/orgs/${id}/sites/${site.id}/share-links`))
        .send({ name: "Beta" })
        .expect(201)
    ).body;
    const shareKey = /[?&]shareKey=([^&#]+)/.exec(link.urls.published)?.[1] as string;
    await as(h.api.get(`/v1/orgs/${id}/sites/${site.id}/site-spaces?limit=5&shareKey=${shareKey}`))
      .set("X-Request-Id", "log-share-key")
      .expect(200);
    await as(h.api.get(`/v1/orgs/${id}/sites/${site.id}/site-spaces?share%4Bey=${shareKey}`))
      .set("X-Request-Id", "log-encoded")
      .expect(200);
    await as(h.api.get("/v1/user")).set("X-Request-Id", "log-user").set("Cookie", "session=cookie-value").expect(200);

    for (const secret of [admin.token, token, shareKey]) expect(h.secrets.has(secret)).toBe(true);
    const lines = h.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    const byId = (reqId: string) => lines.find((line) => line.reqId === reqId && line.msg === "request");
    expect(byId("log-user")).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: expect.any(Number),
      hostname: expect.any(String),
      reqId: "log-user",
      method: "GET",
      route: "/v1/user",
      url: "/v1/user",
      status: 200,
      ms: expect.any(Number),
      actor: admin.id,
      msg: "request",
    });
    expect(byId("log-download")).toMatchObject({ route: "/v1/downloads/{downloadToken}", url: "/v1/downloads/[redacted]", status: 200 });
    expect(byId("log-case")).toMatchObject({ url: "/V1/DOWNLOADS/[redacted]/more?x=1", status: 401 });
    expect(byId("log-share-key")).toMatchObject({ url: `/v1/orgs/${id}/sites/${site.id}/site-spaces?limit=5&shareKey=[redacted]` });
    expect(byId("log-encoded")).toMatchObject({ url: `/v1/orgs/${id}/sites/${site.id}/site-spaces?share%4Bey=[redacted]` });
    expect(h.logs.join("\n")).not.toContain("cookie-value");
    // Checked for every test file when its harness closes; here, for these secrets on purpose.
    expect(secretInLogs(h.logs, h.secrets)).toBeUndefined();
  });
});

describe("a request's logger", () => {
  it("is there for a handler's own lines, which carry the request's ID as its line does", async () => {
    const { id, admin } = await h.organization();
    const failing = supertest(
      createApp(h.services, {
        registry: {
          ...registry,
          getOrganizationById: defineOperation("getOrganizationById", {
            handle: async ({ ctx }) => {
              ctx.log.warn("handler's own line");
              throw new Error("handler failed");
            },
          }),
        },
      }),
    );
    await failing.get(`/v1/orgs/${id}`).set("Authorization", admin.auth).set("X-Request-Id", "own-lines").expect(500);
    const lines = h.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.reqId === "own-lines");
    expect(lines.map((line) => line.msg)).toEqual(["handler's own line", "request failed", "request"]);
    expect(lines.at(-1)).toMatchObject({ status: 500, route: "/v1/orgs/{organizationId}", actor: admin.id });
  });
});

describe("resources' URLs", () => {
  it("follow each request's Host and trusted X-Forwarded-Proto, on one connection too", async () => {
    const { id, admin } = await h.organization();
    const server = http.createServer(createApp(h.services)).listen(0, "127.0.0.1");
    await once(server, "listening");
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const locationOf = (headers: Record<string, string>) =>
      new Promise<{ location: string; reused: boolean }>((resolve, reject) => {
        const request = http.get(
          { agent, port: (server.address() as AddressInfo).port, path: `/v1/orgs/${id}`, headers: { authorization: admin.auth, ...headers } },
          (res) => {
            let text = "";
            res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
            res.on("end", () => resolve({ location: JSON.parse(text).urls.location, reused: request.reusedSocket }));
          },
        );
        request.on("error", reject);
      });
    try {
      const path = `/v1/orgs/${id}`;
      expect(await locationOf({ host: "docs.example.test" })).toEqual({ location: `http://docs.example.test${path}`, reused: false });
      expect(await locationOf({ host: "docs.example.test" })).toEqual({ location: `http://docs.example.test${path}`, reused: true });
      expect(await locationOf({ host: "other.example.test" })).toEqual({ location: `http://other.example.test${path}`, reused: true });
      // The test's address is loopback, a trusted proxy: its X-Forwarded-Proto counts.
      expect(await locationOf({ host: "other.example.test", "x-forwarded-proto": "https" })).toEqual({
        location: `https://other.example.test${path}`,
        reused: true,
      });
      expect(await locationOf({ host: "other.example.test" })).toEqual({ location: `http://other.example.test${path}`, reused: true });
    } finally {
      agent.destroy();
      server.close();
    }
  });
});

describe("metrics", () => {
  it("count each request answered by method, route and status, and time it", async () => {
    const { admin } = await h.organization();
    const sample = async (line: string) => {
      const text = (await h.api.get("/metrics").expect(200)).text;
      return Number(
        text
          .split("\n")
          .find((row) => row.startsWith(`${line} `))
          ?.split(" ")[1] ?? 0,
      );
    };
    const answered = 'docstack_http_requests_total{method="GET",route="/v1/user",status="200"}';
    // Refused before an operation served it: its route is not known.
    const refused = 'docstack_http_requests_total{method="GET",route="other",status="401"}';
    const timed = 'docstack_http_request_duration_seconds_count{method="GET",route="/v1/user"}';
    const before = await Promise.all([answered, refused, timed].map(sample));
    await h.api.get("/v1/user").set("Authorization", admin.auth).expect(200);
    await h.api.get("/v1/user").set("Authorization", admin.auth).expect(200);
    await h.api.get("/v1/user").expect(401);
    const after = await Promise.all([answered, refused, timed].map(sample));
    expect(after.map((value, i) => value - before[i]!)).toEqual([2, 1, 2]);
  });
});

describe("a document given to createApp", () => {
  it("is the one requests are validated against, not only the one routes come from", async () => {
    const { admin } = await h.organization();
    const document = loadOpenapiDocument();
    const schemas = document.components.schemas as Record<string, { properties: { title: { maxLength: number } } }>;
    schemas.CreateOrganizationRequest!.properties.title.maxLength = 5;
    const strict = supertest(createApp(h.services, { document }));
    const res = await strict.post("/v1/orgs").set("Authorization", admin.auth).send({ title: "Longer than five" }).expect(400);
    expect(res.body.error.message).toMatch(/request\/body\/title must NOT have more than 5 characters/);
    await h.api.post("/v1/orgs").set("Authorization", admin.auth).send({ title: "Longer than five" }).expect(201);
  });
});

describe("database errors a concurrent request causes", () => {
  it("answer 404 for a row deleted first and 409 for a value taken first, never 500", async () => {
    const { id, admin } = await h.organization();
    const { prisma } = h.services;
    // Handlers meeting what a concurrent request did: the real errors the database gives then.
    const racing = supertest(
      createApp(h.services, {
        registry: {
          ...registry,
          getOrganizationById: defineOperation("getOrganizationById", {
            handle: async () => {
              await prisma.team.delete({ where: { id: "01unknown00000000000000000" } });
              throw new Error("unreachable");
            },
          }),
          listTeamsInOrganization: defineOperation("listTeamsInOrganization", {
            handle: async () => {
              await prisma.organization.update({ where: { id }, data: { hostname: `taken-${id.slice(-8).toLowerCase()}` } });
              const other = await h.organization();
              await prisma.organization.update({ where: { id: other.id }, data: { hostname: `taken-${id.slice(-8).toLowerCase()}` } });
              throw new Error("unreachable");
            },
          }),
        },
      }),
    );
    const gone = await racing.get(`/v1/orgs/${id}`).set("Authorization", admin.auth).expect(404);
    expect(gone.body.error).toMatchObject({ code: 404, type: "not_found", message: "Team not found" });
    expect(gone.body.error.reason).toBe("not_found");
    const taken = await racing.get(`/v1/orgs/${id}/teams`).set("Authorization", admin.auth).expect(409);
    expect(taken.body.error).toMatchObject({ code: 409, type: "conflict", message: expect.stringContaining("already exists") });
    expect(taken.body.error.reason).toBe("already_exists");
  });
});

describe("operations not implemented yet", () => {
  it("answer 501 in the error envelope, after authentication", async () => {
    const { id, admin } = await h.organization();
    // Every operation is implemented; a registry with one pending entry shows what a newly specified one answers.
    const pending = supertest(createApp(h.services, { registry: { ...registry, listTeamsInOrganization: pendingOperation("listTeamsInOrganization") } }));
    await pending.get(`/v1/orgs/${id}/teams`).expect(401);
    const res = await pending.get(`/v1/orgs/${id}/teams`).set("Authorization", admin.auth).expect(501);
    expect(res.body.error).toMatchObject({ code: 501, type: "not_implemented", message: expect.stringContaining("listTeamsInOrganization") });
    expect(res.body.error.reason).toBe("not_implemented");
    await h.api.get(`/v1/orgs/${id}/teams`).set("Authorization", admin.auth).expect(200);
  });
});
