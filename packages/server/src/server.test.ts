// The HTTP server keeps idle connections open longer than clients and load balancers do.
import type { AddressInfo } from "node:net";
import net from "node:net";
import { createHttpServer } from "./server";

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
