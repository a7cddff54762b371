// Middlewares in sequence, as one of Express's layers: in order, and ended by the first error however it comes.
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import supertest from "supertest";
import { inSequence, isUnderPath, underPath } from "./sequence";

/** An app whose one layer is the sequence, answering what ran (and the error's message, if one ended it). */
function appOf(...middlewares: RequestHandler[]) {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.ran = [];
    next();
  });
  app.use(inSequence(...middlewares));
  app.use((_req, res) => {
    res.json({ ran: res.locals.ran });
  });
  app.use(((error: Error, _req, res, _next) => {
    res.status(500).json({ ran: res.locals.ran, error: error.message });
  }) as ErrorRequestHandler);
  return supertest(app);
}

const step =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    res.locals.ran.push(name);
    next();
  };

describe("middlewares in sequence", () => {
  it("runs each in order, then what follows", async () => {
    const later: RequestHandler = (_req, res, next) => {
      setImmediate(() => {
        res.locals.ran.push("later");
        next();
      });
    };
    const res = await appOf(step("a"), later, step("b")).get("/").expect(200);
    expect(res.body).toEqual({ ran: ["a", "later", "b"] });
  });

  it("stops at the first that answers", async () => {
    const answers: RequestHandler = (_req, res) => {
      res.status(201).json({ answered: true });
    };
    const res = await appOf(step("a"), answers, step("b")).get("/").expect(201);
    expect(res.body).toEqual({ answered: true });
  });

  it("ends with an error passed, thrown or rejected, running nothing after it", async () => {
    const passes: RequestHandler = (_req, _res, next) => next(new Error("passed"));
    const throws: RequestHandler = () => {
      throw new Error("thrown");
    };
    const rejects: RequestHandler = async () => {
      await Promise.resolve();
      throw new Error("rejected");
    };
    for (const [failing, message] of [
      [passes, "passed"],
      [throws, "thrown"],
      [rejects, "rejected"],
    ] as const) {
      const res = await appOf(step("a"), failing, step("b")).get("/").expect(500);
      expect(res.body).toEqual({ ran: ["a"], error: message });
    }
  });
});

describe("a handler under a path", () => {
  it("runs for the requests Express's mount of the same path takes, in any case, the URL left as it is", async () => {
    const paths = ["/v1", "/v1/", "/v1/spaces/s1", "/V1/spaces", "/v1?x=1", "/v1x", "/v10/spaces", "/app/v1", "/", "/v"];
    const mounted = express();
    mounted.use("/v1", (_req, res) => {
      res.json({ under: true });
    });
    mounted.use((_req, res) => {
      res.json({ under: false });
    });
    const ours = express();
    ours.use(
      underPath(isUnderPath("/v1"), (req, res) => {
        res.json({ under: true, url: req.url });
      }),
    );
    ours.use((_req, res) => {
      res.json({ under: false });
    });
    for (const path of paths) {
      const expected = (await supertest(mounted).get(path).expect(200)).body.under;
      const res = await supertest(ours).get(path).expect(200);
      expect([path, res.body.under]).toEqual([path, expected]);
      if (expected) expect(res.body.url).toBe(path);
    }
  });
});
