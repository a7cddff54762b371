// `npm run bench`: starts the target (target.cjs) in its own process, drives load
// with autocannon and prints figures: requests/s and latency percentiles per
// scenario, and the ratio of the full stack to a bare Express route doing the same
// read. Results go to bench/results/latest.json as well. Nothing is asserted.
import { fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);

function startTarget(rows) {
  const child = fork(path.join(here, "target.cjs"), { execArgv: process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : [], env: { ...process.env, BENCH_ROWS: String(rows) }, stdio: ["ignore", "ignore", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("message", (info) => resolve({ child, info }));
    child.once("exit", (code) => reject(new Error(`benchmark target exited with ${code}`)));
  });
}

async function measure(name, options) {
  const result = await autocannon({ duration: DURATION, connections: CONNECTIONS, ...options });
  const non2xx = result.non2xx + result.errors;
  return {
    scenario: name,
    requestsPerSecond: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    requests: result.requests.total,
    failed: non2xx,
  };
}

function table(rows) {
  const header = ["scenario", "req/s", "p50 ms", "p99 ms", "requests", "failed"];
  const lines = rows.map((r) => [r.scenario, r.requestsPerSecond, r.p50ms, r.p99ms, r.requests, r.failed].map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [format(header), ...lines.map(format)].join("\n");
}

async function main() {
  const { child, info } = await startTarget(1000);
  const auth = { authorization: `Bearer ${info.token}` };
  const results = [];
  try {
    // Warm-up, so both sides start with compiled code and a warm connection.
    await autocannon({ url: `${info.full}/v1/spaces/${info.spaceId}`, headers: auth, duration: 2, connections: CONNECTIONS });
    await autocannon({ url: `${info.bare}/bare/spaces/${info.spaceId}`, duration: 2, connections: CONNECTIONS });
    results.push(await measure("GET /v1/spaces/{spaceId} (full stack)", { url: `${info.full}/v1/spaces/${info.spaceId}`, headers: auth }));
    results.push(await measure("bare Express + same Prisma read", { url: `${info.bare}/bare/spaces/${info.spaceId}` }));
  } finally {
    child.send("stop");
  }
  const [full, bare] = results;
  const ratio = Number((full.requestsPerSecond / bare.requestsPerSecond).toFixed(2));
  const report = {
    date: new Date().toISOString(),
    database: process.env.DATABASE_URL ? "postgresql" : "embedded (PGlite)",
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    results,
    fullStackToBareRatio: ratio,
  };
  console.log(`\nDocstack benchmark — ${report.database}, ${CONNECTIONS} connections, ${DURATION} s per scenario\n`);
  console.log(table(results));
  console.log(`\nfull stack / bare Express (req/s): ${ratio}  (goal ≥ 0.6)`);
  fs.mkdirSync(path.join(here, "results"), { recursive: true });
  fs.writeFileSync(path.join(here, "results", "latest.json"), JSON.stringify(report, null, 2) + "\n");
  console.log(`written to bench/results/latest.json`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
