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
/** The same database as files, which a new data directory is a copy of. */
const TEMPLATE_DIR = path.resolve(__dirname, "../embedded-template");
const KEY = `${TEMPLATE}.key`;

/** What the template must match: the migrations (names and scripts) and the PGlite release. */
function templateKey(): string {
  const hash = createHash("sha256");
  const pglite = path.join(path.dirname(require.resolve("@electric-sql/pglite")), "..", "package.json");
  hash.update(JSON.parse(fs.readFileSync(pglite, "utf8")).version as string);
  for (const name of migrationNames()) hash.update(`\0${name}\0`).update(fs.readFileSync(path.join(MIGRATIONS_DIR, name, "migration.sql")));
  return hash.digest("hex");
}

/**
 * How a data directory that holds no database yet starts from the build's template, if one matching this build exists:
 * a directory that does not exist yet (or is empty) becomes a copy of the template's files (`copy`); one that already
 * holds other files gets PGlite's own load of the dump (`dump`). That load writes each file through PGlite's
 * WebAssembly file system on the main thread, 1.4 s of a first start on a 2-core machine; the copy about 0.2 s.
 */
export function templateFor(dataDir: string): { copy: () => void } | { dump: Blob } | undefined {
  if (fs.existsSync(path.join(dataDir, "PG_VERSION")) || !matchesBuild(TEMPLATE)) return undefined;
  // (A build from before the files were written beside the dump has the dump only.)
  const holdsFiles = fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0;
  if (holdsFiles || !fs.existsSync(TEMPLATE_DIR)) return { dump: new Blob([fs.readFileSync(TEMPLATE)]) };
  return { copy: () => intoPlace(dataDir, (staging) => fs.cpSync(TEMPLATE_DIR, staging, { recursive: true })) };
}

/**
 * The template at `file` (the build's by default: the tests' global setup names it from the sources), if it matches
 * the committed migrations and the PGlite release.
 */
export function currentTemplate(file = TEMPLATE): Blob | undefined {
  return matchesBuild(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

function matchesBuild(file: string, key = templateKey()): boolean {
  const keyFile = `${file}.key`;
  return fs.existsSync(file) && fs.existsSync(keyFile) && fs.readFileSync(keyFile, "utf8") === key;
}

/**
 * Makes the directory `dir` (absent or empty) by writing its files beside it, then renaming them into place: a write
 * that stops half-way leaves no half-made database behind.
 */
function intoPlace(dir: string, write: (staging: string) => void): void {
  const staging = fs.mkdtempSync(`${dir}.new-`);
  try {
    write(staging);
    if (fs.existsSync(dir)) fs.rmdirSync(dir);
    fs.renameSync(staging, dir);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/** The dump's files written as a directory, with their modes (the owner's only) and never their owner. */
function extractDump(file: string, dir: string): void {
  // The dump's names are absolute ("/base/1/…"): tar makes them relative to `cwd`, saying so for each (TAR_ENTRY_INFO).
  // Any other warning is an entry left out, a database missing a file: the build fails instead.
  const problems: string[] = [];
  const onwarn = (code: string, message: string) => void (code === "TAR_ENTRY_INFO" || problems.push(`${code}: ${message}`));
  // Loaded here: only the build writes the template (the server and each test file would load it for nothing).
  const { extract } = require("tar") as typeof import("tar");
  intoPlace(dir, (staging) => {
    extract({ file, cwd: staging, preserveOwner: false, onwarn, sync: true });
    if (problems.length) throw new Error(`The embedded database's template ${file} could not be written whole: ${problems.join("; ")}`);
  });
}

/**
 * Writes the template from a migrated in-memory database, unless one matching already exists: its dump (which the tests
 * load in memory) and the dump's files (which new data directories copy). The key, written last, says both are whole.
 * @public (the build step scripts/embedded-template.mjs calls it, from dist)
 */
export async function writeTemplate(migrated: () => Promise<PGlite>): Promise<boolean> {
  const key = templateKey();
  if (fs.existsSync(TEMPLATE_DIR) && matchesBuild(TEMPLATE, key)) return false;
  fs.rmSync(KEY, { force: true });
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  const pglite = await migrated();
  try {
    const dump = await pglite.dumpDataDir("gzip");
    fs.writeFileSync(TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  extractDump(TEMPLATE, TEMPLATE_DIR);
  fs.writeFileSync(KEY, key);
  return true;
}
