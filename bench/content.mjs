// Content at real sizes: spaces of 10, 1,000 and 10,000 pages in one server (one run),
// and per space: a page read by ID and by path, the page list, a search for a term on
// every page and for a rare one, and the merge of a one-page change; then a change
// request growing to 5,000 pages in batches of 50, merged. Goals are ratios of the same
// run: reads and merges must cost what the requested data costs, not what the space holds.
import { COMMON_TERM, pageMarkdown, RARE_TERM } from "./pages.cjs";
import { DURATION, measure, ratio, startTarget } from "./lib.mjs";

const SIZES = (process.env.BENCH_CONTENT_SIZES || "10,1000,10000").split(",").map(Number);
const WRITE_PAGES = Number(process.env.BENCH_WRITE_PAGES || 5000);
const BATCH = 50;

function client(base, token) {
  return async function call(method, url, body) {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body && JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Merges of one-page changes, one after the other, for the scenario's duration (at least 5): the merge calls are timed. */
async function merges(call, label, space) {
  const times = [];
  const until = Date.now() + DURATION * 1000;
  for (let i = 0; times.length < 5 || Date.now() < until; i++) {
    const page = space.sample[i % space.sample.length];
    const cr = await call("POST", `/v1/spaces/${space.spaceId}/change-requests`, { subject: `Edit ${i}` });
    await call("POST", `/v1/spaces/${space.spaceId}/change-requests/${cr.id}/content`, {
      changes: [{ operation: "update_page", page: page.id, document: { markdown: pageMarkdown(i, () => page.path) } }],
    });
    const started = performance.now();
    const merged = await call("POST", `/v1/spaces/${space.spaceId}/change-requests/${cr.id}/merge`);
    times.push(performance.now() - started);
    if (merged.result !== "merge") throw new Error(`merge ${i} did not merge: ${JSON.stringify(merged)}`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return {
    scenario: `merge of a one-page change (one at a time), ${label}`,
    requestsPerSecond: Math.round(1000 / mean),
    p50ms: Math.round(percentile(sorted, 50)),
    p99ms: Math.round(percentile(sorted, 99)),
    requests: times.length,
    failed: 0,
  };
}

/**
 * A change request growing by batches of 50 pages (each batch a chapter and 49 pages
 * under the previous batch's chapter), then merged: seconds per 100 pages written
 * around each mark (the two batches ending there), and the merge.
 */
async function writesAtScale(call, organizationId) {
  const space = await call("POST", `/v1/orgs/${organizationId}/spaces`, { title: "Writes" });
  const cr = await call("POST", `/v1/spaces/${space.id}/change-requests`, { subject: "Many pages" });
  const batchSeconds = [];
  let chapter;
  for (let written = 0; written < WRITE_PAGES; written += BATCH) {
    const b = written / BATCH;
    const changes = [{ operation: "insert_page", title: `Chapter ${b}`, document: { markdown: pageMarkdown(written, () => `chapter-${b}`) } }];
    for (let i = 1; i < BATCH; i++) {
      const into = chapter ? { into: chapter } : {};
      changes.push({ operation: "insert_page", title: `Part ${written + i}`, ...into, document: { markdown: pageMarkdown(written + i, () => `chapter-${b}`) } });
    }
    const started = performance.now();
    await call("POST", `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { changes });
    batchSeconds.push((performance.now() - started) / 1000);
    chapter = (await call("GET", `/v1/spaces/${space.id}/change-requests/${cr.id}/content/path/chapter-${b}`)).id;
  }
  const started = performance.now();
  const merged = await call("POST", `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
  if (merged.result !== "merge") throw new Error(`the ${WRITE_PAGES}-page change request did not merge`);
  const mergeSeconds = (performance.now() - started) / 1000;
  const marks = [100, 1000, 2000, 5000].filter((mark) => mark <= WRITE_PAGES);
  const perHundred = Object.fromEntries(
    marks.map((mark) => [mark, Number(batchSeconds.slice(mark / BATCH - 2, mark / BATCH).reduce((sum, s) => sum + s, 0).toFixed(3))]),
  );
  return { pages: WRITE_PAGES, batch: BATCH, secondsPer100PagesAt: perHundred, totalWriteSeconds: Number(batchSeconds.reduce((s, t) => s + t, 0).toFixed(1)), mergeSeconds: Number(mergeSeconds.toFixed(2)) };
}

export async function contentBench() {
  const seedStarted = Date.now();
  const { child, info } = await startTarget({ BENCH_CONTENT_SIZES: SIZES.join(",") });
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  const headers = { authorization: `Bearer ${info.token}` };
  const call = client(info.full, info.token);
  const results = [];
  let writes;
  try {
    for (const space of info.contentSpaces) {
      const label = `${space.count} pages`;
      const base = `/v1/spaces/${space.spaceId}`;
      const run = async (name, paths) => {
        for (const p of paths) await call("GET", p); // warm: the first read of a revision builds its index
        results.push(await measure(`${name}, ${label}`, { url: info.full, headers, requests: paths.map((p) => ({ method: "GET", path: p })) }));
      };
      await run("GET /v1/spaces/{spaceId}", [base]);
      await run("page by ID", space.sample.map((page) => `${base}/content/page/${page.id}`));
      await run("page by path", space.sample.map((page) => `${base}/content/path/${page.path}`));
      await run("page list (content/pages)", [`${base}/content/pages`]);
      await run(`search "${COMMON_TERM}" (every page)`, [`${base}/search?query=${COMMON_TERM}&limit=20`]);
      await run(`search "${RARE_TERM}" (one page)`, [`${base}/search?query=${RARE_TERM}&limit=20`]);
      results.push(await merges(call, label, space));
    }
    writes = await writesAtScale(call, info.organizationId);
  } finally {
    child.send("stop");
  }
  const [small, large] = [`${SIZES[0]} pages`, `${SIZES[SIZES.length - 1]} pages`];
  const p50 = (prefix, label) => results.find((r) => r.scenario === `${prefix}, ${label}`).p50ms;
  const across = (prefix) => ratio(p50(prefix, large), p50(prefix, small));
  const summary = {
    pageByIdP50LargeToSmall: across("page by ID"),
    pageByPathP50LargeToSmall: across("page by path"),
    pageListP50LargeToSmall: across("page list (content/pages)"),
    searchCommonP50LargeToSmall: across(`search "${COMMON_TERM}" (every page)`),
    searchRareP50LargeToSmall: across(`search "${RARE_TERM}" (one page)`),
    searchCommonToGetSpaceP50: ratio(p50(`search "${COMMON_TERM}" (every page)`, large), p50("GET /v1/spaces/{spaceId}", large)),
    mergeP50LargeToSmall: across("merge of a one-page change (one at a time)"),
    writeSecondsPer100LastToFirst: ratio(Object.values(writes.secondsPer100PagesAt).at(-1), writes.secondsPer100PagesAt[100]),
  };
  return { sizes: SIZES, seedSeconds, results, writes, summary, small, large };
}
