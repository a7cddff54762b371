// What the benchmark targets share: Docstack's services opened as in production on a
// throwaway data directory (or DATABASE_URL), logging to stdout, with a first admin.
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const server = path.dirname(require.resolve("@docstack/server/package.json"));
// BENCH_DIST: another build of the server beside `dist` (a copy of it before a change), for main-thread-ab.mjs.
const dist = (module) => require(path.join(server, process.env.BENCH_DIST || "dist", module));
// As `docstack` sets it for itself (cli/main.ts), before any WebAssembly compiles.
dist("wasm-tiering").applyWasmTieringBudget();

/** Serves `app` on a free port as production does (its keep-alive and request timeouts included): the port. */
function listen(app) {
  const { createHttpServer } = dist("server");
  const { loadConfig } = dist("config");
  const timeouts = loadConfig({ ...process.env, NODE_ENV: "production" });
  return new Promise((resolve) => {
    const s = createHttpServer(app, timeouts).listen(0, "127.0.0.1", () => resolve(s.address().port));
  });
}

async function openBenchServices(prefix) {
  const { loadConfig } = dist("config");
  const { openServices } = dist("wiring/services");
  const { bootstrap } = dist("bootstrap");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const config = {
    ...loadConfig({ ...process.env, NODE_ENV: "production" }),
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: path.join(dataDir, "db"),
    rateLimit: { max: 0, windowMs: 60000 },
    logLevel: "info",
  };
  // Production logging, to stdout, which the runners discard: its cost is part of the full stack.
  const { services, database } = await openServices(config);
  const { token, organizationId } = await bootstrap(services.prisma);
  const close = async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { services, config, dataDir, token, organizationId, close };
}

/** A JSON client of a target's API as its token: `call(method, url, body)` answers the parsed body, or throws the status. */
function apiCaller(base, token) {
  return async (method, url, body) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.status === 204 || res.status === 205 ? undefined : res.json();
  };
}

/**
 * Runs a target: `start` opens and seeds it and returns what to tell the runner (sent
 * over IPC) and how to close it (on the runner's "stop").
 */
function runTarget(start) {
  start()
    .then(({ info, close }) => {
      process.send(info);
      process.on("message", async (message) => {
        if (message === "stop") {
          await close();
          process.exit(0);
        }
      });
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}

module.exports = { apiCaller, dist, listen, openBenchServices, runTarget };
