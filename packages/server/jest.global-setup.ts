// Runs once before the test files: migrates the test database. With PostgreSQL
// (DATABASE_URL) the migrations are applied to it; otherwise a migrated in-memory
// PGlite is dumped to a file every test file starts its own database from.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import { applyMigrations } from "./src/db/schema-engine";

export default async function globalSetup(): Promise<void> {
  process.env.NODE_ENV = "test";
  if (process.env.DATABASE_URL) {
    await applyMigrations(new PrismaPg({ connectionString: process.env.DATABASE_URL, max: 1 }));
    return;
  }
  const pglite = await PGlite.create();
  await applyMigrations(new PrismaPGlite(pglite));
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "docstack-test-")), "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.DOCSTACK_TEST_TEMPLATE = file;
}
