// `npm run bench`: figures, not assertions. Starts the target (target.cjs) in its own
// process, drives load with autocannon, and prints, per scenario, requests/s and
// latency percentiles:
//  - GET /v1/spaces/{spaceId} on the full stack, and a bare Express route doing the
//    same read with the same Prisma client, in alternation: their ratio (goal ≥ 0.9, issue 40);
//  - a list page (first and deep), a create, and a search;
//  - list and search at 1k and at 100k rows in the tables (two targets side by side, in
//    alternation): p50 ratio, timed one request at a time (goal ≤ 1.5);
//  - content size (bench/content.mjs): spaces of 10, 1,000 and 10,000 pages, writes at scale;
// then the storage figure (bench/storage.mjs), the published sites' (bench/sites.mjs), start-up
// (bench/startup.mjs), resident memory (bench/memory.mjs) and the share of links ok after a migration in batches
// (bench/migration.mjs), a 5,000-page repository imported and exported (bench/content-io.mjs), webhooks
// (bench/webhooks.mjs), Git Sync's push → space and merge → remote (bench/git-sync.mjs) and the editor's core opening
// and saving a 5,000-block page (bench/editor.mjs).
// Results: bench/results/latest.json. BENCH_JOBS=2 runs two parts at once (CI's run at small sizes); a part that fails
// fails the run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { contentBench } from "./content.mjs";
import { CONNECTIONS, DURATION, drainOf, measure, measureAlternating, ratio, sequentialLatencies, startTarget, table } from "./lib.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const LARGE = Number(process.env.BENCH_LARGE_ROWS || 100_000);

const rowsLabel = (rows) => (rows >= 1000 ? `${rows / 1000}k rows` : `${rows} rows`);

/** The list (first and deep page) and search requests of a target, named with its number of rows. */
function tableRequests({ info }, rows) {
  const label = rowsLabel(rows);
  return [
    [`GET /v1/orgs/{org}/spaces first page, ${label}`, `/v1/orgs/${info.organizationId}/spaces?limit=50`],
    [`GET /v1/orgs/{org}/spaces deep page, ${label}`, `/v1/orgs/${info.organizationId}/spaces?limit=50&page=${info.deepPage}`],
    [`GET /v1/spaces/{spaceId}/search, ${label}`, `/v1/spaces/${info.searchSpaceId}/search?query=kubernetes&limit=20`],
  ].map(([name, p]) => ({ name, url: `${info.full}${p}`, headers: { authorization: `Bearer ${info.token}` } }));
}

/** GET space on the full stack against bare Express, and a create, on the 1k-row target. */
async function stackScenarios({ info }) {
  const headers = { authorization: `Bearer ${info.token}` };
  const space = `${info.full}/v1/spaces/${info.spaceId}`;
  // Warm-up, at most the scenario's own duration (CI's runs are short).
  const warmUp = Math.min(2, DURATION);
  await autocannon({ url: space, headers, duration: warmUp, connections: CONNECTIONS });
  await autocannon({ url: `${info.bare}/bare/spaces/${info.spaceId}`, duration: warmUp, connections: CONNECTIONS });
  const results = await measureAlternating(
    [
      { name: "GET /v1/spaces/{spaceId} (full stack)", options: { url: space, headers } },
      { name: "bare Express + same Prisma read", options: { url: `${info.bare}/bare/spaces/${info.spaceId}` } },
    ],
    drainOf(info.full),
    // Short turns, many of them: on a shared machine, load comes and goes within seconds.
    6,
  );
  results.push(
    await measure("POST /v1/orgs/{org}/collections (create)", {
      url: `${info.full}/v1/orgs/${info.organizationId}/collections`,
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ title: "Bench" }),
    }),
  );
  return results;
}

/**
 * Table size: the same requests with 1k and with 100k rows in the tables, on two targets running side
 * by side and measured in alternation (so that their ratios see the same load); the ratios use the
 * requests timed one at a time, to the microsecond (at 10 connections, p50s are mostly queueing).
 */
async function tableBench() {
  // Rows, not content: BENCH_CONTENT_SIZES (the content part's, CI sets it for the whole run) would seed pages instead.
  const small = await startTarget({ BENCH_ROWS: "1000", BENCH_CONTENT_SIZES: "" });
  const results = [];
  let large;
  try {
    // Before the second target starts: its seeding's leftover work (GC, the database's) would weigh on
    // the more CPU-bound full stack more than on bare Express.
    results.push(...(await stackScenarios(small)));
    console.log(`seeding ${LARGE} rows…`);
    large = await startTarget({ BENCH_ROWS: String(LARGE), BENCH_CONTENT_SIZES: "" });
    const [smallRequests, largeRequests] = [tableRequests(small, 1000), tableRequests(large, LARGE)];
    const drainBoth = async () => {
      await drainOf(small.info.full)();
      await drainOf(large.info.full)();
    };
    for (const [i, request] of smallRequests.entries()) {
      const pair = [request, largeRequests[i]].map(({ name, url, headers }) => ({ name, options: { url, headers } }));
      results.push(...(await measureAlternating(pair, drainBoth)));
    }
    const oneAtATime = (requests) => requests.map(({ name, ...target }) => ({ name: `${name} (one at a time)`, ...target }));
    results.push(...(await sequentialLatencies([...oneAtATime(smallRequests), ...oneAtATime(largeRequests)])));
  } finally {
    small.child.send("stop");
    large?.child.send("stop");
  }
  console.log(table(results));
  const find = (prefix) => results.find((r) => r.scenario.startsWith(prefix));
  const across = (prefix) => ratio(find(`${prefix}, ${rowsLabel(LARGE)} (one at a time)`).p50ms, find(`${prefix}, 1k rows (one at a time)`).p50ms);
  const summary = {
    fullStackToBareRequestsRatio: ratio(find("GET /v1/spaces/{spaceId} (full").requestsPerSecond, find("bare").requestsPerSecond),
    listP50LargeToSmall: across("GET /v1/orgs/{org}/spaces first page"),
    deepListP50LargeToSmall: across("GET /v1/orgs/{org}/spaces deep page"),
    searchP50LargeToSmall: across("GET /v1/spaces/{spaceId}/search"),
  };
  console.log(`\nfull stack / bare Express (req/s): ${summary.fullStackToBareRequestsRatio}  (goal ≥ 0.9)`);
  console.log(
    `list p50 (one at a time, µs timing), ${LARGE} rows / 1k rows: ${summary.listP50LargeToSmall} (deep page: ${summary.deepListP50LargeToSmall})  (goal ≤ 1.5)`,
  );
  console.log(`search p50 (one at a time, µs timing), ${LARGE} rows / 1k rows: ${summary.searchP50LargeToSmall}  (goal ≤ 1.5)`);
  return { results, summary };
}

/** Content size: spaces of 10 to 10,000 pages in one run (bench/content.mjs). */
async function contentSizeBench() {
  console.log(`\nseeding content spaces…`);
  const content = await contentBench();
  console.log(`(seeded in ${content.seedSeconds.toFixed(1)} s)`);
  console.log(table(content.results));
  const { summary: s, writes, small, large } = content;
  console.log(`\npage by ID p50 (one at a time, µs timing), ${large} / ${small}: ${s.pageByIdP50LargeToSmall}  (goal ≤ 1.3)`);
  console.log(`page by path p50 (one at a time, µs timing), ${large} / ${small}: ${s.pageByPathP50LargeToSmall}  (goal ≤ 1.3)`);
  console.log(`page list p50, ${large} / ${small}: ${s.pageListP50LargeToSmall}  (no goal: the list is the whole tree)`);
  console.log(`search p50 (term on every page; one at a time, µs timing), ${large} / ${small}: ${s.searchCommonP50LargeToSmall}  (goal ≤ 2)`);
  console.log(`search p50 (term on every page) / GET space p50 (one at a time, µs timing), ${large}: ${s.searchCommonToGetSpaceP50}  (goal ≤ 5)`);
  console.log(`search p50 (rare term), ${large} / ${small}: ${s.searchRareP50LargeToSmall}`);
  console.log(`one-page merge p50, ${large} / ${small}: ${s.mergeP50LargeToSmall}  (goal ≤ 3)`);
  const at = Object.entries(writes.secondsPer100PagesAt).map(([mark, seconds]) => `${seconds} s at ${mark}`);
  console.log(`\nwrites: a change request growing to ${writes.pages} pages in batches of ${writes.batch}: seconds per 100 pages: ${at.join(", ")}`);
  console.log(
    `  (linear: the figure stays flat; last / first: ${s.writeSecondsPer100LastToFirst}, last / at 1,000: ${s.writeSecondsPer100LastTo1000}); ${writes.totalWriteSeconds} s in all; merged in ${writes.mergeSeconds} s`,
  );
  return content;
}

/** Runs one part of the bench; its seconds go to DOCSTACK_STEP_TIMINGS when set (.ci/run prints where the time went). */
async function timedPart(name, part) {
  const started = Date.now();
  const result = await part();
  if (process.env.DOCSTACK_STEP_TIMINGS) fs.appendFileSync(process.env.DOCSTACK_STEP_TIMINGS, `bench ${name}\t${Math.round((Date.now() - started) / 1000)}\n`);
  return result;
}

/** The parts with a script of their own, each writing results/<part>.json, in the order they start. */
const SCRIPT_PARTS = [
  "storage",
  "sites",
  "search",
  "startup",
  "memory",
  "migration",
  "content-io",
  "webhooks",
  "git-sync",
  "hostile",
  "large-merge",
  "editor",
  "editor-browser",
  "app",
];

/** Runs a part's script in its own process, its output kept for printing in one block. */
function runScript(script) {
  const child = spawn(process.execPath, [script], { env: process.env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout, stderr }));
  });
}

async function main() {
  const started = Date.now();
  const only = process.env.BENCH_ONLY; // "tables", "content", "storage", "sites", "startup", "memory", "migration", "content-io", "webhooks", "git-sync", "hostile", "large-merge", "search", "editor", "editor-browser" or "app": one part (development)
  const database = process.env.DATABASE_URL ? "postgresql" : "embedded (PGlite)";
  console.log(`\nDocstack benchmark — ${database}, ${CONNECTIONS} connections, ${DURATION} s per scenario\n`);
  const report = { date: new Date().toISOString(), database, durationSeconds: DURATION, connections: CONNECTIONS };
  // BENCH_JOBS parts at once (CI runs two, at small sizes, where the figures only show that every part runs): one lane
  // runs the two parts of this process first, and each part's own script prints when it ends, in one block.
  const lanes = Math.max(1, Number(process.env.BENCH_JOBS) || 1);
  const queue = SCRIPT_PARTS.filter((part) => !only || only === part);
  const failed = [];
  const runScripts = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      report[name] = await timedPart(name, async () => {
        const run = await runScript(path.join(here, `${name}.mjs`));
        process.stdout.write(run.stdout);
        if (run.status !== 0) {
          process.stderr.write(run.stderr);
          failed.push(name);
        }
        return run.status === 0 ? JSON.parse(fs.readFileSync(path.join(here, "results", `${name}.json`), "utf8")) : { error: run.stderr };
      });
    }
  };
  const inProcess = async () => {
    if (!only || only === "tables") report.tables = await timedPart("tables", tableBench);
    if (!only || only === "content") report.content = await timedPart("content", contentSizeBench);
    await runScripts();
  };
  await Promise.all([inProcess(), ...Array.from({ length: lanes - 1 }, runScripts)]);
  report.totalSeconds = Math.round((Date.now() - started) / 1000);
  fs.mkdirSync(path.join(here, "results"), { recursive: true });
  fs.writeFileSync(path.join(here, "results", "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nbenchmark took ${report.totalSeconds} s; written to bench/results/latest.json`);
  // A part that could not run is a broken bench, not a figure: the run fails (CI's with it).
  if (failed.length) throw new Error(`the bench's part(s) ${failed.join(", ")} failed (their errors are above)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
