// What the benchmark scripts share: the target process, autocannon runs and the table.
import { fork } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { chromium } from "playwright-core";
import { serverEnv, serverNodeFlags } from "../scripts/server-runtime.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const DURATION = Number(process.env.BENCH_SECONDS || 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);

/** The value at percentile `p` of values sorted in ascending order. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * The /healthz prober's latencies (phase → milliseconds) as figures per phase, and every latency of the busy phases
 * (all but "idle" and "after"), sorted.
 */
export function phaseFigures(latencies) {
  const figures = {};
  const busy = [];
  for (const [name, values] of latencies) {
    const sorted = [...values].sort((a, b) => a - b);
    if (name !== "idle" && name !== "after") busy.push(...values);
    figures[name] = {
      requests: values.length,
      p50ms: +percentile(sorted, 50).toFixed(1),
      p99ms: +percentile(sorted, 99).toFixed(1),
      maxMs: +sorted.at(-1).toFixed(1),
    };
  }
  return { figures, busy: busy.sort((a, b) => a - b) };
}

/** Starts target.cjs (the server under measurement) in its own process; `env` picks what it seeds. */
export function startTarget(env) {
  const child = fork(path.join(here, "target.cjs"), {
    // As `npm start` runs the server (scripts/server-runtime.mjs).
    execArgv: ["--expose-gc", ...serverNodeFlags(), ...(process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : [])],
    env: serverEnv({ ...process.env, ...env }),
    stdio: ["ignore", process.env.BENCH_TARGET_LOG ? "inherit" : "ignore", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", (info) => resolve({ child, info }));
    child.once("exit", (code) => reject(new Error(`benchmark target exited with ${code}`)));
  });
}

/** Starts a part's own target script (it seeds, serves, and sends its info once ready), as `npm start` runs the server. */
export function startOwnTarget(script) {
  const child = fork(path.join(here, script), { execArgv: serverNodeFlags(), env: serverEnv(process.env), stdio: ["ignore", "ignore", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("message", (info) => resolve({ child, info }));
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

export async function measure(name, options, duration = DURATION) {
  const result = await autocannon({ duration, connections: CONNECTIONS, ...options });
  return {
    scenario: name,
    requestsPerSecond: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx + result.errors,
    // What the run lasted: autocannon runs whole seconds (asked for 0.5, it runs 1).
    seconds: result.duration,
  };
}

/**
 * Several scenarios measured in alternation, `rounds` times each (DURATION in all per
 * scenario; fewer rounds when DURATION has fewer whole seconds), so that their ratios see the same load on a shared machine: requests/s over
 * all rounds (by the time they actually ran), p50 the median of the rounds' p50s, p99 the highest round's. `drain` (a
 * request answered once the server has worked through what it was sent) runs between
 * rounds, so that no round pays for the previous one's queue.
 */
export async function measureAlternating(scenarios, drain, rounds = 3) {
  // autocannon runs whole seconds: more rounds than DURATION's seconds would run each scenario `rounds` seconds, not
  // DURATION (at CI's one second, three and six times as long as asked).
  const turns = Math.max(1, Math.min(rounds, Math.floor(DURATION)));
  const runs = scenarios.map(() => []);
  for (let round = 0; round < turns; round++) {
    for (const [i, { name, options }] of scenarios.entries()) {
      runs[i].push(await measure(name, options, DURATION / turns));
      await drain();
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return scenarios.map(({ name }, i) => ({
    scenario: name,
    requestsPerSecond: Math.round(runs[i].reduce((sum, r) => sum + r.requests, 0) / runs[i].reduce((sum, r) => sum + r.seconds, 0)),
    p50ms: median(runs[i].filter((r) => r.requests > 0).map((r) => r.p50ms)),
    p99ms: Math.max(...runs[i].map((r) => r.p99ms)),
    requests: runs[i].reduce((sum, r) => sum + r.requests, 0),
    failed: runs[i].reduce((sum, r) => sum + r.failed, 0),
  }));
}

export function table(rows) {
  const header = ["scenario", "req/s", "p50 ms", "p99 ms", "requests", "failed"];
  const lines = rows.map((r) => [r.scenario, r.requestsPerSecond, r.p50ms, r.p99ms, r.requests, r.failed].map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [format(header), ...lines.map(format)].join("\n");
}

export const ratio = (a, b) => Number((a / b).toFixed(2));

/** A drain for measureAlternating: the target's readiness check, which queries the database behind whatever is queued. */
export const drainOf = (base) => async () => {
  await fetch(`${base}/readyz`).then((response) => response.arrayBuffer());
};

const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** A GET on a kept-alive connection, its body read and dropped (node:http: lighter than fetch). */
function getOnce(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: keptAlive, headers }, (response) => {
        response.on("data", () => {});
        response.on("end", () => resolve(response.statusCode));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * Latencies of one request at a time, timed in microseconds (autocannon's are whole
 * milliseconds, too coarse for requests of a few milliseconds). The targets take turns in
 * blocks of BLOCK requests, so that they see the same load on a shared machine; the first
 * requests of a block are not counted, so that none pays for the previous target's
 * leftovers (its garbage, work after its answer). Runs `seconds` per target, at least 5
 * blocks each; a failure throws. A target is one `url`, or `urls` taken in turn.
 */
export async function sequentialLatencies(targets, seconds = DURATION) {
  const BLOCK = 25;
  const SETTLE = 5;
  const times = targets.map(() => []);
  const until = performance.now() + seconds * 1000 * targets.length;
  for (let block = 0; block < 5 || performance.now() < until; block++) {
    for (const [i, { url, urls = [url], headers }] of targets.entries()) {
      for (let n = 0; n < BLOCK; n++) {
        const url = urls[(block * BLOCK + n) % urls.length];
        const started = performance.now();
        const status = await getOnce(url, headers);
        if (status >= 400) throw new Error(`${url}: ${status}`);
        if (n >= SETTLE) times[i].push(performance.now() - started);
      }
    }
  }
  return targets.map(({ name }, i) => {
    const sorted = times[i].sort((a, b) => a - b);
    const at = (p) => Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(2));
    const mean = sorted.reduce((sum, t) => sum + t, 0) / sorted.length;
    return { scenario: name, requestsPerSecond: Math.round(1000 / mean), p50ms: at(50), p99ms: at(99), requests: sorted.length, failed: 0 };
  });
}

/** A port free on loopback now (for a server process the bench starts). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });

/**
 * Debian's Chromium in its headless shell, launched as the browser tests launch it
 * (packages/server/test/support/chromium.json): a context is the page being timed, with no browser window of its own
 * competing for the cores.
 */
export function launchChromium() {
  const settings = JSON.parse(fs.readFileSync(path.join(here, "..", "packages", "server", "test", "support", "chromium.json"), "utf8"));
  return chromium.launch({ executablePath: settings.executable, args: settings.args });
}
