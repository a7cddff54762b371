// Content in and out, Git Sync and the organization's settings in real Chromium against the real server: imports
// from a Git repository (a real Git server, git http-backend on loopback), a website and a Markdown document
// (served on loopback), each followed to its end, and one that fails with its reason; a space pushed to a Git
// branch; a Git Sync fed by a push announced by a signed webhook as a Git host sends it, then a conflict linked to
// its change request; the default role, a SAML provider and custom fields set. axe on each screen.
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { answered, at, type GitServer, gitServer, testIdp } from "@docstack/server/testing";
import type { Page } from "playwright-core";
import { checkScreen, until, useAppServer } from "./support";

const app = useAppServer({ allowPrivateFetch: true });
const { h } = app;
// The syncs come from the webhook alone here: no minute's poll finds a push the test announces.
beforeAll(() => h.services.jobs.unschedule("space-git.poll"));

let git: GitServer;
let site: http.Server;
let siteUrl = "";
beforeAll(async () => {
  git = await gitServer();
  // A small website and a Markdown document on loopback.
  const files: Record<string, [string, string]> = {
    "/": ["text/html", '<html><head><title>Field guide</title></head><body><h1>Field guide</h1><p>Start here.</p><a href="/birds">Birds</a></body></html>'],
    "/birds": ["text/html", "<html><head><title>Birds</title></head><body><h1>Birds</h1><p>Robins and wrens.</p></body></html>"],
    "/notes.md": ["text/markdown", "# Release notes\n\nVersion 2 is out.\n"],
  };
  site = http.createServer((req, res) => {
    const file = files[req.url ?? ""];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await git?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

/** Long enough for a Git server, several syncs and a browser on a busy 2-core machine (a run took 300 s at a load of 36). */
const SLOW = 600_000;

const SEED = new Map([
  ["README.md", Buffer.from("# Welcome\n\nThe start.\n")],
  ["SUMMARY.md", Buffer.from("# Table of contents\n\n* [Welcome](README.md)\n* [Install](install.md)\n")],
  ["install.md", Buffer.from("# Install\n\nRun the installer.\n")],
]);

async function spaceOf(organizationId: string, user: Parameters<typeof h.as>[0], title: string) {
  return answered(h.as(user).POST("/v1/orgs/{organizationId}/spaces", { ...at({ organizationId }), body: { title } }), 201);
}

/** The run's card, once its progress bar is full and says how it ended. */
async function runEnded(page: Page, spaceTitle: string, ended: "Completed" | "Failed") {
  const card = page.locator("li.import-run").filter({ hasText: `Into ${spaceTitle}` });
  const bar = card.getByRole("progressbar", { name: `Import into ${spaceTitle}` });
  await bar.and(page.locator(`[aria-valuetext^="${ended}"]`)).waitFor();
  return { card, bar };
}

describe("the import and export screen", () => {
  it(
    "imports from a Git repository, a website and a Markdown document with their progress, names a failure's reason, and pushes a space to Git",
    async () => {
      const org = await h.organization();
      for (const title of ["From Git", "From the web", "From Markdown", "Broken"]) await spaceOf(org.id, org.admin, title);
      git.createRepository("imported", SEED);
      git.createRepository("exported");
      const page = await app.newPage();
      try {
        await app.signInThroughApi(page, org.admin.email);
        await page.goto(`/app/orgs/${org.id}/imports`);
        await page.getByText("No imports yet.").waitFor();
        const form = page.getByRole("form", { name: "Import content" });

        await form.getByLabel("Into the space").selectOption({ label: "From Git" });
        await form.getByLabel("From", { exact: true }).selectOption({ label: "A Git repository" });
        await form.getByLabel("Repository URL").fill(git.url("imported"));
        await checkScreen(page, "imports, from Git");
        await form.getByRole("button", { name: "Import", exact: true }).click();
        const fromGit = await runEnded(page, "From Git", "Completed");
        await expect(fromGit.bar.getAttribute("aria-valuenow")).resolves.toBe("2");
        await fromGit.card.getByText(`From ${git.url("imported")} (main)`).waitFor();
        await fromGit.card.getByText("The 2 pages imported").click();
        await fromGit.card.getByRole("link", { name: "Install" }).waitFor();
        await fromGit.card.getByText("from install.md").waitFor();

        await form.getByLabel("Into the space").selectOption({ label: "From the web" });
        await form.getByLabel("From", { exact: true }).selectOption({ label: "A website" });
        await form.getByLabel("Website address").fill(`${siteUrl}/`);
        await form.getByRole("button", { name: "Import", exact: true }).click();
        const fromWeb = await runEnded(page, "From the web", "Completed");
        await expect(fromWeb.bar.getAttribute("aria-valuenow")).resolves.toBe("2");

        await form.getByLabel("Into the space").selectOption({ label: "From Markdown" });
        await form.getByLabel("From", { exact: true }).selectOption({ label: "A Markdown document" });
        await form.getByLabel("Document URL").fill(`${siteUrl}/notes.md`);
        await form.getByRole("button", { name: "Import", exact: true }).click();
        const fromMarkdown = await runEnded(page, "From Markdown", "Completed");
        await fromMarkdown.card.getByText("The 1 pages imported").click();
        await fromMarkdown.card.getByRole("link", { name: "Release notes" }).waitFor();

        await form.getByLabel("Into the space").selectOption({ label: "Broken" });
        await form.getByLabel("From", { exact: true }).selectOption({ label: "A Git repository" });
        await form.getByLabel("Repository URL").fill(git.url("missing"));
        await form.getByRole("button", { name: "Import", exact: true }).click();
        const broken = await runEnded(page, "Broken", "Failed");
        await broken.card
          .getByRole("alert")
          .filter({ hasText: /^The import failed: .+/ })
          .waitFor();
        await checkScreen(page, "imports, three completed and one failed");

        // The space imported from Git, pushed to another repository's new branch as one commit.
        await page.getByLabel("Space", { exact: true }).selectOption({ label: "From Git" });
        const push = page.getByRole("form", { name: "Push From Git to a Git branch" });
        await push.getByLabel("Repository URL").fill(git.url("exported"));
        await push.getByLabel("Commit message").fill("Docs from Docstack");
        await push.getByRole("button", { name: "Push to Git" }).click();
        await push
          .getByRole("status")
          .filter({ hasText: /^Export: Done, commit [0-9a-f]{40}/ })
          .waitFor();
        const head = git.git("exported", "rev-parse", "refs/heads/main");
        await push.getByText(head).waitFor();
        expect(git.git("exported", "log", "-1", "--format=%s", head)).toBe("Docs from Docstack");
        expect([...git.checkout("exported").keys()]).toEqual(expect.arrayContaining(["README.md", "SUMMARY.md", "install.md"]));
        await checkScreen(page, "imports, exported to Git");
      } finally {
        await page.context().close();
      }
    },
    SLOW,
  );
});

describe("the Git Sync screen", () => {
  it(
    "follows a push announced by the signed webhook until its page is in the space, then links a conflict to its change request",
    async () => {
      const org = await h.organization();
      const as = h.as(org.admin);
      const space = await spaceOf(org.id, org.admin, "Synced handbook");
      git.createRepository("synced", SEED);
      const page = await app.newPage();
      page.on("dialog", (dialog) => void dialog.accept());
      try {
        await app.signInThroughApi(page, org.admin.email);
        await page.goto(`/app/orgs/${org.id}/git-sync/${space.id}`);
        await page.getByLabel("Repository URL").fill(git.url("synced"));
        await page.getByRole("button", { name: "Set up and sync" }).click();
        const secret = (await page.locator(".notice code.secret").textContent()) as string;
        const first = git.git("synced", "rev-parse", "refs/heads/main");
        await page.getByText(first).waitFor();
        await page.getByText("In step with the branch").waitFor();
        const lastSync = page.locator("dt", { hasText: "Last sync" }).locator("+ dd");
        await expect(lastSync.textContent()).resolves.not.toBe("not yet");

        // A push, announced as GitHub does (JSON signed with the secret): the screen follows it to the new commit,
        // with nothing but the webhook and the queue's own wake-up (no poll, no test-side queue work).
        const pushed = await git.push(
          "synced",
          { "SUMMARY.md": `${SEED.get("SUMMARY.md")}* [Usage](usage.md)\n`, "usage.md": "# Usage\n\nUse it.\n" },
          "Add usage",
        );
        const payload = JSON.stringify({ ref: "refs/heads/main", after: pushed });
        const hook = await fetch(`${app.url}/v1/spaces/${space.id}/git/sync/hook`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-github-event": "push",
            "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(payload).digest("hex")}`,
          },
          body: payload,
        });
        expect([hook.status, await hook.json()]).toEqual([202, { queued: true }]);
        const sync = () => answered(as.GET("/v1/spaces/{spaceId}/git/sync", at({ spaceId: space.id })), 200);
        await page
          .getByText(pushed)
          .waitFor()
          .catch(async (error) => {
            throw new Error(`the pushed commit never showed; the sync: ${JSON.stringify(await sync())}`, { cause: error });
          });
        const tree = await answered(as.GET("/v1/spaces/{spaceId}/content/pages", at({ spaceId: space.id })), 200);
        expect(tree.pages.map((p) => p.title)).toEqual(["Welcome", "Install", "Usage"]);
        await checkScreen(page, "Git Sync, a push synced");

        // Both sides change the Welcome page before the sync reads the branch: a conflict, its change request linked.
        await git.push("synced", { "README.md": "# Welcome\n\nThe branch's start.\n" }, "Reword the start");
        const welcome = tree.pages.find((p) => p.title === "Welcome")!;
        const cr = await answered(as.POST("/v1/spaces/{spaceId}/change-requests", { ...at({ spaceId: space.id }), body: { subject: "Reword" } }), 201);
        const changes = [{ operation: "update_page" as const, page: welcome.id, document: { markdown: "# Welcome\n\nThe space's start.\n" } }];
        await answered(
          as.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content", {
            ...at({ spaceId: space.id, changeRequestId: cr.id }),
            body: { changes },
          }),
          200,
        );
        await answered(as.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge", at({ spaceId: space.id, changeRequestId: cr.id })), 200);
        await until(h, async () => (await sync()).status === "conflict", sync);
        const conflict = await answered(
          as.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}", at({ spaceId: space.id, changeRequestId: (await sync()).conflictChangeRequestId! })),
          200,
        );
        await page.getByText("Conflict: both sides changed the same pages").waitFor();
        const link = page.getByRole("link", { name: `The branch's side waits in change request #${conflict.number}` });
        await checkScreen(page, "Git Sync, a conflict");
        await link.click();
        expect(new URL(page.url()).pathname).toBe(`/app/spaces/${space.id}/change-requests/${conflict.number}`);
      } finally {
        await page.context().close();
      }
    },
    SLOW,
  );
});

describe("the settings screen", () => {
  it(
    "sets the members' default role, configures a SAML provider with the URLs to copy, and creates, edits and deletes custom fields",
    async () => {
      const org = await h.organization();
      const as = h.as(org.admin);
      const idp = await testIdp();
      const page = await app.newPage(360);
      page.on("dialog", (dialog) => void dialog.accept());
      try {
        await app.signInThroughApi(page, org.admin.email);
        await page.getByLabel("Theme").selectOption("dark");
        await page.goto(`/app/orgs/${org.id}/settings`);
        await page.getByText("No SAML provider yet.").waitFor();
        await page.getByText("No custom fields yet.").waitFor();
        await checkScreen(page, "settings, empty (dark, 360 px)");

        await page.getByLabel(/^Role of people joining by/).selectOption("comment");
        await page.getByRole("button", { name: "Save the default role" }).click();
        await page.getByRole("status").filter({ hasText: "Saved." }).first().waitFor();
        expect((await answered(as.GET("/v1/orgs/{organizationId}", at({ organizationId: org.id })), 200)).defaultRole).toBe("comment");

        await page.getByLabel("Name of a new provider").fill("Okta");
        await page.getByRole("button", { name: "Add provider" }).click();
        await page.getByText("Waiting for the provider's side").waitFor();
        const [created] = (await answered(as.GET("/v1/orgs/{organizationId}/saml", at({ organizationId: org.id })), 200)).items;
        // The API answered the harness at its own address: the screen's URLs are the browser's, with the same paths.
        await page.locator("code", { hasText: new URL(created!.service.acsURL).pathname }).waitFor();
        await page.locator("code", { hasText: new URL(created!.service.startURL).pathname }).waitFor();
        await page.getByRole("button", { name: "Copy the ACS URL of Okta" }).waitFor();
        const side = page.getByRole("form", { name: "The identity provider's side of Okta" });
        await side.getByLabel("Provider's single sign-on URL").fill(idp.ssoURL);
        await side.getByLabel("Provider's entity ID").fill(idp.entityID);
        // A certificate that is not one: the server's reason shown beside it, nothing saved.
        await side.getByLabel("Provider's signing certificate (PEM)").fill("not a certificate");
        await side.getByRole("button", { name: "Save Okta" }).click();
        await side.getByRole("alert").filter({ hasText: "certificate" }).waitFor();
        await checkScreen(page, "settings, a SAML certificate refused (dark, 360 px)");
        expect(
          (await answered(as.GET("/v1/orgs/{organizationId}/saml/{samlProviderId}", at({ organizationId: org.id, samlProviderId: created!.id })), 200))
            .certificate,
        ).toBe("");
        await side.getByLabel("Provider's signing certificate (PEM)").fill(idp.certificate);
        await side.getByLabel("Role of people joining through it").selectOption("edit");
        await side.getByRole("button", { name: "Save Okta" }).click();
        await page.locator(".saml-provider .badge", { hasText: "Active" }).waitFor();
        const saved = await answered(
          as.GET("/v1/orgs/{organizationId}/saml/{samlProviderId}", at({ organizationId: org.id, samlProviderId: created!.id })),
          200,
        );
        expect(saved).toMatchObject({ status: "active", ssoURL: idp.ssoURL, entityID: idp.entityID, defaultRole: "edit" });
        await checkScreen(page, "settings, a SAML provider (dark, 360 px)");

        const newField = page.getByRole("form", { name: "New custom field" });
        await newField.getByLabel(/^Key/).fill("audience");
        await newField.getByLabel("Type").selectOption({ label: "One of a list" });
        await newField.getByLabel("Title").fill("Audience");
        await newField.getByLabel("Options, one a line").fill("Customers\nPartners");
        await newField.getByRole("button", { name: "Create field" }).click();
        await page.getByRole("button", { name: "Edit audience" }).click();
        const edit = page.getByRole("form", { name: "Edit audience" });
        await edit.getByLabel("Title").fill("Who reads it");
        await edit.getByLabel("Options, one a line").fill("Customers\nPartners\nStaff");
        await edit.getByRole("button", { name: "Save audience" }).click();
        await page.locator(".custom-field .card-title", { hasText: "Who reads it" }).waitFor();
        await newField.getByLabel(/^Key/).fill("priority");
        await newField.getByLabel("Type").selectOption({ label: "Number" });
        await newField.getByRole("button", { name: "Create field" }).click();
        await page.getByRole("button", { name: "Delete priority" }).waitFor();
        const fields = () =>
          answered(as.GET("/v1/orgs/{organizationId}/custom-fields", at({ organizationId: org.id })), 200).then((list) =>
            list.items.map((field) => [field.name, field.type, field.title, field.options]),
          );
        expect(await fields()).toEqual([
          ["audience", "select", "Who reads it", ["Customers", "Partners", "Staff"]],
          ["priority", "number", undefined, undefined],
        ]);
        await checkScreen(page, "settings, custom fields (dark, 360 px)");
        await page.getByRole("button", { name: "Delete audience" }).click();
        await page.getByRole("button", { name: "Delete audience" }).waitFor({ state: "detached" });
        expect((await fields()).map(([name]) => name)).toEqual(["priority"]);

        await page.getByRole("button", { name: "Delete Okta" }).click();
        await page.getByText("No SAML provider yet.").waitFor();
      } finally {
        await page.context().close();
      }
    },
    SLOW,
  );
});
