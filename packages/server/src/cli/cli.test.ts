// The command line, run as users run it: the built CLI in its own process, on a
// fresh embedded database directory.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HTTP_METHODS, loadOpenapiDocument } from "@docstack/contract";
import { serveProcess } from "../../test/support/server-process";

const cli = path.join(__dirname, "..", "..", "dist", "cli", "main.js");
let dataDir: string;
const env = () => ({ ...process.env, NODE_OPTIONS: "", DOCSTACK_DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "" });
const docstack = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { env: env(), encoding: "utf8" });

beforeEach(() => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "docstack-cli-")), "db");
});
afterEach(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));

/** The files under `dir` that someone other than their owner may write. */
function writableByOthers(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => ({ name, mode: fs.statSync(path.join(dir, name)).mode & 0o777 }))
    .filter(({ mode }) => (mode & 0o022) !== 0)
    .map(({ name, mode }) => `${name} ${mode.toString(8)}`);
}

it("bootstraps an empty database once, then gives the first admin a fresh token", () => {
  const first = docstack("bootstrap", "--json");
  expect(first.status).toBe(0);
  // The new directory is a copy of the build's template: its files keep the template's modes, the owner's to write
  // (PGlite's own load of the dump made them writable by everyone), and nothing of the copy is left beside it.
  expect(writableByOthers(dataDir)).toEqual([]);
  expect(fs.readdirSync(path.dirname(dataDir)).sort()).toEqual(["db"]);
  const created = JSON.parse(first.stdout.trim());
  expect(created).toEqual({ organizationId: expect.any(String), userId: expect.any(String), token: expect.stringMatching(/^dst_/) });
  const second = JSON.parse(docstack("bootstrap", "--json").stdout.trim());
  expect(second.organizationId).toBe(created.organizationId);
  expect(second.userId).toBe(created.userId);
  expect(second.token).not.toBe(created.token);
});

it("starts a directory made ahead of time, empty or holding other files", () => {
  fs.mkdirSync(dataDir);
  expect(docstack("bootstrap", "--json").status).toBe(0);
  expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
  // A directory holding something else (no database) gets PGlite's own load of the template's dump, beside that file.
  fs.rmSync(dataDir, { recursive: true });
  fs.mkdirSync(dataDir);
  fs.writeFileSync(path.join(dataDir, "README"), "made by the operator");
  const started = docstack("bootstrap", "--json");
  expect(started.status).toBe(0);
  expect(JSON.parse(started.stdout.trim())).toMatchObject({ token: expect.stringMatching(/^dst_/) });
  expect(fs.readFileSync(path.join(dataDir, "README"), "utf8")).toBe("made by the operator");
});

it("creates and revokes tokens by e-mail", () => {
  docstack("bootstrap", "--json");
  const made = docstack("token", "create", "--email", "admin@docstack.local", "--json");
  expect(made.status).toBe(0);
  const { id, token } = JSON.parse(made.stdout.trim());
  expect(token).toMatch(/^dst_/);
  expect(docstack("token", "revoke", id).status).toBe(0);
  const again = docstack("token", "revoke", id);
  expect(again.status).toBe(1);
  expect(again.stderr).toMatch(/No active token/);
  const unknown = docstack("token", "create", "--email", "nobody@example.test");
  expect(unknown.status).toBe(1);
  expect(unknown.stderr).toMatch(/No user has the e-mail/);
});

it("refuses, changing nothing, while a server holds the embedded database", async () => {
  const { token } = JSON.parse(docstack("bootstrap", "--json").stdout.trim());
  // On a port the system picks, ready once it says it serves (however long a busy machine makes its start).
  const server = await serveProcess(env());
  try {
    const { url } = server;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const refused = docstack("bootstrap", "--json");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/in use by process \d+/);
    const orgs = (await (await fetch(`${url}/v1/orgs`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { count: number };
    expect(orgs.count).toBe(1);
  } finally {
    await server.stop();
  }
  // Once the server is gone, the database is free again and intact.
  const after = docstack("bootstrap", "--json");
  expect(after.status).toBe(0);
  expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
  // Four processes open the embedded database one after another: minutes on a busy 2-core machine.
}, 300_000);

it("stops cleanly when SIGTERM arrives during its start", async () => {
  const child = spawn(process.execPath, [cli, "serve"], { env: { ...env(), PORT: "0" }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  const exited = new Promise<[number | null, string | null]>((resolve) => child.once("exit", (code, signal) => resolve([code, signal])));
  // The e-mail warning is logged before the server listens and its job queue opens: the start is under way.
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    if (!/e-mail is off/.test(stdout) && /e-mail is off/.test(stdout + chunk)) child.kill("SIGTERM");
    stdout += chunk;
  });
  expect(await exited).toEqual([0, null]);
  expect(stdout).toMatch(/Docstack serves on[\s\S]*Stopping/);
  expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
}, 300_000);

it("prints coverage per area, and usage for an unknown command", () => {
  const coverage = docstack("coverage", "--json");
  const rows = JSON.parse(coverage.stdout) as { area: string; implemented: number; total: number }[];
  expect(rows.find((row) => row.area === "collections")).toMatchObject({ implemented: 8, total: 8 });
  const operations = Object.values(loadOpenapiDocument().paths).flatMap((item) => HTTP_METHODS.filter((method) => item[method]));
  expect(rows.reduce((sum, row) => sum + row.total, 0)).toBe(operations.length);
  const unknown = docstack("frobnicate");
  expect(unknown.status).toBe(2);
  expect(unknown.stderr).toMatch(/Usage: docstack/);
});

it("sets its WebAssembly tiering budget itself, refusing a budget that is not one", () => {
  // Run as a container would run it, without scripts/server-runtime.mjs's flags: the budget is read all the same.
  const refused = spawnSync(process.execPath, [cli, "coverage"], { env: { ...env(), DOCSTACK_WASM_TIERING_BUDGET: "fast" }, encoding: "utf8" });
  expect(refused.status).toBe(1);
  expect(refused.stderr).toMatch(/DOCSTACK_WASM_TIERING_BUDGET must be a whole number or "default", not "fast"/);
});
