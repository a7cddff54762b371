// Migrating at start without the schema engine's cost, and safely when instances start together.
// The schema engine (WebAssembly: compiling it takes seconds) runs only when a committed migration
// is missing from `_prisma_migrations`. On PostgreSQL an advisory lock, held only while migrating,
// makes one instance apply them while the others wait (as long as it takes: the schema engine's
// own lock gives up after 10 s) and then find nothing left to do.
import type pg from "pg";
import type { PrismaClient } from "../generated/prisma/client";
import { migrationNames } from "./schema-engine";

/** An advisory lock key of Docstack's own ("docstack" in ASCII, as a 64-bit integer). */
export const MIGRATION_LOCK = "7237461340216066923";

type Query = (sql: string) => Promise<{ migration_name: string }[]>;

const APPLIED = `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;

/** Whether every committed migration is applied already. */
async function upToDate(query: Query, exists: () => Promise<boolean>): Promise<boolean> {
  if (!(await exists())) return false;
  const applied = new Set((await query(APPLIED)).map((row) => row.migration_name));
  return migrationNames().every((name) => applied.has(name));
}

export async function migrateEmbedded(prisma: Pick<PrismaClient, "$queryRaw" | "$queryRawUnsafe">, apply: () => Promise<string[]>): Promise<string[]> {
  const exists = async () => (await prisma.$queryRaw<{ found: boolean }[]>`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS found`)[0]?.found === true;
  if (await upToDate((sql) => prisma.$queryRawUnsafe(sql), exists)) return [];
  return apply();
}

export async function migrateOnce(url: string, apply: () => Promise<string[]>, onWait: () => void = () => {}): Promise<string[]> {
  // PostgreSQL's driver is loaded only with PostgreSQL (part of an embedded start's time otherwise).
  const { Client } = require("pg") as typeof pg;
  const client = new Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  const query: Query = async (sql) => (await client.query<{ migration_name: string }>(sql)).rows;
  const exists = async () => (await client.query<{ found: boolean }>("SELECT to_regclass('_prisma_migrations') IS NOT NULL AS found")).rows[0]?.found === true;
  try {
    if (await upToDate(query, exists)) return [];
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [MIGRATION_LOCK]);
    if (!rows[0]?.locked) {
      onWait();
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    }
    try {
      // Another instance may have applied them while this one waited.
      if (await upToDate(query, exists)) return [];
      return await apply();
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    await client.end();
  }
}
