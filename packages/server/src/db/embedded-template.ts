// A fresh embedded database starts from a migrated copy made at build time, not from initdb and the
// schema engine. PGlite's initdb runs a second PostgreSQL in the process and copies its whole
// WebAssembly memory (about 800 MiB resident at the peak, some of it kept after); loading this dump
// costs a plain start. The dump is made by `npm run build` (scripts/embedded-template.mjs) and used
// only while it matches the committed migrations and the PGlite release: otherwise the database is
// initialized and migrated in the process, as before.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { MIGRATIONS_DIR, migrationNames } from "./schema-engine";

const TEMPLATE = path.resolve(__dirname, "../embedded-template.tar.gz");
const KEY = `${TEMPLATE}.key`;

/** What the template must match: the migrations (names and scripts) and the PGlite release. */
function templateKey(): string {
  const hash = createHash("sha256");
  const pglite = path.join(path.dirname(require.resolve("@electric-sql/pglite")), "..", "package.json");
  hash.update(JSON.parse(fs.readFileSync(pglite, "utf8")).version as string);
  for (const name of migrationNames()) hash.update(`\0${name}\0`).update(fs.readFileSync(path.join(MIGRATIONS_DIR, name, "migration.sql")));
  return hash.digest("hex");
}

/** The template for a data directory that holds no database yet, if one matching this build exists. */
export function templateFor(dataDir: string): Blob | undefined {
  if (fs.existsSync(path.join(dataDir, "PG_VERSION"))) return undefined;
  return currentTemplate();
}

/**
 * The template at `file` (the build's by default: the tests' global setup names it from the sources), if it matches
 * the committed migrations and the PGlite release.
 */
export function currentTemplate(file = TEMPLATE): Blob | undefined {
  const key = `${file}.key`;
  if (!fs.existsSync(file) || !fs.existsSync(key) || fs.readFileSync(key, "utf8") !== templateKey()) return undefined;
  return new Blob([fs.readFileSync(file)]);
}

/**
 * Writes the template from a migrated in-memory database, unless one matching already exists.
 * @public (the build step scripts/embedded-template.mjs calls it, from dist)
 */
export async function writeTemplate(migrated: () => Promise<PGlite>): Promise<boolean> {
  const key = templateKey();
  if (fs.existsSync(TEMPLATE) && fs.existsSync(KEY) && fs.readFileSync(KEY, "utf8") === key) return false;
  const pglite = await migrated();
  try {
    const dump = await pglite.dumpDataDir("gzip");
    fs.writeFileSync(TEMPLATE, Buffer.from(await dump.arrayBuffer()));
    fs.writeFileSync(KEY, key);
    return true;
  } finally {
    await pglite.close();
  }
}
