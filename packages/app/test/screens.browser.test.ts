// Every `urls.app` the API answers, opened in real Chromium: each shows its resource's screen, in light on a
// desktop and in dark at 360 px, with axe finding no serious or critical problem and nothing wider than the
// window. Then the writes of the spaces and page-tree screens, read back from the API.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { accessibilityProblems, answered, at, printScreenshots, screenshot } from "@docstack/server/testing";
import type { Page } from "playwright-core";
import { signIn, snap, spaceWithPages, titlesInApi, useAppServer } from "./support";

const app = useAppServer();
const { h, inbox } = app;
afterAll(() => printScreenshots());

/** The path of an absolute `urls.app` (the API names its own host; the browser reaches the test server). */
const pathOf = (url: string) => {
  const { pathname, hash } = new URL(url);
  return `${pathname}${hash}`;
};

async function checkScreen(page: Page, name: string) {
  expect({ name, problems: await accessibilityProblems(page) }).toEqual({ name, problems: [] });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect({ name, overflow: Math.max(0, overflow) }).toEqual({ name, overflow: 0 });
}

/** An organization with one resource of every kind that has a `urls.app`, and the screen each must open. */
async function everyKind() {
  const org = await h.organization("Globex");
  const as = h.as(org.admin);
  const space = await spaceWithPages(h, org.admin, org.id, "Operations", [
    { title: "Runbook", markdown: "## On call\n\nPage the on-call." },
    { title: "Postmortems", markdown: "Blameless." },
  ]);
  const collection = await answered(
    as.POST("/v1/orgs/{organizationId}/collections", { ...at({ organizationId: org.id }), body: { title: "Engineering" } }),
    201,
  );
  await answered(as.POST("/v1/spaces/{spaceId}/move", { ...at({ spaceId: space.id }), body: { parent: collection.id } }), 200);
  const site = await answered(
    as.POST("/v1/orgs/{organizationId}/sites", { ...at({ organizationId: org.id }), body: { title: "Ops site", spaces: [space.id] } }),
    201,
  );
  const organization = await answered(as.GET("/v1/orgs/{organizationId}", at({ organizationId: org.id })), 200);
  const spaceRead = await answered(as.GET("/v1/spaces/{spaceId}", at({ spaceId: space.id })), 200);
  const collectionRead = await answered(as.GET("/v1/collections/{collectionId}", at({ collectionId: collection.id })), 200);
  const revision = await answered(as.GET("/v1/spaces/{spaceId}/content", at({ spaceId: space.id })), 200);
  const pages = await answered(as.GET("/v1/spaces/{spaceId}/content/pages", at({ spaceId: space.id })), 200);
  const changeRequests = await answered(
    as.GET("/v1/spaces/{spaceId}/change-requests", { params: { path: { spaceId: space.id }, query: { status: "merged" } } }),
    200,
  );
  const me = await answered(as.GET("/v1/user"), 200);
  const spec = await answered(
    as.POST("/v1/orgs/{organizationId}/openapi", {
      ...at({ organizationId: org.id }),
      body: { slug: "ops-api", source: { text: JSON.stringify({ openapi: "3.1.0", info: { title: "Ops API", version: "1" }, paths: {} }) } },
    }),
    201,
  );
  const integration = await answered(
    as.POST("/v1/integrations/{integrationName}", {
      ...at({ integrationName: `ops-pager-${org.id}` }),
      body: { title: "Ops Pager", description: "Pages the on-call.", script: "export default {}", organization: org.id },
    }),
    200,
  );

  // What each link must show: a heading of its screen.
  const screens: { name: string; url: string; heading: string }[] = [
    { name: "organization", url: organization.urls.app, heading: "Spaces" },
    { name: "collection", url: collectionRead.urls.app, heading: "Engineering" },
    { name: "space", url: spaceRead.urls.app, heading: "Runbook" },
    { name: "page", url: pages.pages[1]!.urls.app, heading: "Postmortems" },
    { name: "revision", url: revision.urls.app, heading: "Runbook" },
    { name: "change-request", url: changeRequests.items[0]!.urls.app, heading: `#${changeRequests.items[0]!.number} Pages` },
    { name: "site", url: site.urls.app, heading: "Site: Ops site" },
    { name: "user", url: me.urls.location, heading: me.displayName },
    { name: "openapi-spec", url: spec.urls.app, heading: "OpenAPI spec: ops-api" },
    { name: "integration", url: integration.urls.app, heading: "Integration: Ops Pager" },
  ];
  for (const screen of screens) expect(screen.url).toMatch(/\/app\//);
  return { org, space, spaceRead, pages, screens };
}

describe("every urls.app", () => {
  // Made once for the tests below.
  let kinds: Awaited<ReturnType<typeof everyKind>>;
  beforeAll(async () => {
    kinds = await everyKind();
  });

  /** A signed-in browser at `width`, dark when asked (checked: the page's background is dark). */
  async function browser(width: number, dark: boolean) {
    const page = await app.newPage(width);
    await app.signInThroughApi(page, kinds.org.admin.email);
    if (dark) {
      await page.getByLabel("Theme").selectOption("dark");
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
      expect(brightness(await page.evaluate(() => getComputedStyle(document.body).backgroundColor))).toBeLessThan(60);
    }
    return page;
  }
  /** Opens each screen's `urls.app`, checks it (axe, no overflow) and saves its screenshot. */
  async function visit(page: Page, which: "first" | "last", style: string) {
    const half = Math.ceil(kinds.screens.length / 2);
    for (const screen of which === "first" ? kinds.screens.slice(0, half) : kinds.screens.slice(half)) {
      await page.goto(pathOf(screen.url));
      await page.getByRole("heading", { level: 1, name: screen.heading, exact: true }).waitFor();
      await checkScreen(page, `${screen.name} (${style})`);
      await snap(page, `${screen.name}-${style}`);
    }
  }

  // Each test signs in and goes through half of the screens: short tests, whatever the machine's load.
  for (const which of ["first", "last"] as const) {
    it(`opens its resource's screen in light at 1280 px, with no accessibility problem (the ${which} half)`, async () => {
      const page = await browser(1280, false);
      await visit(page, which, "light");
      await page.context().close();
    });
    it(`opens its resource's screen in dark at 360 px, with no accessibility problem (the ${which} half)`, async () => {
      const page = await browser(360, true);
      await visit(page, which, "dark-360");
      await page.context().close();
    });
  }

  it("shows the change requests, a page, search and the 403 screen with no accessibility problem", async () => {
    const { space, spaceRead, pages } = kinds;
    // One more sign-in of the admin, the fifth: the server sends an address at most five codes in a row.
    const dark = await browser(360, true);
    await dark.goto(`/app/spaces/${space.id}/change-requests`);
    await dark.getByRole("button", { name: "Merged" }).click();
    await dark.getByRole("link", { name: /^#\d+ Pages$/ }).waitFor();
    await checkScreen(dark, "change requests (dark, 360 px)");
    await screenshot(dark, "app-change-requests");

    // A screen whose code cannot be fetched says so, and "Try again" loads it.
    await dark.route("**/app/assets/Space-*.js", (route) => route.abort());
    await dark.goto(`/app/spaces/${space.id}`);
    await dark.getByRole("heading", { name: "Docstack cannot be reached" }).waitFor();
    await dark.unroute("**/app/assets/Space-*.js");
    await dark.getByRole("button", { name: "Try again" }).click();
    await dark.getByRole("tree").waitFor();

    // A 403 (a role that does not allow it) says so. No screen's read answers 403 (what one cannot see is a
    // 404): the space's read is answered 403 here, to see that screen.
    await dark.route(`**/v1/spaces/${space.id}`, (route) =>
      route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: 403, message: "Your role does not allow this." } }),
      }),
    );
    await dark.goto(pathOf(spaceRead.urls.app));
    await dark.getByRole("heading", { name: "Not allowed" }).waitFor();
    await checkScreen(dark, "403 (dark, 360 px)");
    await snap(dark, "forbidden-dark-360");
    await dark.unroute(`**/v1/spaces/${space.id}`);
    await dark.goto(pathOf(pages.pages[0]!.urls.app));
    await dark.getByRole("heading", { level: 1, name: "Runbook" }).waitFor();
    await screenshot(dark, "app-page-dark-360");
    await dark.keyboard.press("Control+k");
    await dark.getByRole("combobox", { name: "Search" }).fill("runbok");
    await dark.getByRole("option", { name: "Runbook" }).waitFor();
    await checkScreen(dark, "search (dark, 360 px)");
    await screenshot(dark, "app-search-dark-360");
    await dark.context().close();
  });
});

/** 0 (black) to 255 (white), of a computed `rgb(…)` colour. */
function brightness(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/\d+/g) ?? []).map(Number);
  return (r * 299 + g * 587 + b * 114) / 1000;
}

describe("the spaces and page-tree screens", () => {
  it("create, rename, move into a collection, delete and restore a space; add, rename and delete a page", async () => {
    const org = await h.organization();
    const as = h.as(org.admin);
    await answered(as.POST("/v1/orgs/{organizationId}/collections", { ...at({ organizationId: org.id }), body: { title: "Archive" } }), 201);
    const page = await app.newPage();
    page.on("dialog", (dialog) => void dialog.accept());
    await app.signInThroughApi(page, org.admin.email);
    const spacesInApi = async () =>
      (await answered(as.GET("/v1/orgs/{organizationId}/spaces", at({ organizationId: org.id })), 200)).items.map((space) => ({
        title: space.title,
        inCollection: Boolean(space.parent),
      }));

    await page.getByLabel("New").fill("Drafts");
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByRole("link", { name: "Drafts" }).waitFor();
    await page.getByRole("button", { name: "Rename Drafts" }).click();
    await page.getByLabel("Title of the space").fill("Notes");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("link", { name: "Notes" }).waitFor();
    await page.getByLabel("Collection of Notes").selectOption({ label: "Archive" });
    await page.getByRole("region", { name: "Archive" }).getByRole("link", { name: "Notes" }).waitFor();
    expect(await spacesInApi()).toEqual([{ title: "Notes", inCollection: true }]);

    await page.getByRole("button", { name: "Delete Notes" }).click();
    await page.getByRole("status").filter({ hasText: "“Notes” was deleted." }).waitFor();
    expect(await spacesInApi()).toEqual([]);
    await page.getByRole("button", { name: "Restore it" }).click();
    await page.getByRole("link", { name: "Notes" }).waitFor();
    expect(await spacesInApi()).toEqual([{ title: "Notes", inCollection: true }]);

    await page.getByRole("link", { name: "Notes" }).click();
    await page.getByText("This space has no pages yet").first().waitFor();
    const spaceId = /\/app\/spaces\/([^/]+)/.exec(page.url())?.[1] as string;
    const tree = page.getByRole("tree", { name: "Pages" });
    for (const title of ["Intro", "Setup"]) {
      await page.getByLabel("New page").fill(title);
      await page.getByRole("button", { name: "Add" }).click();
      await tree.getByRole("treeitem", { name: title }).waitFor();
    }
    expect(await titlesInApi(h, org.admin, spaceId)).toEqual(["Intro", "Setup"]);

    await tree.getByRole("treeitem", { name: "Setup" }).focus();
    await page.keyboard.press("F2");
    await page.getByLabel("New title of Setup").fill("Install");
    await page.keyboard.press("Enter");
    await tree.getByRole("treeitem", { name: "Install" }).waitFor();
    expect(await titlesInApi(h, org.admin, spaceId)).toEqual(["Intro", "Install"]);

    await tree.getByRole("treeitem", { name: "Intro" }).focus();
    await page.keyboard.press("Delete");
    await tree.getByRole("treeitem", { name: "Intro" }).waitFor({ state: "detached" });
    expect(await titlesInApi(h, org.admin, spaceId)).toEqual(["Install"]);
    await page.context().close();
  });
});

describe("the deleted spaces screen", () => {
  it("finds a space deleted in an earlier visit, restores it and opens it, by keyboard, dark at 360 px; not for non-admins", async () => {
    const org = await h.organization();
    const as = h.as(org.admin);
    const inOrg = at({ organizationId: org.id });
    const handbook = await spaceWithPages(h, org.admin, org.id, "Handbook", [{ title: "Welcome", markdown: "Hello." }]);
    await answered(as.POST("/v1/orgs/{organizationId}/spaces", { ...inOrg, body: { title: "Roadmap" } }), 201);
    await answered(as.DELETE("/v1/spaces/{spaceId}", at({ spaceId: handbook.id })), 205);

    const page = await app.newPage(360);
    await app.signInThroughApi(page, org.admin.email);
    await page.getByLabel("Theme").selectOption("dark");
    await page.getByRole("link", { name: "Roadmap" }).waitFor();
    expect(await page.getByRole("link", { name: "Handbook" }).count()).toBe(0);
    await page.getByRole("link", { name: "Deleted spaces" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Deleted spaces" }).waitFor();
    await page.getByText("Handbook", { exact: true }).waitFor();
    await checkScreen(page, "deleted spaces (dark, 360 px)");
    await snap(page, "deleted-spaces-dark-360");

    await page.getByRole("button", { name: "Restore Handbook" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: "“Handbook” is restored." }).waitFor();
    await page.getByText("No space was deleted in the last 7 days.").waitFor();
    expect((await answered(as.GET("/v1/orgs/{organizationId}/deleted-spaces", inOrg), 200)).items).toEqual([]);
    await page.getByRole("link", { name: "Open Handbook" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("tree", { name: "Pages" }).getByRole("treeitem", { name: "Welcome" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/app/spaces/${handbook.id}`);
    await page.context().close();

    // An editor has no "Deleted spaces" link, and its URL says their role does not allow it.
    const editor = await h.member(org.id, "edit");
    const other = await app.newPage(1280);
    await app.signInThroughApi(other, editor.email);
    await other.getByLabel("New").waitFor();
    expect(await other.getByRole("link", { name: "Deleted spaces" }).count()).toBe(0);
    await other.goto(`/app/orgs/${org.id}/deleted-spaces`);
    await other.getByRole("heading", { name: "Not allowed" }).waitFor();
    await other.context().close();
  });
});

describe("a large space's tree", () => {
  it("renders only the rows in view, and the keyboard, a page's link and a move still reach every page", async () => {
    const org = await h.organization();
    const as = h.as(org.admin);
    const COUNT = 300;
    const title = (n: number) => `Page ${String(n).padStart(3, "0")}`;
    const space = await answered(as.POST("/v1/orgs/{organizationId}/spaces", { ...at({ organizationId: org.id }), body: { title: "Big" } }), 201);
    const cr = await answered(as.POST("/v1/spaces/{spaceId}/change-requests", { ...at({ spaceId: space.id }), body: { subject: "Pages" } }), 201);
    for (let from = 1; from <= COUNT; from += 50) {
      const changes = Array.from({ length: 50 }, (_, i) => ({ operation: "insert_page" as const, title: title(from + i), document: { markdown: "Text." } }));
      await answered(
        as.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content", { ...at({ spaceId: space.id, changeRequestId: cr.id }), body: { changes } }),
        200,
      );
    }
    await answered(as.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge", at({ spaceId: space.id, changeRequestId: cr.id })), 200);
    const pages = await answered(as.GET("/v1/spaces/{spaceId}/content/pages", at({ spaceId: space.id })), 200);

    const page = await app.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await app.signInThroughApi(page, org.admin.email);
    await page.goto(`/app/spaces/${space.id}`);
    const tree = page.getByRole("tree", { name: "Pages" });
    await tree.getByRole("treeitem", { name: title(1) }).waitFor();
    const rendered = await tree.getByRole("treeitem").count();
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(100);
    await expect(tree.getByRole("treeitem", { name: title(1) }).getAttribute("aria-setsize")).resolves.toBe(String(COUNT));
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));

    await tree.getByRole("treeitem", { name: title(1) }).focus();
    await page.keyboard.press("End");
    await tree.getByRole("treeitem", { name: title(COUNT) }).waitFor();
    await page.waitForFunction((name) => document.activeElement?.getAttribute("aria-label") === name, title(COUNT));
    await expect(tree.getByRole("treeitem", { name: title(1) }).count()).resolves.toBe(0); // scrolled out, not rendered
    await page.keyboard.press("ArrowUp");
    await page.waitForFunction((name) => document.activeElement?.getAttribute("aria-label") === name, title(COUNT - 1));
    await page.keyboard.press("Home");
    await page.waitForFunction((name) => document.activeElement?.getAttribute("aria-label") === name, title(1));
    expect(await focusedName()).toBe(title(1));

    // A link to a page far down opens it with its row scrolled into the tree's view.
    const deep = pages.pages.find((candidate) => candidate.title === title(250))!;
    await page.goto(pathOf(deep.urls.app));
    await page.getByRole("heading", { level: 1, name: title(250) }).waitFor();
    const row = tree.getByRole("treeitem", { name: title(250) });
    await expect(row.getAttribute("aria-selected")).resolves.toBe("true");
    const [rowBox, treeBox] = [await row.boundingBox(), await tree.boundingBox()];
    expect(rowBox!.y).toBeGreaterThanOrEqual(treeBox!.y);
    expect(rowBox!.y + rowBox!.height).toBeLessThanOrEqual(treeBox!.y + treeBox!.height);

    await row.focus();
    await page.keyboard.press("Alt+ArrowUp");
    await page
      .getByRole("status")
      .filter({ hasText: `Moved “${title(250)}”.` })
      .waitFor({ state: "attached" });
    expect((await titlesInApi(h, org.admin, space.id)).slice(247, 251)).toEqual([title(248), title(250), title(249), title(251)]);
    await checkScreen(page, "large tree");
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("another site", () => {
  it("cannot write with a signed-in browser's cookie: its form POST is refused and changes nothing", async () => {
    const org = await h.organization();
    const page = await app.newPage();
    await app.signInThroughApi(page, org.admin.email);
    // A page of another site (localhost is another site than 127.0.0.1) posting a JSON-looking body to the API.
    const target = `${app.url}/v1/orgs/${org.id}/spaces`;
    const attacker = http.createServer((_req, res) => {
      res.setHeader("Content-Type", "text/html");
      res.end(`<!doctype html><form method="POST" action="${target}" enctype="text/plain">
<input name='{"title":"Planted","x":"' value='"}'></form><script>document.forms[0].submit()</script>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
    try {
      const answer = page.waitForResponse((response) => response.url() === target && response.request().method() === "POST");
      await page.goto(`http://localhost:${(attacker.address() as AddressInfo).port}/`);
      // Refused by a session defence (SameSite=Lax keeps the cookie off it; else the missing CSRF header), before
      // anything reads its body.
      const refusal = (await (await answer).json()) as { error: { reason: string } };
      expect(["unauthenticated", "csrf_token_invalid"]).toContain(refusal.error.reason);
    } finally {
      attacker.closeAllConnections();
      await new Promise((resolve) => attacker.close(resolve));
    }
    const spaces = await answered(h.as(org.admin).GET("/v1/orgs/{organizationId}/spaces", at({ organizationId: org.id })), 200);
    expect(spaces.items.map((space) => space.title)).not.toContain("Planted");
    // The same browser still writes from the app itself (its cookie and CSRF header).
    await page.goto("/app/");
    await page.getByLabel("New").fill("Planted by me");
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByRole("link", { name: "Planted by me" }).waitFor();
    await page.context().close();
  });
});

describe("the account screen's sessions", () => {
  it("lists the user's browsers and ends another one, which is signed out at its next request", async () => {
    const org = await h.organization();
    const laptop = await app.newPage();
    const phone = await app.newPage(360);
    await signIn(laptop, inbox, org.admin.email);
    await signIn(phone, inbox, org.admin.email);
    await laptop.getByRole("link", { name: "Account" }).click();
    const sessions = laptop.getByRole("list").filter({ hasText: "this browser" });
    await sessions.getByRole("listitem").nth(1).waitFor();
    await expect(sessions.getByRole("listitem").count()).resolves.toBe(2);
    await laptop.getByRole("button", { name: /^End the session of / }).click();
    await sessions.getByRole("listitem").nth(1).waitFor({ state: "detached" });
    await expect(laptop.getByRole("button", { name: /^End the session of / }).count()).resolves.toBe(0);

    await phone.goto("/app/account");
    await phone.getByLabel("Email").waitFor();
    await laptop.reload();
    await laptop.getByRole("heading", { name: "Account" }).waitFor(); // its own session goes on
    await laptop.context().close();
    await phone.context().close();
  });
});
