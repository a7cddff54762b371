// The browser every browser test and the bench launch (support/browser.ts, chromium.json): Debian's Chromium in its
// headless shell, where a context is a page and nothing else. The full browser's new headless mode preloaded the
// omnibox's WebUI popups in every window (two renderers a context, more CPU than the page under test): a browser
// that starts doing that again fails here.
/// <reference lib="dom" />
import type { Browser } from "playwright-core";
import { launchBrowser } from "./support/browser";
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
