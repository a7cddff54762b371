// The block settings of a heading and a numbered list in real Chromium against the real server: the heading's level
// and the list's start number changed by keyboard in the settings panel are saved, come back after a reload, and the
// change request's Markdown differs from the page's only in those lines. Code blocks are highlighted in the language
// their settings name, in the site's colours, and the highlighting is never saved.
import { accessibilityProblems, answered, at } from "@docstack/server/testing";
import type { Page } from "playwright-core";
import { saveStatus, spaceWithPages, useAppServer } from "./support";

const app = useAppServer();
const { h } = app;

const ORIGINAL = ["# Guide", "", "Intro.", "", "## Install", "", "1. Download", "2. Run", "", "End.", ""].join("\n");

const editor = (page: Page) => page.getByRole("textbox", { name: "Page content" });
const settings = (page: Page, name: string) => page.getByRole("region", { name: `${name} settings` });

/** The page written in a space, opened in its editor: the page's Markdown, and its Markdown saved in the change request. */
async function editPage(markdown: string) {
  const org = await h.organization();
  const as = h.as(org.admin);
  const space = await spaceWithPages(h, org.admin, org.id, "Manual", [{ title: "Guide", markdown }]);
  const pageId = (await answered(as.GET("/v1/spaces/{spaceId}/content/pages", at({ spaceId: space.id })), 200)).pages[0]!.id;
  const published = await answered(as.GET("/v1/spaces/{spaceId}/content/page/{pageId}", at({ spaceId: space.id, pageId })), 200);
  const original = "markdown" in published ? (published.markdown as string) : "";

  const page = await app.newPage();
  await app.signInThroughApi(page, org.admin.email);
  await page.goto(`/app/spaces/${space.id}/pages/${pageId}`);
  await page.getByRole("button", { name: "Edit" }).click();
  await editor(page).waitFor();
  const number = Number(/\/change-requests\/(\d+)\/edit\//.exec(page.url())?.[1]);
  await saveStatus(page, "Saved");
  const savedMarkdown = async () => {
    const cr = await answered(
      as.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}", at({ spaceId: space.id, changeRequestId: String(number) })),
      200,
    );
    const content = await answered(
      as.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}", at({ spaceId: space.id, changeRequestId: cr.id, pageId })),
      200,
    );
    return "markdown" in content ? (content.markdown as string) : "";
  };
  return { page, original, savedMarkdown };
}

it("changes a heading's level and a numbered list's start by keyboard, saves only those lines, and keeps them across a reload", async () => {
  const { page, original, savedMarkdown } = await editPage(ORIGINAL);

  // The heading: Tab leaves the text for its settings, the arrow key picks the next level.
  await editor(page).getByRole("heading", { level: 2, name: "Install" }).click();
  const level = settings(page, "Heading").getByLabel("Level");
  await expect(level.inputValue()).resolves.toBe("2");
  await page.keyboard.press("Tab");
  await expect(level.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
  await page.keyboard.press("ArrowDown");
  await editor(page).getByRole("heading", { level: 3, name: "Install" }).waitFor();

  // The list: its start number typed in its field.
  await editor(page).locator("li", { hasText: "Run" }).click();
  const start = settings(page, "Numbered list").getByLabel("Start number");
  await expect(start.inputValue()).resolves.toBe("1");
  await page.keyboard.press("Tab");
  await expect(start.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
  await page.keyboard.press("Control+A");
  await page.keyboard.type("4");
  await editor(page).locator('ol[start="4"]').waitFor();
  expect({ problems: await accessibilityProblems(page) }).toEqual({ problems: [] });
  await saveStatus(page, "Saved");

  const expected = original.replace("## Install\n", "### Install\n").replace("1. Download\n2. Run\n", "4. Download\n5. Run\n");
  expect(expected).not.toBe(original);
  const saved = await savedMarkdown();
  expect(saved).toBe(expected);
  // Line by line: only the heading's and the list's lines differ.
  const before = original.split("\n");
  expect(saved.split("\n").flatMap((line, i) => (line === before[i] ? [] : [line]))).toEqual(["### Install", "4. Download", "5. Run"]);

  await page.reload();
  await editor(page).getByRole("heading", { level: 3, name: "Install" }).waitFor();
  await editor(page).locator('ol[start="4"]').waitFor();
  await saveStatus(page, "Saved");
  await editor(page).locator("li", { hasText: "Download" }).click();
  await expect(settings(page, "Numbered list").getByLabel("Start number").inputValue()).resolves.toBe("4");
  expect(await savedMarkdown()).toBe(expected);
  await page.context().close();
}, 300_000); // a real browser and server: a ceiling for a loaded machine, not a speed goal

const CODE = ["# Guide", "", "```ts", "const port = 8080;", "```", "", "```", "let retries = 3;", "```", "", "End.", ""].join("\n");

it("highlights code blocks in the language their settings name, in the site's colours, and saves only what was typed", async () => {
  const { page, original, savedMarkdown } = await editPage(CODE);
  const code = (text: string) => editor(page).locator("pre", { hasText: text });
  const keyword = code("const port").locator(".hljs-keyword", { hasText: "const" });
  await keyword.waitFor();
  await code("const port").locator(".hljs-number", { hasText: "8080" }).waitFor();
  // The site's stylesheet colours the token: not the code's own colour.
  const colours = await keyword.evaluate((token) => [getComputedStyle(token).color, getComputedStyle(token.closest("pre")!).color]);
  expect(colours[0]).not.toBe(colours[1]);
  // A block without a language is plain, until its settings name one.
  await expect(code("let retries").locator("[class^=hljs-]").count()).resolves.toBe(0);

  // Typed code is highlighted as it is typed.
  await code("const port").click();
  await page.keyboard.press("End");
  await page.keyboard.type(" return port;");
  await code("const port").locator(".hljs-keyword", { hasText: "return" }).waitFor();
  await code("let retries").click();
  const language = settings(page, "Code block").getByLabel("Language");
  await expect(language.inputValue()).resolves.toBe("");
  await language.click();
  await page.keyboard.type("js");
  await code("let retries").locator(".hljs-keyword", { hasText: "let" }).waitFor();
  expect({ problems: await accessibilityProblems(page) }).toEqual({ problems: [] });
  await saveStatus(page, "Saved");

  // Saved: the typed words and the language, nothing of the highlighting.
  const expected = original.replace("const port = 8080;\n", "const port = 8080; return port;\n").replace("```\nlet retries", "```js\nlet retries");
  expect(expected).not.toBe(original);
  expect(await savedMarkdown()).toBe(expected);
  await page.reload();
  await code("let retries").locator(".hljs-keyword", { hasText: "let" }).waitFor();
  await saveStatus(page, "Saved");
  expect(await savedMarkdown()).toBe(expected);
  await page.context().close();
}, 300_000); // a real browser and server: a ceiling for a loaded machine, not a speed goal
