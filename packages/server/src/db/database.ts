// Opens the database: in-process PostgreSQL (PGlite) persisted under the data
// directory by default, or the PostgreSQL server named by DATABASE_URL. Both
// take the same migrations and run the same SQL.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient, type Prisma as PrismaNamespace } from "../generated/prisma/client";
import { acquireDirectoryLock, type DirectoryLock } from "./lock";
import { applyMigrations } from "./schema-engine";

export type Db = PrismaClient;
/** A client inside an interactive transaction. */
export type Tx = PrismaNamespace.TransactionClient;

export interface Database {
  prisma: PrismaClient;
  kind: "embedded" | "postgres";
  /** Applies the committed migrations not yet applied; returns their names. */
  migrate(): Promise<string[]>;
  /**
   * The embedded database only: receives the notifications of a channel (NOTIFY, sent on
   * commit), before the query that committed returns, so a cache dropped on them is never
   * stale. PostgreSQL delivers them to other connections later (milliseconds), so there is
   * no such guarantee there and nothing caches on them.
   */
  listen?(channel: string, onNotify: () => void, onState: (listening: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** The embedded database's directory; "memory://" keeps it in memory. */
  dataDir: string;
  /** A dump (from PGlite's dumpDataDir) to start an in-memory database from. */
  loadDataDir?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openEmbedded(options);
}

function openPostgres(url: string): Database {
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  return {
    prisma,
    kind: "postgres",
    migrate: () => applyMigrations(new PrismaPg({ connectionString: url, max: 1 })),
    close: () => prisma.$disconnect(),
  };
}

async function openEmbedded(options: OpenDatabaseOptions): Promise<Database> {
  const inMemory = options.dataDir.startsWith("memory://");
  let lock: DirectoryLock | undefined;
  if (!inMemory) {
    // PGlite's mkdir is not recursive: create the parents first.
    fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
    lock = acquireDirectoryLock(options.dataDir);
  }
  try {
    const pglite = await PGlite.create(inMemory ? {} : { dataDir: options.dataDir, ...loadOption(options) });
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
    return {
      prisma,
      kind: "embedded",
      migrate: () => applyMigrations(new PrismaPGlite(pglite)),
      async listen(channel, onNotify, onState) {
        // One process owns the embedded database, so its notifications are all there is.
        const unsubscribe = await pglite.listen(channel, () => onNotify());
        onState(true);
        return async () => {
          onState(false);
          await unsubscribe();
        };
      },
      async close() {
        await prisma.$disconnect();
        await pglite.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

function loadOption(options: OpenDatabaseOptions) {
  return options.loadDataDir ? { loadDataDir: options.loadDataDir } : {};
}
