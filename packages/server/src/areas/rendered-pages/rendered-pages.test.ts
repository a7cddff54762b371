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
