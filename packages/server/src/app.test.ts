// What every request goes through: health, the contract, docs, errors, limits, logs.
import supertest from "supertest";
import { createApp } from "./app";
import { pendingOperation } from "./http/operation";
import { registry } from "./operations";
import { createHarness, useHarness } from "./testing/harness";
import { captureLogs } from "./testing/logs";

const h = useHarness();

describe("outside /v1", () => {
  it("answers health and readiness", async () => {
    expect((await h.api.get("/healthz").expect(200)).body).toEqual({ status: "ok" });
    expect((await h.api.get("/readyz").expect(200)).body).toEqual({ status: "ready" });
  });

  it("serves the bundled contract and an interactive reference from installed files", async () => {
    const contract = await h.api.get("/openapi.json").expect(200);
    expect(contract.body.openapi).toBe("3.1.0");
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

describe("errors", () => {
  it("answers 404 for an unknown path and 405 for a wrong method, in the envelope", async () => {
    const { admin } = await h.organization();
    const unknown = await h.api.get("/v1/nothing-here").set("Authorization", admin.auth).expect(404);
    expect(unknown.body.error.code).toBe(404);
    const wrong = await h.api.put("/v1/user").set("Authorization", admin.auth).expect(405);
    expect(wrong.body.error).toMatchObject({ code: 405 });
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

  it("names the field and the rule of a validation error", async () => {
    const { id, admin } = await h.organization();
    const res = await h.api.post(`/v1/orgs/${id}/collections`).set("Authorization", admin.auth).send({ title: 5 }).expect(400);
    expect(res.body.error.message).toMatch(/request\/body\/title must be string/);
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
      const first = await limited.api.get("/v1/user").set("Authorization", admin.auth).expect(200);
      expect(first.headers["ratelimit-limit"]).toBe("3");
      expect(first.headers["ratelimit-remaining"]).toBe("2");
      await limited.api.get("/v1/user").set("Authorization", admin.auth).expect(200);
      await limited.api.get("/v1/user").set("Authorization", admin.auth).expect(200);
      const refused = await limited.api.get("/v1/user").set("Authorization", admin.auth).expect(429);
      expect(refused.body.error.code).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      // Another token has its own budget.
      const other = await limited.user();
      await limited.api.get("/v1/user").set("Authorization", other.auth).expect(200);
      // The window passes.
      limited.clock.advance(61_000);
      await limited.api.get("/v1/user").set("Authorization", admin.auth).expect(200);
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
  it("are JSON lines with the request ID, and never contain a token", async () => {
    const { lines, logger } = captureLogs("info");
    const logged = await createHarness();
    logged.services.logger = logger;
    try {
      const { admin } = await logged.organization();
      await supertest(createApp(logged.services)).get("/v1/user").set("Authorization", admin.auth).set("X-Request-Id", "log-check-1").expect(200);
      const entries = lines.map((line) => JSON.parse(line) as { req?: { id?: string } });
      expect(entries.some((entry) => entry.req?.id === "log-check-1")).toBe(true);
      expect(lines.join("\n")).not.toContain(admin.token);
    } finally {
      await logged.close();
    }
  });
});

describe("operations not implemented yet", () => {
  it("answer 501 in the error envelope, after authentication", async () => {
    const { id, admin } = await h.organization();
    // Every operation is implemented; a registry with one pending entry shows what a newly specified one answers.
    const pending = supertest(createApp(h.services, { registry: { ...registry, listTeamsInOrganization: pendingOperation("listTeamsInOrganization") } }));
    await pending.get(`/v1/orgs/${id}/teams`).expect(401);
    const res = await pending.get(`/v1/orgs/${id}/teams`).set("Authorization", admin.auth).expect(501);
    expect(res.body.error).toMatchObject({ code: 501, message: expect.stringContaining("listTeamsInOrganization") });
    await h.api.get(`/v1/orgs/${id}/teams`).set("Authorization", admin.auth).expect(200);
  });
});
