// Review in real Chromium against the real server (issue 38), two people signed in by e-mailed code: the writer
// edits and asks a colleague for review; the colleague reads the diff (visual and Markdown), comments on the page
// and on a heading, the writer replies and resolves; "Merge" is disabled, described by the server's reason (a merge
// rule), until the colleague approves; the merge reaches the published site and, with Git Sync on, a commit changing only the edited lines.
// A merge refused because the space changed the same page is updated from the space keeping both edits, then
// edited. The preview shows the change request's pages as the site renders them, in the site's colors and font, and
// a 404 to anyone else.
import { accessibilityProblems, answered, at, gitServer, type Harness, screenshot, type TestUser } from "@docstack/server/testing";
import type { Page } from "playwright-core";
import { saveStatus, spaceWithPages, useAppServer } from "./support";

const app = useAppServer({ allowPrivateFetch: true });
const { h } = app;

/** Each test drives two browsers through several screens: minutes on the shared, loaded 2-core machine. */
const SLOW = 300_000;

const SETUP = ["# Setup", "", "Install the tool.", "", "## Configure", "", "Set the port.", "", "## Run", "", "Start it.", ""].join("\n");

async function setup(options: { approvalRule?: boolean } = {}) {
  const org = await h.organization();
  const space = await spaceWithPages(h, org.admin, org.id, "Manual", [
    { title: "Setup", markdown: SETUP },
    { title: "Usage", markdown: "Read the [setup](/setup) first." },
  ]);
  const as = h.as(org.admin);
  if (options.approvalRule)
    await answered(
      as.PATCH("/v1/spaces/{spaceId}", {
        ...at({ spaceId: space.id }),
        body: { mergeRules: { type: "rules", rules: [{ rule: "require_at_least_one_approved_review" }] } },
      }),
      200,
    );
  const tree = await answered(as.GET("/v1/spaces/{spaceId}/content/pages", at({ spaceId: space.id })), 200);
  const [setupPage, usagePage] = tree.pages;
  const colleague = await h.member(org.id, "review");
  return { org, space, pageId: setupPage!.id, usageId: usagePage!.id, colleague };
}

/** A change request editing the Setup page (as the editor saves), the writer's. */
async function changeRequestEditing(writer: TestUser, spaceId: string, pageId: string, markdown: string, subject = "Clearer setup") {
  const as = h.as(writer);
  const cr = await answered(as.POST("/v1/spaces/{spaceId}/change-requests", { ...at({ spaceId }), body: { subject } }), 201);
  await answered(
    as.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content", {
      ...at({ spaceId, changeRequestId: cr.id }),
      body: { changes: [{ operation: "update_page", page: pageId, document: { markdown } }] },
    }),
    200,
  );
  return cr;
}

const markdownIn = async (user: TestUser, spaceId: string, pageId: string, changeRequestId?: string) => {
  const as = h.as(user);
  const page = changeRequestId
    ? await answered(as.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}", at({ spaceId, changeRequestId, pageId })), 200)
    : await answered(as.GET("/v1/spaces/{spaceId}/content/page/{pageId}", at({ spaceId, pageId })), 200);
  return "markdown" in page ? (page.markdown as string) : "";
};

async function noAccessibilityProblem(page: Page, what: string) {
  expect({ what, problems: await accessibilityProblems(page) }).toEqual({ what, problems: [] });
}

async function until(harness: Harness, condition: () => Promise<boolean>, state?: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (await condition()) return;
    await harness.services.jobs.settled();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`condition not reached; state: ${JSON.stringify(await state?.())}`);
}

describe("review in the app", () => {
  it(
    "writer edits and asks a colleague, who reads the diffs, comments and approves; Merge waits for the approval; the published site shows the edit",
    async () => {
      const { org, space, pageId, colleague } = await setup({ approvalRule: true });
      const as = h.as(org.admin);
      const site = await answered(
        as.POST("/v1/orgs/{organizationId}/sites", { ...at({ organizationId: org.id }), body: { title: "Docs", spaces: [space.id] } }),
        201,
      );
      await answered(as.POST("/v1/orgs/{organizationId}/sites/{siteId}/publish", at({ organizationId: org.id, siteId: site.id })), 200);

      // The writer edits in the editor.
      const writer = await app.newPage();
      await app.signInThroughApi(writer, org.admin.email);
      await writer.goto(`/app/spaces/${space.id}/pages/${pageId}`);
      await writer.getByRole("button", { name: "Edit" }).click();
      const editor = writer.getByRole("textbox", { name: "Page content" });
      await editor.locator("p", { hasText: "Set the port." }).click();
      await writer.keyboard.press("End");
      await writer.keyboard.type(" Use 8080 by default.");
      await saveStatus(writer, "Saved");
      const number = /\/change-requests\/(\d+)\/edit\//.exec(writer.url())![1]!;

      // …and asks the colleague for review.
      await writer.goto(`/app/spaces/${space.id}/change-requests/${number}`);
      await writer.getByText("No review requested or given yet.").waitFor();
      await writer.getByLabel("Reviewer").selectOption({ label: (await nameOf(colleague)) as string });
      await writer.getByRole("button", { name: "Request review" }).click();
      await writer.getByRole("status").filter({ hasText: "Review requested." }).waitFor({ state: "attached" });
      await writer.getByText(`${await nameOf(colleague)}: review requested`).waitFor();
      // The server's reason (GET .../mergeability), which the disabled button is described by.
      const merge = writer.getByRole("button", { name: "Merge" });
      const why = writer.locator(`#${await merge.getAttribute("aria-describedby")}`);
      await why.getByText("Merge rule require_at_least_one_approved_review: the change request needs an approved review").waitFor();
      expect(await merge.isDisabled()).toBe(true);
      await noAccessibilityProblem(writer, "change request, waiting for review");

      // The colleague sees the change as a visual diff and as Markdown.
      const reviewer = await app.newPage();
      await app.signInThroughApi(reviewer, colleague.email);
      await reviewer.goto(`/app/spaces/${space.id}/change-requests/${number}`);
      const change = reviewer.getByRole("region", { name: "Changes to Setup" });
      await expect(change.locator(".diff-block.changed ins").first().textContent()).resolves.toContain("8080");
      await expect(change.locator(".diff-block.changed").first().textContent()).resolves.toBe("Changed: Set the port. Use 8080 by default.");
      await change.getByText("5 blocks unchanged.").waitFor();
      await change.getByRole("button", { name: "Markdown" }).click();
      const lines = change.getByRole("region", { name: "Markdown changes" });
      await expect(lines.locator("del").allTextContents()).resolves.toEqual(["- Set the port.\n"]);
      await expect(lines.locator("ins").allTextContents()).resolves.toEqual(["+ Set the port. Use 8080 by default.\n"]);
      await noAccessibilityProblem(reviewer, "review, Markdown diff");

      // Comments: one on the page, one on the "Configure" heading.
      const comments = reviewer.getByRole("region", { name: "Comments on Setup" });
      await comments.getByLabel("Comment", { exact: true }).fill("Clear enough.");
      await comments.getByRole("button", { name: "Comment", exact: true }).click();
      await comments.getByText("Clear enough.").waitFor();
      await comments.getByLabel("On", { exact: true }).selectOption({ label: "Configure" });
      await comments.getByLabel("Comment", { exact: true }).fill("Which port in production?");
      await comments.getByRole("button", { name: "Comment", exact: true }).click();
      await comments.getByText("On “Configure”").waitFor();
      await reviewer.getByRole("button", { name: "Request changes" }).click();
      await reviewer.getByRole("status").filter({ hasText: "Changes requested." }).waitFor({ state: "attached" });
      await noAccessibilityProblem(reviewer, "review, with comments");
      await screenshot(reviewer, "app-review-comments");

      // The writer sees them, replies and resolves.
      await writer.reload();
      await writer.getByText(`${await nameOf(colleague)}: changes requested`).waitFor();
      const thread = writer.getByRole("region", { name: "Comments on Setup" }).getByRole("listitem").filter({ hasText: "Which port in production?" });
      await thread.getByLabel(/^Reply to/).fill("8080 everywhere.");
      await thread.getByRole("button", { name: "Reply" }).click();
      await thread.getByText("8080 everywhere.").waitFor();
      await thread.getByRole("button", { name: "Resolve" }).click();
      await thread.getByText("Resolved").waitFor();
      const listed = await answered(
        as.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments", {
          params: { path: { spaceId: space.id, changeRequestId: number }, query: { order: "asc" } },
        }),
        200,
      );
      expect(listed.items.map((c) => [c.target.node?.id ?? null, c.status, c.replies])).toEqual([
        [null, "open", 0],
        ["configure", "resolved", 1],
      ]);

      // Approved: Merge is allowed, and merges.
      await reviewer.getByRole("button", { name: "Approve" }).click();
      await reviewer.getByRole("status").filter({ hasText: "Approved." }).waitFor({ state: "attached" });
      await writer.reload();
      await why.getByText("Ready to merge.").waitFor();
      expect(await merge.isEnabled()).toBe(true);
      await merge.click();
      await writer.getByRole("status").filter({ hasText: "Merged." }).waitFor({ state: "attached" });
      expect(await markdownIn(org.admin, space.id, pageId)).toBe(SETUP.replace("Set the port.", "Set the port. Use 8080 by default."));

      const { published } = (await answered(as.GET("/v1/orgs/{organizationId}/sites/{siteId}", at({ organizationId: org.id, siteId: site.id })), 200)).urls;
      const reader = await app.newPage();
      await reader.goto(`${published}/setup`);
      await reader.getByText("Set the port. Use 8080 by default.").waitFor();
      for (const page of [writer, reviewer, reader]) await page.context().close();
    },
    SLOW,
  );

  it(
    "shows a merge refused because the space changed the page too, updates from the space keeping both edits, and opens the editor",
    async () => {
      const { org, space, pageId } = await setup();
      const cr = await changeRequestEditing(org.admin, space.id, pageId, SETUP.replace("Start it.", "Start it with `tool run`."));
      // Meanwhile someone changes the same page in the space, in another place and in the same place.
      const other = await changeRequestEditing(
        org.admin,
        space.id,
        pageId,
        SETUP.replace("Install the tool.", "Install the tool with apt.").replace("Start it.", "Start it now."),
      );
      await answered(
        h.as(org.admin).POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge", at({ spaceId: space.id, changeRequestId: other.id })),
        200,
      );

      const writer = await app.newPage();
      await app.signInThroughApi(writer, org.admin.email);
      await writer.goto(`/app/spaces/${space.id}/change-requests/${cr.number}`);
      await writer.getByText("Ready to merge.").waitFor();
      await writer.getByRole("button", { name: "Merge" }).click();
      const conflict = writer.locator(".merge-conflict");
      await conflict.getByText("The space changed these pages too").waitFor();
      await conflict.getByText(/^Setup: /).waitFor();
      await noAccessibilityProblem(writer, "merge conflict");
      await screenshot(writer, "app-review-merge-conflict");
      await conflict.getByRole("button", { name: "Update from the space and edit" }).click();
      await writer.getByRole("textbox", { name: "Page content" }).waitFor();
      expect(writer.url()).toContain(`/change-requests/${cr.number}/edit/${pageId}`);

      // Nothing lost: the space's edits and the writer's, both versions where both changed one place.
      const merged = await markdownIn(org.admin, space.id, pageId, cr.id);
      expect(merged).toContain("Install the tool with apt.");
      expect(merged).toContain("Start it now.");
      expect(merged).toContain("Start it with `tool run`.");
      const updated = await answered(
        h.as(org.admin).GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}", at({ spaceId: space.id, changeRequestId: cr.id })),
        200,
      );
      expect(updated.outdated).toBe(false);
      // The writer finishes in the editor (the space's version of the place dropped), and the merge goes through.
      await answered(
        h.as(org.admin).POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content", {
          ...at({ spaceId: space.id, changeRequestId: cr.id }),
          body: { changes: [{ operation: "update_page", page: pageId, document: { markdown: merged.replace("Start it now.\n\n", "") } }] },
        }),
        200,
      );
      const done = await answered(
        h.as(org.admin).POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge", at({ spaceId: space.id, changeRequestId: cr.id })),
        200,
      );
      expect(done.result).toBe("merge");
      expect(await markdownIn(org.admin, space.id, pageId)).toContain("Install the tool with apt.");
      await writer.context().close();
    },
    SLOW,
  );

  it(
    "previews the change request's pages as the site renders them, at a URL only its readers can open",
    async () => {
      const { org, space, pageId, usageId } = await setup();
      // The space's site has a look of its own: the preview wears it.
      const as = h.as(org.admin);
      const site = await answered(
        as.POST("/v1/orgs/{organizationId}/sites", { ...at({ organizationId: org.id }), body: { title: "Docs", spaces: [space.id] } }),
        201,
      );
      const ofSite = at({ organizationId: org.id, siteId: site.id });
      const customization = await answered(as.GET("/v1/orgs/{organizationId}/sites/{siteId}/customization", ofSite), 200);
      const styling = { ...customization.styling, primaryColor: { light: "#b3261e", dark: "#ff8a80" }, font: "RobotoSlab" as const };
      await answered(as.PUT("/v1/orgs/{organizationId}/sites/{siteId}/customization", { ...ofSite, body: { ...customization, styling } }), 200);
      const cr = await changeRequestEditing(org.admin, space.id, pageId, SETUP.replace("Set the port.", "Set the **port** in `tool.toml`."));
      const writer = await app.newPage();
      await app.signInThroughApi(writer, org.admin.email);
      await writer.goto(`/app/spaces/${space.id}/change-requests/${cr.number}`);
      // The change request's "Preview" opens its first page; a page's "Preview", that page.
      await writer.getByRole("region", { name: "Review actions" }).getByRole("link", { name: "Preview" }).click();
      const body = writer.locator(".page-body");
      await body.locator("strong", { hasText: "port" }).waitFor();
      await writer.goto(`/app/spaces/${space.id}/change-requests/${cr.number}`);
      await writer.getByRole("region", { name: "Changes to Setup" }).getByRole("link", { name: "Preview" }).click();
      await writer.waitForURL(`**/change-requests/${cr.number}/preview/${pageId}`);
      await body.locator("strong", { hasText: "port" }).waitFor();
      await expect(body.locator("code").first().textContent()).resolves.toBe("tool.toml");
      await noAccessibilityProblem(writer, "preview");
      await screenshot(writer, "app-review-preview");
      // The other page's link to Setup leads to Setup's preview.
      await writer.getByRole("navigation", { name: "Preview" }).getByRole("link", { name: "Usage" }).click();
      // In the site's colors and font (its link color is its primary color, readable on white as it is).
      const link = writer.locator(".page-body").getByRole("link", { name: "setup" });
      await until(
        h,
        () => link.evaluate((element) => getComputedStyle(element).color === "rgb(179, 38, 30)"),
        () => link.evaluate((element) => getComputedStyle(element).color),
      );
      await expect(body.evaluate((element) => getComputedStyle(element).fontFamily)).resolves.toContain("Roboto Slab");
      // The app around it keeps its own.
      const appLink = writer.getByRole("navigation", { name: "Preview" }).getByRole("link", { name: "Usage" });
      await expect(appLink.evaluate((element) => getComputedStyle(element).color)).resolves.not.toBe("rgb(179, 38, 30)");
      await link.click();
      await writer.waitForURL(`**/change-requests/${cr.number}/preview/${pageId}`);
      await body.locator("strong", { hasText: "port" }).waitFor();
      expect(usageId).toBeTruthy();

      // Someone of another organization: the preview is not found, by the app and by the API.
      const stranger = await h.organization();
      const outsider = await app.newPage();
      await app.signInThroughApi(outsider, stranger.admin.email);
      await outsider.goto(`/app/spaces/${space.id}/change-requests/${cr.number}/preview/${pageId}`);
      await outsider.getByRole("heading", { name: "Not found" }).waitFor();
      const { response } = await h
        .as(stranger.admin)
        .GET(
          "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/rendered",
          at({ spaceId: space.id, changeRequestId: cr.id, pageId }),
        );
      expect(response.status).toBe(404);
      await writer.context().close();
      await outsider.context().close();
    },
    SLOW,
  );

  it(
    "with Git Sync on, the merge pushes a commit that changes only the edited lines",
    async () => {
      const git = await gitServer();
      try {
        const org = await h.organization();
        const as = h.as(org.admin);
        git.createRepository(
          "manual",
          new Map([
            // The repository's own settings, which the sync keeps as they are.
            [".gitbook.yaml", Buffer.from("root: ./\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n")],
            ["README.md", Buffer.from("# Welcome\n\nThe start.\n")],
            ["SUMMARY.md", Buffer.from("# Table of contents\n\n* [Welcome](README.md)\n* [Setup](setup.md)\n")],
            ["setup.md", Buffer.from(SETUP)],
          ]),
        );
        const space = await answered(as.POST("/v1/orgs/{organizationId}/spaces", { ...at({ organizationId: org.id }), body: { title: "Synced" } }), 201);
        await answered(
          as.PUT("/v1/spaces/{spaceId}/git/sync", { ...at({ spaceId: space.id }), body: { url: git.url("manual"), ref: "refs/heads/main" } }),
          200,
        );
        const sync = () => answered(as.GET("/v1/spaces/{spaceId}/git/sync", at({ spaceId: space.id })), 200);
        await until(h, async () => (await sync()).status === "synced", sync);
        const before = git.git("manual", "rev-parse", "refs/heads/main");
        const tree = await answered(as.GET("/v1/spaces/{spaceId}/content/pages", at({ spaceId: space.id })), 200);
        const setupPage = tree.pages.find((page) => page.title === "Setup")!;
        const original = await markdownIn(org.admin, space.id, setupPage.id);
        const cr = await changeRequestEditing(org.admin, space.id, setupPage.id, original.replace("Set the port.", "Set the port to 8080."));

        const writer = await app.newPage();
        await app.signInThroughApi(writer, org.admin.email);
        await writer.goto(`/app/spaces/${space.id}/change-requests/${cr.number}`);
        await writer.getByText("Ready to merge.").waitFor();
        await writer.getByRole("button", { name: "Merge" }).click();
        await writer.getByRole("status").filter({ hasText: "Merged." }).waitFor({ state: "attached" });
        await until(h, async () => git.git("manual", "rev-parse", "refs/heads/main") !== before, sync);
        const head = git.git("manual", "rev-parse", "refs/heads/main");
        expect(git.git("manual", "diff", "--name-only", before, head)).toBe("setup.md");
        const changed = git
          .git("manual", "diff", "--unified=0", before, head)
          .split("\n")
          .filter((line) => /^[-+](?![-+])/.test(line));
        expect(changed).toEqual(["-Set the port.", "+Set the port to 8080."]);
        await writer.context().close();
      } finally {
        await git.close();
      }
    },
    SLOW,
  );
});

async function nameOf(user: TestUser): Promise<string> {
  return (await h.services.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).displayName;
}
