// Starts a real Docstack server as its own process, on a fresh database (embedded, or a new
// database on the PostgreSQL server of DATABASE_URL), for the SDK's tests and the GitBook
// compatibility suite (packages/compat): tested against the live server, not a mock.
import { type ChildProcess, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase, dropDatabase } from "../../server/test/support/postgres";
import { serveProcess } from "../../server/test/support/server-process";

const cli = path.join(path.dirname(require.resolve("@docstack/server/package.json")), "dist", "cli", "main.js");

export interface LiveServer {
  url: string;
  token: string;
  organizationId: string;
  process: ChildProcess;
  dataDir: string;
  /** Drops the PostgreSQL database made for this server (none on the embedded one). */
  dropDatabase: () => Promise<void>;
}

/**
 * Every server gets a database of its own: on PostgreSQL, servers started side by side (the SDK's
 * and the compatibility suite's, in parallel) would otherwise share one, and each other's rows.
 */
async function ownPostgresDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (!server) return { env: {}, drop: async () => {} };
  const name = `docstack_live_${randomBytes(6).toString("hex")}`;
  return { env: { DATABASE_URL: await createDatabase(server, name) }, drop: () => dropDatabase(server, name) };
}

/** How long a test's set-up may wait for startLiveServer: a busy 2-core machine can take a minute to migrate and start. */
export const START_TIMEOUT_MS = 300_000;

/** A server of its own, on a fresh database; `settings` are more environment variables (a rate limit). */
export async function startLiveServer(settings: Record<string, string> = {}): Promise<LiveServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-sdk-"));
  const database = await ownPostgresDatabase();
  const env = { ...process.env, DOCSTACK_DATA_DIR: path.join(dataDir, "db"), LOG_LEVEL: "warn", NODE_OPTIONS: "", ...database.env, ...settings };
  const bootstrap = spawnSync(process.execPath, [cli, "bootstrap", "--json"], { env, encoding: "utf8" });
  if (bootstrap.status !== 0) throw new Error(`bootstrap failed: ${bootstrap.stderr}`);
  const { token, organizationId } = JSON.parse(bootstrap.stdout.trim().split("\n").pop() as string);
  // On a port the system picks (PORT=0: none taken meanwhile by another process), ready once it says it serves.
  const served = await serveProcess(env);
  return { url: served.url, token, organizationId, process: served.process, dataDir, dropDatabase: database.drop };
}

/** Stops a server startLiveServer started and removes its database. */
export async function stopLiveServer(server: LiveServer): Promise<void> {
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGTERM");
  await exited;
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  await server.dropDatabase();
}
