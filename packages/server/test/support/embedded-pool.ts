// One embedded database per jest worker, handed to one harness at a time and put back exactly as the migrated
// template left it. Loading the template's dump into a new PGlite took most of a small test file's time (7 to 19 s
// of about 20 s on a loaded 2-core machine); putting one back takes a fraction of a second.
//
// Loaded by the test environment (environment.ts) in the worker's own realm, so it outlives each file's module
// registry. Putting back: TRUNCATE the tables that hold rows, restore the rows the template had (its migrations
// and job queues), reset every sequence and the session, then compare a fingerprint of the catalog, the settings
// and the planner's statistics with the template's. Anything a test changed that this does not undo (a table
// created, an ANALYZE, an open transaction) shows in the fingerprint or fails the reset: that database is then
// closed and a new one loaded from the dump.
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { embeddedStartOptions } from "../../src/db/embedded-options";

/** A database lent to one harness; `release` hands it back (or closes it, when it was not the pooled one). */
export interface EmbeddedLease {
  /** The database, usable until released (every method then throws). */
  pglite: PGlite;
  release(): Promise<void>;
}

/** How often each path was taken in this worker: tests read it to check that databases are reused. */
export interface PoolCounts {
  loaded: number;
  reused: number;
  /** Put back failed or left a difference: closed and loaded again. */
  discarded: number;
}

interface Template {
  /** Every table of every schema but the system's, quoted. */
  tables: string[];
  /** Tables that hold rows in the template, with their rows (COPY's text format) and a hash to see if they changed. */
  populated: { table: string; hash: string; rows: Blob }[];
  /** `SELECT setval(…)` of every sequence, as the template has it. */
  sequences: string;
  /** The planner's sizes of every table and index (pg_class), by OID, which TRUNCATE sets to "never counted". */
  sizes: Map<number, Size>;
  fingerprint: string[];
}

interface Size {
  relpages: number;
  reltuples: number;
  relallvisible: number;
}

const SIZES = `SELECT oid, relpages, reltuples, relallvisible FROM pg_class WHERE relkind IN ('r', 'p', 'i', 'I', 't', 'm')`;

async function sizes(pglite: PGlite): Promise<Map<number, Size>> {
  const { rows } = await pglite.query<Size & { oid: number }>(SIZES);
  return new Map(rows.map(({ oid, ...size }) => [oid, size]));
}

/**
 * Sets the sizes back to the template's where they differ, in the catalog itself (as PostgreSQL's
 * pg_restore_relation_stats does, which refuses TOAST tables).
 */
async function restoreSizes(pglite: PGlite, template: Map<number, Size>): Promise<void> {
  const restores: string[] = [];
  for (const [oid, now] of await sizes(pglite)) {
    const was = template.get(oid);
    if (!was || (was.relpages === now.relpages && was.reltuples === now.reltuples && was.relallvisible === now.relallvisible)) continue;
    restores.push(`(${oid}::oid, ${was.relpages}::integer, ${was.reltuples}::real, ${was.relallvisible}::integer)`);
  }
  if (!restores.length) return;
  await pglite.query(`UPDATE pg_class SET relpages = v.relpages, reltuples = v.reltuples, relallvisible = v.relallvisible
    FROM (VALUES ${restores.join(", ")}) AS v(oid, relpages, reltuples, relallvisible) WHERE pg_class.oid = v.oid`);
}

interface Pooled {
  pglite: PGlite;
  template: Template;
  leased: boolean;
  used: boolean;
}

const counts: PoolCounts = { loaded: 0, reused: 0, discarded: 0 };
let pooled: Promise<Pooled> | undefined;

const USER_TABLES = `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%' ORDER BY 1`;

const SEQUENCES = `SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences ORDER BY 1`;

// What a test could change that TRUNCATE and restoring rows and sequences do not undo. OIDs, not names, where a
// dropped and re-created object would otherwise look the same.
const FINGERPRINT = `SELECT line FROM (
  SELECT format('class %s %s %s %s %s %s %s', oid, relnamespace, relname, relkind, relpages, reltuples, relpersistence) FROM pg_class
  UNION ALL SELECT format('attribute %s %s %s %s %s %s', attrelid, attnum, attname, atttypid, attnotnull, attisdropped) FROM pg_attribute WHERE attrelid >= 16384
  UNION ALL SELECT format('default %s %s %s', adrelid, adnum, md5(pg_get_expr(adbin, adrelid))) FROM pg_attrdef
  UNION ALL SELECT format('constraint %s %s %s %s', oid, conrelid, conname, md5(pg_get_constraintdef(oid))) FROM pg_constraint
  UNION ALL SELECT format('index %s %s %s', indexrelid, indisvalid, indisready) FROM pg_index
  UNION ALL SELECT format('function %s %s %s', oid, proname, md5(prosrc)) FROM pg_proc WHERE oid >= 16384
  UNION ALL SELECT format('trigger %s %s %s', oid, tgname, tgenabled) FROM pg_trigger
  UNION ALL SELECT format('rule %s %s', oid, rulename) FROM pg_rewrite WHERE oid >= 16384
  UNION ALL SELECT format('type %s %s', oid, typname) FROM pg_type WHERE oid >= 16384
  UNION ALL SELECT format('enum %s %s %s', enumtypid, enumsortorder, enumlabel) FROM pg_enum
  UNION ALL SELECT format('namespace %s %s', oid, nspname) FROM pg_namespace
  UNION ALL SELECT format('extension %s %s', extname, extversion) FROM pg_extension
  UNION ALL SELECT format('role %s %s %s', rolname, rolsuper, md5(coalesce(rolpassword, ''))) FROM pg_authid
  UNION ALL SELECT format('role setting %s %s %s', setdatabase, setrole, setconfig) FROM pg_db_role_setting
  UNION ALL SELECT format('database %s %s', datname, datallowconn) FROM pg_database
  UNION ALL SELECT format('statistic %s %s', starelid, staattnum) FROM pg_statistic
  UNION ALL SELECT format('statistic object %s', oid) FROM pg_statistic_ext
  UNION ALL SELECT format('policy %s %s', polrelid, polname) FROM pg_policy
  UNION ALL SELECT format('large object %s', oid) FROM pg_largeobject_metadata
  UNION ALL SELECT format('setting %s %s %s', name, setting, source) FROM pg_settings WHERE source <> 'default'
  UNION ALL SELECT format('prepared %s', name) FROM pg_prepared_statements
  UNION ALL SELECT format('cursor %s', name) FROM pg_cursors
  UNION ALL SELECT format('lock %s %s %s', locktype, objid, mode) FROM pg_locks WHERE locktype = 'advisory'
) lines(line) ORDER BY line`;

function templateDump(): Blob {
  const file = process.env.DOCSTACK_TEST_TEMPLATE;
  if (!file) throw new Error("DOCSTACK_TEST_TEMPLATE is not set: run the tests through jest (its global setup makes it)");
  return new Blob([fs.readFileSync(file)]);
}

/** A new database from the template's dump, as each harness opened one before (PGlite's clone() does the same). */
export async function loadTemplate(): Promise<PGlite> {
  return PGlite.create({ ...embeddedStartOptions(PGlite.defaultStartParams), loadDataDir: templateDump() });
}

async function names(pglite: PGlite, sql: string): Promise<string[]> {
  return (await pglite.query<{ name: string }>(sql)).rows.map((row) => row.name);
}

async function tableHash(pglite: PGlite, table: string): Promise<string> {
  const { rows } = await pglite.query<{ hash: string }>(`SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS hash FROM ${table} t`);
  return rows[0]?.hash ?? "";
}

async function fingerprint(pglite: PGlite): Promise<string[]> {
  return (await pglite.query<{ line: string }>(FINGERPRINT)).rows.map((row) => row.line);
}

/** The lines of the fingerprint that differ (DOCSTACK_TEST_POOL_DEBUG=1 prints them when a database is discarded). */
function differences(now: string[], template: string[]): string[] {
  const before = new Set(template);
  const after = new Set(now);
  return [...template.filter((line) => !after.has(line)).map((line) => `- ${line}`), ...now.filter((line) => !before.has(line)).map((line) => `+ ${line}`)];
}

async function describeTemplate(pglite: PGlite): Promise<Template> {
  const tables = await names(pglite, USER_TABLES);
  const populated: Template["populated"] = [];
  for (const table of tables) {
    const { rows } = await pglite.query<{ any: boolean }>(`SELECT EXISTS (SELECT FROM ${table}) AS any`);
    if (!rows[0]?.any) continue;
    const copied = await pglite.query(`COPY ${table} TO '/dev/blob'`);
    if (!copied.blob) throw new Error(`COPY ${table} gave no rows`);
    populated.push({ table, hash: await tableHash(pglite, table), rows: copied.blob });
  }
  const setvals: string[] = [];
  for (const sequence of await names(pglite, SEQUENCES)) {
    const { rows } = await pglite.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${sequence}`);
    const row = rows[0];
    if (row) setvals.push(`setval('${sequence.replaceAll("'", "''")}', ${row.last_value}, ${row.is_called})`);
  }
  return {
    tables,
    populated,
    sequences: setvals.length ? `SELECT ${setvals.join(", ")}` : "",
    sizes: await sizes(pglite),
    fingerprint: await fingerprint(pglite),
  };
}

/** Puts the database back as the template left it; false when something remains that this cannot undo. */
async function putBack(pglite: PGlite, template: Template): Promise<boolean> {
  // Ends the session's state (settings, prepared statements, LISTENs, temporary tables, advisory locks); fails
  // inside a transaction a test left open.
  await pglite.exec("DISCARD ALL");
  const filled: string[] = [];
  const populated = new Set(template.populated.map((p) => p.table));
  const scratch = template.tables.filter((table) => !populated.has(table));
  if (scratch.length) {
    const probe = scratch.map((table, i) => `SELECT ${i} AS i WHERE EXISTS (SELECT FROM ${table})`).join(" UNION ALL ");
    for (const { i } of (await pglite.query<{ i: number }>(probe)).rows) filled.push(scratch[i] as string);
  }
  // CASCADE: an empty table referencing a filled one is emptied again, at no harm.
  if (filled.length) await pglite.exec(`TRUNCATE ${filled.join(", ")} RESTART IDENTITY CASCADE`);
  for (const { table, hash, rows } of template.populated) {
    if ((await tableHash(pglite, table)) === hash) continue;
    await pglite.exec(`SET session_replication_role = replica; DELETE FROM ${table}`);
    await pglite.query(`COPY ${table} FROM '/dev/blob'`, [], { blob: rows });
    await pglite.exec("RESET session_replication_role");
  }
  if (template.sequences) await pglite.query(template.sequences);
  await restoreSizes(pglite, template.sizes);
  const changed = differences(await fingerprint(pglite), template.fingerprint);
  if (changed.length && process.env.DOCSTACK_TEST_POOL_DEBUG) process.stderr.write(`embedded pool: not as the template:\n${changed.join("\n")}\n`);
  return changed.length === 0;
}

async function loadPooled(): Promise<Pooled> {
  try {
    const pglite = await loadTemplate();
    counts.loaded++;
    return { pglite, template: await describeTemplate(pglite), leased: false, used: false };
  } catch (error) {
    pooled = undefined;
    throw error;
  }
}

/** Calls to the database fail once it is handed back, so a straggler of one file cannot touch the next file's rows. */
function lend(pglite: PGlite, onRelease: () => Promise<void>): EmbeddedLease {
  let released = false;
  const unlisten: (() => Promise<void>)[] = [];
  const methods = new Map<PropertyKey, unknown>();
  const lent = new Proxy(pglite, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      let method = methods.get(property);
      if (!method) {
        method = (...args: unknown[]) => {
          if (released) return Promise.reject(new Error(`this test file's database was handed back: ${String(property)}() after the harness closed`));
          const result = (value as (...a: unknown[]) => unknown).apply(target, args);
          // What a file listens to stops with it, even if it never unsubscribed.
          if (property === "listen") void (result as Promise<() => Promise<void>>).then((stop) => unlisten.push(stop)).catch(() => {});
          return result;
        };
        methods.set(property, method);
      }
      return method;
    },
  });
  return {
    pglite: lent,
    release: async () => {
      if (released) return;
      released = true;
      await Promise.all(unlisten.map((stop) => stop().catch(() => {})));
      await onRelease();
    },
  };
}

/**
 * The worker's database, put back as the template left it, for one harness; while another harness holds it (a
 * file with two at once), a new database from the dump, closed when released.
 */
export async function leaseEmbedded(): Promise<EmbeddedLease> {
  pooled ??= loadPooled();
  let entry = await pooled;
  if (entry.leased) {
    const own = await loadTemplate();
    counts.loaded++;
    return lend(own, () => own.close());
  }
  entry.leased = true;
  if (entry.used) {
    const clean = await putBack(entry.pglite, entry.template).catch((error: unknown) => {
      if (process.env.DOCSTACK_TEST_POOL_DEBUG) process.stderr.write(`embedded pool: could not put back: ${String(error)}\n`);
      return false;
    });
    if (clean) counts.reused++;
    else {
      counts.discarded++;
      await entry.pglite.close().catch(() => {});
      pooled = loadPooled();
      entry = await pooled;
      entry.leased = true;
    }
  }
  const leased = entry;
  leased.used = true;
  return lend(leased.pglite, async () => {
    leased.leased = false;
  });
}

/**
 * Closes the worker's database (the global teardown, for a run in band: jest then runs the files in its own
 * process, which the open database would keep alive; workers are simply ended).
 */
export async function closeEmbeddedPool(): Promise<void> {
  const closing = pooled;
  pooled = undefined;
  if (closing) await (await closing).pglite.close();
}

export function poolCounts(): PoolCounts {
  return { ...counts };
}
