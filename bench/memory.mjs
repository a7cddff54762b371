// Memory figures (part of `npm run bench`, BENCH_ONLY=memory): the resident memory of a real
// `docstack start` process, as `npm start` runs it (production mode, scripts/server-runtime.mjs), read from /proc (Linux only):
//  - the migration peak: a first start on a fresh data directory (or DATABASE_URL's database, emptied of
//    nothing: already migrated, it migrates nothing), the highest of the server's VmHWM and of its process
//    tree's summed VmRSS sampled while it starts (a migration run in a child process counts);
//  - idle after that start, and idle after a restart on the migrated database;
//  - after the content scenario on the restarted server: a 2,000-page space written through the API (a
//    change request filled by batches of 50 pages, merged), each page read by ID, and 1,000 of its pages
//    rendered as a published site.
// Goals: embedded database idle ≤ 250 MiB, after the content scenario ≤ 350 MiB, migration peak ≤ 400 MiB;
// PostgreSQL idle ≤ 150 MiB. Writes results/memory.json.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverEnv, serverNodeFlags } from "../scripts/server-runtime.mjs";
import { chapterBatch, client } from "./content.mjs";
import { freePort } from "./lib.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
// BENCH_DIST: another build of the server beside `dist` (a copy of it before a change), as the other parts take it.
const cli = path.join(here, "..", "packages", "server", process.env.BENCH_DIST || "dist", "cli", "main.js");
const PAGES = Number(process.env.BENCH_MEMORY_PAGES || 2000);
const RENDERED = Number(process.env.BENCH_MEMORY_RENDERED || 1000);
const BATCH = 50;
/** How long a server is left alone before its idle figure is read. */
const SETTLE_MS = Number(process.env.BENCH_MEMORY_SETTLE_MS || 3000);
const postgres = Boolean(process.env.DATABASE_URL);
const GOALS = postgres ? { idleMiB: 150 } : { idleMiB: 250, afterContentMiB: 350, migrationPeakMiB: 400 };

const MiB = (kB) => Math.round(kB / 1024);

/** A /proc/<pid>/status field in kB (VmRSS, VmHWM), or undefined once the process is gone. */
function statusKb(pid, field) {
  try {
    const match = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** The process and its descendants (threads are the process's own memory already). */
function tree(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      for (const task of fs.readdirSync(`/proc/${pids[i]}/task`)) {
        const children = fs.readFileSync(`/proc/${pids[i]}/task/${task}/children`, "utf8").trim();
        if (children) pids.push(...children.split(" ").map(Number));
      }
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

const treeRssKb = (pid) => tree(pid).reduce((sum, p) => sum + (statusKb(p, "VmRSS") ?? 0), 0);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `docstack start` until the API answers, sampling its process tree's resident memory meanwhile. */
async function start(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [...serverNodeFlags(env), cli, "start"], {
    env: serverEnv({ ...env, PORT: String(port) }),
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stdout = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let failed = false;
  child.once("exit", () => (failed = true));
  let treePeakKb = 0;
  const sampler = setInterval(() => (treePeakKb = Math.max(treePeakKb, treeRssKb(child.pid))), 20);
  try {
    for (;;) {
      if (failed) throw new Error("docstack start exited before it was ready");
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      await sleep(20);
    }
    // The first admin's token is printed once the server listens.
    while (!/Docstack serves on/.test(stdout) && !failed) await sleep(20);
  } finally {
    clearInterval(sampler);
  }
  const startPeakKb = Math.max(treePeakKb, statusKb(child.pid, "VmHWM") ?? 0);
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
  };
  return { child, base: `http://127.0.0.1:${port}`, token: stdout.match(/^ +API token +(\S+)$/m)?.[1], startPeakKb, stop };
}

/** Resident memory once the server has been left alone for a while. */
async function idleKb(child) {
  await sleep(SETTLE_MS);
  return statusKb(child.pid, "VmRSS");
}

/** A 2,000-page space written through the API, each page read, 1,000 rendered as a published site. */
async function contentScenario(server, token) {
  const call = client(server.base, token);
  const [organization] = (await call("GET", "/v1/orgs")).items;
  const space = await call("POST", `/v1/orgs/${organization.id}/spaces`, { title: "Manual" });
  const cr = await call("POST", `/v1/spaces/${space.id}/change-requests`, { subject: "Import" });
  let chapter;
  for (let written = 0; written < PAGES; written += BATCH) {
    const b = written / BATCH;
    const changes = chapterBatch(written, chapter);
    await call("POST", `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { changes });
    chapter = (await call("GET", `/v1/spaces/${space.id}/change-requests/${cr.id}/content/path/chapter-${b}`)).id;
  }
  const merged = await call("POST", `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
  if (merged.result !== "merge") throw new Error(`the ${PAGES}-page change request did not merge`);
  const writtenKb = statusKb(server.child.pid, "VmRSS");
  const pages = [];
  const walk = (list) => {
    for (const page of list) {
      pages.push(page);
      walk(page.pages ?? []);
    }
  };
  walk((await call("GET", `/v1/spaces/${space.id}/content/pages`)).pages);
  if (pages.length < PAGES) throw new Error(`the space lists ${pages.length} pages, not ${PAGES}`);
  for (const page of pages) await call("GET", `/v1/spaces/${space.id}/content/page/${page.id}`);
  const readKb = statusKb(server.child.pid, "VmRSS");
  const site = await call("POST", `/v1/orgs/${organization.id}/sites`, { title: "Manual", spaces: [space.id] });
  const published = (await call("POST", `/v1/orgs/${organization.id}/sites/${site.id}/publish`)).urls.published;
  const sitePath = new URL(published).pathname;
  for (const page of pages.slice(0, RENDERED)) {
    const response = await fetch(`${server.base}${sitePath}/${page.path}`);
    if (!response.ok) throw new Error(`GET ${sitePath}/${page.path}: ${response.status}`);
    await response.arrayBuffer();
  }
  return { writtenKb, readKb, renderedKb: statusKb(server.child.pid, "VmRSS") };
}

if (process.platform !== "linux") {
  console.log("\nMemory: /proc is Linux's; skipped.");
  process.exit(0);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-bench-memory-"));
try {
  const env = { ...process.env, NODE_ENV: "production", DOCSTACK_DATA_DIR: dataDir, LOG_LEVEL: "warn", DOCSTACK_RATE_LIMIT: "0" };
  // First start: migrates the fresh database (and bootstraps it: the token for the scenario).
  const first = await start(env);
  let token;
  let migratedIdleKb;
  try {
    token = first.token;
    migratedIdleKb = await idleKb(first.child);
  } finally {
    await first.stop();
  }
  if (!token) throw new Error("docstack start printed no API token (was the database empty?)");
  const server = await start(env);
  const summary = { database: postgres ? "postgresql" : "embedded (PGlite)", goals: GOALS };
  try {
    summary.migrationPeakMiB = MiB(first.startPeakKb);
    summary.idleAfterMigratingMiB = MiB(migratedIdleKb);
    summary.idleMiB = MiB(await idleKb(server.child));
    if (!postgres || process.env.BENCH_MEMORY_CONTENT === "true") {
      const content = await contentScenario(server, token);
      summary.afterWritingMiB = MiB(content.writtenKb);
      summary.afterReadingMiB = MiB(content.readKb);
      summary.afterRenderingMiB = MiB(content.renderedKb);
      summary.afterContentMiB = MiB(await idleKb(server.child));
      summary.contentPeakMiB = MiB(statusKb(server.child.pid, "VmHWM"));
    }
  } finally {
    await server.stop();
  }
  const goal = (name) => (GOALS[name] === undefined ? "" : `  (goal ≤ ${GOALS[name]} MiB)`);
  console.log(`\nResident memory (VmRSS) of \`docstack start\` (production mode), ${summary.database}:`);
  console.log(`  migration peak (first start, fresh database): ${summary.migrationPeakMiB} MiB${goal("migrationPeakMiB")}`);
  console.log(`  idle after that first start: ${summary.idleAfterMigratingMiB} MiB`);
  console.log(`  idle after a restart: ${summary.idleMiB} MiB${goal("idleMiB")}`);
  if (summary.afterContentMiB !== undefined) {
    console.log(
      `  a ${PAGES}-page space written: ${summary.afterWritingMiB} MiB; each page read: ${summary.afterReadingMiB} MiB; ${RENDERED} pages of its site rendered: ${summary.afterRenderingMiB} MiB`,
    );
    console.log(`  idle after that: ${summary.afterContentMiB} MiB${goal("afterContentMiB")}; highest meanwhile (VmHWM): ${summary.contentPeakMiB} MiB`);
  }
  fs.mkdirSync(path.join(here, "results"), { recursive: true });
  fs.writeFileSync(path.join(here, "results", "memory.json"), `${JSON.stringify({ date: new Date().toISOString(), ...summary }, null, 2)}\n`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
