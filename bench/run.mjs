// `npm run bench`: figures, not assertions. Starts the target (target.cjs) in its own
// process, drives load with autocannon, and prints, per scenario, requests/s and
// latency percentiles:
//  - GET /v1/spaces/{spaceId} on the full stack, and a bare Express route doing the
//    same read with the same Prisma client, in alternation: their ratio (goal ≥ 0.8);
//  - a list page (first and deep), a create, and a search;
//  - list and search at 1k and at 100k rows in the tables: p50 ratio (goal ≤ 1.5);
//  - content size (bench/content.mjs): spaces of 10, 1,000 and 10,000 pages, writes at scale;
// then the storage figure (bench/storage.mjs) and the published sites' (bench/sites.mjs).
// Results: bench/results/latest.json.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { contentBench } from "./content.mjs";
import { CONNECTIONS, DURATION, drainOf, measure, measureAlternating, ratio, startTarget, table } from "./lib.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const LARGE = Number(process.env.BENCH_LARGE_ROWS || 100_000);

async function scenarios(rows, all) {
  const { child, info } = await startTarget({ BENCH_ROWS: String(rows) });
  const headers = { authorization: `Bearer ${info.token}` };
  const url = (p) => `${info.full}${p}`;
  const results = [];
  const label = rows >= 1000 ? `${rows / 1000}k rows` : `${rows} rows`;
  try {
    await autocannon({ url: url(`/v1/spaces/${info.spaceId}`), headers, duration: 2, connections: CONNECTIONS });
    if (all) {
      await autocannon({ url: `${info.bare}/bare/spaces/${info.spaceId}`, duration: 2, connections: CONNECTIONS });
      results.push(
        ...(await measureAlternating(
          [
            { name: "GET /v1/spaces/{spaceId} (full stack)", options: { url: url(`/v1/spaces/${info.spaceId}`), headers } },
            { name: "bare Express + same Prisma read", options: { url: `${info.bare}/bare/spaces/${info.spaceId}` } },
          ],
          drainOf(info.full),
          // Short turns, many of them: on a shared machine, load comes and goes within seconds.
          6,
        )),
      );
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

/** Table size: the same requests with 1k and with 100k rows in the tables. */
async function tableBench() {
  const small = await scenarios(1000, true);
  console.log(table(small.results));
  console.log(`\nseeding ${LARGE} rows…`);
  const large = await scenarios(LARGE, false);
  console.log(table(large.results));
  const find = (results, prefix) => results.find((r) => r.scenario.startsWith(prefix));
  const full = find(small.results, "GET /v1/spaces/{spaceId} (full");
  const bare = find(small.results, "bare");
  const summary = {
    fullStackToBareRequestsRatio: ratio(full.requestsPerSecond, bare.requestsPerSecond),
    listP50LargeToSmall: ratio(find(large.results, "GET /v1/orgs/{org}/spaces first").p50ms, find(small.results, "GET /v1/orgs/{org}/spaces first").p50ms),
    deepListP50LargeToSmall: ratio(find(large.results, "GET /v1/orgs/{org}/spaces deep").p50ms, find(small.results, "GET /v1/orgs/{org}/spaces deep").p50ms),
    searchP50LargeToSmall: ratio(find(large.results, "GET /v1/spaces/{spaceId}/search").p50ms, find(small.results, "GET /v1/spaces/{spaceId}/search").p50ms),
  };
  console.log(`\nfull stack / bare Express (req/s): ${summary.fullStackToBareRequestsRatio}  (goal ≥ 0.8)`);
  console.log(`list p50, ${LARGE} rows / 1k rows: ${summary.listP50LargeToSmall} (deep page: ${summary.deepListP50LargeToSmall})  (goal ≤ 1.5)`);
  console.log(`search p50, ${LARGE} rows / 1k rows: ${summary.searchP50LargeToSmall}  (goal ≤ 1.5)`);
  return { small, large, summary };
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

async function main() {
  const started = Date.now();
  const only = process.env.BENCH_ONLY; // "tables", "content", "storage", "sites" or "startup": one part (development)
  const database = process.env.DATABASE_URL ? "postgresql" : "embedded (PGlite)";
  console.log(`\nDocstack benchmark — ${database}, ${CONNECTIONS} connections, ${DURATION} s per scenario\n`);
  const report = { date: new Date().toISOString(), database, durationSeconds: DURATION, connections: CONNECTIONS };
  if (!only || only === "tables") report.tables = await tableBench();
  if (!only || only === "content") report.content = await contentSizeBench();
  // Figures of their own scripts, each writing results/<part>.json.
  for (const part of ["storage", "sites", "startup"]) {
    if (only && only !== part) continue;
    const run = spawnSync(process.execPath, [path.join(here, `${part}.mjs`)], { encoding: "utf8", env: process.env });
    process.stdout.write(run.stdout);
    if (run.status !== 0) process.stderr.write(run.stderr);
    report[part] = run.status === 0 ? JSON.parse(fs.readFileSync(path.join(here, "results", `${part}.json`), "utf8")) : { error: run.stderr };
  }
  report.totalSeconds = Math.round((Date.now() - started) / 1000);
  fs.mkdirSync(path.join(here, "results"), { recursive: true });
  fs.writeFileSync(path.join(here, "results", "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nbenchmark took ${report.totalSeconds} s; written to bench/results/latest.json`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
