// A site run from its admin screen, in real Chromium against the real server: its sections and groups (added,
// grouped, renamed, reordered, removed), its audience (share links created, copied, revoked, each read as a
// reader's browser reads the site; visitor authentication's key, URLs and regeneration, with real JWTs), its
// redirects in bulk (a list with a bad line refused whole, a CSV file read, a line the API refuses reported),
// its look (favicon and fonts, the preview following before the save), published and opened in one click; its
// whole customization (a color and a font in the preview before the save, the header's and footer's links as lines,
// an announcement, a social account), a bad line and a failed save keeping the draft, kept through a reload and
// applied on the published site. Each
// test reads the result back from the API or the published site; axe on each screen, one of them dark at 360 px.
import { createHmac } from "node:crypto";
import { accessibilityProblems, answered, at, screenshot } from "@docstack/server/testing";
import type { Browser, Page } from "playwright-core";
import { spaceWithPages, useAppServer } from "./support";

const app = useAppServer();
const { h } = app;

async function checkScreen(page: Page, name: string) {
  expect({ name, problems: await accessibilityProblems(page) }).toEqual({ name, problems: [] });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect({ name, overflow: Math.max(0, overflow) }).toEqual({ name, overflow: 0 });
}

/** Reads `read` (the API, or the screen) until it gives `expected`, a write having reached it; else fails with the last read. */
async function settles<T>(read: () => Promise<T>, expected: T): Promise<void> {
  let last: T | undefined;
  for (let i = 0; i < 2000; i++) {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(last).toEqual(expected);
}

/** An organization with spaces, a site publishing the first, and its admin open in a signed-in browser. */
async function siteOpen(spaces: string[], options: { width?: number; publish?: boolean } = {}) {
  const org = await h.organization();
  const as = h.as(org.admin);
  const made = [];
  for (const title of spaces) made.push(await spaceWithPages(h, org.admin, org.id, title, [{ title: "Install", markdown: `Install ${title} with npm.` }]));
  const site = await answered(
    as.POST("/v1/orgs/{organizationId}/sites", { ...at({ organizationId: org.id }), body: { title: "Docs", spaces: [made[0]!.id] } }),
    201,
  );
  const ids = { organizationId: org.id, siteId: site.id };
  if (options.publish) await answered(as.POST("/v1/orgs/{organizationId}/sites/{siteId}/publish", at(ids)), 200);
  const page = await app.newPage(options.width);
  page.on("dialog", (dialog) => void dialog.accept());
  await app.signInThroughApi(page, org.admin.email);
  await page.goto(`/app/orgs/${org.id}/sites/${site.id}`);
  await page.getByRole("heading", { level: 1, name: "Site: Docs" }).waitFor();
  return { org, as, ids, page, spaces: made };
}

/**
 * A reader's browser of its own (no cookie of the admin's), reading `url` as a visitor does: redirects inside the
 * site followed (a key or token moves into a cookie), one leaving it (to a fallback URL) answered as it is.
 */
async function readerOpens(page: Page, url: string) {
  const context = await (page.context().browser() as Browser).newContext();
  try {
    let answer = await context.request.get(url, { maxRedirects: 0 });
    for (let hops = 0; hops < 5 && answer.status() >= 300 && answer.status() < 400; hops++) {
      const next = new URL(answer.headers().location as string, url);
      if (next.origin !== new URL(url).origin) break;
      answer = await context.request.get(next.toString(), { maxRedirects: 0 });
    }
    return { status: answer.status(), location: answer.headers().location, text: await answer.text() };
  } finally {
    await context.close();
  }
}

/** A visitor's JWT as a customer's backend signs it: HS256 with the site's key, expiring in ten minutes. */
function visitorToken(key: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${part({ alg: "HS256", typ: "JWT" })}.${part({ sub: "reader", exp: Math.floor(Date.now() / 1000) + 600 })}`;
  return `${unsigned}.${createHmac("sha256", key).update(unsigned).digest("base64url")}`;
}

describe("a site's sections and groups", () => {
  it("adds spaces as sections, groups them, renames, reorders and removes them", async () => {
    const { as, ids, page } = await siteOpen(["Guides", "API", "Changelog"]);
    const sectionTitles = () =>
      answered(as.GET("/v1/orgs/{organizationId}/sites/{siteId}/sections", at(ids)), 200).then((list) => list.items.map((item) => item.title));
    const groups = () =>
      answered(as.GET("/v1/orgs/{organizationId}/sites/{siteId}/section-groups", at(ids)), 200).then((list) =>
        list.items.map((group) => [group.title, group.sections.map((section) => section.title)]),
      );
    await page.getByText("No sections").waitFor();
    await checkScreen(page, "site, no sections");

    for (const space of ["API", "Changelog"]) {
      await page.getByLabel("Space of a new section").selectOption({ label: space });
      await page.getByRole("button", { name: "Add as a section" }).click();
      await page.getByRole("button", { name: `Remove the section ${space}` }).waitFor();
    }
    // The site's first space was gathered into a section titled after the site.
    expect(await sectionTitles()).toEqual(["Docs", "API", "Changelog"]);

    await page.getByRole("button", { name: "Rename Changelog" }).click();
    await page.getByLabel("New title of the section Changelog").fill("Release notes");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("button", { name: "Remove the section Release notes" }).waitFor();

    await page.getByLabel("Title of a new group").fill("Products");
    await page.getByRole("checkbox", { name: "API" }).check();
    await page.getByRole("checkbox", { name: "Release notes" }).check();
    await page.getByRole("button", { name: "Create group" }).click();
    await page.getByRole("list", { name: "Sections of the group Products" }).waitFor();
    expect(await groups()).toEqual([["Products", ["API", "Release notes"]]]);
    await checkScreen(page, "site, a group of sections");

    await page.getByRole("button", { name: "Move the section Release notes up" }).click();
    await settles(groups, [["Products", ["Release notes", "API"]]]);
    await page.getByRole("button", { name: "Move the group Products up" }).click();
    await settles(sectionTitles, ["Release notes", "API", "Docs"]);
    // The screen shows the order the API has once it read it again: the group first, its sections in their order.
    const titlesShown = () => page.getByRole("list", { name: "Sections of the site" }).locator(".card-title").allTextContents();
    await settles(titlesShown, ["Products", "Release notes", "API", "Docs"]);

    await page.getByRole("button", { name: "Remove the section API" }).click();
    await settles(sectionTitles, ["Release notes", "Docs"]);
    await page.getByLabel("Group of the section Release notes").selectOption("");
    await settles(groups, [["Products", []]]);
    await page.getByRole("button", { name: "Delete the group Products (its sections stay)" }).click();
    await settles(groups, []);
    expect(await sectionTitles()).toEqual(["Release notes", "Docs"]);
    await page.context().close();
  });
});

describe("a site's audience", () => {
  it("creates a share link, copies it, and the site opens with it, not without it, nor once revoked", async () => {
    const { as, ids, page } = await siteOpen(["Partner guide"], { publish: true });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
    await page.getByLabel("Who can read it").selectOption("share-link");
    await settles(() => answered(as.GET("/v1/orgs/{organizationId}/sites/{siteId}", at(ids)), 200).then((site) => site.visibility), "share-link");
    await page.getByText("No share links yet.").waitFor();

    await page.getByLabel("Name of a new link (who it is for)").fill("Partners");
    await page.getByRole("button", { name: "Create share link" }).click();
    await page.getByRole("button", { name: "Copy the link Partners" }).click();
    await page.getByRole("status").filter({ hasText: "Copied." }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const [link] = (await answered(as.GET("/v1/orgs/{organizationId}/sites/{siteId}/share-links", at(ids)), 200)).items;
    // The API answered the test's client at another address: the same link, path and key.
    const pathOf = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
    expect(pathOf(copied)).toBe(pathOf(link!.urls.published));
    await checkScreen(page, "site, a share link");

    const withLink = await readerOpens(page, copied);
    expect([withLink.status, withLink.text]).toEqual([200, expect.stringContaining("Install Partner guide with npm.")]);
    const siteUrl = new URL(copied);
    siteUrl.search = "";
    expect((await readerOpens(page, siteUrl.toString())).status).toBe(404);

    await page.getByRole("button", { name: "Revoke the link Partners" }).click();
    await page.getByText("No share links yet.").waitFor();
    expect((await readerOpens(page, copied)).status).toBe(404);
    await page.context().close();
  });

  it("sets visitor authentication: the key signs visitors in, the fallback URL takes the others, a new key shuts out old tokens", async () => {
    const { as, ids, page } = await siteOpen(["Members area"], { publish: true });
    await page.getByLabel("Who can read it").selectOption("visitor-auth");
    await page.getByRole("heading", { name: "Visitor authentication" }).waitFor();
    await page.getByRole("button", { name: "Show the key" }).click();
    const key = (await page.locator("#site-visitor-auth ~ p code.secret").textContent()) as string;
    const auth = () => answered(as.GET("/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth", at(ids)), 200);
    expect(key).toBe((await auth()).privateKey);

    await page.getByLabel(/^Fallback URL/).fill("https://example.com/sign-in");
    await page.getByRole("button", { name: "Save visitor authentication" }).click();
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    expect((await auth()).fallbackURL).toBe("https://example.com/sign-in");
    await checkScreen(page, "site, visitor authentication");

    const published = await page.getByRole("link", { name: /^Open the site/ }).getAttribute("href");
    const token = visitorToken(key);
    const signedIn = await readerOpens(page, `${published}?jwt_token=${token}`);
    expect([signedIn.status, signedIn.text]).toEqual([200, expect.stringContaining("Install Members area with npm.")]);
    const anonymous = await readerOpens(page, published as string);
    expect([anonymous.status, anonymous.location]).toEqual([302, expect.stringMatching(/^https:\/\/example\.com\/sign-in\?location=/)]);

    await page.getByRole("button", { name: "Regenerate the key" }).click();
    await settles(async () => (await auth()).privateKey === key, false);
    const stale = await readerOpens(page, `${published}?jwt_token=${token}`);
    expect([stale.status, stale.location]).toEqual([302, expect.stringMatching(/^https:\/\/example\.com\/sign-in\?location=/)]);
    await page.context().close();
  });
});

describe("a site's redirects in bulk", () => {
  it("refuses a list with a bad line whole, adds a CSV file's, and reports a line the API refuses while the others apply", async () => {
    const { as, ids, page } = await siteOpen(["Handbook"]);
    const sources = () =>
      answered(as.GET("/v1/orgs/{organizationId}/sites/{siteId}/redirects", { params: { path: ids, query: { orderBy: "source" } } }), 200).then((list) =>
        list.items.map((item) => [item.source, item.destination.kind]),
      );
    const box = page.getByLabel(/^Redirects, one a line/);
    await box.fill("/old,https://example.com/new\nold-without-slash,https://example.com\n/setup,/install");
    await page.getByRole("button", { name: "Add these redirects" }).click();
    const refused = page.getByRole("alert").filter({ hasText: "Nothing was added" });
    await refused.getByText("Line 2").waitFor();
    await expect(refused.textContent()).resolves.toContain("the source must be a path");
    expect(await sources()).toEqual([]);
    await expect(box.inputValue()).resolves.toContain("old-without-slash");
    await checkScreen(page, "site, bulk redirects refused");

    const csv = "source,destination\n/old,https://example.com/new\n/setup,/install\n";
    await page.getByLabel("Or read a CSV file into the box").setInputFiles({ name: "redirects.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    // The file is read in the background: wait for the box to show it.
    await settles(() => box.inputValue(), csv);
    await page.getByRole("button", { name: "Add these redirects" }).click();
    await page.getByRole("status").filter({ hasText: "Added: 2 created, 0 updated." }).waitFor();
    expect(await sources()).toEqual([
      ["/old", "external"],
      ["/setup", "site-page"],
    ]);

    await box.fill("/old,https://example.com/newer\n/gone,/no-such-page");
    await page.getByRole("button", { name: "Add these redirects" }).click();
    const report = page.getByRole("alert").filter({ hasText: "These lines were not applied" });
    await report.getByText("Line 2").waitFor();
    await page.getByRole("status").filter({ hasText: "Added: 0 created, 1 updated." }).waitFor();
    await expect(box.inputValue()).resolves.toBe("/gone,/no-such-page");
    expect(await sources()).toEqual([
      ["/old", "external"],
      ["/setup", "site-page"],
    ]);

    await page.getByRole("button", { name: "Delete the redirect of /old" }).click();
    await settles(sources, [["/setup", "site-page"]]);
    await page.context().close();
  });
});

describe("a site's look and publishing", () => {
  it("sets the favicon and fonts with the preview following, publishes and opens the site in one click (dark, 360 px)", async () => {
    const { as, ids, page } = await siteOpen(["Guide"], { width: 360 });
    await page.getByLabel("Theme", { exact: true }).selectOption("dark");
    const preview = page.getByRole("img", { name: /^Preview of the site/ });
    await expect(preview.getAttribute("aria-label")).resolves.toContain("Inter text");

    await page.getByLabel("The icon of browser tabs").selectOption("emoji");
    await page.getByLabel("Emoji", { exact: true }).fill("📘");
    await page.getByLabel("Font of the text").selectOption("RobotoSlab");
    await page.getByLabel("Font of code").selectOption("JetBrainsMono");
    // The preview shows the choices before anything is saved.
    await expect(preview.getAttribute("aria-label")).resolves.toBe(
      "Preview of the site: Roboto Slab text, JetBrains Mono code, clean style, rounded corners, favicon 📘",
    );
    await checkScreen(page, "site, look (dark, 360 px)");
    await page.getByRole("button", { name: "Save the look" }).click();
    await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
    const look = await answered(as.GET("/v1/orgs/{organizationId}/sites/{siteId}/customization", at(ids)), 200);
    expect([look.favicon, look.styling.font, look.styling.monospaceFont, look.styling.primaryColor]).toEqual([
      { emoji: "📘" },
      "RobotoSlab",
      "JetBrainsMono",
      { light: "#346ddb", dark: "#346ddb" },
    ]);

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const open = page.getByRole("link", { name: /^Open the site/ });
    const [reader] = await Promise.all([page.context().waitForEvent("page"), open.click()]);
    await reader.waitForLoadState();
    await reader.getByText("Install Guide with npm.").waitFor();
    await expect(reader.content()).resolves.toContain("Roboto Slab");
    await screenshot(page, "admin-site-look-dark-360");
    await page.context().close();
  });
});

describe("a site's whole customization", () => {
  it("previews a draft, keeps it through a refused line and a failed save, saves it, keeps it through a reload, and the site shows it", async () => {
    const { as, ids, page } = await siteOpen(["Guide"], { publish: true });
    const read = () => answered(as.GET("/v1/orgs/{organizationId}/sites/{siteId}/customization", at(ids)), 200);
    const preview = page.getByRole("img", { name: /^Preview of the site/ });
    const previewColor = () => page.locator(".preview-page.light .preview-button").evaluate((element) => getComputedStyle(element).backgroundColor);
    await expect(previewColor()).resolves.toBe("rgb(52, 109, 219)");

    await page.getByLabel("Primary color, light theme").fill("#aa3300");
    await page.getByLabel("Font of the text").selectOption("Merriweather");
    // The preview follows the draft before anything is saved.
    await expect(previewColor()).resolves.toBe("rgb(170, 51, 0)");
    await expect(preview.getAttribute("aria-label")).resolves.toContain("Merriweather text");
    await page.getByLabel("Title in the header and tabs (empty: the site's)").fill("Field guide");
    await page.getByLabel("Show a banner above every page").check();
    await page.getByLabel("Banner's message").fill("Maintenance tonight");
    await page.locator(".preview-announcement").first().filter({ hasText: "Maintenance tonight" }).waitFor();
    await page.getByLabel("Banner's link: its text (empty: no link)").fill("Status");
    // Typed a key at a time: the field keeps what is typed while it is not yet a target.
    const where = page.getByLabel(/^Banner's link: where it goes/);
    await where.clear();
    await where.pressSequentially("https://status.example.com");
    await expect(where.inputValue()).resolves.toBe("https://status.example.com");
    await page.getByLabel("Footer's copyright line").fill("© Initech");
    await page.getByLabel("Tint the backgrounds").check();
    await page.getByLabel("Shadows").selectOption("flat");
    await page.getByRole("button", { name: "Add a social account" }).click();
    await page.getByLabel("Handle of social account 1 (without @)").fill("initech");
    const header = page.getByLabel(/^Header links, one a line/);
    await header.fill("Blog | https://example.com/blog\n  Orphan");
    await page.getByRole("button", { name: "Save the look" }).click();
    await page.getByRole("alert").filter({ hasText: "Line 2: write it as: Title | where" }).waitFor();
    expect((await read()).updatedAt).toBeUndefined();
    await checkScreen(page, "site, customization, a line refused");

    await header.fill("Blog | https://example.com/blog");
    // The server fails the write: the draft stays as typed, in the form and the preview.
    await page.route("**/customization", (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: 503, type: "unavailable", reason: "unavailable", message: "Try again later" } }),
          })
        : route.fallback(),
    );
    await page.getByRole("button", { name: "Save the look" }).click();
    await page.getByRole("alert").filter({ hasText: "Try again later" }).waitFor();
    expect((await read()).updatedAt).toBeUndefined();
    await expect(page.getByLabel("Font of the text").inputValue()).resolves.toBe("Merriweather");
    await expect(page.getByLabel("Footer's copyright line").inputValue()).resolves.toBe("© Initech");
    await expect(previewColor()).resolves.toBe("rgb(170, 51, 0)");
    await page.unroute("**/customization");

    await page.getByRole("button", { name: "Save the look" }).click();
    await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
    const saved = await read();
    expect({
      title: saved.title,
      primary: saved.styling.primaryColor,
      font: saved.styling.font,
      depth: saved.styling.depth,
      tint: saved.styling.tint,
      announcement: saved.announcement,
      links: saved.header.links,
      copyright: saved.footer.copyright,
      social: saved.socialAccounts,
    }).toEqual({
      title: "Field guide",
      primary: { light: "#aa3300", dark: "#346ddb" },
      font: "Merriweather",
      depth: "flat",
      tint: { color: { light: "#346ddb", dark: "#346ddb" } },
      announcement: {
        enabled: true,
        message: "Maintenance tonight",
        style: "info",
        link: { title: "Status", to: { kind: "url", url: "https://status.example.com" } },
      },
      links: [{ title: "Blog", to: { kind: "url", url: "https://example.com/blog" }, links: [] }],
      copyright: "© Initech",
      social: [{ platform: "github", handle: "initech", display: { footer: true } }],
    });

    await page.reload();
    await expect(page.getByLabel("Primary color, light theme").inputValue()).resolves.toBe("#aa3300");
    await expect(page.getByLabel("Font of the text").inputValue()).resolves.toBe("Merriweather");
    await expect(header.inputValue()).resolves.toBe("Blog | https://example.com/blog");
    await expect(page.getByLabel("Handle of social account 1 (without @)").inputValue()).resolves.toBe("initech");
    await expect(previewColor()).resolves.toBe("rgb(170, 51, 0)");

    // The published site, as its reader sees it.
    const [reader] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("link", { name: /^Open the site/ }).click()]);
    await reader.getByText("Install Guide with npm.").waitFor();
    const look = await reader.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return { primary: style.getPropertyValue("--primary").trim(), font: style.getPropertyValue("--font") };
    });
    expect(look.primary).toBe("#aa3300");
    expect(look.font).toContain("Merriweather");
    await reader.getByRole("complementary", { name: "Announcement" }).getByRole("link", { name: "Maintenance tonight" }).waitFor();
    await reader.getByRole("navigation", { name: "Site links" }).getByRole("link", { name: "Blog" }).waitFor();
    await reader.getByText("© Initech").waitFor();
    await reader.locator(".site-title").filter({ hasText: "Field guide" }).waitFor();
    await page.context().close();
  });
});
