// Creates a migration from the difference between the committed migrations and
// prisma/schema.prisma, as `prisma migrate dev --create-only` would. It runs against
// a throw-away in-memory PGlite (its shadow database is another in-memory PGlite).
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { LOCKFILE_CONTENT, MIGRATIONS_DIR, NO_FILTERS, SCHEMA_PATH, openSchemaEngine, readMigrationsList, releaseEngine } from "./schema-engine";

export async function createMigration(name: string): Promise<string | null> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error("A migration name is lower-case letters, digits and underscores");
  const pglite = new PGlite();
  const engine = await openSchemaEngine(new PrismaPGlite(pglite));
  try {
    const migrationsList = readMigrationsList();
    await engine.devDiagnostic({ migrationsList, filters: NO_FILTERS });
    await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
    const result = await engine.createMigration({
      draft: false,
      migrationName: name,
      migrationsList,
      schema: { files: [{ path: SCHEMA_PATH, content: fs.readFileSync(SCHEMA_PATH, "utf8") }] },
      filters: NO_FILTERS,
    });
    if (!result.migrationScript) return null;
    const dir = path.join(MIGRATIONS_DIR, result.generatedMigrationName);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "migration.sql"), result.migrationScript);
    fs.writeFileSync(path.join(MIGRATIONS_DIR, "migration_lock.toml"), LOCKFILE_CONTENT);
    return dir;
  } finally {
    releaseEngine(engine);
    await pglite.close();
  }
}
