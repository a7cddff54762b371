// A small HTTP server on loopback, for tests of what Docstack fetches (imports, files by URL).
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface LocalServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  port: number;
  /** How many connections it has accepted. */
  connections: () => number;
  close: () => Promise<void>;
}

export async function localServer(handler: http.RequestListener): Promise<LocalServer> {
  const server = http.createServer(handler);
  let connections = 0;
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // keep-alive connections would hold the close
      }),
  };
}

/** URLs of a port on 127.0.0.1, each spelt another way: each reaches the server there unless it is refused. */
export const loopbackSpellings = (port: number) => [
  `http://127.0.0.1:${port}/`,
  `http://127.1:${port}/`,
  `http://2130706433:${port}/`,
  `http://0x7f.1:${port}/`,
  `http://[::ffff:127.0.0.1]:${port}/`,
  `http://[::ffff:7f00:1]:${port}/`,
  `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/`,
  `http://localhost:${port}/`,
];
