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

describe("createHttpServer", () => {
  it("keeps an idle keep-alive connection open past Node's default 5 s, and says so in Keep-Alive", async () => {
    const server = createHttpServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
    try {
      const first = await get(socket);
      expect(first).toMatch(/^Keep-Alive: timeout=65$/im);
      await new Promise((resolve) => setTimeout(resolve, 6000));
      // The same connection, reused after 6 s of idleness, as a client or a load balancer would.
      expect(await get(socket)).toMatch(/^HTTP\/1.1 200/);
      expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    } finally {
      socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 20_000);
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
  }, 120_000);
});
