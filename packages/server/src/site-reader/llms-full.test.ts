// llms-full.txt of a site past 100 pages: GitBook's parts of 100 pages (`llms-full.txt`,
// then `llms-full.txt/1`, …), each linking to the next, streamed, and revalidated by ETag.
import { useHarness } from "../../test/support/harness";
import { insertPage, siteFixtures } from "../../test/support/site-fixtures";

const PUBLIC_URL = "http://localhost:3000";
const h = useHarness({ publicUrl: PUBLIC_URL });
const { publishedSite, read, content } = siteFixtures(h);

const PAGES = 230;
const title = (n: number) => `Page ${String(n).padStart(3, "0")}`;
/** The pages' titles, in the order a part lists them. */
const titlesIn = (text: string) => [...text.matchAll(/^# (Page \d{3})$/gm)].map((match) => match[1]);

it("splits llms-full.txt into parts of 100 pages, each streamed with a link to the next, every page in one part in order", async () => {
  const site = await publishedSite([]);
  // One change request, written in batches of 50 changes (a batch's most), then merged.
  const changeRequest = await content.createChangeRequest(site.admin, site.spaceId);
  const pages = Array.from({ length: PAGES }, (_, i) => insertPage(title(i + 1), `The body of page number ${i + 1}.`));
  for (let at = 0; at < PAGES; at += 50) await content.write(site.admin, site.spaceId, changeRequest.id, pages.slice(at, at + 50)).expect(200);
  await content.merge(site.admin, site.spaceId, changeRequest.id).expect(200);

  const first = await read(`${site.published}/llms-full.txt`)
    .expect(200)
    .expect("Content-Type", /text\/plain/);
  // Written as produced: chunked, no length known in advance.
  expect(first.headers["transfer-encoding"]).toBe("chunked");
  expect(first.headers["content-length"]).toBeUndefined();
  expect(first.text).toMatch(/^# Handbook\n\n---\n\nSource: /);
  expect(first.text.endsWith(`\n---\n\n[Next part](${site.published}/llms-full.txt/1)\n`)).toBe(true);
  const second = (await read(`${site.published}/llms-full.txt/1`).expect(200)).text;
  expect(second.endsWith(`[Next part](${site.published}/llms-full.txt/2)\n`)).toBe(true);
  const last = (await read(`${site.published}/llms-full.txt/2`).expect(200)).text;
  expect(last).not.toContain("[Next part]");

  const parts = [first.text, second, last].map(titlesIn);
  expect(parts.map((titles) => titles.length)).toEqual([100, 100, 30]);
  expect(parts.flat()).toEqual(Array.from({ length: PAGES }, (_, i) => title(i + 1)));
  expect(second).toContain(`Source: ${site.published}/page-101\n\n# Page 101\n\nThe body of page number 101.`);

  // No part past the last, and no other spelling of a part.
  for (const path of ["llms-full.txt/3", "llms-full.txt/0", "llms-full.txt/01", "llms-full.txt/1/2"]) {
    await read(`${site.published}/${path}`).expect(404);
  }
  // A reader holding the part gets a 304; HEAD answers the headers alone.
  const etag = (await read(`${site.published}/llms-full.txt/1`).expect(200)).headers.etag!;
  expect(etag).not.toBe(first.headers.etag);
  expect((await read(`${site.published}/llms-full.txt/1`, { "If-None-Match": etag }).expect(304)).text).toBe("");
  const head = await h.api
    .head(new URL(`${site.published}/llms-full.txt`).pathname)
    .set("Host", new URL(site.published).host)
    .expect(200);
  expect(head.headers.etag).toBe(first.headers.etag);
});
