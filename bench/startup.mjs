// Start-up figure (part of `npm run bench`): how long `docstack serve` takes, in production
// mode, from the process's start until /readyz answers 200 and then an API request its
// answer (GET /v1/user without a token: 401, refused before the contract's validator), on a database already migrated
// (the embedded one in a fresh directory, or DATABASE_URL's), and then the first request the validator checks (it is
// prepared by that request). One start first makes the database (a new embedded directory: a copy of the build's
// migrated template); then STARTS starts, one at a time: median and highest; then
// a start under --cpu-prof: its five costliest modules. Writes results/startup.json.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverEnv, serverNodeFlags } from "../scripts/server-runtime.mjs";
import { freePort } from "./lib.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.join(here, "..", "packages", "server", "dist", "cli", "main.js");
const STARTS = Number(process.env.BENCH_STARTS || 5);
const GOAL_MS = 1000; // issue 40

/** CPU milliseconds a process has used (Linux's /proc; undefined elsewhere): less disturbed by a busy machine than elapsed time. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return undefined;
  }
}

/** Where a profiled function's code is from: a package (by its name in node_modules), a folder of the server, or V8's own. */
function moduleOf(url) {
  if (!url) return "(V8: GC, compiler, idle)";
  const inPackage = url.match(/node_modules\/(?!\.pnpm)((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/);
  if (inPackage) return inPackage[1];
  const server = url.match(/packages\/server\/dist\/([^/]+)/);
  if (server) return `server: ${server[1].replace(/\.js$/, "")}`;
  const workspace = url.match(/packages\/([^/]+)\/dist\//);
  if (workspace) return `@docstack/${workspace[1]}`;
  if (url.startsWith("native ")) return `(${url})`;
  return url.startsWith("node:") ? "node: built-ins" : url.replace(/^wasm:\/\/wasm\/.*/, "WebAssembly (the embedded database)");
}

/** Whether a module name is code of a package or of the server (not Node.js's, V8's or WebAssembly's). */
const isCode = (module) => !/^(\(|node: built-ins|WebAssembly)/.test(module);

/**
 * CPU time of a `.cpuprofile` by module, costliest first. A sample in Node.js's built-ins (the module loader, file
 * reads), a native function or WebAssembly counts for the nearest caller in a package or a folder of the server: the
 * embedded database's WebAssembly for PGlite, the query compiler's for Prisma, `require`'s work for the module loading.
 */
function costliestModules(profileFile, top = 5) {
  const profile = JSON.parse(fs.readFileSync(profileFile, "utf8"));
  // A function without code of its own (a native one: a WebAssembly compile, a file read) is named as it is.
  const urlOf = (node) => node.callFrame.url || (node.callFrame.functionName.startsWith("(") ? "" : `native ${node.callFrame.functionName}`);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
  const moduleOfSample = new Map();
  const attributed = (id) => {
    if (!moduleOfSample.has(id)) {
      const own = moduleOf(urlOf(nodes.get(id)));
      let module = own;
      for (let at = parents.get(id); !isCode(module) && at !== undefined; at = parents.get(at)) {
        const caller = moduleOf(urlOf(nodes.get(at)));
        if (isCode(caller)) module = own.startsWith("WebAssembly") ? `${caller} (WebAssembly)` : caller;
      }
      moduleOfSample.set(id, module);
    }
    return moduleOfSample.get(id);
  };
  const byModule = new Map();
  profile.samples.forEach((id, i) => {
    const module = attributed(id);
    byModule.set(module, (byModule.get(module) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...byModule]
    .filter(([module]) => module !== "(V8: GC, compiler, idle)")
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([module, ms]) => ({ module, ms: Math.round(ms) }));
}

/** One `serve`: milliseconds (elapsed and CPU) from spawn until the API answers, then SIGTERM and its exit. */
async function timedStart(env, profileDir) {
  const port = await freePort();
  const started = performance.now();
  const profiling = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...serverNodeFlags(env), ...profiling, cli, "serve"], {
    env: serverEnv({ ...env, PORT: String(port) }),
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve([code, signal])));
  let failed = false;
  child.once("exit", () => (failed = true));
  for (;;) {
    if (failed) throw new Error("docstack serve exited before it was ready");
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const readyMs = performance.now() - started;
  // Serving means the API answers (its validator prepared), not only the readiness check.
  const api = await fetch(`http://127.0.0.1:${port}/v1/user`);
  if (api.status !== 401) throw new Error(`GET /v1/user without a token answered ${api.status}, not 401`);
  const ms = performance.now() - started;
  const cpu = cpuMs(child.pid);
  // The first request the contract's validator checks (prepared then, not at start): an e-mail sign-in without its
  // e-mail, 400.
  const validated = await fetch(`http://127.0.0.1:${port}/v1/auth/email`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  if (validated.status !== 400) throw new Error(`POST /v1/auth/email with {} answered ${validated.status}, not 400`);
  const validatedMs = performance.now() - started;
  child.kill("SIGTERM");
  // A process ended by the signal itself writes no CPU profile: it must stop by itself (serve stops on SIGTERM once
  // started, even when the signal came during its start).
  const [code, signal] = await exited;
  if (code !== 0) throw new Error(`docstack serve did not stop cleanly on SIGTERM (${signal ?? `exit ${code}`})`);
  return { ms, cpu, readyMs, validatedMs };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-bench-startup-"));
try {
  const env = { ...process.env, NODE_ENV: "production", DOCSTACK_DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  const first = await timedStart(env);
  const starts = [];
  for (let i = 0; i < STARTS; i++) starts.push(await timedStart(env));
  // One more start under the CPU profiler (slower: its figures are shares, not the start's time).
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-bench-startup-profile-"));
  await timedStart(env, profileDir);
  const profileFile = fs.readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
  if (!profileFile) throw new Error("the profiled start wrote no CPU profile");
  const costliest = costliestModules(path.join(profileDir, profileFile));
  fs.rmSync(profileDir, { recursive: true, force: true });
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const times = starts.map((start) => start.ms);
  const cpu = starts.map((start) => start.cpu).filter((ms) => ms !== undefined);
  const summary = {
    database: process.env.DATABASE_URL ? "postgresql" : "embedded (PGlite)",
    firstStartMigratingMs: Math.round(first.ms),
    startsMs: times.map(Math.round),
    medianMs: Math.round(median(times)),
    highestMs: Math.round(Math.max(...times)),
    medianReadyzMs: Math.round(median(starts.map((start) => start.readyMs))),
    medianFirstValidatedMs: Math.round(median(starts.map((start) => start.validatedMs))),
    medianCpuMs: cpu.length ? Math.round(median(cpu)) : undefined,
    loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
    costliestModules: costliest,
  };
  console.log(`\nStart-up of \`docstack serve\` (production mode) until the API answers, ${summary.database}:`);
  console.log(`  first start (makes the database: a new directory is the build's migrated template): ${summary.firstStartMigratingMs} ms`);
  console.log(`  ${STARTS} starts on the migrated database: ${summary.startsMs.join(", ")} ms`);
  console.log(`  median ${summary.medianMs} ms, highest ${summary.highestMs} ms  (goal ≤ ${GOAL_MS} ms); load average ${summary.loadAverage.join(" ")}`);
  console.log(`  /readyz alone answered 200 after ${summary.medianReadyzMs} ms (median)`);
  console.log(`  the first request through the contract's validator (prepared by it) answered after ${summary.medianFirstValidatedMs} ms (median)`);
  if (summary.medianCpuMs !== undefined) console.log(`  CPU used until ready (median): ${summary.medianCpuMs} ms`);
  console.log("  costliest modules of a profiled start (CPU ms, until SIGTERM):");
  for (const { module, ms } of costliest) console.log(`    ${String(ms).padStart(6)} ms  ${module}`);
  fs.mkdirSync(path.join(here, "results"), { recursive: true });
  fs.writeFileSync(path.join(here, "results", "startup.json"), `${JSON.stringify({ date: new Date().toISOString(), ...summary }, null, 2)}\n`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
