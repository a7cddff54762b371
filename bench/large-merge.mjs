// A large merge of real prose (part of `npm run bench`, `BENCH_ONLY=large-merge`): a change request of
// `BENCH_MERGE_PAGES` pages (10,000) of real manuals' paragraphs (bench/prose.cjs, six paragraphs a page), written
// in batches of 50 as the README shows, then merged on the embedded database; the search index follows after the
// commit (docs/search.md, "After a merge"): how long the merge and the index's catching up take, and a second
// client's `GET /healthz` (one every 10 ms) while it all runs (goal: p99 < 100 ms). Writes results/large-merge.json.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { client } from "./content.mjs";
import { prober } from "./healthz-prober.mjs";
import { percentile, phaseFigures, startTarget } from "./lib.mjs";
import prose from "./prose.cjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const { prosePage } = prose;
const PAGES = Number(process.env.BENCH_MERGE_PAGES || 10_000);
const BATCH = 50;
const RARE = "zeppelin";
const GOAL_P99_MS = 100;
const PHASES = ["idle", "written", "merged", "indexed", "after"];

async function main() {
  const { child, info } = await startTarget({ BENCH_CONTENT_SIZES: "10", BENCH_WORK_JOBS: "1" });
  try {
    const call = client(info.full, info.token);
    const space = await call("POST", `/v1/orgs/${info.organizationId}/spaces`, { title: "Manual" });
    const cr = await call("POST", `/v1/spaces/${space.id}/change-requests`, { subject: "The manual" });
    const probe = prober(info.full, PHASES);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    probe.phase = "written";
    let started = performance.now();
    for (let written = 0; written < PAGES; written += BATCH) {
      const changes = [];
      for (let i = written; i < Math.min(PAGES, written + BATCH); i++) {
        const page = prosePage(i, i === PAGES - 1 ? `The ${RARE} lands at dawn.` : "");
        changes.push({ operation: "insert_page", title: page.title, document: { markdown: page.markdown } });
      }
      await call("POST", `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { changes });
    }
    const writeSeconds = (performance.now() - started) / 1000;
    probe.phase = "merged";
    started = performance.now();
    const response = await fetch(`${info.full}/v1/spaces/${space.id}/change-requests/${cr.id}/merge`, {
      method: "POST",
      headers: { authorization: `Bearer ${info.token}` },
    });
    const merged = await response.json();
    const mergeSeconds = (performance.now() - started) / 1000;
    if (response.status !== 200 || merged.result !== "merge") throw new Error(`the merge answered ${response.status}: ${JSON.stringify(merged)}`);
    probe.phase = "indexed";
    started = performance.now();
    // Caught up once the rare word of the last page is found (the job writes pages in order of their IDs).
    for (;;) {
      const found = await call("GET", `/v1/spaces/${space.id}/search?query=${RARE}`);
      const whole = await call("GET", `/v1/spaces/${space.id}/search?query=${encodeURIComponent(prosePage(0).title)}`);
      if (found.items.length && whole.items.length) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const catchUpSeconds = (performance.now() - started) / 1000;
    probe.phase = "after";
    await new Promise((resolve) => setTimeout(resolve, 500));
    const latencies = await probe.stop();
    const { figures: healthz, busy } = phaseFigures(latencies);
    const summary = {
      pages: PAGES,
      writeSeconds: +writeSeconds.toFixed(1),
      mergeStatus: response.status,
      mergeSeconds: +mergeSeconds.toFixed(2),
      searchCaughtUp: merged.searchCaughtUp,
      catchUpSeconds: +catchUpSeconds.toFixed(1),
      healthzP99ms: +percentile(busy, 99).toFixed(1),
      goalP99Ms: GOAL_P99_MS,
    };
    console.log(`\nlarge merge of real prose: ${PAGES.toLocaleString("en")} pages written in batches of ${BATCH}, merged, indexed`);
    console.log(
      `  written in ${summary.writeSeconds} s; merge ${summary.mergeStatus} in ${summary.mergeSeconds} s (searchCaughtUp ${summary.searchCaughtUp}); search caught up ${summary.catchUpSeconds} s later`,
    );
    for (const [name, f] of Object.entries(healthz))
      console.log(`  /healthz ${name.padEnd(10)} ${String(f.requests).padStart(7)} requests  p50 ${f.p50ms} ms  p99 ${f.p99ms} ms  max ${f.maxMs} ms`);
    console.log(`/healthz p99 while written, merged and indexed: ${summary.healthzP99ms} ms  (goal < ${GOAL_P99_MS} ms)`);
    fs.mkdirSync(path.join(here, "results"), { recursive: true });
    fs.writeFileSync(path.join(here, "results", "large-merge.json"), `${JSON.stringify({ summary, healthz }, null, 2)}\n`);
  } finally {
    child.send("stop");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
