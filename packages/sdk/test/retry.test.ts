// Retries and timeouts against live servers: one rate limited hard, and the shared one
// behind a TCP proxy that drops connections or never answers, as networks do.
import net from "node:net";
import { ConnectionError, createClient, DocstackError, RateLimitError, TimeoutError, unwrap } from "../src/index";
import { type LiveServer, START_TIMEOUT_MS, startLiveServer, stopLiveServer } from "./live-server";

/** Wraps fetch, recording the status of every attempt (0: no answer). */
function recordingFetch() {
  const attempts: number[] = [];
  const fetch = async (request: Request) => {
    try {
      const response = await globalThis.fetch(request);
      attempts.push(response.status);
      return response;
    } catch (error) {
      attempts.push(0);
      throw error;
    }
  };
  return { attempts, fetch };
}

/**
 * A TCP proxy to the live server. `drop` connections are closed as soon as their request
 * arrives (no answer at all); `lose` connections reach the server, but are closed when its
 * answer comes (the work is done, the client never hears of it); with `hang`, connections
 * are held open and never answered.
 */
async function proxy(target: string, behaviour: { drop?: number; lose?: number; hang?: boolean }) {
  const { hostname, port } = new URL(target);
  let drop = behaviour.drop ?? 0;
  let lose = behaviour.lose ?? 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.once("data", (first) => {
      if (behaviour.hang) return;
      if (drop > 0) {
        drop--;
        client.destroy();
        return;
      }
      const losing = lose > 0;
      if (losing) lose--;
      const upstream = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname, () => {
        upstream.write(first);
        if (losing) {
          client.pipe(upstream);
          upstream.once("data", () => client.destroy());
        } else client.pipe(upstream).pipe(client);
      });
      sockets.add(upstream);
      upstream.on("error", () => client.destroy());
    });
    client.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const url = () => process.env.DOCSTACK_URL as string;
const token = () => process.env.DOCSTACK_TOKEN as string;
const fast = { baseDelayMs: 20, maxDelayMs: 100 };

describe("on 429", () => {
  let limited: LiveServer;
  beforeAll(async () => {
    // Four requests a token per five-second window. The tests send their requests at once, so how fast a busy machine
    // answers them does not matter: a burst may straddle two windows, never three.
    limited = await startLiveServer({ DOCSTACK_RATE_LIMIT: "4", DOCSTACK_RATE_LIMIT_WINDOW_MS: "5000" });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    if (limited) await stopLiveServer(limited);
  });

  it("retries an idempotent request after Retry-After, until it succeeds", async () => {
    const { attempts, fetch } = recordingFetch();
    const docstack = createClient({ baseUrl: limited.url, token: limited.token, fetch, retry: { retries: 3 } });
    // One request first: once its token has authenticated, the burst is counted against the token alone (before,
    // against the address), so no more than 2 windows × 4 of its 12 pass at once.
    expect((await unwrap(docstack.GET("/v1/user"))).object).toBe("user");
    attempts.length = 0;
    const users = await Promise.all(Array.from({ length: 12 }, () => unwrap(docstack.GET("/v1/user"))));
    expect(users.map((user) => user.object)).toEqual(Array(12).fill("user"));
    expect(attempts.filter((status) => status === 429).length).toBeGreaterThanOrEqual(4);
    expect(attempts.filter((status) => status === 200)).toHaveLength(12);
  });

  it("without idempotency keys, does not retry a POST, and throws a RateLimitError saying when to retry", async () => {
    const { attempts, fetch } = recordingFetch();
    const docstack = createClient({ baseUrl: limited.url, token: limited.token, fetch, retry: { retries: 3, idempotencyKeys: false } });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => unwrap(docstack.POST("/v1/orgs", { body: { title: "Rate limited" } }))));
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason as unknown] : []));
    expect(refused.length).toBeGreaterThanOrEqual(2);
    for (const error of refused) {
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ status: 429, type: "rate_limited" });
      expect((error as RateLimitError).retryAfterSeconds).toBeGreaterThan(0);
    }
    // One attempt each: a refused POST is not sent again.
    expect(attempts).toHaveLength(10);
    expect(attempts.filter((status) => status === 429)).toHaveLength(refused.length);
  });
});

describe("on a dropped connection", () => {
  it("retries an idempotent request on a new connection", async () => {
    const dropping = await proxy(url(), { drop: 2 });
    try {
      const { attempts, fetch } = recordingFetch();
      const docstack = createClient({ baseUrl: dropping.url, token: token(), fetch, retry: fast });
      expect((await unwrap(docstack.GET("/v1/user"))).object).toBe("user");
      expect(attempts).toEqual([0, 0, 200]);
    } finally {
      await dropping.close();
    }
  });

  it("gives up with a ConnectionError once the retries are spent, and never retries a POST without an idempotency key", async () => {
    const dropping = await proxy(url(), { drop: 10 });
    try {
      const { attempts, fetch } = recordingFetch();
      const docstack = createClient({ baseUrl: dropping.url, token: token(), fetch, retry: { ...fast, retries: 1, idempotencyKeys: false } });
      await expect(docstack.GET("/v1/user")).rejects.toBeInstanceOf(ConnectionError);
      expect(attempts).toEqual([0, 0]);
      await expect(docstack.POST("/v1/orgs", { body: { title: "Dropped" } })).rejects.toBeInstanceOf(ConnectionError);
      expect(attempts).toEqual([0, 0, 0]);
    } finally {
      await dropping.close();
    }
  });
});

describe("a POST", () => {
  it("is retried with the same Idempotency-Key when its answer is lost, and done once", async () => {
    const losing = await proxy(url(), { lose: 1 });
    try {
      const { attempts, fetch } = recordingFetch();
      const keys: (string | null)[] = [];
      const docstack = createClient({
        baseUrl: losing.url,
        token: token(),
        retry: fast,
        fetch: (request) => {
          keys.push(request.headers.get("Idempotency-Key"));
          return fetch(request);
        },
      });
      const title = `Lost answer ${Date.now()}`;
      const created = await unwrap(docstack.POST("/v1/orgs", { body: { title } }));
      expect(attempts).toEqual([0, 201]);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(keys[1]).toBe(keys[0]);
      const direct = createClient({ baseUrl: url(), token: token() });
      const orgs = await unwrap(direct.GET("/v1/orgs"));
      expect(orgs.items.filter((org) => org.title === title).map((org) => org.id)).toEqual([created.id]);
    } finally {
      await losing.close();
    }
  });

  it("keeps an Idempotency-Key of its own", async () => {
    const docstack = createClient({ baseUrl: url(), token: token() });
    const key = `own-${process.pid}-${Date.now()}`;
    const post = () => docstack.POST("/v1/orgs", { body: { title: "Keyed" }, headers: { "Idempotency-Key": key } });
    const first = await post();
    const again = await post();
    expect(first.response.status).toBe(201);
    expect(again.response.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.data?.id).toBe(first.data?.id);
  });
});

describe("a request that gets no answer", () => {
  /** What the README's `catch` does with an error: a DocstackError is handled, anything else is thrown again. */
  const caught = async (request: Promise<unknown>) => {
    try {
      await request;
    } catch (e) {
      if (e instanceof DocstackError) return e;
      throw e;
    }
    throw new Error("the request succeeded");
  };

  it("throws a DocstackError, dropped (ConnectionError) or timed out (TimeoutError), with status 0 and the network error as cause", async () => {
    const dropping = await proxy(url(), { drop: 1 });
    const hanging = await proxy(url(), { hang: true });
    try {
      const dropped = await caught(unwrap(createClient({ baseUrl: dropping.url, token: token(), retry: false }).GET("/v1/user")));
      expect(dropped).toBeInstanceOf(ConnectionError);
      expect(dropped).toMatchObject({ name: "ConnectionError", status: 0, type: undefined, reason: undefined });
      expect(dropped.cause).toHaveProperty("message", "fetch failed");
      const timedOut = await caught(createClient({ baseUrl: hanging.url, token: token(), timeoutMs: 200, retry: false }).GET("/v1/user"));
      expect(timedOut).toBeInstanceOf(TimeoutError);
      expect(timedOut).toMatchObject({ name: "TimeoutError", status: 0 });
    } finally {
      await dropping.close();
      await hanging.close();
    }
  });
});

describe("the timeout", () => {
  it("ends an attempt that gets no answer with a TimeoutError", async () => {
    const hanging = await proxy(url(), { hang: true });
    try {
      const docstack = createClient({ baseUrl: hanging.url, token: token(), timeoutMs: 300, retry: false });
      const started = Date.now();
      await expect(docstack.GET("/v1/user")).rejects.toBeInstanceOf(TimeoutError);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await hanging.close();
    }
  });
});
