import { contentHelpers, insertPage } from "../../../test/support/content";
import { answered, at, refused, useHarness } from "../../../test/support/harness";

const h = useHarness();
const content = contentHelpers(h);

describe("a page rendered as its site renders it", () => {
  it("answers sanitized HTML with its outline; links to pages of the space lead to them in the app", async () => {
    const org = await h.organization();
    const space = await content.createSpace(org.admin, org.id);
    const pages = await content.publish(org.admin, space.id, [
      insertPage(
        "Install",
        '## Requirements\n\nSee [usage](/usage#flags).\n\n{% hint style="warning" %}\nCareful\n{% endhint %}\n\n<script>alert(1)</script>\n\n```js\nconst a = 1;\n```',
      ),
      insertPage("Usage", "## Flags"),
    ]);
    const [install, usage] = pages;
    const admin = h.as(org.admin);
    const rendered = await answered(admin.GET("/v1/spaces/{spaceId}/content/page/{pageId}/rendered", at({ spaceId: space.id, pageId: install!.id })), 200);
    expect(rendered).toMatchObject({
      object: "rendered-page",
      pageId: install!.id,
      title: "Install",
      headings: [{ level: 2, anchor: "requirements", text: "Requirements" }],
    });
    expect(rendered.html).toMatch(new RegExp(`href="http://[^/"]+/app/spaces/${space.id}/pages/${usage!.id}#flags"`));
    expect(rendered.html).toMatch(/hint/);
    expect(rendered.html).toContain('data-language="js"');
    expect(rendered.html).not.toContain("<script");

    const stranger = h.as((await h.organization()).admin);
    await refused(stranger.GET("/v1/spaces/{spaceId}/content/page/{pageId}/rendered", at({ spaceId: space.id, pageId: install!.id })), 404);
    await refused(admin.GET("/v1/spaces/{spaceId}/content/page/{pageId}/rendered", at({ spaceId: space.id, pageId: "unknown" })), 404);
  });
});

describe("a change request's preview", () => {
  it("renders the change request's version of a page, its links to the other pages' previews; 404 to whoever cannot read the space", async () => {
    const org = await h.organization();
    const space = await content.createSpace(org.admin, org.id);
    const [install] = await content.publish(org.admin, space.id, [insertPage("Install", "Run the installer."), insertPage("Usage", "## Flags")]);
    const cr = await content.createChangeRequest(org.admin, space.id, "Clearer install");
    await content
      .write(org.admin, space.id, cr.id, [
        { operation: "update_page", page: install!.id, document: { markdown: "## Steps\n\nRun the **new** installer, then read [usage](/usage)." } },
      ])
      .expect(200);
    const admin = h.as(org.admin);
    const path = at({ spaceId: space.id, changeRequestId: String(cr.number), pageId: install!.id });
    const preview = await answered(admin.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/rendered", path), 200);
    expect(preview).toMatchObject({ object: "rendered-page", pageId: install!.id, headings: [{ level: 2, anchor: "steps", text: "Steps" }] });
    expect(preview.html).toContain("<strong>new</strong>");
    const usage = (await content.pages(org.admin, space.id)).find((page) => page.title === "Usage")!;
    expect(preview.html).toMatch(new RegExp(`href="http://[^/"]+/app/spaces/${space.id}/change-requests/${cr.number}/preview/${usage.id}"`));
    // The space itself is unchanged until the merge.
    const published = await answered(admin.GET("/v1/spaces/{spaceId}/content/page/{pageId}/rendered", at({ spaceId: space.id, pageId: install!.id })), 200);
    expect(published.html).not.toContain("new");

    const stranger = h.as((await h.organization()).admin);
    await refused(stranger.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/rendered", path), 404);
    const missing = at({ spaceId: space.id, changeRequestId: "999", pageId: install!.id });
    await refused(admin.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/rendered", missing), 404);
  });
});
