// Serving: the HTTP server plus the periodic purge of deleted spaces.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createApp } from "./app";
import { purgeSignInState } from "./areas/auth/retention";
import { resumeSpecProcessing } from "./areas/openapi-specs/processing";
import { purgeDeletedSpaces } from "./areas/spaces/retention";
import type { Config } from "./config";
import type { Database } from "./db/database";
import type { Services } from "./http/context";
import { openServices } from "./services";

const MAINTAIN_EVERY_MS = 60 * 60 * 1000;

export interface RunningServer {
  url: string;
  services: Services;
  database: Database;
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const { database, services } = await openServices(config);
  if (!services.mailer.enabled) {
    services.logger.warn(
      "e-mail is off (DOCSTACK_SMTP_URL is not set): invitations add people but send nothing, and signing in by e-mail is not possible; `npm run docstack -- token create --email <e-mail>` makes tokens",
    );
  }
  resumeSpecProcessing(services).catch((error: unknown) => services.logger.error({ err: error }, "could not resume processing OpenAPI specifications"));
  const app = createApp(services);
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, resolve);
  });
  const maintain = async () => {
    try {
      const purged = await purgeDeletedSpaces(services.prisma, services.clock.now());
      if (purged) services.logger.info({ purged }, "purged spaces deleted more than 7 days ago");
      await purgeSignInState(services.prisma, services.clock.now());
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
