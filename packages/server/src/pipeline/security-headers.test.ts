import express from "express";
import helmet, { type HelmetOptions } from "helmet";
import request from "supertest";
import { API_SECURITY_HEADERS, type SecurityHeaders, securityHeaders } from "./security-headers";

const OPTIONS: HelmetOptions = { contentSecurityPolicy: { directives: { "script-src": ["'self'"], "img-src": ["'self'", "data:"] } } };
const ours = () => securityHeaders({ pages: OPTIONS, api: API_SECURITY_HEADERS, isApi: (req) => req.url.startsWith("/v1/") });

/** The headers of a GET of `path` through `middleware`, which `answer` ends (JSON by default). */
function headersOf(middleware: express.RequestHandler, path = "/", answer?: (res: express.Response) => void) {
  const app = express();
  app.use(middleware);
  app.get(/.*/, (_req, res) => {
    if (answer) answer(res);
    else res.json({ ok: true });
  });
  return request(app)
    .get(path)
    .expect(200)
    .then((res) => {
      const { date: _date, etag: _etag, ...rest } = res.headers;
      return rest;
    });
}

describe("securityHeaders", () => {
  it("sends a page exactly the headers helmet sends with the same options, X-Powered-By removed", async () => {
    const once = await headersOf(ours().middleware);
    expect(once).toEqual(await headersOf(helmet(OPTIONS)));
    expect(once["content-security-policy"]).toContain("script-src 'self'");
    expect(once["strict-transport-security"]).toBeDefined();
    expect(once["x-powered-by"]).toBeUndefined();
  });

  it("sends the API's answers six headers, which let nothing run, load or frame them", async () => {
    const api = await headersOf(ours().middleware, "/v1/spaces/x");
    expect(api).toEqual(await headersOf(helmet(API_SECURITY_HEADERS), "/v1/spaces/x"));
    const { "content-type": _type, "content-length": _length, connection: _connection, "keep-alive": _keepAlive, ...security } = api;
    expect(security).toEqual({
      "content-security-policy": "default-src 'none';frame-ancestors 'none'",
      "cross-origin-resource-policy": "same-origin",
      "referrer-policy": "no-referrer",
      "strict-transport-security": "max-age=31536000; includeSubDomains",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    });
  });

  it("gives a page answered at an API path (a site at its own host) a page's headers, none of the API's own", async () => {
    const headers: SecurityHeaders = ours();
    const page = await headersOf(headers.middleware, "/v1/guide", (res) => {
      headers.page(res);
      res.type("html").send("<p>A page</p>");
    });
    const expected = await headersOf(helmet(OPTIONS), "/v1/guide", (res) => res.type("html").send("<p>A page</p>"));
    expect(page).toEqual(expected);
    expect(page["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("refuses CSP directives computed per request, which cannot be worked out once", () => {
    const perRequest: HelmetOptions = { contentSecurityPolicy: { directives: { "script-src": ["'self'", () => "'nonce-abc'"] } } };
    expect(() => securityHeaders({ pages: perRequest, api: API_SECURITY_HEADERS, isApi: () => false })).toThrow(/depend on the request/);
  });
});
