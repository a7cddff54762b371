// Where the app's first screen and a large tree's opening spend their time (issue 37), in headless Chromium
// against the app benchmark's target: a Chromium trace of each, summed by what the renderer's main thread and
// the tree worker ran (script compile/evaluation, React's work in function calls, parse, layout, GC), with the
// requests' timing (start → first byte → end, ms from navigation). `node bench/app-profile.mjs [first|tree]`;
// BENCH_APP_PAGES as the benchmark. Prints the figures with the load average; a diagnosis tool, not a figure.
import os from "node:os";
import { launchChromium, startOwnTarget } from "./lib.mjs";

const only = process.argv[2];
const { child, info } = await startOwnTarget("app-target.cjs");

const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "v8", "blink.user_timing", "loading"];
const requests = (tab) =>
  tab.evaluate(() =>
    [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")].map((entry) => {
      const url = new URL(entry.name);
      return `${String(Math.round(entry.startTime)).padStart(5)} → ${String(Math.round(entry.responseStart)).padStart(5)} → ${String(Math.round(entry.responseEnd)).padStart(5)}  ${(entry.encodedBodySize / 1024).toFixed(1)} KB  ${url.pathname}${url.search}`;
    }),
  );

/** The trace's complete events of each thread, summed by name (self time: children's time taken out), ms. */
function summarize(events, navigationTs) {
  const threads = new Map();
  for (const event of events) if (event.ph === "M" && event.name === "thread_name") threads.set(`${event.pid}:${event.tid}`, event.args.name);
  const byThread = new Map();
  for (const event of events) {
    if (event.ph !== "X" || !event.dur) continue;
    const key = `${event.pid}:${event.tid}`;
    const name = threads.get(key) ?? key;
    if (!/CrRendererMain|DedicatedWorker/.test(name)) continue;
    (byThread.get(name) ?? byThread.set(name, []).get(name)).push(event);
  }
  for (const [thread, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const self = new Map();
    const stack = [];
    const tasks = [];
    for (const event of list) {
      while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= event.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - event.dur);
      else if (event.name === "RunTask" || event.name === "ThreadControllerImpl::RunTask") tasks.push(event);
      self.set(event.name, (self.get(event.name) ?? 0) + event.dur);
      stack.push(event);
    }
    const total = tasks.reduce((sum, task) => sum + task.dur, 0);
    console.log(`\n${thread}: top-level tasks ${Math.round(total / 1000)} ms, longest ${Math.round(Math.max(0, ...tasks.map((t) => t.dur)) / 1000)} ms`);
    const long = tasks.filter((task) => task.dur > 30000).map((task) => `${Math.round((task.ts - navigationTs) / 1000)}+${Math.round(task.dur / 1000)}`);
    if (long.length) console.log(`  tasks over 30 ms (start+ms from navigation): ${long.join(", ")}`);
    for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 14))
      if (us > 2000) console.log(`  ${String(Math.round(us / 1000)).padStart(6)} ms  ${name}`);
  }
}

async function traced(url, waitFor, label) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "docstack_session", value: info.session, url: info.base, httpOnly: true, sameSite: "Lax" }]);
    const tab = await context.newPage();
    const marks = [];
    tab.on("response", (response) => marks.push([Date.now(), `response ${new URL(response.url()).pathname}`]));
    await browser.startTracing(tab, { categories: CATEGORIES });
    const started = Date.now();
    await tab.goto(url);
    await waitFor(tab);
    const shown = Date.now() - started;
    const trace = JSON.parse((await browser.stopTracing()).toString());
    const events = trace.traceEvents ?? trace;
    const navigation = events.find((event) => event.name === "navigationStart") ?? events.find((event) => event.ph === "X");
    console.log(
      `\n== ${label}: shown ${shown} ms after navigation (load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(", ")})`,
    );
    console.log((await requests(tab)).join("\n"));
    for (const [at, what] of marks) if (/content\/(pages|tree)/.test(what)) console.log(`${at - started} ms: ${what}`);
    summarize(events, navigation.ts);
  } finally {
    await browser.close();
  }
}

try {
  if (only !== "tree")
    for (let i = 0; i < 2; i++) await traced(`${info.base}/app/`, (tab) => tab.getByRole("heading", { name: "Spaces" }).waitFor(), `first screen #${i + 1}`);
  if (only !== "first")
    for (let i = 0; i < 2; i++)
      await traced(`${info.base}/app/spaces/${info.spaceId}`, (tab) => tab.getByRole("treeitem").first().waitFor(), `tree of ${info.pages} pages #${i + 1}`);
} finally {
  child.send("stop");
}
