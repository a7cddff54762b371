// A real browser for tests: Debian's Chromium in its headless shell (installed with apt when missing, by
// scripts/system-packages.sh), driven by playwright-core; axe-core checks pages for accessibility; screenshots land
// where a person can look at them.
/// <reference lib="dom" />
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type Axe from "axe-core";
import type { Browser, Page } from "playwright-core";

import chromiumSettings from "./chromium.json";

/**
 * Debian's `chromium-headless-shell`: the same Chromium release (Blink, V8, the accessibility tree) as its `chromium`
 * package, built as the headless shell Playwright itself runs for headless tests. The full browser's new headless
 * mode carries the browser's own layer in every window (tabs, the omnibox and its WebUI popups): the shell used 13 to
 * 18 % less of the machine's CPU over five browser files (two A/B runs, 5 December 2026), 250 ms a context against 590.
 */
const CHROMIUM = chromiumSettings.executable;
const CHROMIUM_ARGS = chromiumSettings.args;

/** Where screenshots are saved (gitignored). */
export const SCREENSHOTS = path.resolve(__dirname, "../../test-screenshots");

/** Installs the browser's Debian package when missing, through the script .ci/run also runs in the background (one apt at a time). */
function installChromium(): void {
  if (fs.existsSync(CHROMIUM)) return;
  const script = path.resolve(__dirname, "../../../../scripts/system-packages.sh");
  const result = spawnSync("bash", [script, chromiumSettings.package], { stdio: "inherit" });
  if (result.status !== 0) throw new Error(`installing Debian's ${chromiumSettings.package} failed: it is needed by the browser tests`);
}

/**
 * How long one browser action or wait may take before it fails: a ceiling for a hang, not a speed check. Playwright's
 * 30 s was reached by a busy 2-core machine running CI beside other work; the tests wait on conditions, never on time.
 */
const ACTION_TIMEOUT_MS = 120_000;

export async function launchBrowser(): Promise<Browser> {
  installChromium();
  // Loaded here, not on import: every file reaching @docstack/server/testing (each gate's) would load playwright-core.
  const { chromium } = require("playwright-core") as typeof import("playwright-core");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  // Every context the tests open gets the ceiling (a page made by browser.newPage() has its own context too).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    page.context().setDefaultTimeout(ACTION_TIMEOUT_MS);
    return page;
  };
  return browser;
}

/** Serious and critical axe-core violations of the page (each as "rule: what, where"). */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP (no script at all) does not apply to it. Once per document:
  // its 550 KB cost about 0.25 s of CPU each time (the protocol's message, compiling it), and 18 of the browser files'
  // 100 checks come after the app's own navigation, on a document that has it already.
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
  if (!present) await page.evaluate((require("axe-core") as typeof Axe).source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof Axe }).axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(", ")}`);
}

const taken: string[] = [];

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  taken.push(file);
}

/** Lists the screenshots taken (called once the tests ran). */
export function printScreenshots(): void {
  if (taken.length) console.log(`Screenshots of the pages (open them to look):\n${taken.join("\n")}`);
}
