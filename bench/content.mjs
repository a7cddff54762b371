// Content at real sizes: spaces of 10, 1,000 and 10,000 pages in one server (one run),
// and per space: a page read by ID and by path, the page list, a search for a term on
// every page and for a rare one, and the merge of a one-page change; then a change
// request growing to 5,000 pages in batches of 50, merged. Goals are ratios of the same
// run: reads and merges must cost what the requested data costs, not what the space holds.

import { DURATION, drainOf, measureAlternating, percentile, ratio, sequentialLatencies, startTarget } from "./lib.mjs";
import { COMMON_TERM, pageMarkdown, RARE_TERM } from "./pages.cjs";

const SIZES = (process.env.BENCH_CONTENT_SIZES || "10,1000,10000").split(",").map(Number);
const WRITE_PAGES = Number(process.env.BENCH_WRITE_PAGES || 5000);
const BATCH = 50;

export function client(base, token) {
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

/** One merge of a one-page change (the change request made and written first): its milliseconds. */
export async function timedMerge(call, space, i) {
  const page = space.sample[i % space.sample.length];
  const cr = await call("POST", `/v1/spaces/${space.spaceId}/change-requests`, { subject: `Edit ${i}` });
  await call("POST", `/v1/spaces/${space.spaceId}/change-requests/${cr.id}/content`, {
    changes: [{ operation: "update_page", page: page.id, document: { markdown: pageMarkdown(i, () => page.path) } }],
  });
  const started = performance.now();
  const merged = await call("POST", `/v1/spaces/${space.spaceId}/change-requests/${cr.id}/merge`);
  if (merged.result !== "merge") throw new Error(`merge ${i} did not merge: ${JSON.stringify(merged)}`);
  return performance.now() - started;
}

/** Merges of one-page changes, one at a time, the spaces taking turns, for the scenario's duration per space (at least 5 each). */
async function merges(call, spaces) {
  const times = spaces.map(() => []);
  const until = Date.now() + DURATION * 1000 * spaces.length;
  for (let i = 0; times.some((t) => t.length < 5) || Date.now() < until; i++) {
    for (const [k, space] of spaces.entries()) times[k].push(await timedMerge(call, space, i));
  }
  return spaces.map((space, k) => {
    const sorted = [...times[k]].sort((a, b) => a - b);
    const mean = sorted.reduce((sum, t) => sum + t, 0) / sorted.length;
    return {
      scenario: `merge of a one-page change (one at a time), ${space.count} pages`,
      requestsPerSecond: Math.round(1000 / mean),
      p50ms: Math.round(percentile(sorted, 50)),
      p99ms: Math.round(percentile(sorted, 99)),
      requests: sorted.length,
      failed: 0,
    };
  });
}

/**
 * A change request growing by batches of 50 pages (each batch a chapter and 49 pages
 * under the previous batch's chapter), then merged: seconds per 100 pages written
 * around each mark (the median of the ten batches ending there), and the merge.
 */
/** A batch of BATCH new pages from `written` on: a chapter, then parts (under the previous batch's chapter, when there is one). */
export function chapterBatch(written, chapter) {
  const b = written / BATCH;
  const changes = [{ operation: "insert_page", title: `Chapter ${b}`, document: { markdown: pageMarkdown(written, () => `chapter-${b}`) } }];
  for (let i = 1; i < BATCH; i++) {
    changes.push({
      operation: "insert_page",
      title: `Part ${written + i}`,
      ...(chapter ? { into: chapter } : {}),
      document: { markdown: pageMarkdown(written + i, () => `chapter-${b}`) },
    });
  }
  return changes;
}

export async function writesAtScale(call, organizationId) {
  const space = await call("POST", `/v1/orgs/${organizationId}/spaces`, { title: "Writes" });
  const cr = await call("POST", `/v1/spaces/${space.id}/change-requests`, { subject: "Many pages" });
  const batchSeconds = [];
  let chapter;
  for (let written = 0; written < WRITE_PAGES; written += BATCH) {
    const b = written / BATCH;
    const changes = chapterBatch(written, chapter);
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
  // At each mark: the median of the (up to) ten batches ending there, for 100 pages. One or two batches alone
  // are at the mercy of a pause of the machine's.
  const perHundred = Object.fromEntries(
    marks.map((mark) => {
      const around = batchSeconds.slice(Math.max(0, mark / BATCH - 10), mark / BATCH).sort((a, b) => a - b);
      const median = around.length % 2 ? around[(around.length - 1) / 2] : (around[around.length / 2 - 1] + around[around.length / 2]) / 2;
      return [mark, Number(((median * 100) / BATCH).toFixed(3))];
    }),
  );
  return {
    pages: WRITE_PAGES,
    batch: BATCH,
    secondsPer100PagesAt: perHundred,
    totalWriteSeconds: Number(batchSeconds.reduce((s, t) => s + t, 0).toFixed(1)),
    mergeSeconds: Number(mergeSeconds.toFixed(2)),
  };
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
    // Each request in turn on every space (alternating, so that ratios see the same load).
    const scenario = async (name, pathsOf) => {
      const scenarios = info.contentSpaces.map((space) => {
        const paths = pathsOf(`/v1/spaces/${space.spaceId}`, space);
        return { name: `${name}, ${space.count} pages`, paths, options: { url: info.full, headers, requests: paths.map((p) => ({ method: "GET", path: p })) } };
      });
      for (const { paths } of scenarios) for (const p of paths) await call("GET", p); // the first read of a revision builds its index
      results.push(...(await measureAlternating(scenarios, drainOf(info.full))));
    };
    await scenario("GET /v1/spaces/{spaceId}", (base) => [base]);
    await scenario("page by ID", (base, space) => space.sample.map((page) => `${base}/content/page/${page.id}`));
    await scenario("page by path", (base, space) => space.sample.map((page) => `${base}/content/path/${page.path}`));
    await scenario("page list (content/pages)", (base) => [`${base}/content/pages`]);
    await scenario(`search "${COMMON_TERM}" (every page)`, (base) => [`${base}/search?query=${COMMON_TERM}&limit=20`]);
    await scenario(`search "${RARE_TERM}" (one page)`, (base) => [`${base}/search?query=${RARE_TERM}&limit=20`]);
    // Page reads and the common search, one at a time and timed in microseconds, for their ratios: a
    // read costs a few milliseconds, where autocannon's whole-millisecond p50s cannot tell 1.3 from 1
    // (nor a search of 57 ms against a GET of 11 from one against 12).
    const oneAtATime = (name, pathsOf) =>
      info.contentSpaces.map((space) => ({
        name: `${name} (one at a time), ${space.count} pages`,
        urls: pathsOf(`${info.full}/v1/spaces/${space.spaceId}`, space),
        headers,
      }));
    // The page list as a client holding it asks again (If-None-Match: its ETag, answered 304).
    const treeEtags = await Promise.all(
      info.contentSpaces.map(async (space) => (await fetch(`${info.full}/v1/spaces/${space.spaceId}/content/pages`, { headers })).headers.get("etag")),
    );
    results.push(
      ...(await sequentialLatencies([
        ...oneAtATime("GET /v1/spaces/{spaceId}", (base) => [base]),
        ...oneAtATime("page by ID", (base, space) => space.sample.map((page) => `${base}/content/page/${page.id}`)),
        ...oneAtATime("page by path", (base, space) => space.sample.map((page) => `${base}/content/path/${page.path}`)),
        ...oneAtATime(`search "${COMMON_TERM}" (every page)`, (base) => [`${base}/search?query=${COMMON_TERM}&limit=20`]),
        ...oneAtATime(`search "${RARE_TERM}" (one page)`, (base) => [`${base}/search?query=${RARE_TERM}&limit=20`]),
        ...oneAtATime("page list (content/pages)", (base) => [`${base}/content/pages`]),
        ...info.contentSpaces.map((space, i) => ({
          name: `page list with its ETag (304, one at a time), ${space.count} pages`,
          urls: [`${info.full}/v1/spaces/${space.spaceId}/content/pages`],
          headers: { ...headers, "if-none-match": treeEtags[i] },
        })),
      ])),
    );
    results.push(...(await merges(call, info.contentSpaces)));
    writes = await writesAtScale(call, info.organizationId);
  } finally {
    child.send("stop");
  }
  const [small, large] = [`${SIZES[0]} pages`, `${SIZES[SIZES.length - 1]} pages`];
  const p50 = (prefix, label) => results.find((r) => r.scenario === `${prefix}, ${label}`).p50ms;
  const across = (prefix) => ratio(p50(prefix, large), p50(prefix, small));
  const summary = {
    pageByIdP50LargeToSmall: across("page by ID (one at a time)"),
    pageByPathP50LargeToSmall: across("page by path (one at a time)"),
    pageListP50LargeToSmall: across("page list (content/pages)"),
    searchCommonP50LargeToSmall: across(`search "${COMMON_TERM}" (every page) (one at a time)`),
    searchRareP50LargeToSmall: across(`search "${RARE_TERM}" (one page)`),
    searchRareOneAtATimeP50LargeToSmall: across(`search "${RARE_TERM}" (one page) (one at a time)`),
    pageListOneAtATimeP50Large: p50("page list (content/pages) (one at a time)", large),
    pageListWithEtagP50Large: p50("page list with its ETag (304, one at a time)", large),
    searchCommonToGetSpaceP50: ratio(
      p50(`search "${COMMON_TERM}" (every page) (one at a time)`, large),
      p50("GET /v1/spaces/{spaceId} (one at a time)", large),
    ),
    mergeP50LargeToSmall: across("merge of a one-page change (one at a time)"),
    writeSecondsPer100LastToFirst: ratio(Object.values(writes.secondsPer100PagesAt).at(-1), writes.secondsPer100PagesAt[100]),
    writeSecondsPer100LastTo1000: writes.secondsPer100PagesAt[1000]
      ? ratio(Object.values(writes.secondsPer100PagesAt).at(-1), writes.secondsPer100PagesAt[1000])
      : null,
  };
  return { sizes: SIZES, seedSeconds, results, writes, summary, small, large };
}
