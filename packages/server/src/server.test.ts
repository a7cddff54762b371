// The HTTP server keeps idle connections open longer than clients and load balancers do, and
// drains on SIGTERM: readiness fails at once, requests in flight are answered.
import type { AddressInfo } from "node:net";
import net from "node:net";
import { loadConfig } from "./config";
import { createHttpServer, startServer } from "./server";

/** Sends a GET on the socket and resolves with the response's head. */
function get(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = "";
    const onData = (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (received.includes("\r\n\r\nok")) {
        socket.off("data", onData);
        resolve(received);
      }
    };
    socket.on("data", onData);
    socket.once("close", () => reject(new Error(`the server closed the connection (received ${JSON.stringify(received)})`)));
    socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
  });
}

/** Short bounds, for tests: a request must arrive within a second. */
const SHORT = { requestTimeoutMs: 1000, headersTimeoutMs: 1000 };

describe("createHttpServer", () => {
  it("keeps an idle keep-alive connection open past Node's default 5 s and the request timeouts, and says so in Keep-Alive", async () => {
    const server = createHttpServer((_req, res) => res.end("ok"), SHORT);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
    try {
      const first = await get(socket);
      expect(first).toMatch(/^Keep-Alive: timeout=65$/im);
      await new Promise((resolve) => setTimeout(resolve, 6000));
      // The same connection, reused after 6 s of idleness (past the 1 s bounds, which apply to requests under way
      // only), as a client or a load balancer would.
      expect(await get(socket)).toMatch(/^HTTP\/1.1 200/);
    } finally {
      socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/**
 * Connects, writes `head`, then one byte of `trickle` every 200 ms until the server closes the connection; resolves
 * with what the server sent and how long the connection lasted. Sending all of `trickle` would take 40 s.
 */
function sendSlowly(port: number, head: string, trickle = "x".repeat(200)): Promise<{ received: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let received = "";
    let sent = 0;
    const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
    const timer = setInterval(() => {
      if (sent < trickle.length) socket.write(trickle[sent++]!);
      else {
        clearInterval(timer);
        socket.destroy();
        reject(new Error(`not cut: all ${trickle.length} bytes were sent (received ${JSON.stringify(received)})`));
      }
    }, 200);
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
    });
    socket.on("error", () => {}); // a write after the server closed: the close says what happened
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ received, ms: Date.now() - started });
    });
  });
}

describe("slow clients", () => {
  let server: ReturnType<typeof createHttpServer>;
  let port: number;
  beforeAll(async () => {
    // An app that reads the whole body before answering, as the API's does.
    server = createHttpServer((req, res) => {
      req.resume();
      req.on("end", () => res.end("ok"));
    }, SHORT);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("answers 408 and closes the connection of a body sent a byte at a time, well before it ends", async () => {
    const { received, ms } = await sendSlowly(port, "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 200\r\n\r\n");
    expect(received).toMatch(/^HTTP\/1.1 408/);
    expect(ms).toBeLessThan(20_000); // the bound is 1 s; sending the body would take 40 s
  });

  it("cuts headers sent a byte at a time the same way", async () => {
    const { received, ms } = await sendSlowly(port, "GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    expect(received).toMatch(/^HTTP\/1.1 408/);
    expect(ms).toBeLessThan(20_000);
  });
});

/** Writes `raw` on the socket and resolves with the whole response (head and Content-Length body). */
function exchange(socket: net.Socket, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = "";
    const onData = (chunk: Buffer) => {
      received += chunk.toString("latin1");
      const end = received.indexOf("\r\n\r\n");
      const length = Number(/^content-length: *(\d+)$/im.exec(received)?.[1] ?? Number.NaN);
      if (end >= 0 && received.length - end - 4 >= length) {
        socket.off("data", onData);
        resolve(received);
      }
    };
    socket.on("data", onData);
    socket.once("close", () => reject(new Error(`the server closed the connection (received ${JSON.stringify(received)})`)));
    socket.write(raw);
  });
}

describe("startServer's close (SIGTERM)", () => {
  it("fails readiness at once, refuses new connections, and answers the request in flight before closing", async () => {
    const server = await startServer({ ...loadConfig({ NODE_ENV: "test" }), port: 0, dataDir: "memory://", logLevel: "silent" }, { http: true, work: true });
    const port = Number(new URL(server.url as string).port);
    const connect = () =>
      new Promise<net.Socket>((resolve, reject) =>
        net
          .connect(port, "127.0.0.1")
          .once("connect", function (this: net.Socket) {
            resolve(this);
          })
          .once("error", reject),
      );
    const inFlight = await connect();
    const prober = await connect();
    try {
      expect(await exchange(prober, "GET /readyz HTTP/1.1\r\nHost: localhost\r\n\r\n")).toMatch(/^HTTP\/1.1 200/);
      // A request whose body is still on its way when the server is told to stop.
      const body = JSON.stringify({ title: "Acme" });
      const answer = exchange(
        inFlight,
        `POST /v1/orgs HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      const closed = server.close(10_000);
      expect(await exchange(prober, "GET /readyz HTTP/1.1\r\nHost: localhost\r\n\r\n")).toMatch(/^HTTP\/1.1 503[\s\S]*"draining"/);
      await expect(connect()).rejects.toMatchObject({ code: "ECONNREFUSED" });
      inFlight.write(body.slice(5));
      expect(await answer).toMatch(/^HTTP\/1.1 401/);
      await closed;
    } finally {
      inFlight.destroy();
      prober.destroy();
    }
  });
});
