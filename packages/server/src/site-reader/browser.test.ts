// Published sites in a real browser (Chromium): what a reader sees and does, on a real
// server listening on a port. The "Publish your docs" steps (docs/publishing.md), navigation,
// sections and variants, search, customization, a hostile page, machine views, 404s and
// freshness after a merge; who reads (share links, visitor tokens, adaptive content on
// sections, site spaces and pages); every page type checked with axe-core and photographed.
// Runs once: what a reader sees in a browser; the reads behind it run on PostgreSQL too (serving.test.ts, the sites' tests).
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { accessibilityProblems, launchBrowser, printScreenshots, screenshot } from "../../test/support/browser";
import { contentHelpers } from "../../test/support/content";
import { createHarness, type Harness } from "../../test/support/harness";
import { insertPage, siteFixtures, visitorToken } from "../../test/support/site-fixtures";

let h: Harness;
let server: http.Server;
let base: string;
let browser: Browser;
/** Pages of this context see the site as readers do; `checked` bypasses the CSP only so that axe-core can run. */
let reader: BrowserContext;
let checked: BrowserContext;

beforeAll(async () => {
  // The port first, so that the API's URLs name the server the browser reaches.
  const probe = http.createServer().listen(0);
  await new Promise((resolve) => probe.once("listening", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  base = `http://localhost:${port}`;
  h = await createHarness({ publicUrl: base });
  server = http.createServer(h.createApp()).listen(port);
  await new Promise((resolve) => server.once("listening", resolve));
  browser = await launchBrowser();
  reader = await browser.newContext();
  checked = await browser.newContext({ bypassCSP: true });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
  printScreenshots();
});

const api = async (method: string, path: string, token: string, body?: object) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown> & { id: string };
};

/** Opens a page in the checked context, asserts no serious or critical axe-core violation, and photographs it. */
async function check(url: string, name: string, options: { colorScheme?: "light" | "dark"; width?: number; status?: number } = {}): Promise<Page> {
  const page = await checked.newPage();
  await page.emulateMedia({ colorScheme: options.colorScheme ?? "light" });
  if (options.width) await page.setViewportSize({ width: options.width, height: 800 });
  const response = await page.goto(url);
  expect(response?.status()).toBe(options.status ?? 200);
  expect(await accessibilityProblems(page)).toEqual([]);
  await screenshot(page, name);
  return page;
}

const GUIDE = `Docstack serves this page.

## Install

\`\`\`ts
import { createClient } from "@docstack/sdk";
const client = createClient({ baseUrl: "http://localhost:3000", token });
\`\`\`

{% hint style="info" %}
Keep your token secret.
{% endhint %}

> [!WARNING]
> Tokens are shown once.

## Check

- [x] Installed
- [ ] Configured

| Setting | Default |
|:--|--:|
| PORT | 3000 |

Read [the reference](/reference#options) or [a missing page](/missing).`;

describe("a reader in Chromium", () => {
  it("follows docs/publishing.md: create a space, a page (change request, merge), a site, publish, and open urls.published", async () => {
    const org = await h.organization();
    const token = org.admin.token;
    const space = await api("POST", `/v1/orgs/${org.id}/spaces`, token, { title: "Handbook" });
    const cr = await api("POST", `/v1/spaces/${space.id}/change-requests`, token, { subject: "First page" });
    await api("POST", `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, token, {
      changes: [{ operation: "insert_page", title: "Welcome", document: { markdown: "Hello, readers." } }],
    });
    await api("POST", `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`, token);
    const site = await api("POST", `/v1/orgs/${org.id}/sites`, token, { title: "Handbook", spaces: [space.id] });
    const published = (await api("POST", `/v1/orgs/${org.id}/sites/${site.id}/publish`, token)).urls as { published: string };
    expect(() => new URL(published.published)).not.toThrow();
    const page = await reader.newPage();
    expect((await page.goto(published.published))?.status()).toBe(200);
    expect(await page.locator("h1").textContent()).toBe("Welcome");
    expect(await page.locator("article p").first().textContent()).toBe("Hello, readers.");
    await page.close();
  });

  it("navigates by the page tree, breadcrumbs, table of contents and previous/next; every page type is accessible, light, dark and at phone width", async () => {
    const { publishedSite } = siteFixtures(h);
    const site = await publishedSite([
      insertPage("Getting started", GUIDE),
      insertPage("Reference", "## Options\n\nAll of them."),
      insertPage("FAQ", "Questions."),
    ]);
    const page = await check(site.published, "page-light");
    await page.getByRole("navigation", { name: "Handbook" }).getByRole("link", { name: "Reference" }).click();
    await page.waitForURL(/\/reference$/);
    expect(await page.locator("h1").textContent()).toBe("Reference");
    await page.getByRole("link", { name: /Next\s*FAQ/ }).click();
    await page.waitForURL(/\/faq$/);
    await page.getByRole("link", { name: /Previous\s*Reference/ }).click();
    await page.waitForURL(/\/reference$/);
    await page.goto(`${site.published}/getting-started`);
    await page.getByRole("complementary", { name: "On this page" }).getByRole("link", { name: "Check" }).click();
    await page.waitForURL(/#check$/);
    // Keyboard: on a fresh load, the first Tab reaches the skip link, which shows with a visible focus ring.
    await page.goto(site.published);
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return { text: element.textContent, outline: style.outlineStyle, top: element.getBoundingClientRect().top };
    });
    expect(focused).toEqual({ text: "Skip to content", outline: "solid", top: expect.any(Number) });
    expect(focused.top).toBeGreaterThanOrEqual(0);
    await page.close();
    await (await check(site.published, "page-dark", { colorScheme: "dark" })).close();
    const phone = await check(site.published, "page-phone", { width: 390 });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await phone.close();
    await (await check(`${site.published}/no/such/page`, "not-found", { status: 404 })).close();
    await (await check(`${base}/sites/nobody/nothing`, "not-found-site", { status: 404 })).close();
  });

  it("switches sections and variants", async () => {
    const { published } = await siteFixtures(h).sectionedSite();
    const page = await check(published, "sections");
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "API reference" }).click();
    await page.waitForURL(/\/api-reference\/$/);
    expect(await page.locator("article").textContent()).toContain("All endpoints.");
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Guides" }).click();
    await page.locator(".variants summary").click();
    await page.getByRole("link", { name: "Guides v1" }).click();
    await page.waitForURL(/\/guides-v1\/$/);
    expect(await page.locator("article").textContent()).toContain("Version one.");
    await page.close();
  });

  it("searches from the box on every page, with highlighted results linking to the heading", async () => {
    const { publishedSite } = siteFixtures(h);
    const site = await publishedSite([insertPage("Getting started", GUIDE), insertPage("Reference", "## Options\n\nThe flamingo option.")]);
    const page = await reader.newPage();
    await page.goto(site.published);
    await page.getByRole("searchbox", { name: "Search the docs" }).fill("flamingo");
    await page.keyboard.press("Enter");
    await page.waitForURL(/~search\?q=flamingo/);
    expect(await page.locator("mark").first().textContent()).toBe("flamingo");
    await page.close();
    const results = await check(`${site.published}/~search?q=flamingo`, "search");
    await results.getByRole("link", { name: "Options" }).click();
    await results.waitForURL(/\/reference#options$/);
    await results.close();
  });

  it("applies the site's customization: title, colors, theme, dark mode, header links and announcement", async () => {
    const { publishedSite, as } = siteFixtures(h);
    const site = await publishedSite([insertPage("Welcome", "Customized.")]);
    await as(site.admin)
      .put(`${site.siteApiUrl}/customization`, {
        title: "Acme handbook",
        styling: { theme: "bold", primaryColor: { light: "#0b7a4b", dark: "#3ddc97" }, corners: "straight" },
        themes: { default: "dark", toggeable: false },
        header: { links: [{ title: "Status", to: { kind: "url", url: "https://status.acme.example" }, links: [] }] },
        announcement: { enabled: true, message: "Version 2 is out", style: "info" },
        footer: { groups: [], copyright: "© Acme" },
      })
      .expect(200);
    const page = await check(site.published, "customized-dark");
    expect(await page.title()).toBe("Welcome | Acme handbook");
    const header = await page.locator(".site-header").evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(header).toBe("rgb(61, 220, 151)");
    expect(await page.evaluate(() => document.documentElement.className)).toContain("dark");
    expect(await page.getByRole("link", { name: "Status" }).getAttribute("href")).toBe("https://status.acme.example");
    expect(await page.getByRole("complementary", { name: "Announcement" }).textContent()).toBe("Version 2 is out");
    expect(await page.locator(".site-footer").textContent()).toContain("© Acme");
    await page.close();
  });

  it("runs nothing from a hostile page: no dialog, no request elsewhere, no script, no frame", async () => {
    const { publishedSite } = siteFixtures(h);
    const hostile = `<script>alert("script")</script>
<img src="https://evil.example/x.png" onerror="alert('onerror')"><img src="x" onerror="alert('onerror2')">
<a id="js" href="javascript:alert('href')">click me</a> [md](javascript:alert('md'))
<iframe src="https://evil.example/"></iframe><object data="https://evil.example/x.swf"></object>
<svg onload="alert('svg')"><script>alert('svg script')</script></svg>
<details open ontoggle="alert('toggle')"><summary>More</summary>Inside</details>
<style>body{background:url(https://evil.example/bg.png)}</style><div style="background:url(https://evil.example/div.png)">styled</div>
<form action="https://evil.example/"><button>send</button></form><meta http-equiv="refresh" content="0;url=https://evil.example/">`;
    const site = await publishedSite([insertPage("Hostile", hostile)]);
    const page = await reader.newPage();
    const dialogs: string[] = [];
    const elsewhere: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on("request", (request) => {
      if (!request.url().startsWith(base)) elsewhere.push(request.url());
    });
    // The detector works: a page that does run a script is caught.
    await page.setContent("<script>alert('control')</script>");
    expect(dialogs).toEqual(["control"]);
    dialogs.length = 0;
    await page.goto(site.published);
    await page
      .locator("#js, a:has-text('click me')")
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await page.locator("summary").click();
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    expect(elsewhere.filter((url) => !url.startsWith("https://evil.example/x.png"))).toEqual([]);
    expect(page.url()).toMatch(new RegExp(`^${base}`));
    const counts = await page.evaluate(() => ({
      scripts: document.querySelectorAll("script").length,
      frames: document.querySelectorAll("iframe, object, embed").length,
      handlers: [...document.querySelectorAll("*")].filter((element) => [...element.attributes].some((attribute) => attribute.name.startsWith("on"))).length,
      styled: document.querySelectorAll("[style]").length,
    }));
    expect(counts).toEqual({ scripts: 0, frames: 0, handlers: 0, styled: 0 });
    await screenshot(page, "hostile");
    await page.close();
  });

  it("gives machines Markdown, llms.txt and a sitemap, and shows a merge on the next load", async () => {
    const { publishedSite } = siteFixtures(h);
    const content = contentHelpers(h);
    const site = await publishedSite([insertPage("Welcome", "Before the merge.")]);
    const page = await reader.newPage();
    const md = await page.goto(`${site.published}/welcome.md`);
    expect(md?.headers()["content-type"]).toMatch(/^text\/markdown/);
    expect(await md?.text()).toBe("# Welcome\n\nBefore the merge.\n");
    expect(await (await page.goto(`${site.published}/llms.txt`))?.text()).toContain(`[Welcome](${site.published}/welcome.md)`);
    expect(await (await page.goto(`${site.published}/sitemap.xml`))?.text()).toContain(`<loc>${site.published}/welcome</loc>`);
    await page.goto(site.published);
    expect(await page.locator("article p").textContent()).toBe("Before the merge.");
    const cr = await content.createChangeRequest(site.admin, site.spaceId);
    const [welcome] = await content.pages(site.admin, site.spaceId);
    await content
      .write(site.admin, site.spaceId, cr.id, [{ operation: "update_page", page: welcome!.id, document: { markdown: "After the merge." } }])
      .expect(200);
    await content.merge(site.admin, site.spaceId, cr.id).expect(200);
    await page.reload();
    expect(await page.locator("article p").textContent()).toBe("After the merge.");
    await page.close();
  });
});

describe("who reads, in Chromium", () => {
  /** A fresh reader: a context of its own (its own cookies). */
  const newReader = async () => {
    const context = await browser.newContext();
    return { context, page: await context.newPage() };
  };

  it("opens a share link, keeps the key in an HttpOnly cookie of the site across navigation, and locks out once the link is deactivated", async () => {
    const { publishedSite, shareLink, as } = siteFixtures(h);
    const site = await publishedSite([insertPage("Welcome", "Shared privately."), insertPage("Reference", "The reference.")], {
      site: { visibility: "share-link" },
    });
    const link = await shareLink(site);
    const siteUrl = link.url.slice(0, link.url.indexOf("?"));
    const { context, page } = await newReader();
    expect((await page.goto(link.url))?.status()).toBe(200);
    // The key left the address bar for a cookie only this site's path receives, out of scripts' reach.
    expect(page.url()).toBe(`${siteUrl}/`);
    expect(await page.locator("article p").textContent()).toBe("Shared privately.");
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ value: link.key, path: new URL(siteUrl).pathname, httpOnly: true, sameSite: "Lax", secure: false });
    expect(await page.evaluate(() => document.cookie)).toBe("");
    await page.getByRole("navigation", { name: "Handbook" }).getByRole("link", { name: "Reference" }).click();
    await page.waitForURL(/\/reference$/);
    expect(await page.locator("h1").textContent()).toBe("Reference");
    expect(await page.content()).not.toContain(link.key);
    await screenshot(page, "share-link");
    // Another reader, without the key: the 404 of an unknown site.
    const stranger = await newReader();
    expect((await stranger.page.goto(`${siteUrl}/reference`))?.status()).toBe(404);
    await stranger.context.close();

    await as(site.admin).patch(`${site.siteApiUrl}/share-links/${link.id}`, { active: false }).expect(200);
    expect((await page.reload())?.status()).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Page not found");
    await context.close();
  });

  it("admits a visitor with a signed token, keeps them signed in, sends the others to the fallback URL, and locks out old tokens once the key is regenerated", async () => {
    const { publishedSite, as } = siteFixtures(h);
    const site = await publishedSite([insertPage("Welcome", "For customers."), insertPage("Reference", "The reference.")], {
      site: { visibility: "visitor-auth" },
    });
    const { privateKey } = (await as(site.admin).get(`${site.siteApiUrl}/publishing/auth`).expect(200)).body;
    const { context, page } = await newReader();
    // Refused without a fallback URL: the 401 page.
    expect((await page.goto(`${site.published}/reference`))?.status()).toBe(401);
    expect(await page.locator("h1").textContent()).toBe("Sign-in required");
    await (await check(`${site.published}/reference`, "visitor-auth-401", { status: 401 })).close();

    const jwt = await visitorToken(privateKey, { name: "Ada" }, { now: h.clock.now() });
    expect((await page.goto(`${site.published}/reference?jwt_token=${jwt}`))?.status()).toBe(200);
    expect(page.url()).toBe(`${site.published}/reference`);
    expect(await page.locator("h1").textContent()).toBe("Reference");
    await page.getByRole("navigation", { name: "Handbook" }).getByRole("link", { name: "Welcome" }).click();
    await page.waitForURL(/\/welcome$/);
    expect(await page.locator("article p").textContent()).toBe("For customers.");

    // With a fallback URL (the customer's sign-in page, here a server of the test's), a visitor whose token is
    // expired or forged lands there with the page they wanted, signs in, and comes back with a new token.
    const wanted: string[] = [];
    let signIn: "page" | "token" = "token";
    const login = http.createServer((request, response) => {
      const asked = new URL(request.url ?? "/", "http://login");
      if (asked.pathname !== "/sso") return response.writeHead(404).end(); // the browser's favicon request
      const location = asked.searchParams.get("location") ?? "/";
      wanted.push(location);
      if (signIn === "page") return response.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>Sign in</title><h1>Acme sign-in</h1>");
      void (async () => {
        const { privateKey: current } = (await as(site.admin).get(`${site.siteApiUrl}/publishing/auth`).expect(200)).body;
        const fresh = await visitorToken(current, { name: "Grace" }, { now: h.clock.now() });
        const back = new URL(`${site.published}${location}`);
        back.searchParams.set("jwt_token", fresh);
        response.writeHead(302, { Location: back.toString() }).end();
      })();
    });
    await new Promise<void>((resolve) => login.listen(0, resolve));
    try {
      const loginUrl = `http://localhost:${(login.address() as AddressInfo).port}/sso`;
      await as(site.admin).patch(`${site.siteApiUrl}/publishing/auth`, { backend: "custom", fallbackURL: loginUrl }).expect(200);
      const other = await newReader();
      const expired = await visitorToken(privateKey, {}, { now: h.clock.now(), expiresAt: Math.floor(h.clock.now().getTime() / 1000) - 3600 });
      for (const bad of [expired, `${jwt.slice(0, -4)}AAAA`]) {
        await other.context.clearCookies();
        expect((await other.page.goto(`${site.published}/reference?jwt_token=${bad}&tab=2`))?.status()).toBe(200);
        expect(other.page.url()).toBe(`${site.published}/reference?tab=2`);
        expect(await other.page.locator("h1").textContent()).toBe("Reference");
      }
      expect(wanted).toEqual(["/reference?tab=2", "/reference?tab=2"]);
      await other.context.close();

      // Regenerated: the first reader's token admits nobody, so they are sent to sign in again.
      signIn = "page";
      await as(site.admin).post(`${site.siteApiUrl}/publishing/auth/regenerate`).expect(200);
      await page.reload();
      expect(await page.locator("h1").textContent()).toBe("Acme sign-in");
      expect(new URL(page.url()).searchParams.get("location")).toBe("/welcome");
    } finally {
      await new Promise((resolve) => login.close(resolve));
    }
    await context.close();
  });

  it("tailors the site to the visitor: an unsigned claim switches a variant on and off, a signed claim opens a section", async () => {
    const { as, sectionedSite, enableAdaptiveContent } = siteFixtures(h);
    const { admin, siteApiUrl, published } = await sectionedSite();
    const sections = (await as(admin).get(`${siteApiUrl}/sections`).expect(200)).body.items as {
      id: string;
      title: string;
      siteSpaces: { id: string; title: string }[];
    }[];
    const guides = sections.find((section) => section.title === "Guides")!;
    const reference = sections.find((section) => section.title === "API reference")!;
    const v1 = guides.siteSpaces.find((siteSpace) => siteSpace.title === "Guides v1")!;
    await as(admin).patch(`${siteApiUrl}/site-spaces/${v1.id}`, { condition: "visitor.claims.unsigned.legacy" }).expect(200);
    await as(admin).patch(`${siteApiUrl}/sections/${reference.id}`, { condition: 'visitor.claims.plan == "enterprise"' }).expect(200);
    const { privateKey } = await enableAdaptiveContent({ admin, siteApiUrl }, { unsigned: ["legacy"] });

    const { context, page } = await newReader();
    await page.goto(published);
    expect(await page.getByRole("navigation", { name: "Sections" }).count()).toBe(0);
    expect(await page.locator(".variants").count()).toBe(0);
    expect((await page.goto(`${published}/api-reference/`))?.status()).toBe(404);

    await page.goto(`${published}/?visitor.legacy=true`);
    expect(page.url()).toBe(`${published}/`);
    await page.locator(".variants summary").click();
    await page.getByRole("link", { name: "Guides v1" }).click();
    await page.waitForURL(/\/guides-v1\/$/);
    expect(await page.locator("article").textContent()).toContain("Version one.");
    await screenshot(page, "adaptive-variant");
    await page.goto(`${published}/?visitor.legacy=false`);
    expect(await page.locator(".variants").count()).toBe(0);
    expect((await page.goto(`${published}/guides-v1/`))?.status()).toBe(404);

    // The signed claim opens the section; an unsigned claim of the same name does not.
    await page.goto(`${published}/?visitor.plan=enterprise`);
    expect(await page.getByRole("navigation", { name: "Sections" }).count()).toBe(0);
    const jwt = await visitorToken(privateKey, { plan: "enterprise" }, { now: h.clock.now() });
    await page.goto(`${published}/?jwt_token=${jwt}`);
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "API reference" }).click();
    await page.waitForURL(/\/api-reference\/$/);
    expect(await page.locator("article").textContent()).toContain("All endpoints.");
    await context.close();
  });

  it("shows a page only to the visitors its condition holds for: an unsigned claim switches it on and off, a signed claim opens another", async () => {
    const { publishedSite, enableAdaptiveContent } = siteFixtures(h);
    const site = await publishedSite([
      insertPage("Welcome", "For every reader."),
      insertPage("Beta guide", "## Try it\n\nThe kestrel switch.", { ref: "beta", condition: "visitor.claims.unsigned.beta" }),
      insertPage("Beta details", "The merlin dial.", { into: "beta" }),
      insertPage("Enterprise", "The osprey contract.", { condition: 'visitor.claims.plan == "enterprise"' }),
    ]);
    const { privateKey } = await enableAdaptiveContent(site, { unsigned: ["beta"] });
    const { context, page } = await newReader();
    const navigation = () => page.getByRole("navigation", { name: "Handbook" }).getByRole("link").allTextContents();
    const text = async (path: string) => (await (await page.goto(`${site.published}${path}`))?.text()) ?? "";
    const search = async (words: string) => {
      await page.goto(site.published);
      await page.getByRole("searchbox", { name: "Search the docs" }).fill(words);
      await page.keyboard.press("Enter");
      await page.waitForURL(/~search\?q=/);
      // Pages ranking alike come in either order.
      return (await page.locator("ol.results > li > a").allTextContents()).sort();
    };

    // Without the claim: the conditional page and its sub-page are nowhere, and their URLs are 404.
    await page.goto(site.published);
    expect(await navigation()).toEqual(["Welcome"]);
    expect((await page.goto(`${site.published}/beta-guide`))?.status()).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Page not found");
    expect((await page.goto(`${site.published}/beta-guide/beta-details`))?.status()).toBe(404);
    expect(await search("kestrel OR merlin OR osprey")).toEqual([]);
    for (const machine of ["/llms.txt", "/sitemap.xml"]) expect(await text(machine)).not.toMatch(/beta-guide|enterprise/);

    // The unsigned claim switches the page on: in the navigation, at its URL, in search, llms.txt and the sitemap.
    await page.goto(`${site.published}/?visitor.beta=true`);
    expect(page.url()).toBe(`${site.published}/`);
    expect(await navigation()).toEqual(["Welcome", "Beta guide"]);
    await page.getByRole("navigation", { name: "Handbook" }).getByRole("link", { name: "Beta guide" }).click();
    await page.waitForURL(/\/beta-guide$/);
    // Its sub-page shows under it once it is open.
    expect(await navigation()).toEqual(["Welcome", "Beta guide", "Beta details"]);
    await page.getByRole("navigation", { name: "Handbook" }).getByRole("link", { name: "Beta details" }).click();
    await page.waitForURL(/\/beta-guide\/beta-details$/);
    expect(await page.locator("article p").textContent()).toBe("The merlin dial.");
    await screenshot(page, "adaptive-page");
    expect(await search("kestrel OR merlin OR osprey")).toEqual(["Beta details", "Beta guide"]);
    expect(await text("/llms.txt")).toContain(`[Beta details](${site.published}/beta-guide/beta-details.md)`);
    expect(await text("/sitemap.xml")).toContain(`<loc>${site.published}/beta-guide</loc>`);
    expect(await text("/sitemap.xml")).not.toContain("/enterprise");

    // And off again.
    await page.goto(`${site.published}/?visitor.beta=false`);
    expect(await navigation()).toEqual(["Welcome"]);
    expect((await page.goto(`${site.published}/beta-guide`))?.status()).toBe(404);

    // A signed claim opens the Enterprise page; an unsigned claim of the same name does not.
    await page.goto(`${site.published}/?visitor.plan=enterprise`);
    expect((await page.goto(`${site.published}/enterprise`))?.status()).toBe(404);
    const jwt = await visitorToken(privateKey, { plan: "enterprise" }, { now: h.clock.now() });
    await page.goto(`${site.published}/?jwt_token=${jwt}`);
    expect(await navigation()).toEqual(["Welcome", "Enterprise"]);
    await page.getByRole("navigation", { name: "Handbook" }).getByRole("link", { name: "Enterprise" }).click();
    await page.waitForURL(/\/enterprise$/);
    expect(await page.locator("article p").textContent()).toBe("The osprey contract.");
    expect(await search("kestrel OR merlin OR osprey")).toEqual(["Enterprise"]);
    await context.close();
  });
});
