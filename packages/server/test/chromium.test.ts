// The browser every browser test and the bench launch (support/browser.ts): without the omnibox's WebUI popups new
// headless Chromium preloads in each window, and still with every feature Playwright itself turns off (Chromium reads
// only the last --disable-features, ours, so a Playwright that turns off one more fails here until chromium.json has it).
/// <reference lib="dom" />
import type { Browser } from "playwright-core";
import { launchBrowser } from "./support/browser";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

it("opens a window without the omnibox's WebUI popups", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent("<h1>A page</h1>");
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = (await session.send("Target.getTargets", { filter: [{}] })) as { targetInfos: { type: string; url: string }[] };
  expect(targetInfos.map(({ url }) => url).filter((url) => url.startsWith("chrome://"))).toEqual([]);
  expect(targetInfos.filter(({ type }) => type === "page")).toHaveLength(1);
  await context.close();
});

it("keeps every feature Playwright turns off turned off", async () => {
  const page = await browser.newPage();
  await page.goto("chrome://version");
  const commandLine = (await page.locator("#command_line").textContent()) ?? "";
  const lists = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map(([, list]) => (list as string).split(","));
  expect(lists.length).toBeGreaterThanOrEqual(2);
  const effective = lists.at(-1) as string[];
  const dropped = lists.slice(0, -1).flatMap((list) => list.filter((feature) => !effective.includes(feature)));
  expect(dropped).toEqual([]);
  expect(effective).toEqual(expect.arrayContaining(["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]));
  await page.context().close();
});
