// A fingerprint of the whole database: one hash per table of the `public` schema,
// over all its rows in a stable order. Two equal fingerprints: nothing changed. When a
// token or a membership was last used is left out: any request with a valid token may
// record it, refused or not. So are the tables of the running instances' own state (their
// heartbeats, rate-limit counters), which change whatever the requests do.
import type { Db } from "@docstack/server/testing";

export type Fingerprint = Record<string, string>;

/** A row as text, without the columns that record use (ApiToken.lastUsedAt, Member.lastSeenAt). */
const ROW = `(to_jsonb(t) - 'lastUsedAt' - 'lastSeenAt')::text`;
/** Instance state, not data: changed by heartbeats and by counting any request, refused or not. */
const INSTANCE_STATE = ["ClusterInstance", "RateLimitCounter"];

export async function fingerprint(prisma: Db): Promise<Fingerprint> {
  const tables = (
    await prisma.$queryRawUnsafe<{ name: string }[]>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)
  ).filter(({ name }) => !INSTANCE_STATE.includes(name));
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const literal = (name: string) => `'${name.replace(/'/g, "''")}'`;
  const sql = tables
    .map(({ name }) => `SELECT ${literal(name)} AS name, md5(coalesce(string_agg(${ROW}, ',' ORDER BY ${ROW}), '')) AS hash FROM ${quote(name)} t`)
    .join(" UNION ALL ");
  const rows = await prisma.$queryRawUnsafe<{ name: string; hash: string }[]>(sql);
  return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
}

/** The tables whose content differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((name) => before[name] !== after[name]).sort();
}
