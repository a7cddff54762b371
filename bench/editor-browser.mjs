// The editor's figures in headless Chromium (Debian's) against the real server (issue 38):
//  - a page of BENCH_EDITOR_BLOCKS blocks (default 5,000, about 430 KB of Markdown) ready to edit: from navigation to
//    the editor screen until the textbox holds the page's last block and the frame after is painted (median of 3;
//    goal ≤ 2 s). The page notes that moment itself (a MutationObserver), and the runner waits for that note with a
//    function polled each frame (also printed, as "seen by Playwright"). Not with a role locator polled meanwhile:
//    each of its polls is an accessibility query over the whole page, run on the page's main thread, and one landing
//    between the editor's filling and its paint was counted in the figure (at a load of 11, that gap was 273-1,707
//    ms with it, 169-386 ms without). The textbox's accessible name and its blocks are checked once noted;
//  - typing latency over 300 characters typed at the end of a paragraph of that page, from Event Timing: each
//    key's interaction (keydown to the next paint); keys under Event Timing's 16 ms floor are not reported and
//    count as 16 ms (goals: p95 ≤ 50 ms, max ≤ 200 ms);
//  - the editor's JavaScript, gzipped (loaded on the first edit; budget 250 KB, checked by the app's own test).
// Writes results/editor-browser.json.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { EDITOR_BUDGET_KB, editorGzipBytes } from "../packages/app/scripts/budget.mjs";
import { launchChromium, startOwnTarget } from "./lib.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const appDir = path.join(here, "../packages/app");
const metafile = JSON.parse(fs.readFileSync(path.join(appDir, "dist/meta.json"), "utf8"));
const editorJsKb = Math.round((editorGzipBytes(metafile, appDir) / 1024) * 10) / 10;
const CHARACTERS = 300;

const { child, info } = await startOwnTarget("editor-browser-target.mjs");

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** Event Timing's entries of the page from its start (16 ms: the smallest threshold it allows). */
const EVENT_TIMING = () => {
  window.__events = [];
  new PerformanceObserver((list) =>
    window.__events.push(...list.getEntries().map((e) => ({ name: e.name, duration: e.duration, id: e.interactionId }))),
  ).observe({ type: "event", buffered: true, durationThreshold: 16 });
};

/** Notes in the page when the editor first holds `blocks` children, then when the frame after that is painted. */
const READY_WATCH = (blocks) => {
  const observer = new MutationObserver(() => {
    const editor = document.querySelector('[role="textbox"][aria-label="Page content"]');
    if (!editor || editor.childElementCount < blocks) return;
    observer.disconnect();
    window.__heldAt = performance.timeOrigin + performance.now();
    // After the next frame's paint: a task queued from its animation frame runs once the frame is drawn.
    requestAnimationFrame(() => setTimeout(() => (window.__paintedAt = performance.timeOrigin + performance.now())));
  });
  observer.observe(document, { childList: true, subtree: true });
};

const browser = await launchChromium();
let figures;
try {
  const open = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "docstack_session", value: info.session, url: info.base, httpOnly: true, sameSite: "Lax" }]);
    await context.addInitScript(EVENT_TIMING);
    await context.addInitScript(READY_WATCH, info.blocks);
    const tab = await context.newPage();
    const started = Date.now();
    await tab.goto(`${info.base}${info.editorPath}`);
    await tab.waitForFunction(() => window.__paintedAt !== undefined, null, { timeout: 60_000 });
    const seenMs = Date.now() - started;
    // Both clocks are the machine's wall clock.
    const readyMs = Math.round((await tab.evaluate(() => window.__paintedAt)) - started);
    const editor = tab.getByRole("textbox", { name: "Page content" });
    await editor.locator(`:scope > :nth-child(${info.blocks})`).waitFor({ state: "attached", timeout: 60_000 });
    return { tab, readyMs, seenMs };
  };
  const ready = [];
  const seen = [];
  for (let i = 0; i < 3; i++) {
    const { tab, readyMs, seenMs } = await open();
    ready.push(readyMs);
    seen.push(seenMs);
    await tab.context().close();
  }

  const { tab } = await open();
  const paragraph = tab.getByRole("textbox", { name: "Page content" }).locator(":scope > p").nth(2);
  await paragraph.click();
  await tab.keyboard.press("End");
  await tab.evaluate(() => {
    window.__events = [];
  });
  const text = "typing in a long page ".repeat(Math.ceil(CHARACTERS / 22)).slice(0, CHARACTERS);
  await tab.keyboard.type(text, { delay: 30 });
  await tab.waitForTimeout(500); // the last keys' entries are reported after their paint
  const events = await tab.evaluate(() => window.__events);
  // One latency per key: the longest entry of its interaction (keydown, keypress, input, keyup share it).
  const byKey = new Map();
  for (const event of events) if (event.id) byKey.set(event.id, Math.max(byKey.get(event.id) ?? 0, event.duration));
  const latencies = [...byKey.values(), ...Array(Math.max(0, CHARACTERS - byKey.size)).fill(16)].sort((a, b) => a - b);
  await tab.getByRole("status").filter({ hasText: "Saved" }).waitFor({ timeout: 60_000 });
  figures = {
    blocks: info.blocks,
    markdownKB: info.markdownKB,
    readyToEditMs: median(ready),
    readyRuns: ready,
    seenByPlaywrightMs: median(seen),
    seenByPlaywrightRuns: seen,
    typing: {
      characters: CHARACTERS,
      reported: byKey.size,
      p95Ms: latencies[Math.floor(latencies.length * 0.95) - 1],
      maxMs: latencies.at(-1),
    },
    editorJsKb,
    editorBudgetKb: EDITOR_BUDGET_KB,
  };
  await tab.context().close();
} finally {
  await browser.close();
  child.send("stop");
}

console.log(`\neditor in Chromium: a ${figures.blocks}-block page (${figures.markdownKB} KB of Markdown)`);
console.log(`  ready to edit ${figures.readyToEditMs} ms (median of ${figures.readyRuns.join(", ")}; goal ≤ 2,000 ms)`);
console.log(`  seen by Playwright's wait for that note ${figures.seenByPlaywrightMs} ms (median of ${figures.seenByPlaywrightRuns.join(", ")})`);
console.log(
  `  typing ${figures.typing.characters} characters: p95 ${figures.typing.p95Ms} ms, max ${figures.typing.maxMs} ms (Event Timing, ${figures.typing.reported} keys over 16 ms; goals 50 / 200 ms)`,
);
console.log(`  the editor's JavaScript: ${figures.editorJsKb} KB gzipped, loaded on the first edit (budget ${figures.editorBudgetKb} KB)`);
fs.mkdirSync(path.join(here, "results"), { recursive: true });
fs.writeFileSync(path.join(here, "results", "editor-browser.json"), `${JSON.stringify(figures, null, 2)}\n`);
