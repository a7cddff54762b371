// Two builds of the server compared by what limits a request's throughput: the main thread's CPU time per
// `GET /v1/spaces/{id}` (and per bare Express read, the same in both), read from /proc/<pid>/schedstat in
// nanoseconds around each run. Two targets run side by side and take turns, so both see the same load; the lowest and
// the median of the rounds are printed. Runs of the same build against itself differ by about 10 µs: compare changes
// larger than that, or add rounds. Linux only (procfs). Not a part of `npm run bench`: a tool for a change's A/B.
//
//   cp -r packages/server/dist packages/server/dist-before   # before the change, then build the change
//   BENCH_DIST_A=dist-before node bench/main-thread-ab.mjs  # B is `dist` unless BENCH_DIST_B says otherwise
//
// ROUNDS (12) and REQUESTS (2,000 a round) set the sizes.
import fs from "node:fs";
import http from "node:http";
import { startTarget } from "./lib.mjs";

const ROUNDS = Number(process.env.ROUNDS || 12);
const REQUESTS = Number(process.env.REQUESTS || 2000);
const CONNECTIONS = 10;

const builds = { A: process.env.BENCH_DIST_A || "dist", B: process.env.BENCH_DIST_B || "dist" };
const targets = {};
for (const [name, dist] of Object.entries(builds)) targets[name] = await startTarget({ BENCH_ROWS: "1000", BENCH_CONTENT_SIZES: "", BENCH_DIST: dist });

/** The main thread's CPU time so far, in seconds. */
const mainThreadSeconds = (pid) => Number(fs.readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e9;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
const get = (url, headers) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        res.resume();
        res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`${url}: status ${res.statusCode}`))));
      })
      .on("error", reject);
  });

/** µs of main-thread CPU a request, over `count` requests at CONNECTIONS at a time. */
async function run({ child, info }, bare, count) {
  const [url, headers] = bare
    ? [`${info.bare}/bare/spaces/${info.spaceId}`, {}]
    : [`${info.full}/v1/spaces/${info.spaceId}`, { authorization: `Bearer ${info.token}` }];
  let sent = 0;
  const before = mainThreadSeconds(child.pid);
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (sent++ < count) await get(url, headers);
    }),
  );
  return ((mainThreadSeconds(child.pid) - before) * 1e6) / count;
}

try {
  for (const target of Object.values(targets)) {
    await run(target, false, REQUESTS);
    await run(target, true, REQUESTS / 4);
  }
  const rounds = { A: [], B: [], "A bare": [], "B bare": [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of ["A", "B"]) rounds[name].push(await run(targets[name], false, REQUESTS));
    for (const name of ["A", "B"]) rounds[`${name} bare`].push(await run(targets[name], true, REQUESTS));
  }
  const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const lowest = (values) => Math.min(...values);
  console.log(`A = ${builds.A}, B = ${builds.B}: main-thread CPU a request (µs), ${ROUNDS} rounds of ${REQUESTS}`);
  for (const [name, values] of Object.entries(rounds))
    console.log(`  ${name.padEnd(7)} median ${median(values).toFixed(0)}, lowest ${lowest(values).toFixed(0)}`);
  console.log(`  B − A: median ${(median(rounds.B) - median(rounds.A)).toFixed(0)}, lowest ${(lowest(rounds.B) - lowest(rounds.A)).toFixed(0)}`);
  for (const name of ["A", "B"]) {
    console.log(`  ${name}: bare Express / full stack (lowest) ${(lowest(rounds[`${name} bare`]) / lowest(rounds[name])).toFixed(3)}`);
  }
} finally {
  for (const { child } of Object.values(targets)) child.send("stop");
}
