// Opening what the server and the command line share: the database (migrated),
// the cursor secret, the logger and the clock.
import pino from "pino";
import { ActorCache } from "./auth/actor-cache";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import { ContentCache } from "./content/cache";
import { DownloadSigner } from "./content/downloads";
import { type Database, type Db, openDatabase } from "./db/database";
import type { Services } from "./http/context";
import { CursorCodec } from "./http/pagination";
import { declareSecret, newSecret } from "./secrets";
import { PublishedSites } from "./sites/published-sites";

/** The channel the database notifies when tokens, memberships or users change. */
const AUTH_CHANGES = "docstack_auth";

/** An instance-wide secret, created once and kept in the database (so cursors survive restarts). */
export async function instanceSecret(prisma: Db, key: string): Promise<string> {
  const existing = await prisma.setting.findUnique({ where: { key } });
  if (existing) return declareSecret(existing.value);
  await prisma.setting.createMany({ data: [{ key, value: newSecret(32) }], skipDuplicates: true });
  return declareSecret((await prisma.setting.findUniqueOrThrow({ where: { key } })).value);
}

export async function openServices(config: Config, options: { clock?: Clock; database?: Database } = {}): Promise<{ database: Database; services: Services }> {
  const logger = pino({ level: config.logLevel });
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  try {
    const applied = await database.migrate();
    if (applied.length) logger.info({ migrations: applied }, "applied migrations");
    const cursors = new CursorCodec(await instanceSecret(database.prisma, "cursor-secret"));
    // Who a token belongs to is cached only where changes are known before any later read: on the
    // embedded database. On PostgreSQL every request reads it (one indexed query), so a revoked
    // token or a removed member is refused at once whichever process or SQL made the change.
    const actors = new ActorCache();
    await database.listen?.(
      AUTH_CHANGES,
      () => actors.invalidate(),
      (listening) => actors.setListening(listening),
    );
    const clock = options.clock ?? systemClock;
    const downloads = new DownloadSigner(await instanceSecret(database.prisma, "download-secret"), clock);
    const contentCache = new ContentCache(config.contentCacheBytes);
    const services: Services = {
      prisma: database.prisma,
      config,
      clock,
      cursors,
      logger,
      actors,
      downloads,
      contentCache,
      sites: undefined as unknown as PublishedSites,
    };
    services.sites = new PublishedSites(services);
    return { database, services };
  } catch (error) {
    await database.close();
    throw error;
  }
}
