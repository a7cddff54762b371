// The schema engine closes what it opened: on PostgreSQL a migration's pool left an idle session on the database for
// pg's idle timeout (10 s), and PostgreSQL refuses to copy a database that has a session (`CREATE DATABASE … TEMPLATE`,
// how each test file gets its database: the first copies waited 9 s). On PostgreSQL only (DATABASE_URL): PGlite's
// adapter holds no connection of its own, and loading the engine cost the embedded pass 3.5 s of CPU for nothing.
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { databaseUrl, testDatabaseUrl } from "../../test/support/postgres";
import { applyMigrations } from "./schema-engine";

/** The factory, counting the adapters it connects and those disposed of. */
function counting(factory: SqlMigrationAwareDriverAdapterFactory) {
  const counts = { connected: 0, disposed: 0 };
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    counts.connected++;
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      counts.disposed++;
      await dispose();
    };
    return adapter;
  };
  return counts;
}

/** The sessions connected to the database (from another one, the server's `postgres`). */
async function sessionsOn(url: string): Promise<number> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: databaseUrl(url, "postgres") });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
    return rows[0]?.n ?? -1;
  } finally {
    await client.end();
  }
}

const onPostgres = process.env.DATABASE_URL ? it : it.skip;

onPostgres("disposes of every adapter a migration connected, leaving no session on the database", async () => {
  const { url, drop } = await testDatabaseUrl(process.env.DATABASE_URL as string);
  try {
    const factory = new PrismaPg({ connectionString: url, max: 1 });
    const counts = counting(factory);
    // The database is a copy of the migrated template: nothing to apply, but the engine connects to find that out.
    expect(await applyMigrations(factory)).toEqual([]);
    expect(counts).toEqual({ connected: 1, disposed: 1 });
    expect(await sessionsOn(url)).toBe(0);
  } finally {
    await drop();
  }
});
