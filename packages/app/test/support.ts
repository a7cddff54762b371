// What the app's browser tests share: the real server (the harness's app over a real database, listening on
// loopback, serving this package's build at /app/), a real SMTP sink, one Chromium per test file, and
// helpers that act as a person does (sign in with the e-mailed code) or read the API as a program would.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { accessibilityProblems, answered, at, type Harness, launchBrowser, type TestUser, useHarness, useInbox } from "@docstack/server/testing";
import type { Browser, Page, Route } from "playwright-core";

export const APP_DIR = path.resolve(__dirname, "../dist");

/** `allowPrivateFetch`: the server may reach loopback (a webhook receiver or a Git server the test runs). */
export function useAppServer(options: { allowPrivateFetch?: boolean } = {}) {
  const inbox = useInbox();
  const h = useHarness(() => ({ smtpUrl: inbox.url, rateLimit: { max: 0, windowMs: 60_000 }, appDir: APP_DIR, ...options }));
  const state: { url: string; browser?: Browser; server?: http.Server } = { url: "" };
  const listen = async (port: number) => {
    const server = http.createServer(h.createApp());
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    state.server = server;
    state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const stop = async () => {
    state.server?.closeAllConnections();
    await new Promise((resolve) => state.server?.close(resolve));
  };
  beforeAll(async () => {
    await listen(0);
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
    await stop();
  });
  return {
    h,
    inbox,
    get url() {
      return state.url;
    },
    /**
     * The server down while `whileDown` runs (connections refused, as when its process has stopped), then a new app
     * on the same port and database: a restart as the browser sees it.
     */
    async restartServer(whileDown: () => Promise<void>): Promise<void> {
      const { port } = (state.server as http.Server).address() as AddressInfo;
      await stop();
      await whileDown();
      await listen(port);
    },
    /**
     * Signed in as a program signs in (the e-mailed code sent to `POST /v1/auth/sessions` by the request client of the
     * page's browser profile, which keeps the session's cookies), then the app opened; done once `landing` (a heading)
     * shows. For tests of other screens: the sign-in screen cost the browser about three times what opening the app
     * does, and app.browser.test.ts and sso.browser.test.ts test it (`signIn`).
     */
    async signInThroughApi(page: Page, email: string, { landing = "Spaces" } = {}): Promise<void> {
      // The profile's own request client: the cookies the session answers with are the profile's, as a browser keeps them.
      const { request } = page.context();
      const before = inbox.to(email).length;
      expect((await request.post("/v1/auth/email", { data: { email } })).status()).toBe(204);
      const session = await request.post("/v1/auth/sessions", { data: { email, code: await codeMailed(inbox, email, before) } });
      expect(session.status()).toBe(201);
      await page.goto("/app/");
      await page.getByRole("heading", { name: landing }).waitFor();
    },
    /** A new browser profile (its own cookies), at `width` px wide. */
    async newPage(width = 1280): Promise<Page> {
      const context = await (state.browser as Browser).newContext({ viewport: { width, height: 900 }, baseURL: state.url });
      return context.newPage();
    },
  };
}

/** Signs in through the app's sign-in screen with the code e-mailed to the address; done once `landing` (a heading) shows. */
export async function signIn(page: Page, inbox: ReturnType<typeof useInbox>, email: string, { landing = "Spaces" } = {}): Promise<void> {
  const before = inbox.to(email).length;
  await page.goto("/app/");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "E-mail me a code" }).click();
  await page.getByLabel("Code").fill(await codeMailed(inbox, email, before));
  await page.getByRole("button", { name: "Sign in" }).click();
  try {
    await page.getByRole("heading", { name: landing }).waitFor();
  } catch (error) {
    throw new Error(`Not signed in; the page reads: ${await page.locator("body").textContent()}`, { cause: error });
  }
}

/** The sign-in code of the first message to `email` after the `before` it had. */
async function codeMailed(inbox: ReturnType<typeof useInbox>, email: string, before: number): Promise<string> {
  const mail = await inbox.waitFor(email, (message) => inbox.to(email).indexOf(message) >= before);
  return /^Code: (\d{8})$/m.exec(mail.text ?? "")?.[1] as string;
}

/** A space with pages, written through a change request and merged (as any client of the API does). */
export async function spaceWithPages(h: Harness, user: TestUser, organizationId: string, title: string, pages: { title: string; markdown: string }[]) {
  const as = h.as(user);
  const space = await answered(as.POST("/v1/orgs/{organizationId}/spaces", { ...at({ organizationId }), body: { title } }), 201);
  const cr = await answered(as.POST("/v1/spaces/{spaceId}/change-requests", { ...at({ spaceId: space.id }), body: { subject: "Pages" } }), 201);
  const changes = pages.map((page) => ({ operation: "insert_page" as const, title: page.title, document: { markdown: page.markdown } }));
  await answered(
    as.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content", { ...at({ spaceId: space.id, changeRequestId: cr.id }), body: { changes } }),
    200,
  );
  await answered(as.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge", at({ spaceId: space.id, changeRequestId: cr.id })), 200);
  return space;
}

/** The space's top-level page titles, and each page's sub-page titles, as the API answers them. */
export async function titlesInApi(h: Harness, user: TestUser, spaceId: string): Promise<string[]> {
  const tree = await answered(h.as(user).GET("/v1/spaces/{spaceId}/content/pages", at({ spaceId })), 200);
  const walk = (pages: typeof tree.pages, prefix: string): string[] =>
    pages.flatMap((page) => [`${prefix}${page.title}`, ...walk(("pages" in page ? page.pages : []) as typeof tree.pages, `${prefix}${page.title} > `)]);
  return walk(tree.pages, "");
}

/**
 * Waits until the editor's save status reads `text` ("Saved", "Saving", "Offline", "Conflict"), matched at the start and
 * case-sensitively: Playwright's `hasText` matches anywhere and ignores case, so "Saved" matched the offline status
 * ("… will be saved when …") and "Not saved" before any save.
 */
export const saveStatus = (page: Page, text: string) =>
  page
    .getByRole("status")
    .filter({ hasText: new RegExp(`^${text}`) })
    .waitFor();

/** Where the app's tests save their screenshots (gitignored): open them to look at the screens. */
const SCREENSHOTS = path.resolve(__dirname, "../test-screenshots");

/** A full-page screenshot of the screen as it is, saved as `<name>.png` in SCREENSHOTS. */
export async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name.replace(/[^a-z0-9-]+/gi, "-")}.png`), fullPage: true });
}

/** axe finds no serious or critical problem on the screen as it is, and nothing overflows sideways. */
export async function checkScreen(page: Page, name: string) {
  expect({ name, problems: await accessibilityProblems(page) }).toEqual({ name, problems: [] });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect({ name, overflow: Math.max(0, overflow) }).toEqual({ name, overflow: 0 });
}

/**
 * Waits for a condition of the server's state, working its job queue meanwhile (no sleep that assumes a speed);
 * `state` says what was seen when it is not reached.
 */
export async function until(harness: Harness, condition: () => Promise<boolean>, state?: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (await condition()) return;
    await harness.services.jobs.settled();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`condition not reached; state: ${JSON.stringify(await state?.())}`);
}

/**
 * Holds the page's requests whose URL `matches` until `release()`, then lets them go as sent: a test decides which of
 * two answers a screen gets first.
 */
export async function holdRequests(page: Page, matches: (url: URL) => boolean): Promise<{ release(): Promise<void> }> {
  let letGo = () => {};
  const held = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  // Removed only once every held request went on: a removed handler's pending requests are continued for it.
  const going: Promise<void>[] = [];
  const hold = (route: Route) => {
    const goes = held.then(() => route.continue());
    going.push(goes);
    return goes;
  };
  await page.route(matches, hold);
  return {
    release: async () => {
      letGo();
      await Promise.all(going);
      await page.unroute(matches, hold);
    },
  };
}

/** Resolves once the page has drawn two frames: what a render scheduled by an answer would have shown is shown. */
export const framesDrawn = (page: Page) => page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
