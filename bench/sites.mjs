// Published-sites figures (part of `npm run bench`), in one run against one target:
//  - a rendered page of a 1,000-page space, warm (render cache), against express.static
//    serving the same bytes: requests/s ratio (goal ≥ 0.5);
//  - the cold render of a large page (no render cache) against GET /v1/spaces/{id}, one
//    request at a time, taking turns: p50 ratio (goal ≤ 3); the same page without highlighting, which
//    tells highlighting's share of it; and the page rendered again with highlighted code
//    kept (what follows a merge elsewhere in the space);
//  - the warm page of a visitor-auth site, read with a signed visitor's cookie, against the
//    public one: requests/s ratio (what checking the visitor's JWT on every request costs);
//  - a part of llms-full.txt (100 pages of the space, streamed), one request at a time.
// Writes results/sites.json.
import { fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { serverEnv, serverNodeFlags } from "../scripts/server-runtime.mjs";
import { sequentialLatencies } from "./lib.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);

const child = fork(path.join(here, "sites-target.cjs"), {
  // As `npm start` runs the server (scripts/server-runtime.mjs).
  execArgv: [...serverNodeFlags(), ...(process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof-sites"] : [])],
  env: serverEnv(process.env),
  stdio: ["ignore", "ignore", "inherit", "ipc"],
});
const info = await new Promise((resolve, reject) => {
  child.once("message", resolve);
  child.once("exit", (code) => reject(new Error(`sites benchmark target exited with ${code}`)));
});

async function measure(name, url, connections, headers = {}) {
  await autocannon({ url, headers, duration: 1, connections });
  const result = await autocannon({ url, headers, duration: DURATION, connections });
  return {
    scenario: name,
    requestsPerSecond: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    failed: result.non2xx + result.errors,
  };
}

try {
  const auth = { authorization: `Bearer ${info.token}` };
  const results = [
    await measure(`site page, warm (${CONNECTIONS} connections)`, info.warm, CONNECTIONS),
    await measure(`express.static, same bytes (${CONNECTIONS} connections)`, info.static, CONNECTIONS),
    await measure(`visitor-auth site page, warm, signed in (${CONNECTIONS} connections)`, info.visitor, CONNECTIONS, { cookie: info.visitorCookie }),
    // One request at a time, the scenarios taking turns, timed to the microsecond.
    ...(await sequentialLatencies([
      { name: "site page, cold render (one at a time)", url: info.cold },
      { name: "same page, cold, no highlighting (one at a time)", url: info.coldPlain },
      { name: "same page rendered again, code cache warm (one at a time)", url: info.rerender },
      { name: "GET /v1/spaces/{spaceId} (one at a time)", url: info.space, headers: auth },
      { name: "llms-full.txt part of 100 pages, streamed (one at a time)", url: info.llmsFullPart },
    ])),
  ];
  const [warm, staticFiles, visitor, cold, plain, again, space, llmsFull] = results;
  const ratio = (a, b) => Number((a / b).toFixed(2));
  const summary = {
    warmToStaticRequestsRatio: ratio(warm.requestsPerSecond, staticFiles.requestsPerSecond),
    visitorToPublicWarmRequestsRatio: ratio(visitor.requestsPerSecond, warm.requestsPerSecond),
    coldRenderP50ToSpaceReadP50: ratio(cold.p50ms, space.p50ms),
    rerenderP50ToSpaceReadP50: ratio(again.p50ms, space.p50ms),
    highlightingShareOfColdP50: Number(Math.max(0, 1 - plain.p50ms / cold.p50ms).toFixed(2)),
    llmsFullPartP50ToSpaceReadP50: ratio(llmsFull.p50ms, space.p50ms),
  };
  const width = Math.max(...results.map((r) => r.scenario.length));
  console.log(
    `\nPublished sites: a ${info.pages}-page space, a large page (${Math.round(info.markdownBytes / 1024)} KB of Markdown, ${Math.round(info.pageBytes / 1024)} KB of HTML), seeded in ${info.seedSeconds} s`,
  );
  console.log(`${"scenario".padEnd(width)}  req/s  p50 ms  p99 ms  failed`);
  for (const r of results)
    console.log(
      `${r.scenario.padEnd(width)}  ${String(r.requestsPerSecond).padStart(5)}  ${String(r.p50ms).padStart(6)}  ${String(r.p99ms).padStart(6)}  ${String(r.failed).padStart(6)}`,
    );
  console.log(`\nsite page warm / express.static (req/s): ${summary.warmToStaticRequestsRatio}  (goal ≥ 0.5)`);
  console.log(`visitor-auth warm (JWT checked per request) / public warm (req/s): ${summary.visitorToPublicWarmRequestsRatio}`);
  console.log(`cold render p50 / GET space p50: ${summary.coldRenderP50ToSpaceReadP50}  (goal ≤ 3)`);
  console.log(`render again (code cache warm) p50 / GET space p50: ${summary.rerenderP50ToSpaceReadP50}`);
  console.log(`highlighting's share of the cold render p50: ${summary.highlightingShareOfColdP50}`);
  console.log(`llms-full.txt part (100 pages) p50 / GET space p50: ${summary.llmsFullPartP50ToSpaceReadP50}  (${llmsFull.p50ms} ms)`);
  fs.mkdirSync(path.join(here, "results"), { recursive: true });
  fs.writeFileSync(
    path.join(here, "results", "sites.json"),
    `${JSON.stringify({ date: new Date().toISOString(), ...info, token: undefined, visitorCookie: undefined, results, summary }, null, 2)}\n`,
  );
} finally {
  child.send("stop");
}
