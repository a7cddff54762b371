// `npm run bench`: figures, not assertions. Starts the target (target.cjs) in its own
// process, drives load with autocannon, and prints, per scenario, requests/s and
// latency percentiles:
//  - GET /v1/spaces/{spaceId} on the full stack, and a bare Express route doing the
//    same read with the same Prisma client: their ratio (goal ≥ 0.6);
//  - a list page (first and deep), a create, and a search;
//  - list and search at 1k and at 100k rows in the tables: p50 ratio (goal ≤ 1.5);
// then the storage figure (bench/storage.mjs) and the published sites' (bench/sites.mjs).
// Results: bench/results/latest.json.
import { fork, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const LARGE = Number(process.env.BENCH_LARGE_ROWS || 100_000);

function startTarget(rows) {
  const child = fork(path.join(here, "target.cjs"), {
    execArgv: ["--expose-gc", ...(process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : [])],
    env: { ...process.env, BENCH_ROWS: String(rows) },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", (info) => resolve({ child, info }));
    child.once("exit", (code) => reject(new Error(`benchmark target exited with ${code}`)));
  });
}

async function measure(name, options, duration = DURATION) {
  const result = await autocannon({ duration, connections: CONNECTIONS, ...options });
  return {
    scenario: name,
    requestsPerSecond: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx + result.errors,
  };
}

function table(rows) {
  const header = ["scenario", "req/s", "p50 ms", "p99 ms", "requests", "failed"];
  const lines = rows.map((r) => [r.scenario, r.requestsPerSecond, r.p50ms, r.p99ms, r.requests, r.failed].map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [format(header), ...lines.map(format)].join("\n");
}

async function scenarios(rows, all) {
  const { child, info } = await startTarget(rows);
  const headers = { authorization: `Bearer ${info.token}` };
  const url = (p) => `${info.full}${p}`;
  const results = [];
  const label = rows >= 1000 ? `${rows / 1000}k rows` : `${rows} rows`;
  try {
    await autocannon({ url: url(`/v1/spaces/${info.spaceId}`), headers, duration: 2, connections: CONNECTIONS });
    if (all) {
      await autocannon({ url: `${info.bare}/bare/spaces/${info.spaceId}`, duration: 2, connections: CONNECTIONS });
      results.push(await measure("GET /v1/spaces/{spaceId} (full stack)", { url: url(`/v1/spaces/${info.spaceId}`), headers }));
      results.push(await measure("bare Express + same Prisma read", { url: `${info.bare}/bare/spaces/${info.spaceId}` }));
      results.push(
        await measure("POST /v1/orgs/{org}/collections (create)", {
          url: url(`/v1/orgs/${info.organizationId}/collections`),
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ title: "Bench" }),
        }),
      );
    }
    results.push(await measure(`GET /v1/orgs/{org}/spaces first page, ${label}`, { url: url(`/v1/orgs/${info.organizationId}/spaces?limit=50`), headers }));
    results.push(
      await measure(`GET /v1/orgs/{org}/spaces deep page, ${label}`, {
        url: url(`/v1/orgs/${info.organizationId}/spaces?limit=50&page=${info.deepPage}`),
        headers,
      }),
    );
    results.push(
      await measure(`GET /v1/spaces/{spaceId}/search, ${label}`, { url: url(`/v1/spaces/${info.searchSpaceId}/search?query=kubernetes&limit=20`), headers }),
    );
  } finally {
    child.send("stop");
  }
  return { results, seedSeconds: info.seedSeconds };
}

async function main() {
  const database = process.env.DATABASE_URL ? "postgresql" : "embedded (PGlite)";
  console.log(`\nDocstack benchmark — ${database}, ${CONNECTIONS} connections, ${DURATION} s per scenario\n`);
  const small = await scenarios(1000, true);
  console.log(table(small.results));
  console.log(`\nseeding ${LARGE} rows…`);
  const large = await scenarios(LARGE, false);
  console.log(table(large.results));
  const find = (results, prefix) => results.find((r) => r.scenario.startsWith(prefix));
  const full = find(small.results, "GET /v1/spaces/{spaceId} (full");
  const bare = find(small.results, "bare");
  const ratio = (a, b) => Number((a / b).toFixed(2));
  const summary = {
    fullStackToBareRequestsRatio: ratio(full.requestsPerSecond, bare.requestsPerSecond),
    listP50LargeToSmall: ratio(find(large.results, "GET /v1/orgs/{org}/spaces first").p50ms, find(small.results, "GET /v1/orgs/{org}/spaces first").p50ms),
    deepListP50LargeToSmall: ratio(find(large.results, "GET /v1/orgs/{org}/spaces deep").p50ms, find(small.results, "GET /v1/orgs/{org}/spaces deep").p50ms),
    searchP50LargeToSmall: ratio(find(large.results, "GET /v1/spaces/{spaceId}/search").p50ms, find(small.results, "GET /v1/spaces/{spaceId}/search").p50ms),
  };
  console.log(`\nfull stack / bare Express (req/s): ${summary.fullStackToBareRequestsRatio}  (goal ≥ 0.6)`);
  console.log(`list p50, ${LARGE} rows / 1k rows: ${summary.listP50LargeToSmall} (deep page: ${summary.deepListP50LargeToSmall})  (goal ≤ 1.5)`);
  console.log(`search p50, ${LARGE} rows / 1k rows: ${summary.searchP50LargeToSmall}  (goal ≤ 1.5)`);
  const storage = spawnSync(process.execPath, [path.join(here, "storage.mjs")], { encoding: "utf8", env: process.env });
  process.stdout.write(storage.stdout);
  if (storage.status !== 0) process.stderr.write(storage.stderr);
  const storageFigures = storage.status === 0 ? JSON.parse(fs.readFileSync(path.join(here, "results", "storage.json"), "utf8")) : { error: storage.stderr };
  const sites = spawnSync(process.execPath, [path.join(here, "sites.mjs")], { encoding: "utf8", env: process.env });
  process.stdout.write(sites.stdout);
  if (sites.status !== 0) process.stderr.write(sites.stderr);
  const sitesFigures = sites.status === 0 ? JSON.parse(fs.readFileSync(path.join(here, "results", "sites.json"), "utf8")) : { error: sites.stderr };
  const report = {
    date: new Date().toISOString(),
    database,
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    small,
    large,
    summary,
    storage: storageFigures,
    sites: sitesFigures,
  };
  fs.mkdirSync(path.join(here, "results"), { recursive: true });
  fs.writeFileSync(path.join(here, "results", "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwritten to bench/results/latest.json`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
