// The editor in real Chromium against the real server: "Edit" opens the writer's draft change request, `/` inserts
// a hint, a reload shows everything and the saved Markdown differs only in the edited lines; two tabs of one page
// meet a conflict and merge with nothing lost; a lost connection or a stopped server says offline, keeps the edit in
// IndexedDB across tabs and saves it when back; an image file dropped (or pasted) goes into the change request and stays; axe finds
// nothing serious on the editor screen.
import { accessibilityProblems, answered, at, type Harness, screenshot, type TestUser } from "@docstack/server/testing";
import type { Page } from "playwright-core";
import { saveStatus, spaceWithPages, useAppServer } from "./support";

const app = useAppServer();
const { h } = app;

const ORIGINAL = [
  "# Setup",
  "",
  "First paragraph.",
  "",
  '{% hint style="warning" %}',
  "Kept   exactly *as* written.",
  "{% endhint %}",
  "",
  "* one",
  "* two",
  "",
  "Last paragraph.",
  "",
].join("\n");

async function changeRequestPage(h: Harness, user: TestUser, spaceId: string, number: number, pageId: string) {
  const as = h.as(user);
  const cr = await answered(as.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}", at({ spaceId, changeRequestId: String(number) })), 200);
  const page = await answered(
    as.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}", at({ spaceId, changeRequestId: cr.id, pageId })),
    200,
  );
  return { revision: cr.revision, markdown: "markdown" in page ? (page.markdown as string) : "" };
}

async function setup() {
  const org = await h.organization();
  const space = await spaceWithPages(h, org.admin, org.id, "Manual", [{ title: "Setup", markdown: ORIGINAL }]);
  const tree = await answered(h.as(org.admin).GET("/v1/spaces/{spaceId}/content/pages", at({ spaceId: space.id })), 200);
  const pageId = tree.pages[0]!.id;
  const published = await answered(h.as(org.admin).GET("/v1/spaces/{spaceId}/content/page/{pageId}", at({ spaceId: space.id, pageId })), 200);
  return { org, space, pageId, original: "markdown" in published ? (published.markdown as string) : "" };
}

/** A 1×1 PNG, as a browser would paste it. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

const editor = (page: Page) => page.getByRole("textbox", { name: "Page content" });

/** Puts the cursor at the end of the paragraph holding `text`. */
async function endOf(page: Page, text: string) {
  await editor(page).locator("p", { hasText: text }).first().click();
  await page.keyboard.press("End");
}

/** Opens the page's editor through the page screen's "Edit"; answers the change request's number. */
async function edit(page: Page, spaceId: string, pageId: string): Promise<number> {
  await page.goto(`/app/spaces/${spaceId}/pages/${pageId}`);
  await page.getByRole("button", { name: "Edit" }).click();
  await editor(page).waitFor();
  const number = /\/change-requests\/(\d+)\/edit\//.exec(page.url())?.[1];
  return Number(number);
}

describe("the editor", () => {
  it("edits a page in a change request, inserts a hint with /, keeps everything across a reload, and changes only the edited lines", async () => {
    const { org, space, pageId, original } = await setup();
    const page = await app.newPage();
    const chunks: string[] = [];
    page.on("request", (request) => {
      if (/\/app\/assets\/EditPage-[^/]+\.js$/.test(request.url())) chunks.push(request.url());
    });
    await app.signInThroughApi(page, org.admin.email);
    await page.goto(`/app/spaces/${space.id}/pages/${pageId}`);
    await page.getByRole("heading", { level: 1, name: "Setup", exact: true }).waitFor();
    // The editor's code is not part of the app's first load, nor of the page screen.
    expect(chunks).toEqual([]);

    const number = await edit(page, space.id, pageId);
    expect(chunks).toHaveLength(1);
    await saveStatus(page, "Saved");
    await expect(editor(page).getAttribute("aria-multiline")).resolves.toBe("true");
    // The draft change request holds the space's version, and opening the editor wrote nothing.
    const opened = await changeRequestPage(h, org.admin, space.id, number, pageId);
    expect(opened.markdown).toBe(original);
    expect({ problems: await accessibilityProblems(page) }).toEqual({ problems: [] });

    // Leaving and coming back writes nothing either, and "Edit" opens the same draft change request.
    await page.getByRole("link", { name: "Back to the page" }).click();
    await page.getByRole("heading", { level: 1, name: "Setup", exact: true }).waitFor();
    expect(await edit(page, space.id, pageId)).toBe(number);
    expect((await changeRequestPage(h, org.admin, space.id, number, pageId)).revision).toBe(opened.revision);

    await endOf(page, "First paragraph.");
    await page.keyboard.type(" More words.");
    await page.keyboard.press("Enter");
    await page.keyboard.type("/info");
    const menu = page.getByRole("listbox", { name: "Insert a block" });
    await menu.getByRole("option", { name: "Info hint", selected: true }).waitFor();
    await expect(editor(page).getAttribute("aria-activedescendant")).resolves.toBe("block-menu-hint-info");
    expect({ problems: await accessibilityProblems(page) }).toEqual({ problems: [] });
    await screenshot(page, "app-editor-block-menu");
    await page.keyboard.press("Enter");
    await menu.waitFor({ state: "detached" });
    await page.keyboard.type("Careful.");
    await saveStatus(page, "Saved");

    await page.reload();
    await editor(page).getByRole("note").filter({ hasText: "Careful." }).waitFor();
    await editor(page).locator("p", { hasText: "First paragraph. More words." }).waitFor();
    await saveStatus(page, "Saved");
    const saved = (await changeRequestPage(h, org.admin, space.id, number, pageId)).markdown;
    expect(saved).toBe(original.replace("First paragraph.\n", 'First paragraph. More words.\n\n{% hint style="info" %}\nCareful.\n{% endhint %}\n'));
    // The space itself is unchanged until the change request merges.
    const live = await answered(h.as(org.admin).GET("/v1/spaces/{spaceId}/content/page/{pageId}", at({ spaceId: space.id, pageId })), 200);
    expect("markdown" in live ? live.markdown : "").toBe(original);
    await page.context().close();
  });

  it("pastes an image into the change request, sets block settings, edits the Markdown source, keeps it all across a reload, and the merge publishes the image", async () => {
    const { org, space, pageId, original } = await setup();
    const page = await app.newPage();
    const sourceChunks: string[] = [];
    page.on("request", (request) => {
      if (/\/app\/assets\/SourceView-[^/]+\.js$/.test(request.url())) sourceChunks.push(request.url());
    });
    await app.signInThroughApi(page, org.admin.email);
    const number = await edit(page, space.id, pageId);
    await saveStatus(page, "Saved");

    // `/` inserts a hint; its settings set its style.
    await endOf(page, "First paragraph.");
    await page.keyboard.press("Enter");
    await page.keyboard.type("/info");
    // As a writer does: Enter once the menu offers the hint, typing once the hint is in.
    const menu = page.getByRole("listbox", { name: "Insert a block" });
    await menu.getByRole("option", { name: "Info hint", selected: true }).waitFor();
    // The first key typed into the new hint is written by the editor, not by Chrome: typed at once, Chrome's own
    // insertion put it into the next hint's text (this test failed three runs in four on a fast machine).
    await page.evaluate(() => {
      const typed: [string, boolean][] = [];
      (window as unknown as { typed: typeof typed }).typed = typed;
      window.addEventListener("keydown", (event) => typed.push([event.key, event.defaultPrevented]));
    });
    await page.keyboard.press("Enter");
    await menu.waitFor({ state: "detached" });
    await page.keyboard.type("Careful.");
    expect((await page.evaluate(() => (window as unknown as { typed: [string, boolean][] }).typed)).slice(0, 3)).toEqual([
      ["Enter", true],
      ["C", true],
      ["a", false],
    ]);
    const settings = (name: string) => page.getByRole("region", { name: `${name} settings` });
    await settings("Hint").getByLabel("Style").selectOption("success");

    // An image pasted after the last paragraph: uploaded into the change request, shown, its caption and alt text set.
    await endOf(page, "Last paragraph.");
    await editor(page).evaluate((element, base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], "setup screen.png", { type: "image/png" }));
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, PNG);
    await page.getByRole("status").filter({ hasText: "Image setup-screen.png added" }).waitFor();
    const image = settings("Image");
    await image.getByLabel("Caption").fill("The setup screen");
    await image.getByLabel("Alternative text").fill("Setup screen");
    await editor(page).getByRole("img", { name: "Setup screen" }).waitFor();
    expect({ problems: await accessibilityProblems(page) }).toEqual({ problems: [] });
    await screenshot(page, "app-editor-block-settings");
    await saveStatus(page, "Saved");

    // The Markdown source: its chunk loads only now; what is typed there is saved and comes back as blocks.
    expect(sourceChunks).toEqual([]);
    await page.getByRole("button", { name: "Markdown source" }).click();
    const source = page.getByRole("textbox", { name: "Markdown source" });
    await source.waitFor();
    expect(sourceChunks).toHaveLength(1);
    expect({ problems: await accessibilityProblems(page) }).toEqual({ problems: [] });
    await source.press("Control+End");
    await page.keyboard.type("\nFrom the source.\n");
    await saveStatus(page, "Saving");
    await saveStatus(page, "Saved");
    await page.getByRole("button", { name: "Markdown source" }).click();
    await editor(page).locator("p", { hasText: "From the source." }).waitFor();

    const figure = '<figure><img src="setup-screen.png" alt="Setup screen"><figcaption><p>The setup screen</p></figcaption></figure>';
    const expected = original
      .replace("First paragraph.\n", 'First paragraph.\n\n{% hint style="success" %}\nCareful.\n{% endhint %}\n')
      .replace("Last paragraph.\n", `Last paragraph.\n\n${figure}\n\nFrom the source.\n`);
    expect((await changeRequestPage(h, org.admin, space.id, number, pageId)).markdown).toBe(expected);

    await page.reload();
    await editor(page).getByRole("img", { name: "Setup screen" }).waitFor();
    await editor(page).getByText("The setup screen").waitFor();
    await editor(page).getByRole("note").filter({ hasText: "Careful." }).waitFor();
    await saveStatus(page, "Saved");
    expect((await changeRequestPage(h, org.admin, space.id, number, pageId)).markdown).toBe(expected);

    // Merged, the image is a file of the space and the published page shows it.
    const as = h.as(org.admin);
    const cr = await answered(
      as.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}", at({ spaceId: space.id, changeRequestId: String(number) })),
      200,
    );
    await answered(as.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge", at({ spaceId: space.id, changeRequestId: cr.id })), 200);
    await page.goto(`/app/spaces/${space.id}/pages/${pageId}`);
    const published = page.locator("main").getByRole("img", { name: "Setup screen" });
    await published.waitFor();
    const width = await published.evaluate((img: HTMLImageElement) =>
      img.complete ? img.naturalWidth : new Promise<number>((resolve) => img.addEventListener("load", () => resolve(img.naturalWidth))),
    );
    expect(width).toBe(1);
    await page.context().close();
  }, 300_000); // many steps through a real browser and server: a ceiling for a loaded machine, not a speed goal

  it("drops an image file on a paragraph: uploaded into the change request, inserted after it, saved, and there after a reload", async () => {
    const { org, space, pageId, original } = await setup();
    const page = await app.newPage();
    await app.signInThroughApi(page, org.admin.email);
    const number = await edit(page, space.id, pageId);
    await saveStatus(page, "Saved");

    // Dropped as a file from the desktop is: a drop event whose DataTransfer holds the file, at the paragraph.
    const target = editor(page).locator("p", { hasText: "First paragraph." });
    const box = (await target.boundingBox())!;
    await target.evaluate(
      (element, { base64, x, y }) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const data = new DataTransfer();
        data.items.add(new File([bytes], "dropped.png", { type: "image/png" }));
        element.dispatchEvent(new DragEvent("drop", { dataTransfer: data, clientX: x, clientY: y, bubbles: true, cancelable: true }));
      },
      { base64: PNG, x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    await page.getByRole("status").filter({ hasText: "Image dropped.png added" }).waitFor();
    await saveStatus(page, "Saved");
    const as = h.as(org.admin);
    const cr = await answered(
      as.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}", at({ spaceId: space.id, changeRequestId: String(number) })),
      200,
    );
    const files = await answered(
      as.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files", at({ spaceId: space.id, changeRequestId: cr.id })),
      200,
    );
    expect(files.items.map((file) => file.name)).toEqual(["dropped.png"]);
    const expected = original.replace("First paragraph.\n", 'First paragraph.\n\n<figure><img src="dropped.png" alt=""></figure>\n');
    expect((await changeRequestPage(h, org.admin, space.id, number, pageId)).markdown).toBe(expected);

    await page.reload();
    await saveStatus(page, "Saved");
    const image = editor(page).locator("figure.block-image img");
    const width = await image.evaluate((img: HTMLImageElement) =>
      img.complete && img.naturalWidth ? img.naturalWidth : new Promise<number>((resolve) => img.addEventListener("load", () => resolve(img.naturalWidth))),
    );
    expect(width).toBe(1);
    // The picture stands where it was dropped: after the paragraph, before the hint.
    const order = await editor(page).evaluate((element) => Array.from(element.children).map((child) => child.tagName + (child.textContent ?? "").slice(0, 5)));
    expect(order.slice(0, 3)).toEqual(["H1Setup", "PFirst", "FIGURENo ca"]);
    expect((await changeRequestPage(h, org.admin, space.id, number, pageId)).markdown).toBe(expected);
    await page.context().close();
  });

  it("shows the second of two tabs editing one page the conflict, both versions, and merges them with nothing lost", async () => {
    const { org, space, pageId, original } = await setup();
    const first = await app.newPage();
    await app.signInThroughApi(first, org.admin.email);
    const number = await edit(first, space.id, pageId);
    const second = await first.context().newPage();
    await second.goto(first.url());
    await saveStatus(second, "Saved");

    await endOf(first, "First paragraph.");
    await first.keyboard.type(" From the first tab.");
    await saveStatus(first, "Saved");
    await endOf(second, "Last paragraph.");
    await second.keyboard.type(" From the second tab.");
    await saveStatus(second, "Conflict");
    const conflict = second.getByRole("region", { name: "This page was changed elsewhere" });
    await conflict.getByRole("region", { name: "Theirs" }).getByText("First paragraph. From the first tab.").waitFor();
    await conflict.getByRole("region", { name: "Mine" }).getByText("Last paragraph. From the second tab.").waitFor();
    // The server kept the first tab's save.
    expect((await changeRequestPage(h, org.admin, space.id, number, pageId)).markdown).toBe(
      original.replace("First paragraph.", "First paragraph. From the first tab."),
    );
    expect({ problems: await accessibilityProblems(second) }).toEqual({ problems: [] });
    await screenshot(second, "app-editor-conflict");

    await conflict.getByRole("button", { name: "Merge" }).click();
    await conflict.waitFor({ state: "detached" });
    await saveStatus(second, "Saved");
    const merged = original
      .replace("First paragraph.", "First paragraph. From the first tab.")
      .replace("Last paragraph.", "Last paragraph. From the second tab.");
    expect((await changeRequestPage(h, org.admin, space.id, number, pageId)).markdown).toBe(merged);
    await editor(second).locator("p", { hasText: "First paragraph. From the first tab." }).waitFor();
    await first.context().close();
  });

  /**
   * Edits made while the connection is lost (`outage` runs `whileLost` without it, then brings it back): "Offline",
   * nothing on the server, the edit saved by itself once back; then typed while lost in a tab closed then, and saved
   * by the next tab from IndexedDB.
   */
  async function editAcrossOutages(outage: (page: Page, whileLost: () => Promise<void>) => Promise<void>) {
    const { org, space, pageId, original } = await setup();
    const page = await app.newPage();
    const context = page.context();
    await app.signInThroughApi(page, org.admin.email);
    const number = await edit(page, space.id, pageId);
    const url = page.url();
    const onServer = async () => (await changeRequestPage(h, org.admin, space.id, number, pageId)).markdown;

    await outage(page, async () => {
      await endOf(page, "First paragraph.");
      await page.keyboard.type(" Typed while lost.");
      await saveStatus(page, "Offline");
      expect(await onServer()).toBe(original);
    });
    await saveStatus(page, "Saved");
    const once = original.replace("First paragraph.", "First paragraph. Typed while lost.");
    expect(await onServer()).toBe(once);

    await outage(page, async () => {
      await endOf(page, "Last paragraph.");
      await page.keyboard.type(" Kept in the browser.");
      await saveStatus(page, "Offline");
      await page.close();
    });
    expect(await onServer()).toBe(once);
    const again = await context.newPage();
    await again.goto(url);
    await editor(again).locator("p", { hasText: "Last paragraph. Kept in the browser." }).waitFor();
    await saveStatus(again, "Saved");
    expect(await onServer()).toBe(once.replace("Last paragraph.", "Last paragraph. Kept in the browser."));
    await context.close();
  }
  it("says offline when the connection is lost, keeps the edit in the browser across tabs, and saves it when back", () =>
    editAcrossOutages(async (page, whileLost) => {
      await page.context().setOffline(true);
      await whileLost();
      await page.context().setOffline(false);
    }));
  it("keeps an edit typed while the server is down, and saves it once the server is back, in the same tab or the next", () =>
    editAcrossOutages((_page, whileLost) => app.restartServer(whileLost)));
  it("requests a colleague's review, who sees the page's diff and approves; the writer merges and the space has the edit (left by a link: the save on leaving keeps the edit)", async () => {
    const { org, space, pageId, original } = await setup();
    const colleague = await h.member(org.id, "review");
    const writer = await app.newPage();
    await app.signInThroughApi(writer, org.admin.email);
    const number = await edit(writer, space.id, pageId);
    await endOf(writer, "First paragraph.");
    await writer.keyboard.type(" Reviewed words.");
    await saveStatus(writer, "Saved");

    await writer.getByRole("link", { name: /^#\d+/ }).click();
    await writer.getByRole("button", { name: "Request review" }).waitFor();
    await writer.getByLabel("Reviewer").selectOption(colleague.id);
    await writer.getByRole("button", { name: "Request review" }).click();
    await writer.getByRole("status").filter({ hasText: "Review requested." }).waitFor({ state: "attached" });
    const requested = await answered(
      h
        .as(org.admin)
        .GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers", at({ spaceId: space.id, changeRequestId: String(number) })),
      200,
    );
    expect(requested.items.map((item) => item.user.id)).toEqual([colleague.id]);

    const reviewer = await app.newPage();
    await app.signInThroughApi(reviewer, colleague.email);
    await reviewer.goto(`/app/spaces/${space.id}/change-requests/${number}`);
    const diff = reviewer.getByRole("region", { name: "Changes to Setup" });
    await expect(diff.locator("ins").first().textContent()).resolves.toContain("Reviewed");
    await expect(diff.locator("del").count()).resolves.toBe(0);
    await diff.getByText("4 blocks unchanged.").waitFor();
    expect({ problems: await accessibilityProblems(reviewer) }).toEqual({ problems: [] });
    await screenshot(reviewer, "app-review-diff");
    await reviewer.getByRole("button", { name: "Approve" }).click();
    await reviewer.getByRole("status").filter({ hasText: "Approved." }).waitFor({ state: "attached" });

    await writer.getByRole("button", { name: "Merge" }).click();
    await writer.getByRole("status").filter({ hasText: "Merged." }).waitFor({ state: "attached" });
    const live = await answered(h.as(org.admin).GET("/v1/spaces/{spaceId}/content/page/{pageId}", at({ spaceId: space.id, pageId })), 200);
    expect("markdown" in live ? live.markdown : "").toBe(original.replace("First paragraph.", "First paragraph. Reviewed words."));
    await writer.context().close();
    await reviewer.context().close();
  });
});
