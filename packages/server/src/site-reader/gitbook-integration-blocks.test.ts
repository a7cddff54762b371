// GitBook's integration blocks (`{% @github-files/github-code-block url="…" %}`, any `{% @x/y … %}`): on the site a
// link to the block's URL (titled by the integration), never the literal tag; a link in `.md`, an embed in
// `format=document`; kept byte for byte in the page's Markdown and in the export.
// Runs once: integration blocks are parsing and rendering; export and page reads run on PostgreSQL too (the areas' tests).
import { useHarness } from "../../test/support/harness";
import { siteFixtures } from "../../test/support/site-fixtures";
import { readZip } from "../imports/zip";

const h = useHarness({ publicUrl: "http://localhost:3000" });
const { as, publishedSite, read } = siteFixtures(h);

const CODE_BLOCK = '{% @github-files/github-code-block url="https://github.com/acme/widgets/blob/main/src/index.js" %}';
const FIGMA = '{% @figma/embed fileId="abc123" url="https://www.figma.com/file/abc123/Widgets" title="The widget" %}';
const BODY = `Before.\n\n${CODE_BLOCK}\n\n${FIGMA}\n\nAfter.\n`;

const binary = (res: { on(event: string, listener: (chunk: Buffer) => void): unknown }, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (chunk) => chunks.push(chunk));
  res.on("end", () => done(null, Buffer.concat(chunks)));
};

test("an integration's block is a link on the site, in .md and in the document, and kept as written", async () => {
  const site = await publishedSite([{ operation: "insert_page", title: "Widgets", slug: "widgets", document: { markdown: BODY } }]);

  const html = (await read(`${site.published}/widgets`).expect(200)).text;
  expect(html).not.toContain("{%");
  expect(html).toContain(
    '<a class="integration-link external" href="https://github.com/acme/widgets/blob/main/src/index.js" title="github-files: github-code-block" rel="noopener noreferrer">https://github.com/acme/widgets/blob/main/src/index.js</a>',
  );
  expect(html).toContain('href="https://www.figma.com/file/abc123/Widgets" title="figma: embed" rel="noopener noreferrer">The widget</a>');

  const markdown = (await read(`${site.published}/widgets.md`).expect(200)).text;
  expect(markdown).not.toContain("{%");
  expect(markdown).toContain("[The widget](https://www.figma.com/file/abc123/Widgets)");

  const pages = (await as(site.admin).get(`/v1/spaces/${site.spaceId}/content/pages`).expect(200)).body.pages;
  const page = (await as(site.admin).get(`/v1/spaces/${site.spaceId}/content/page/${pages[0].id}?format=document`).expect(200)).body;
  expect(page.document.nodes[1]).toEqual({
    object: "block",
    type: "embed",
    data: { url: "https://github.com/acme/widgets/blob/main/src/index.js" },
    nodes: [],
  });

  const asWritten = (await as(site.admin).get(`/v1/spaces/${site.spaceId}/content/page/${pages[0].id}`).expect(200)).body;
  expect(asWritten.markdown).toBe(BODY);
  const zip = await h.api.get(`/v1/spaces/${site.spaceId}/export`).set("Authorization", site.admin.auth).buffer(true).parse(binary).expect(200);
  const files = await readZip(zip.body as Buffer, 1 << 20);
  const exported = [...files.values()].map((data) => data.toString()).find((text) => text.includes("@github-files"));
  expect(exported).toContain(`\n${CODE_BLOCK}\n\n${FIGMA}\n`);
});
