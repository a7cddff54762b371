// What a request changed in the database, told by triggers: every row inserted, updated or deleted in a table of
// the `public` schema (and every truncation) is noted in `gate.change`, so a refused request is checked by
// comparing two counters rather than hashing every row of every table twice. Left out, as they change whatever a
// request does: when a token or a membership was last used (ApiToken.lastUsedAt, Member.lastSeenAt: an update
// touching only those is not noted), and the tables of the running instances' own state (heartbeats, rate-limit
// counters).
import type { Db } from "@docstack/server/testing";

/** Instance state, not data: changed by heartbeats and by counting any request, refused or not. */
const INSTANCE_STATE = ["ClusterInstance", "RateLimitCounter"];
/** A row as compared, without the columns that record use. */
const ROW = (row: "OLD" | "NEW") => `(to_jsonb(${row}) - 'lastUsedAt' - 'lastSeenAt')`;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Installs the triggers on every table of the `public` schema. */
export async function recordChanges(prisma: Db): Promise<void> {
  await prisma.$executeRawUnsafe(`CREATE SCHEMA IF NOT EXISTS gate`);
  await prisma.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS gate.change (id bigserial PRIMARY KEY, "table" text NOT NULL)`);
  await prisma.$executeRawUnsafe(`
    CREATE OR REPLACE FUNCTION gate.note_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND ${ROW("OLD")} = ${ROW("NEW")} THEN RETURN NULL; END IF;
      INSERT INTO gate.change ("table") VALUES (TG_TABLE_NAME);
      RETURN NULL;
    END $$`);
  const tables = (
    await prisma.$queryRawUnsafe<{ name: string }[]>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)
  ).filter(({ name }) => !INSTANCE_STATE.includes(name));
  for (const { name } of tables) {
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER gate_rows AFTER INSERT OR UPDATE OR DELETE ON ${quote(name)} FOR EACH ROW EXECUTE FUNCTION gate.note_change()`,
    );
    await prisma.$executeRawUnsafe(`CREATE TRIGGER gate_truncate AFTER TRUNCATE ON ${quote(name)} FOR EACH STATEMENT EXECUTE FUNCTION gate.note_change()`);
  }
}

/** Where the log stands: what `changedSince` counts from. */
export async function changeMark(prisma: Db): Promise<bigint> {
  const [row] = await prisma.$queryRawUnsafe<{ mark: bigint }[]>(`SELECT coalesce(max(id), 0)::bigint AS mark FROM gate.change`);
  return row?.mark ?? 0n;
}

/** The tables changed since the mark, sorted. */
export async function changedSince(prisma: Db, mark: bigint): Promise<string[]> {
  const rows = await prisma.$queryRawUnsafe<{ table: string }[]>(`SELECT DISTINCT "table" FROM gate.change WHERE id > $1 ORDER BY "table"`, mark);
  return rows.map((row) => row.table);
}
