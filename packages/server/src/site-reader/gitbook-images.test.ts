// Images as GitBook's Git Sync writes them: HTML naming the file by its path in the repository
// (`<figure><img src="../../.gitbook/assets/x.png">`, `<picture><source srcset>`), file names with spaces
// and `@`, encoded or not. On the published site every image answers with its file's bytes; in the API's
// `format=document` each is an image referring to the file, as Markdown's `![](x.png)` is.
// Runs once: image references are rewritten in rendering; file reads run on PostgreSQL too (space-content, serving).
import { useHarness } from "../../test/support/harness";
import { siteFixtures } from "../../test/support/site-fixtures";

const h = useHarness({ publicUrl: "http://localhost:3000" });
const { as, publishedSite, read } = siteFixtures(h);

const FILES = {
  "deployment-overview.png": "overview bytes",
  "CleanShot 2024-07-11 at 14.03.44@2x.png": "cleanshot bytes",
  "dark mode.png": "dark bytes",
  "light.png": "light bytes",
  "plain.png": "plain bytes",
};

const BODY = [
  '<figure><img src="../../.gitbook/assets/deployment-overview.png" alt="Deployment overview"><figcaption><p>How it <strong>deploys</strong></p></figcaption></figure>',
  "",
  '<figure><img src="../.gitbook/assets/CleanShot%202024-07-11%20at%2014.03.44%402x.png" alt=""><figcaption></figcaption></figure>',
  "",
  '<figure><picture><source srcset="../.gitbook/assets/dark%20mode.png 2x, ../.gitbook/assets/light.png" media="(prefers-color-scheme: dark)"><img src="../.gitbook/assets/light.png" alt="Theme"></picture><figcaption></figcaption></figure>',
  "",
  'Inline <img src="../.gitbook/assets/CleanShot 2024-07-11 at 14.03.44@2x.png" alt="shot"> and ![plain](../.gitbook/assets/plain.png) and ![raw](<CleanShot 2024-07-11 at 14.03.44@2x.png>).',
  "",
].join("\n");

test("GitBook's HTML images resolve to the space's files on the site and in format=document", async () => {
  const files = Object.entries(FILES).map(([name, text]) => ({ name, contentType: "image/png", data: Buffer.from(text).toString("base64") }));
  const site = await publishedSite([
    { operation: "insert_files", files },
    { operation: "insert_page", title: "Deploy", slug: "deploy", document: { markdown: BODY } },
  ]);

  const html = (await read(`${site.published}/deploy`).expect(200)).text;
  const sources = [...html.matchAll(/<(?:img|source)\b[^>]*?\s(src|srcset)="([^"]*)"/g)].flatMap(([, attribute, value]) =>
    attribute === "srcset" ? value!.split(/,\s*/).map((candidate) => candidate.split(/\s+/)[0]!) : [value!],
  );
  expect(sources).toHaveLength(8);
  const served = await Promise.all(sources.map(async (src) => (await read(new URL(src.replace(/&amp;/g, "&"), site.published).href).expect(200)).body));
  expect(served.map((body) => Buffer.from(body).toString())).toEqual([
    "overview bytes",
    "cleanshot bytes",
    "dark bytes",
    "light bytes",
    "light bytes",
    "cleanshot bytes",
    "plain bytes",
    "cleanshot bytes",
  ]);
  expect(html).toContain("<figcaption>");

  const pages = (await as(site.admin).get(`/v1/spaces/${site.spaceId}/content/pages`).expect(200)).body.pages;
  const listed = (await as(site.admin).get(`/v1/spaces/${site.spaceId}/content/files`).expect(200)).body.items as { id: string; name: string }[];
  const fileId = (name: string) => listed.find((file) => file.name === name)!.id;
  const page = (await as(site.admin).get(`/v1/spaces/${site.spaceId}/content/page/${pages[0].id}?format=document`).expect(200)).body;
  const [figure, shot, picture, paragraph] = page.document.nodes;
  expect(figure).toEqual({
    object: "block",
    type: "images",
    nodes: [
      {
        object: "inline",
        type: "image",
        data: { ref: { kind: "file", file: fileId("deployment-overview.png") }, alt: "Deployment overview", caption: "How it deploys" },
        nodes: [],
      },
    ],
  });
  expect(shot.nodes[0].data.ref).toEqual({ kind: "file", file: fileId("CleanShot 2024-07-11 at 14.03.44@2x.png") });
  expect(picture.nodes[0].data).toEqual({ ref: { kind: "file", file: fileId("light.png") }, alt: "Theme" });
  const images = paragraph.nodes.filter((node: { type: string }) => node.type === "image").map((node: { data: { ref: unknown } }) => node.data.ref);
  expect(images).toEqual([
    { kind: "file", file: fileId("CleanShot 2024-07-11 at 14.03.44@2x.png") },
    { kind: "file", file: fileId("plain.png") },
    { kind: "file", file: fileId("CleanShot 2024-07-11 at 14.03.44@2x.png") },
  ]);
});
