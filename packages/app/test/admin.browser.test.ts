// The admin screens in real Chromium against the real server: a site published and opened at its URL; a zip in
// GitBook's layout imported with its progress bar reaching the end, then a page of it opened; a webhook
// delivering to a receiver on loopback, seen in its log with its attempt and redelivered; the audit log filtered to
// one person's writes and paged through (the page kept in the URL through a reload, Back and Forward), and filtered
// by action and time with the filters kept through a reload.
// axe on every screen, light on a desktop and dark at 360 px.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { answered, at, gitServer, printScreenshots, screenshot } from "@docstack/server/testing";
import { ZipFile } from "yazl";
import { checkScreen, framesDrawn, holdRequests, spaceWithPages, until, useAppServer } from "./support";

const app = useAppServer({ allowPrivateFetch: true });
const { h } = app;
afterAll(() => printScreenshots());

/** A directory's files zipped, paths relative to it. */
async function zipOf(dir: string): Promise<Buffer> {
  const zip = new ZipFile();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    zip.addBuffer(fs.readFileSync(file), path.relative(dir, file).split(path.sep).join("/"));
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const FIXTURE = path.resolve(__dirname, "../../server/src/content/gitbook-layout/fixture");

describe("the sites screens", () => {
  it("create a site with a space, publish it, open its URL, change its audience, redirect a path, unpublish it", async () => {
    const org = await h.organization("Initech");
    const as = h.as(org.admin);
    const handbook = await spaceWithPages(h, org.admin, org.id, "Handbook", [{ title: "Welcome", markdown: "The TPS report goes to Lumbergh." }]);
    const page = await app.newPage();
    page.on("dialog", (dialog) => void dialog.accept());
    await app.signInThroughApi(page, org.admin.email);
    await page.getByRole("link", { name: "Admin" }).click();
    await page.getByRole("heading", { level: 1, name: "Sites" }).waitFor();
    await page.getByText("No sites yet").waitFor();
    await checkScreen(page, "sites, empty");

    await page.getByLabel("Title of a new site").fill("Staff docs");
    await page.getByLabel("First space").selectOption({ label: "Handbook" });
    await page.getByRole("button", { name: "Create site" }).click();
    await page.getByRole("heading", { level: 1, name: "Site: Staff docs" }).waitFor();
    await page.getByRole("region", { name: "Spaces" }).getByText("Handbook", { exact: true }).waitFor();
    await page.getByText("No redirects").waitFor();
    await checkScreen(page, "site, not published");
    const [site] = (await answered(as.GET("/v1/orgs/{organizationId}/sites", at({ organizationId: org.id })), 200)).items;
    expect(site).toMatchObject({ title: "Staff docs", published: false, siteSpaces: 1 });

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const open = page.getByRole("link", { name: /^Open the site/ });
    await open.waitFor();
    expect((await answered(as.GET("/v1/orgs/{organizationId}/sites/{siteId}", at({ organizationId: org.id, siteId: site!.id })), 200)).published).toBe(true);
    // One click opens the published site in a new tab, at the URL the API gives.
    const [reader] = await Promise.all([page.context().waitForEvent("page"), open.click()]);
    await reader.waitForLoadState();
    await reader.getByText("The TPS report goes to Lumbergh.").waitFor();
    await screenshot(page, "admin-site");

    await page.getByLabel("Who can read it").selectOption("unlisted");
    await until(
      h,
      async () =>
        (await answered(as.GET("/v1/orgs/{organizationId}/sites/{siteId}", at({ organizationId: org.id, siteId: site!.id })), 200)).visibility === "unlisted",
    );

    await page.getByLabel("From the path").fill("/old-handbook");
    await page.getByLabel("URL", { exact: true }).fill("https://example.com/handbook");
    await page.getByRole("button", { name: "Create redirect" }).click();
    await page.getByRole("button", { name: "Delete the redirect of /old-handbook" }).waitFor();
    const redirects = () =>
      answered(as.GET("/v1/orgs/{organizationId}/sites/{siteId}/redirects", at({ organizationId: org.id, siteId: site!.id })), 200).then((list) =>
        list.items.map((item) => [item.source, item.destination]),
      );
    expect(await redirects()).toEqual([["/old-handbook", { kind: "external", url: "https://example.com/handbook" }]]);
    // The published site answers the old path with the redirect (permanent, the form's default).
    const { published } = (await answered(as.GET("/v1/orgs/{organizationId}/sites/{siteId}", at({ organizationId: org.id, siteId: site!.id })), 200)).urls;
    const redirected = await page.request.get(`${published}/old-handbook`, { maxRedirects: 0 });
    expect([redirected.status(), redirected.headers().location]).toEqual([308, "https://example.com/handbook"]);
    await checkScreen(page, "site, published, with a redirect");
    await page.getByRole("button", { name: "Delete the redirect of /old-handbook" }).click();
    await page.getByText("No redirects").waitFor();
    expect(await redirects()).toEqual([]);

    // A redirect to a page names the page's space. A reload asks for the redirects and the site's spaces at once:
    // with the spaces held back until the redirects are there and drawn, no redirect is listed ("a page of a space").
    await answered(
      as.POST("/v1/orgs/{organizationId}/sites/{siteId}/redirects", {
        ...at({ organizationId: org.id, siteId: site!.id }),
        body: { source: "/old-welcome", destination: { kind: "path", spaceId: handbook.id, path: "welcome" }, permanent: true },
      }),
      201,
    );
    const siteSpaces = await holdRequests(page, (url) => url.pathname.endsWith("/site-spaces"));
    const redirectsAnswered = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith("/redirects"));
    await page.reload();
    await redirectsAnswered;
    await framesDrawn(page);
    await expect(page.getByRole("button", { name: "Delete the redirect of /old-welcome" }).count()).resolves.toBe(0);
    await siteSpaces.release();
    await page.getByText("a page of Handbook").waitFor();
    await checkScreen(page, "site, a redirect to a page");
    await page.getByRole("button", { name: "Delete the redirect of /old-welcome" }).click();
    await page.getByText("No redirects").waitFor();

    await page.getByLabel("Primary color, light theme").fill("#aa3300");
    await page.getByLabel("Logo URL, light theme").fill("https://example.com/logo.png");
    await page.getByRole("button", { name: "Save the look" }).click();
    await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
    const customization = await answered(
      as.GET("/v1/orgs/{organizationId}/sites/{siteId}/customization", at({ organizationId: org.id, siteId: site!.id })),
      200,
    );
    expect([customization.styling.primaryColor?.light, customization.header.logo]).toEqual([
      "#aa3300",
      { light: "https://example.com/logo.png", dark: "https://example.com/logo.png" },
    ]);

    await page.getByRole("button", { name: "Unpublish" }).click();
    await page.getByRole("button", { name: "Publish", exact: true }).waitFor();
    const gone = await reader.reload();
    expect(gone?.status()).toBe(404);
    await page.context().close();
  });
});

describe("the import and export screen", () => {
  it("imports a zip in GitBook's layout, its progress bar reaching the end, opens an imported page, and exports the space", async () => {
    const org = await h.organization();
    const as = h.as(org.admin);
    const space = await answered(as.POST("/v1/orgs/{organizationId}/spaces", { ...at({ organizationId: org.id }), body: { title: "Product docs" } }), 201);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-import-"));
    const archive = path.join(dir, "docs.zip");
    fs.writeFileSync(archive, await zipOf(FIXTURE));
    const page = await app.newPage();
    try {
      await app.signInThroughApi(page, org.admin.email);
      await page.goto(`/app/orgs/${org.id}/imports`);
      await page.getByText("No imports yet.").waitFor();
      await checkScreen(page, "imports, empty");

      await page.getByLabel("Into the space").selectOption({ label: "Product docs" });
      await page.getByLabel("Zip file").setInputFiles(archive);
      await page.getByRole("button", { name: "Import", exact: true }).click();
      const bar = page.getByRole("progressbar", { name: "Import into Product docs" });
      await bar.waitFor();
      // The bar follows the run (polled) until every page is written.
      await page.waitForFunction(() => {
        const element = document.querySelector('[role="progressbar"]');
        const now = element?.getAttribute("aria-valuenow");
        return (
          now !== null &&
          now !== undefined &&
          now === element?.getAttribute("aria-valuemax") &&
          /^Completed/.test(element?.getAttribute("aria-valuetext") ?? "")
        );
      });
      await expect(bar.getAttribute("aria-valuenow")).resolves.toBe("9");
      await checkScreen(page, "imports, completed");
      await screenshot(page, "admin-import");

      await page.getByText("The 9 pages imported").click();
      await page.getByRole("link", { name: "Install" }).click();
      await page.getByRole("heading", { level: 1, name: "Install" }).waitFor();
      expect(page.url()).toContain(`/app/spaces/${space.id}/pages/`);

      await page.goBack();
      await page.getByLabel("Space", { exact: true }).selectOption({ label: "Product docs" });
      const download = page.getByRole("link", { name: "Download Product docs as a zip" });
      const answer = await page.request.get((await download.getAttribute("href")) as string);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toContain("application/zip");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await page.context().close();
    }
  });

  it("names a refused archive beside the form, the file chosen kept", async () => {
    const org = await h.organization();
    await answered(h.as(org.admin).POST("/v1/orgs/{organizationId}/spaces", { ...at({ organizationId: org.id }), body: { title: "Notes" } }), 201);
    const page = await app.newPage();
    await app.signInThroughApi(page, org.admin.email);
    await page.goto(`/app/orgs/${org.id}/imports`);
    await page.getByLabel("Into the space").selectOption({ label: "Notes" });
    await page.getByLabel("Zip file").setInputFiles({ name: "notes.zip", mimeType: "application/zip", buffer: Buffer.from("not a zip") });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.getByRole("alert").waitFor();
    await expect(page.getByLabel("Into the space").inputValue()).resolves.not.toBe("");
    await page.context().close();
  });
});

describe("the webhooks screen", () => {
  it("subscribes a receiver on loopback, shows the delivery in the log with its answer, and redelivers it", async () => {
    const received: { id: string; type: string }[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ id: String(req.headers["webhook-id"]), type: JSON.parse(Buffer.concat(chunks).toString("utf8")).type });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const org = await h.organization();
    const as = h.as(org.admin);
    const page = await app.newPage();
    try {
      await app.signInThroughApi(page, org.admin.email);
      await page.goto(`/app/orgs/${org.id}/webhooks`);
      await page.getByText("No webhooks yet.").waitFor();
      await checkScreen(page, "webhooks, empty");
      await page.getByLabel("URL").fill(hookUrl);
      await page.getByLabel("Every kind of event").uncheck();
      await page.getByLabel("space.created").check();
      await page.getByRole("button", { name: "Create webhook" }).click();
      await expect(page.locator(".notice code.secret").textContent()).resolves.toMatch(/^whsec_/);
      const [webhook] = (await answered(as.GET("/v1/orgs/{organizationId}/webhooks", at({ organizationId: org.id })), 200)).items;
      expect(webhook).toMatchObject({ url: hookUrl, events: ["space.created"] });

      await answered(as.POST("/v1/orgs/{organizationId}/spaces", { ...at({ organizationId: org.id }), body: { title: "Announced" } }), 201);
      const deliveries = () =>
        answered(as.GET("/v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries", at({ organizationId: org.id, webhookId: webhook!.id })), 200).then(
          (list) => list.items,
        );
      await until(h, async () => (await deliveries()).some((delivery) => delivery.status === "delivered"));
      expect(received.map((delivery) => delivery.type)).toEqual(["space.created"]);

      await page.getByRole("button", { name: "Refresh deliveries" }).click();
      const log = page.getByRole("table", { name: `Deliveries to ${hookUrl}, newest first` });
      await log.getByRole("row").filter({ hasText: "Delivered" }).filter({ hasText: "HTTP 204" }).waitFor();
      await checkScreen(page, "webhooks, a delivery");
      await screenshot(page, "admin-webhooks");
      // Its attempts, behind a disclosure: the one POST, answered 204.
      const delivered = log.getByRole("row").filter({ hasText: "Delivered" });
      await delivered.getByText("Attempts", { exact: true }).click();
      await delivered
        .getByRole("list", { name: /^Attempts of the space.created event/ })
        .getByRole("listitem")
        .filter({ hasText: "HTTP 204, OK" })
        .waitFor();
      expect(await delivered.getByRole("listitem").count()).toBe(1);
      await checkScreen(page, "webhooks, a delivery's attempts");

      await log.getByRole("button", { name: /^Redeliver the space.created event/ }).click();
      await until(h, async () => (await deliveries()).filter((delivery) => delivery.status === "delivered").length === 2);
      await page.getByRole("button", { name: "Refresh deliveries" }).click();
      await log.getByRole("row").filter({ hasText: "Delivered" }).nth(1).waitFor();
      expect(received).toHaveLength(2);
      expect(received[1]!.id).toBe(received[0]!.id);
    } finally {
      await page.context().close();
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe("the audit log screen", () => {
  it("filters the log to one person's writes, and pages through it", async () => {
    const org = await h.organization();
    const editor = await h.member(org.id, "create");
    const me = await answered(h.as(editor).GET("/v1/user"), 200);
    await answered(h.as(editor).POST("/v1/orgs/{organizationId}/spaces", { ...at({ organizationId: org.id }), body: { title: "Editor's space" } }), 201);
    for (let i = 0; i < 26; i++) {
      await answered(h.as(org.admin).POST("/v1/orgs/{organizationId}/spaces", { ...at({ organizationId: org.id }), body: { title: `Admin's ${i}` } }), 201);
    }
    const page = await app.newPage(360);
    await app.signInThroughApi(page, org.admin.email);
    await page.getByLabel("Theme").selectOption("dark");
    await page.goto(`/app/orgs/${org.id}/audit-log`);
    const table = page.getByRole("table", { name: "Audit events, newest first" });
    await table.waitFor();
    await checkScreen(page, "audit log (dark, 360 px)");
    // 27 spaces created (and the sign-ins): more than a page.
    const onPage = (n: number) =>
      page
        .getByRole("status")
        .filter({ hasText: new RegExp(`page ${n} of`) })
        .waitFor();
    // A page's rows as one text: the first rows of two pages can read alike (one person's spaces made in one second).
    const rowsOfPage = () => table.locator("tbody").textContent();
    const newest = await rowsOfPage();
    await page.getByRole("button", { name: "Older" }).click();
    await onPage(2);
    const older = await rowsOfPage();
    expect(older).not.toBe(newest);
    // The page is in the URL: a reload shows the same page, and Back and Forward move between the pages.
    expect(new URL(page.url()).searchParams.getAll("page")).toHaveLength(1);
    // A reload asks for the events and the actions' labels at once. With the labels held back until the events
    // are there and drawn, no row is shown: an action never shows as its ID first.
    const labels = await holdRequests(page, (url) => url.pathname.endsWith("/audit-event-actions"));
    const eventsAnswered = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith("/audit-events"));
    await page.reload();
    await eventsAnswered;
    await framesDrawn(page);
    await expect(table.count()).resolves.toBe(0);
    await page.getByRole("status").filter({ hasText: "Loading the audit log" }).waitFor();
    await labels.release();
    await onPage(2);
    await expect(rowsOfPage()).resolves.toBe(older);
    await page.goBack();
    await onPage(1);
    await expect(rowsOfPage()).resolves.toBe(newest);
    await page.goForward();
    await onPage(2);
    await expect(rowsOfPage()).resolves.toBe(older);
    await page.getByRole("button", { name: "Newer" }).click();
    await onPage(1);
    expect(new URL(page.url()).search).toBe("");

    await page.getByLabel("Person").selectOption({ label: me.displayName });
    await page.getByRole("button", { name: "Filter" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /^1 event$/ })
      .waitFor();
    const rows = table.getByRole("row");
    await expect(rows.count()).resolves.toBe(2); // the header and the one event
    await expect(rows.nth(1).textContent()).resolves.toContain(me.displayName);
    await checkScreen(page, "audit log, filtered (dark, 360 px)");
    await screenshot(page, "admin-audit-log-dark-360");
    await page.context().close();
  });

  it("filters by person and action, then by a time range, the filters kept in the URL through a reload", async () => {
    const org = await h.organization();
    const inOrg = at({ organizationId: org.id });
    const editor = await h.member(org.id, "create");
    const me = await answered(h.as(editor).GET("/v1/user"), 200);
    const space = await answered(h.as(editor).POST("/v1/orgs/{organizationId}/spaces", { ...inOrg, body: { title: "Editor's space" } }), 201);
    await answered(h.as(editor).PATCH("/v1/spaces/{spaceId}", { ...at({ spaceId: space.id }), body: { title: "Renamed" } }), 200);
    await answered(h.as(org.admin).POST("/v1/orgs/{organizationId}/spaces", { ...inOrg, body: { title: "Admin's space" } }), 201);
    const page = await app.newPage();
    await app.signInThroughApi(page, org.admin.email);
    await page.goto(`/app/orgs/${org.id}/audit-log`);
    const table = page.getByRole("table", { name: "Audit events, newest first" });
    await table.waitFor();

    // One person's writes of one action: the editor's space, not its renaming nor the admin's space.
    await page.getByLabel("Person").selectOption(editor.id);
    await page.getByLabel("Action").selectOption("createSpace");
    await page.getByRole("button", { name: "Filter" }).click();
    const status = page.getByRole("status");
    await status.filter({ hasText: /^1 event$/ }).waitFor();
    const rows = table.getByRole("row");
    await expect(rows.count()).resolves.toBe(2); // the header and the one event
    await expect(rows.nth(1).textContent()).resolves.toContain(me.displayName);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ actor: editor.id, action: "createSpace" });
    await page.reload();
    await status.filter({ hasText: /^1 event$/ }).waitFor();
    await expect(page.getByLabel("Person").inputValue()).resolves.toBe(editor.id);
    await expect(page.getByLabel("Action").inputValue()).resolves.toBe("createSpace");

    // A day long before them: none of them, said so; and still so after a reload.
    await page.getByRole("textbox", { name: "From", exact: true }).fill("2020-01-01T00:00");
    await page.getByRole("textbox", { name: "To", exact: true }).fill("2020-01-02T00:00");
    await page.getByRole("button", { name: "Filter" }).click();
    const empty = page.getByText("No event matches these filters.");
    await empty.waitFor();
    await checkScreen(page, "audit log, no event in the range");
    await page.reload();
    await empty.waitFor();
    await expect(page.getByRole("textbox", { name: "From", exact: true }).inputValue()).resolves.toBe("2020-01-01T00:00");
    await expect(page.getByRole("textbox", { name: "To", exact: true }).inputValue()).resolves.toBe("2020-01-02T00:00");
    await expect(page.getByLabel("Person").inputValue()).resolves.toBe(editor.id);

    // A range the API refuses (a URL edited by hand): its reason shown, the form there to correct it.
    await page.goto(`/app/orgs/${org.id}/audit-log?from=2020-01-02T00:00:00.000Z&to=2020-01-01T00:00:00.000Z`);
    await page.getByRole("alert").filter({ hasText: "must not be before" }).waitFor();
    await checkScreen(page, "audit log, a range refused");
    await page.getByRole("button", { name: "Clear" }).click();
    await table.waitFor();
    expect(new URL(page.url()).search).toBe("");
    await page.context().close();
  });
});

describe("the Git Sync screen", () => {
  it("sets a space's sync up with a branch of a local Git server, the secret shown once, and follows it until the branch's page is in the space", async () => {
    const git = await gitServer();
    const org = await h.organization();
    const as = h.as(org.admin);
    const space = await answered(as.POST("/v1/orgs/{organizationId}/spaces", { ...at({ organizationId: org.id }), body: { title: "Synced" } }), 201);
    const page = await app.newPage();
    try {
      git.createRepository(
        "handbook",
        new Map([
          ["README.md", Buffer.from("# Welcome\n\nThe start.\n")],
          ["SUMMARY.md", Buffer.from("# Table of contents\n\n* [Welcome](README.md)\n")],
        ]),
      );
      await app.signInThroughApi(page, org.admin.email);
      await page.goto(`/app/orgs/${org.id}/git-sync/${space.id}`);
      await page.getByText("This space is not synced with Git.").waitFor();
      await checkScreen(page, "Git Sync, not set up");
      await page.getByLabel("Repository URL").fill(git.url("handbook"));
      await page.getByRole("button", { name: "Set up and sync" }).click();
      const secret = (await page.locator(".notice code.secret").textContent()) as string;
      expect(secret).toMatch(/^[0-9a-f]{48}$/);
      const sync = () => answered(as.GET("/v1/spaces/{spaceId}/git/sync", at({ spaceId: space.id })), 200);
      await until(h, async () => (await sync()).status !== "pending", sync);
      expect(await sync()).toMatchObject({ status: "synced" });
      // The screen follows the sync while open: in step with the branch's commit.
      await page.getByText(git.git("handbook", "rev-parse", "refs/heads/main")).waitFor();
      await page.getByText("In step with the branch").waitFor();
      await checkScreen(page, "Git Sync, synced");
      await screenshot(page, "admin-git-sync");

      // The webhook URL the Git server is given, shown with a copy button.
      await expect(page.locator("code", { hasText: "/git/sync/hook" }).textContent()).resolves.toMatch(new RegExp(`/v1/spaces/${space.id}/git/sync/hook$`));
      await page.goto(`/app/spaces/${space.id}`);
      await page.getByRole("tree", { name: "Pages" }).getByRole("treeitem", { name: "Welcome" }).waitFor();
    } finally {
      await page.context().close();
      await git.close();
    }
  });
});

describe("every admin screen", () => {
  it("has no accessibility problem and fits, dark at 360 px", async () => {
    const org = await h.organization();
    const space = await spaceWithPages(h, org.admin, org.id, "Docs", [{ title: "Home", markdown: "Hello." }]);
    const site = await answered(
      h.as(org.admin).POST("/v1/orgs/{organizationId}/sites", { ...at({ organizationId: org.id }), body: { title: "Docs site", spaces: [space.id] } }),
      201,
    );
    const page = await app.newPage(360);
    await app.signInThroughApi(page, org.admin.email);
    await page.getByLabel("Theme").selectOption("dark");
    const screens: [string, string][] = [
      [`/app/orgs/${org.id}/sites`, "Sites"],
      [`/app/orgs/${org.id}/sites/${site.id}`, "Site: Docs site"],
      [`/app/orgs/${org.id}/imports`, "Import and export"],
      [`/app/orgs/${org.id}/git-sync/${space.id}`, "Git Sync"],
      [`/app/orgs/${org.id}/webhooks`, "Webhooks"],
      [`/app/orgs/${org.id}/audit-log`, "Audit log"],
      [`/app/orgs/${org.id}/settings`, "Settings"],
    ];
    for (const [url, heading] of screens) {
      await page.goto(url);
      await page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
      await page.waitForFunction(() => document.querySelector(".state.loading") === null);
      await checkScreen(page, `${heading} (dark, 360 px)`);
    }
    await page.getByRole("link", { name: "Git Sync" }).click();
    await page.getByText("Choose the space to keep in step").waitFor();
    await page.getByLabel("Space", { exact: true }).selectOption({ label: "Docs" });
    await page.getByText("This space is not synced with Git.").waitFor();
    await page.context().close();
  });
});
