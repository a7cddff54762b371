// Serving: the HTTP server plus the periodic purge of deleted spaces.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createApp } from "./app";
import { resumeSpecProcessing } from "./areas/openapi-specs/processing";
import { purgeDeletedSpaces } from "./areas/spaces/retention";
import type { Config } from "./config";
import type { Database } from "./db/database";
import type { Services } from "./http/context";
import { openServices } from "./services";

const MAINTAIN_EVERY_MS = 60 * 60 * 1000;

/**
 * How long an idle keep-alive connection stays open (Node's default is 5 s). Above the idle
 * timeout of load balancers and proxies (60 s for most), so the server never closes a connection
 * at the moment one of them, or a client whose timers ran late, sends the next request on it
 * (which fails as "other side closed").
 */
const KEEP_ALIVE_MS = 65_000;

/** The HTTP server of an app, with the keep-alive and header timeouts production needs. */
export function createHttpServer(app: http.RequestListener): http.Server {
  const server = http.createServer(app);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Longer than keepAliveTimeout: a request arriving on an idle connection must not be cut off by the headers' timer.
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  return server;
}

export interface RunningServer {
  url: string;
  services: Services;
  database: Database;
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const { database, services } = await openServices(config);
  resumeSpecProcessing(services).catch((error: unknown) => services.logger.error({ err: error }, "could not resume processing OpenAPI specifications"));
  const app = createApp(services);
  const server = createHttpServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, resolve);
  });
  const maintain = async () => {
    try {
      const purged = await purgeDeletedSpaces(services.prisma, services.clock.now());
      if (purged) services.logger.info({ purged }, "purged spaces deleted more than 7 days ago");
      // PGlite runs no background workers, so no autovacuum: vacuum here, or dead rows
      // would pile up and the planner's statistics go stale.
      if (database.kind === "embedded") await services.prisma.$executeRawUnsafe("VACUUM (ANALYZE)");
    } catch (error) {
      services.logger.error({ err: error }, "maintenance (purge, vacuum) failed");
    }
  };
  void maintain();
  const timer = setInterval(maintain, MAINTAIN_EVERY_MS);
  timer.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    services,
    database,
    async close() {
      clearInterval(timer);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}
