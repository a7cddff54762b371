// A small HTTP server on loopback, for tests of what Docstack fetches (imports, files by URL).
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface LocalServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  close: () => Promise<void>;
}

export async function localServer(handler: http.RequestListener): Promise<LocalServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // keep-alive connections would hold the close
      }),
  };
}
