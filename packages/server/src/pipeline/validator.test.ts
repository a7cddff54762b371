// The contract's validation as the app runs it, on a bare app: each route's schemas are compiled with only
// the components they reach (patches/express-openapi-validator@5.6.2.patch, reachable.js), so a value
// several references deep must still be checked, for requests and responses alike.
import { loadOpenapiDocument } from "@docstack/contract";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import supertest from "supertest";
import { contractValidator } from "./validator";

function appAnswering(body: unknown, document = loadOpenapiDocument(), validateApiSpec = false) {
  return appValidating(contractValidator(document, { validateResponses: true, validateApiSpec }), body);
}

/** A bare app: JSON bodies, the validation given, a handler answering `body`, errors as `{message}` with their status. */
function appValidating(validation: RequestHandler, body: unknown) {
  const app = express();
  app.use(express.json());
  app.use(validation);
  app.use((_req, res) => {
    res.status(200).json(body);
  });
  const errors: ErrorRequestHandler = (error: { status?: number; message: string }, _req, res, _next) => {
    res.status(error.status ?? 500).json({ message: error.message });
  };
  app.use(errors);
  return supertest(app);
}

const move = (api: ReturnType<typeof appAnswering>, collection: string) =>
  api
    .post("/v1/collections/c1/move")
    .set("Authorization", "Bearer t")
    .send({ position: { before: { type: "collection", collection } } });

describe("the contract's validation", () => {
  it("checks a request's value three references deep (MoveRequest, Position, PositionReference, Id)", async () => {
    const api = appAnswering({});
    const tooLong = await move(api, "x".repeat(65)).expect(400);
    expect(tooLong.body.message).toMatch(/position\/before/);
    await move(api, "").expect(400);
    // Valid: the request reaches the handler, whose empty answer is not a Collection.
    const answered = await move(api, "c2").expect(500);
    expect(answered.body.message).toMatch(/response/);
  });

  it("checks a response's value through its references", async () => {
    const api = appAnswering({ items: [{ object: "not-a-collection" }], next: null, count: 1 });
    const res = await api.get("/v1/orgs/o1/collections").set("Authorization", "Bearer t").expect(500);
    expect(res.body.message).toMatch(/response\/items\/0/);
  });

  it("lets the event loop turn while it prepares, for the first request only", async () => {
    // Whether the loop turned between a request's arrival and its handler: the preparation (about 280 ms of work)
    // turns it between its steps, so other requests are answered meanwhile; once prepared, a request goes through
    // without waiting for a turn.
    const app = express();
    app.use((_req, res, next) => {
      res.locals.turned = false;
      setImmediate(() => {
        res.locals.turned = true;
      });
      next();
    });
    app.use(contractValidator(loadOpenapiDocument(), { validateResponses: false }));
    app.use((_req, res) => {
      res.status(200).json({ turned: res.locals.turned });
    });
    const api = supertest(app);
    const first = await api.get("/v1/orgs/o1/collections").set("Authorization", "Bearer t").expect(200);
    expect(first.body).toEqual({ turned: true });
    const next = await api.get("/v1/orgs/o1/collections").set("Authorization", "Bearer t").expect(200);
    expect(next.body).toEqual({ turned: false });
  });

  it("is prepared before any request when asked (a started server asks), and the first request uses that preparation", async () => {
    const OpenApiValidator = require("express-openapi-validator") as typeof import("express-openapi-validator");
    const made = jest.spyOn(OpenApiValidator, "middleware");
    try {
      const validation = contractValidator(loadOpenapiDocument(), { validateResponses: false });
      expect(made).not.toHaveBeenCalled();
      await validation.prepare();
      expect(made).toHaveBeenCalledTimes(1);
      const refused = await move(appValidating(validation, {}), "x".repeat(65)).expect(400);
      expect(refused.body.message).toMatch(/position\/before/);
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });

  it("matches each path to its route among those of the same start and number of segments", async () => {
    // The patched lookup tests only the routes a path could match (its first two segments, how many it has); what it
    // finds must be what every route tested in order finds: the right route and parameters, whatever the case, a
    // trailing slash allowed, an encoded slash kept in its segment, and nothing for a path no route has.
    const app = express();
    app.use(contractValidator(loadOpenapiDocument(), { validateResponses: false }));
    app.use((req, res) => {
      const { openApiRoute, pathParams } = (req as unknown as { openapi: { openApiRoute: string; pathParams: Record<string, string> } }).openapi;
      res.json({ route: openApiRoute, params: pathParams });
    });
    app.use(((error: { status?: number }, _req, res, _next) => {
      res.status(error.status ?? 500).json({});
    }) as ErrorRequestHandler);
    const api = supertest(app);
    const routeOf = async (path: string) => (await api.get(path).set("Authorization", "Bearer t").expect(200)).body;
    await expect(routeOf("/v1/spaces/s1")).resolves.toEqual({ route: "/v1/spaces/{spaceId}", params: { spaceId: "s1" } });
    await expect(routeOf("/v1/spaces/s1/")).resolves.toEqual({ route: "/v1/spaces/{spaceId}", params: { spaceId: "s1" } });
    await expect(routeOf("/v1/SPACES/s1")).resolves.toEqual({ route: "/v1/spaces/{spaceId}", params: { spaceId: "s1" } });
    await expect(routeOf("/v1/spaces/s1/comments")).resolves.toMatchObject({ route: "/v1/spaces/{spaceId}/comments" });
    await expect(routeOf("/v1/spaces/s1/comments/c1")).resolves.toEqual({
      route: "/v1/spaces/{spaceId}/comments/{commentId}",
      params: { spaceId: "s1", commentId: "c1" },
    });
    await expect(routeOf("/v1/spaces/s1/content/path/guides%2Fstart")).resolves.toEqual({
      route: "/v1/spaces/{spaceId}/content/path/{pagePath}",
      params: { spaceId: "s1", pagePath: "guides/start" },
    });
    await expect(routeOf("/v1/orgs/o1/spaces")).resolves.toMatchObject({ route: "/v1/orgs/{organizationId}/spaces" });
    await api.get("/v1/spaces/s1/comments/c1/nothing/here").set("Authorization", "Bearer t").expect(404);
    await api.get("/v1/nothing").set("Authorization", "Bearer t").expect(404);
  });

  it("reads each request's query by its operation's parameters, on the first request and every later one", async () => {
    // The patched mutator resolves an operation's parameters once; every request must still get its own values
    // coerced (a number, one `authors` made a list, a default filled in) and its own errors.
    const app = express();
    app.use(contractValidator(loadOpenapiDocument(), { validateResponses: false }));
    app.use((req, res) => {
      res.json(req.query);
    });
    app.use(((error: { status?: number; message: string }, _req, res, _next) => {
      res.status(error.status ?? 500).json({ message: error.message });
    }) as ErrorRequestHandler);
    const api = supertest(app);
    const comments = (query: string) => api.get(`/v1/spaces/s1/comments?${query}`).set("Authorization", "Bearer t");
    for (let round = 0; round < 2; round++) {
      // Another operation's parameters first: each operation reads its own.
      expect((await api.get("/v1/spaces/s1?shareKey=k").set("Authorization", "Bearer t").expect(200)).body).toEqual({ shareKey: "k" });
      expect((await comments("limit=5&authors=u1").expect(200)).body).toMatchObject({ limit: 5, authors: ["u1"], order: "desc" });
      expect((await comments("authors=u1&authors=u2&order=asc").expect(200)).body).toMatchObject({ authors: ["u1", "u2"], order: "asc" });
      expect((await comments("limit=many").expect(400)).body.message).toMatch(/limit/);
      expect((await comments("order=sideways").expect(400)).body.message).toMatch(/order/);
      expect((await api.get("/v1/spaces/s1/comments").set("Authorization", "Bearer t").expect(200)).body).toMatchObject({ order: "desc", status: "all" });
    }
  });

  // Apps skip this check (half a second of CPU each, every test file's too): it is made here, once.
  it("holds the contract valid by OpenAPI's own schema, which refuses a broken document", async () => {
    await move(appAnswering({}, loadOpenapiDocument(), true), "c2").expect(500);
    const broken = { ...loadOpenapiDocument(), info: { title: 42 } } as unknown as ReturnType<typeof loadOpenapiDocument>;
    jest.spyOn(console, "error").mockImplementation(() => {}); // the library prints the document's errors
    const refused = await move(appAnswering({}, broken, true), "c2").expect(500);
    expect(refused.body.message).toMatch(/apiDoc was invalid/);
  });
});
