// Opens the database: in-process PostgreSQL (PGlite) persisted under the data
// directory by default, or the PostgreSQL server named by DATABASE_URL. Both
// take the same migrations and run the same SQL.
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { PrismaClient, type Prisma as PrismaNamespace } from "../generated/prisma/client";
import { embeddedStartOptions } from "./embedded-options";
import { type EmbeddedStart, pgliteClass, startEmbedded } from "./embedded-start";
import { migrateEmbedded, migrateOnce } from "./migrate";
import { listenOnPostgres } from "./notifications";
import { applyMigrations } from "./schema-engine";
import { yieldingAdapter } from "./yielding-adapter";

export type Db = PrismaClient;
/** A client inside an interactive transaction. */
export type Tx = PrismaNamespace.TransactionClient;

/**
 * Receives the notifications of some channels, on one connection so they arrive in commit order whatever
 * their channel; `onState(false)` while some may be missed (the connection dropped). Returns how to stop.
 */
export type Listen = (
  channels: string[],
  onNotify: (channel: string, payload: string) => void,
  onState: (listening: boolean) => void,
) => Promise<() => Promise<void>>;

export interface Database {
  prisma: PrismaClient;
  kind: "embedded" | "postgres";
  /** Applies the committed migrations not yet applied; returns their names. `onWait`: another instance is migrating. */
  migrate(onWait?: () => void): Promise<string[]>;
  /**
   * Receives the notifications of a channel (NOTIFY, sent on commit). The embedded database
   * delivers them before the query that committed returns; PostgreSQL delivers them to other
   * connections (and other instances) a little later, in commit order (see cluster/changes.ts).
   */
  listen: Listen;
  /** What the job queue runs on: the same PGlite instance, or the server's URL. */
  jobs: { pglite: PGlite } | { url: string };
  /** The connection pool's use (PostgreSQL), for /metrics. */
  poolUse(): { total: number; idle: number; waiting: number; max: number } | undefined;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** The embedded database's directory; "memory://" keeps it in memory. */
  dataDir: string;
  /** A dump (from PGlite's dumpDataDir) to start an in-memory database from. */
  loadDataDir?: Blob;
  /** The embedded database's buffer cache in MiB (`shared_buffers`); default `EMBEDDED_SHARED_BUFFERS_MB`. */
  sharedBuffersMb?: number;
  /**
   * An embedded database started elsewhere (embeddedStartOptions), used as it is: no directory, no dump, and
   * closing the Database leaves it open (the tests' per-worker database, test/support/embedded-pool.ts).
   */
  pglite?: PGlite;
  /** The embedded database's start, begun before (startEmbedded) on `dataDir`. */
  started?: EmbeddedStart | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openEmbedded(options);
}

/** Connections per instance: pg's default; `?connection_limit=` in the URL is Prisma's way to change it. */
const POOL_MAX = 10;

// Each kind of database loads only its own driver and adapter (PGlite only when embedded, pg only with PostgreSQL): part
// of start-up time.
const postgresAdapter = () => (require("@prisma/adapter-pg") as typeof import("@prisma/adapter-pg")).PrismaPg;
const embeddedDriver = () => ({
  PGlite: pgliteClass(),
  PrismaPGlite: (require("pglite-prisma-adapter") as typeof import("pglite-prisma-adapter")).PrismaPGlite,
});

function openPostgres(url: string): Database {
  const PrismaPg = postgresAdapter();
  const pool = new (require("pg") as typeof pg).Pool({ connectionString: url, max: POOL_MAX });
  // A pooled connection that drops (the server restarted) must not crash the process.
  pool.on("error", () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const listeners: (() => Promise<void>)[] = [];
  return {
    prisma,
    kind: "postgres",
    migrate: (onWait) => migrateOnce(url, () => applyMigrations(new PrismaPg({ connectionString: url, max: 1 })), onWait),
    async listen(channels, onNotify, onState) {
      const stop = await listenOnPostgres(url, channels, onNotify, onState);
      listeners.push(stop);
      return stop;
    },
    jobs: { url },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX }),
    async close() {
      await Promise.all(listeners.map((stop) => stop()));
      await prisma.$disconnect();
      if (!pool.ended) await pool.end();
    },
  };
}

async function openEmbedded(options: OpenDatabaseOptions): Promise<Database> {
  if (options.started && options.started.dataDir !== options.dataDir) throw new Error("the embedded database was started on another directory");
  const started = options.pglite ? undefined : (options.started ?? startEmbedded(options));
  const lock = started?.lock;
  try {
    const { PrismaPGlite } = embeddedDriver();
    const pglite = options.pglite ?? (await started!.pglite);
    const owned = options.pglite === undefined;
    // Statements let the event loop turn now and then: the database runs on this thread (yielding-adapter.ts).
    const prisma = new PrismaClient({ adapter: yieldingAdapter(new PrismaPGlite(pglite)) });
    return {
      prisma,
      kind: "embedded",
      // One process owns the embedded database: no other can migrate it meanwhile.
      migrate: () => migrateEmbedded(prisma, () => applyMigrations(new PrismaPGlite(pglite))),
      async listen(channels, onNotify, onState) {
        // One process owns the embedded database, so its notifications are all there is.
        const unsubscribe = await Promise.all(channels.map((channel) => pglite.listen(channel, (payload) => onNotify(channel, payload))));
        onState(true);
        return async () => {
          onState(false);
          await Promise.all(unsubscribe.map((stop) => stop()));
        };
      },
      jobs: { pglite },
      poolUse: () => undefined,
      async close() {
        await prisma.$disconnect();
        if (owned) await pglite.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * A migrated in-memory database, for the template fresh data directories start from (build time).
 * @public (the build step scripts/embedded-template.mjs calls it, from dist)
 */
export async function migratedInMemory(): Promise<PGlite> {
  const { PGlite, PrismaPGlite } = embeddedDriver();
  const pglite = await PGlite.create(embeddedStartOptions(PGlite.defaultStartParams));
  await applyMigrations(new PrismaPGlite(pglite));
  return pglite;
}
