import express from "express";
import helmet, { type HelmetOptions } from "helmet";
import request from "supertest";
import { securityHeaders } from "./security-headers";

const OPTIONS: HelmetOptions = { contentSecurityPolicy: { directives: { "script-src": ["'self'"], "img-src": ["'self'", "data:"] } } };

function headersOf(middleware: express.RequestHandler) {
  const app = express();
  app.use(middleware);
  app.get("/", (_req, res) => {
    res.json({ ok: true });
  });
  return request(app)
    .get("/")
    .expect(200)
    .then((res) => {
      const { date: _date, etag: _etag, ...rest } = res.headers;
      return rest;
    });
}

describe("securityHeaders", () => {
  it("sends exactly the headers helmet sends with the same options, X-Powered-By removed", async () => {
    const once = await headersOf(securityHeaders(OPTIONS));
    expect(once).toEqual(await headersOf(helmet(OPTIONS)));
    expect(once["content-security-policy"]).toContain("script-src 'self'");
    expect(once["strict-transport-security"]).toBeDefined();
    expect(once["x-powered-by"]).toBeUndefined();
  });

  it("refuses CSP directives computed per request, which cannot be worked out once", () => {
    const perRequest: HelmetOptions = { contentSecurityPolicy: { directives: { "script-src": ["'self'", () => "'nonce-abc'"] } } };
    expect(() => securityHeaders(perRequest)).toThrow(/depend on the request/);
  });
});
