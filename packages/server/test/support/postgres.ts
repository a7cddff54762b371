// Tests on a PostgreSQL server (DATABASE_URL): each test file gets a database of its
// own, copied from a migrated template (CREATE DATABASE … TEMPLATE is fast), so files
// running in parallel never see each other's rows — as with the embedded database.
import { randomBytes } from "node:crypto";
import pg from "pg";

export const TEMPLATE_ENV = "DOCSTACK_TEST_PG_TEMPLATE";

export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(url, "postgres") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(url: string, name: string, template?: string): Promise<string> {
  await onServer(url, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    // Copying a template needs it to have no other session, and test files start in
    // parallel (another copy holds it for a moment): wait for the turn.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
        break;
      } catch (error) {
        if (attempt > 100 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  });
  return databaseUrl(url, name);
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await onServer(url, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** A fresh database for one test file, from the template the global setup migrated. */
export async function testDatabaseUrl(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) throw new Error(`${TEMPLATE_ENV} is not set: run the tests through jest (its global setup makes it)`);
  const name = `docstack_test_${randomBytes(6).toString("hex")}`;
  return { url: await createDatabase(url, name, template), drop: () => dropDatabase(url, name) };
}
