// The browser every browser test and the bench launch (support/browser.ts, chromium.json): Debian's Chromium in its
// headless shell, where a context is a page and nothing else. The full browser's new headless mode preloaded the
// omnibox's WebUI popups in every window (two renderers a context, more CPU than the page under test): a browser
// that starts doing that again fails here. The accessibility check the screens' tests make is tested here too.
/// <reference lib="dom" />
import type { Browser } from "playwright-core";
import { accessibilityProblems, launchBrowser } from "./support/browser";
import chromiumSettings from "./support/chromium.json";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

it("is Chromium's headless shell, opening a page per context and no page of its own", async () => {
  expect(chromiumSettings.executable).toMatch(/chromium-headless-shell$/);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent("<h1>A page</h1>");
  expect(await page.evaluate(() => navigator.userAgent)).toMatch(/HeadlessChrome\//);
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = (await session.send("Target.getTargets", { filter: [{}] })) as { targetInfos: { type: string; url: string }[] };
  expect(targetInfos.map(({ url }) => url).filter((url) => url.startsWith("chrome://"))).toEqual([]);
  expect(targetInfos.filter(({ type }) => type === "page")).toHaveLength(1);
  await context.close();
});

it("finds a page's serious accessibility problems at every check, axe loaded once per document", async () => {
  const page = await browser.newPage();
  await page.setContent(`<html lang="en"><head><title>A form</title></head><body><main><button></button></main></body></html>`);
  expect(await accessibilityProblems(page)).toEqual([expect.stringMatching(/^button-name \(critical\)/)]);
  // The same document again, as after the app's own navigation: axe is there already, and it checks the page as it is now.
  await page.evaluate(() => document.querySelector("button")?.setAttribute("aria-label", "Save"));
  expect(await accessibilityProblems(page)).toEqual([]);
  await page.evaluate(() => document.querySelector("main")?.insertAdjacentHTML("beforeend", "<button></button>"));
  expect(await accessibilityProblems(page)).toEqual([expect.stringMatching(/^button-name \(critical\).* at button:nth-child\(2\)$/)]);
  await page.context().close();
});
