// Every harness starts from a database as fresh as the migrated template, although the embedded one is reused from
// file to file within a jest worker (test/support/embedded-pool.ts): no rows, sequences or tables of an earlier
// harness, in this file or another.
import type { EmbeddedAccess } from "./support/environment";
import { answered, at, createHarness, type Harness } from "./support/harness";

/**
 * Rows in the tables the template leaves empty, by table: the migrations' and the job queues' own rows excluded,
 * the signing secrets each harness's services keep in `Setting` (secrets() tells them apart), and on PostgreSQL
 * the harness's own row in `ClusterInstance` (each file has a database of its own there).
 */
async function rowsLeft(h: Harness): Promise<Record<string, number>> {
  const tables = await h.services.prisma.$queryRaw<{ name: string }[]>`
    SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
      AND c.relname NOT IN ('_prisma_migrations', 'Setting', 'ClusterInstance') AND n.nspname <> 'pgboss'`;
  const left: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await h.services.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${name}`);
    if (row?.n) left[name] = row.n;
  }
  return left;
}

async function secrets(h: Harness): Promise<string[]> {
  return (await h.services.prisma.setting.findMany()).map((setting) => setting.value);
}

async function fill(h: Harness): Promise<void> {
  const org = await h.organization("Left behind");
  await answered(h.as(org.admin).POST("/v1/orgs/{organizationId}/spaces", { ...at({ organizationId: org.id }), body: { title: "Left behind" } }), 201);
  await h.services.prisma.$executeRawUnsafe("CREATE TABLE left_behind (id int)");
  await h.services.prisma.$executeRawUnsafe("SET statement_timeout = 1234");
}

it("starts each harness with no rows, tables or settings of an earlier one, the database reused when it can be", async () => {
  const first = await createHarness();
  let firstSecrets: string[] = [];
  try {
    firstSecrets = await secrets(first);
    // Another file may have run before this one on the same worker's database.
    expect(await rowsLeft(first)).toEqual({});
    await fill(first);
    expect(Object.keys(await rowsLeft(first)).length).toBeGreaterThan(3);
  } finally {
    await first.close();
  }
  const second = await createHarness();
  try {
    expect(await rowsLeft(second)).toEqual({});
    const secondSecrets = await secrets(second);
    expect(secondSecrets.length).toBeGreaterThan(0);
    expect(secondSecrets.filter((secret) => firstSecrets.includes(secret))).toEqual([]);
    const [created] = await second.services.prisma.$queryRaw<{ found: string | null }[]>`SELECT to_regclass('left_behind')::text AS found`;
    expect(created?.found).toBeNull();
    const [timeout] = await second.services.prisma.$queryRaw<{ setting: string }[]>`SELECT current_setting('statement_timeout') AS setting`;
    expect(timeout?.setting).toBe("0");
    expect(second.migrationsApplied).toEqual([]);
    // Rows only (the usual file): put back, not loaded again.
    const org = await second.organization();
    expect(org.id).toBeTruthy();
  } finally {
    await second.close();
  }
  const embedded = (globalThis as { __docstackEmbedded?: EmbeddedAccess }).__docstackEmbedded;
  if (process.env.DATABASE_URL || !embedded) return;
  // The file's PGlite is the worker's (setup-embedded.ts): Prisma's adapter tells a database error by its class.
  expect(require("@electric-sql/pglite")).toBe(embedded.pgliteModule);
  const before = embedded.counts();
  const third = await createHarness();
  try {
    expect(await rowsLeft(third)).toEqual({});
  } finally {
    await third.close();
  }
  expect(embedded.counts()).toEqual({ ...before, reused: before.reused + 1 });
});
