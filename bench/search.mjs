// Search figures (part of `npm run bench`): on spaces of 1,000 and 10,000 generated pages
// with known answers among them (search-fixture.cjs), hit@3 for each kind of query
// (correct, misspelt, half-typed, identifier): the share of queries whose answer is among
// the first three results; and the p50 of a search (correct and misspelt queries taking
// turns) against GET /v1/spaces/{spaceId}, one request at a time (goal ≤ 3).
// Writes results/search.json.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ratio, sequentialLatencies, startOwnTarget } from "./lib.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = (await import("node:module")).createRequire(import.meta.url);
const { ANSWERS, KINDS } = require("./search-fixture.cjs");

// As `npm start` runs the server (scripts/server-runtime.mjs), as every other part's target.
const { child, info } = await startOwnTarget("search-target.cjs");
const headers = { authorization: `Bearer ${info.token}` };
const searchUrl = (spaceId, query) => `${info.base}/v1/spaces/${spaceId}/search?query=${encodeURIComponent(query)}&limit=20`;

/** The share of a kind's queries whose answer is among the first three results, and the misses. */
async function hitsAt3(spaceId, kind) {
  const asked = ANSWERS.filter((answer) => answer.queries[kind]);
  const misses = [];
  for (const answer of asked) {
    const res = await fetch(searchUrl(spaceId, answer.queries[kind]), { headers });
    const { items } = await res.json();
    if (!items.slice(0, 3).some((page) => page.title === answer.title)) misses.push(answer.queries[kind]);
  }
  return { hitAt3: Number(((asked.length - misses.length) / asked.length).toFixed(2)), queries: asked.length, misses };
}

try {
  const results = [];
  for (const { count, spaceId } of info.spaces) {
    const quality = Object.fromEntries(await Promise.all(KINDS.map(async (kind) => [kind, await hitsAt3(spaceId, kind)])));
    const queries = ANSWERS.flatMap((answer) => [answer.queries.correct, answer.queries.misspelt]);
    const [search, space] = await sequentialLatencies([
      { name: `search, correct and misspelt queries (one at a time), ${count} pages`, urls: queries.map((q) => searchUrl(spaceId, q)), headers },
      { name: `GET /v1/spaces/{spaceId} (one at a time), ${count} pages`, url: `${info.base}/v1/spaces/${spaceId}`, headers },
    ]);
    results.push({ pages: count, quality, search, space, searchToGetSpaceP50: ratio(search.p50ms, space.p50ms) });
  }
  for (const r of results) {
    const hits = KINDS.map((kind) => `${kind} ${r.quality[kind].hitAt3}`).join(", ");
    console.log(`search, ${r.pages} pages: hit@3 ${hits}; p50 ${r.search.p50ms} ms, GET space ${r.space.p50ms} ms: ${r.searchToGetSpaceP50}  (goal ≤ 3)`);
    for (const kind of KINDS) if (r.quality[kind].misses.length) console.log(`  ${kind} misses: ${r.quality[kind].misses.join(" | ")}`);
  }
  fs.mkdirSync(path.join(here, "results"), { recursive: true });
  fs.writeFileSync(path.join(here, "results", "search.json"), `${JSON.stringify({ results }, null, 2)}\n`);
} finally {
  child.send("stop");
}
