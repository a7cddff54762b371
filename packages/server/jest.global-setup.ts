// Runs once before the test files: makes the migrated database every test file starts
// its own from. With PostgreSQL (DATABASE_URL), a template database on that server;
// otherwise a migrated in-memory PGlite, dumped to a file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pino from "pino";
import { currentTemplate } from "./src/db/embedded-template";
import { pgliteExtensions } from "./src/db/pglite-extensions";
import { applyMigrations } from "./src/db/schema-engine";
import { JobQueue, type JobTarget } from "./src/jobs/queue";
import { jobDefinitions } from "./src/wiring/jobs";
import { createDatabase, TEMPLATE_ENV } from "./test/support/postgres";

export default async function globalSetup(): Promise<void> {
  process.env.NODE_ENV = "test";
  if (process.env.DATABASE_URL) {
    const template = `docstack_test_template_${process.pid}`;
    const url = await createDatabase(process.env.DATABASE_URL, template);
    await applyMigrations(new PrismaPg({ connectionString: url, max: 1 }));
    await installJobQueue({ url }, "postgres");
    process.env[TEMPLATE_ENV] = template;
    return;
  }
  // The build's migrated template when it matches the migrations (`npm test` builds first), else initdb and migrations.
  const built = currentTemplate(path.join(__dirname, "dist", "embedded-template.tar.gz"));
  const pglite = await PGlite.create({ extensions: pgliteExtensions(), ...(built ? { loadDataDir: built } : {}) });
  if (!built) await applyMigrations(new PrismaPGlite(pglite));
  await installJobQueue({ pglite }, "embedded");
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "docstack-test-")), "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.DOCSTACK_TEST_TEMPLATE = file;
}

/** The job queue's schema and queues, made once in the template rather than by each test file. */
async function installJobQueue(target: JobTarget, kind: "embedded" | "postgres"): Promise<void> {
  const queue = await JobQueue.open(target, jobDefinitions(kind), { logger: pino({ level: "silent" }) });
  await queue.stop();
}
