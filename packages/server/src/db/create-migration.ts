// Creates a migration from the difference between the committed migrations and
// prisma/schema.prisma, as `prisma migrate dev --create-only` would: the committed
// migrations are applied to a throw-away in-memory PGlite, then the engine diffs that
// database against the schema (the engine's own createMigration wants a shadow
// database the WebAssembly build cannot open once migrations exist).
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { pgliteExtensions } from "./pglite-extensions";
import { LOCKFILE_CONTENT, MIGRATIONS_DIR, NO_FILTERS, openSchemaEngine, readMigrationsList, releaseEngine, SCHEMA_PATH } from "./schema-engine";

function timestamp(date = new Date()): string {
  return date.toISOString().replace(/\D/g, "").slice(0, 14);
}

export async function createMigration(name: string): Promise<string | null> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error("A migration name is lower-case letters, digits and underscores");
  const pglite = new PGlite({ extensions: pgliteExtensions() });
  const engine = await openSchemaEngine(new PrismaPGlite(pglite));
  try {
    await engine.applyMigrations({ migrationsList: readMigrationsList(), filters: NO_FILTERS });
    const files = [{ path: SCHEMA_PATH, content: fs.readFileSync(SCHEMA_PATH, "utf8") }];
    const { stdout } = await engine.diff({
      from: { tag: "schemaDatasource", files, configDir: path.dirname(SCHEMA_PATH) },
      to: { tag: "schemaDatamodel", files },
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    });
    const script = stdout?.trim();
    if (!script || script === "-- This is an empty migration.") return null;
    const dir = path.join(MIGRATIONS_DIR, `${timestamp()}_${name}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "migration.sql"), `${script}\n`);
    fs.writeFileSync(path.join(MIGRATIONS_DIR, "migration_lock.toml"), LOCKFILE_CONTENT);
    return dir;
  } finally {
    await releaseEngine(engine);
    await pglite.close();
  }
}
