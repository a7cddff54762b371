// A page in GitBook's Markdown (packages/sites/test/gitbook-layout, every block kind):
// written and read back byte for byte, its front matter as page fields, and published
// as components (HTML) and as plain Markdown (`.md`), never as `{%` text.
// Runs once: GitBook's blocks are parsing and rendering; writing and reading pages runs on PostgreSQL too (the areas' tests).
import fs from "node:fs";
import path from "node:path";
import { useHarness } from "../../test/support/harness";
import { siteFixtures } from "../../test/support/site-fixtures";

const h = useHarness({ publicUrl: "http://localhost:3000" });
const { as, publishedSite, read } = siteFixtures(h);

const FIXTURE = fs.readFileSync(path.join(__dirname, "..", "..", "..", "sites", "test", "gitbook-layout", "guides", "blocks.md"), "utf8");
const BODY = FIXTURE.replace(/^---\n[\s\S]*?\n---\n/, "");

describe("a page in GitBook's Markdown", () => {
  it("reads back as written, front matter as page fields, and publishes as components and plain Markdown", async () => {
    const site = await publishedSite([{ operation: "insert_page", title: "Blocks", slug: "blocks", document: { markdown: FIXTURE } }]);
    const pages = (await as(site.admin).get(`/v1/spaces/${site.spaceId}/content/pages`).expect(200)).body.pages;
    const page = (await as(site.admin).get(`/v1/spaces/${site.spaceId}/content/page/${pages[0].id}`).expect(200)).body;
    // The body is stored as written (blocks, relative links, HTML), the front matter taken out as fields.
    expect(page.markdown).toBe(BODY);
    expect(page).toMatchObject({ title: "Blocks", description: "Every block kind.", hidden: true, noIndex: true });
    // Written again as read, it reads the same.
    const cr = (await as(site.admin).post(`/v1/spaces/${site.spaceId}/change-requests`, { subject: "Again" }).expect(201)).body;
    await as(site.admin)
      .post(`/v1/spaces/${site.spaceId}/change-requests/${cr.id}/content`, {
        changes: [{ operation: "update_page", page: page.id, document: { markdown: page.markdown } }],
      })
      .expect(200);
    expect((await as(site.admin).get(`/v1/spaces/${site.spaceId}/change-requests/${cr.id}/content/page/${page.id}`).expect(200)).body.markdown).toBe(BODY);

    const html = (await read(`${site.published}/blocks`).expect(200)).text;
    expect(html).not.toContain("{%");
    expect(html).toContain('<div class="tabs">');
    expect(html).toMatch(/<input type="radio" class="tab-radio" name="gb-tabs-1" id="gb-tabs-1-0" checked \/>/);
    expect(html).toContain('<ol class="stepper">');
    expect(html).toContain('<nav class="content-ref" aria-label="Linked page">');
    expect(html).toContain('<figure class="embed embed-youtube">');
    expect(html).toContain('<figcaption class="code-title">index.js</figcaption>');
    expect(html).toContain('<section class="api-operation" aria-label="API operation">');
    expect(html).toContain('<div class="math" role="math"');

    const markdown = (await read(`${site.published}/blocks.md`).expect(200)).text;
    expect(markdown).not.toContain("{%");
    expect(markdown).toContain("> **Info:**");
    expect(markdown).toContain("**JavaScript**");
    expect(markdown).toContain("**Step 2**");
  });
});
