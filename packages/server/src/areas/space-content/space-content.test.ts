import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Schemas } from "@docstack/contract";
import { type Change, contentHelpers, insertPage, pngBytes } from "../../../test/support/content";
import { answered, at, refused, useHarness } from "../../../test/support/harness";

const h = useHarness();
const c = contentHelpers(h);

const PAGE = "/v1/spaces/{spaceId}/content/page/{pageId}";
const LINKS = "/v1/spaces/{spaceId}/links";
const CR = "/v1/spaces/{spaceId}/change-requests/{changeRequestId}";
const FILE = "/v1/spaces/{spaceId}/content/files/{fileId}";
const linkStatus = (entry: { targetReference: { kind: string }; status: string }) => `${entry.targetReference.kind}:${entry.status}`;

function pdfText(pdf: Buffer): string[] {
  const script = path.join(__dirname, "..", "..", "..", "test", "support", "pdf-text.mjs");
  return JSON.parse(execFileSync(process.execPath, [script], { input: pdf, encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } }));
}

async function spaceWithContent() {
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  const cr = await c.createChangeRequest(org.admin, space.id);
  await c
    .write(org.admin, space.id, cr.id, [
      {
        operation: "insert_files",
        files: [
          { name: "diagram.png", contentType: "image/png", data: pngBytes(640, 480).toString("base64") },
          { name: "notes.txt", contentType: "text/plain", data: Buffer.from("plain notes").toString("base64") },
        ],
      },
      insertPage(
        "Guide",
        "# Install\n\nSee [the API](/api#auth) and ![diagram](diagram.png).\n\n## Usage\n\nJump to [usage](#usage), [gone](/nowhere), [site](https://example.com), [editor](http://127.0.0.1/app/spaces/x).",
      ),
      insertPage("API", "# Auth\n\nTokens. Back to the [guide](/guide)."),
    ])
    .expect(200);
  await c.merge(org.admin, space.id, cr.id).expect(200);
  const pages = await c.pages(org.admin, space.id);
  return { org, admin: org.admin, client: h.as(org.admin), space, pages, guide: pages[0]!, apiPage: pages[1]! };
}

describe("space content", () => {
  it("reads pages with their body, links by path, following renames", async () => {
    const { admin, client, space, guide, apiPage } = await spaceWithContent();
    const ofGuide = at({ spaceId: space.id, pageId: guide.id });
    const page = await answered(client.GET(PAGE, ofGuide), 200);
    expect(page).toMatchObject({
      id: guide.id,
      title: "Guide",
      type: "document",
      slug: "guide",
      path: "guide",
      documentId: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(page.markdown).toContain("[the API](/api#auth)");
    // Renaming the target page (its slug) changes the link's path, not the linking page's document.
    const cr = await c.createChangeRequest(admin, space.id);
    await c.write(admin, space.id, cr.id, [{ operation: "update_page", page: apiPage.id, title: "Reference", slug: "reference" }]).expect(200);
    await c.merge(admin, space.id, cr.id).expect(200);
    const after = await answered(client.GET(PAGE, ofGuide), 200);
    expect(after.markdown).toContain("[the API](/reference#auth)");
    expect(after.documentId).toBe(page.documentId);
    const structured = await answered(client.GET(PAGE, { params: { path: ofGuide.params.path, query: { format: "document" } } }), 200);
    expect(structured.document?.nodes[0]).toMatchObject({ object: "block", type: "heading-1", data: { anchor: "install" } });
    expect(structured.markdown).toBeUndefined();
    await refused(client.GET(PAGE, at({ spaceId: space.id, pageId: "01aaaaaaaaaaaaaaaaaaaaaaaa" })), 404);
  });

  it("classifies links when the revision is written: ok, broken, in-app, with stats", async () => {
    const { admin, client, space, guide } = await spaceWithContent();
    const ofSpace = at({ spaceId: space.id });
    const links = await answered(client.GET(LINKS, ofSpace), 200);
    const statuses = links.items.map(linkStatus).sort();
    expect(statuses).toEqual(["anchor:ok", "anchor:ok", "file:ok", "page:ok", "url:broken", "url:in-app", "url:ok"].sort());
    const nowhere = links.items.find((entry) => "url" in entry.targetReference && entry.targetReference.url === "/nowhere");
    expect(nowhere?.status).toBe("broken");
    expect(links.stats).toEqual({ total: 7, broken: { total: 1, changeRequest: 0 } });
    const broken = await answered(client.GET(LINKS, { params: { path: { spaceId: space.id }, query: { status: "broken" } } }), 200);
    expect(broken.items).toHaveLength(1);
    expect(broken.stats.total).toBe(7);
    const pageLinks = await answered(client.GET(`${PAGE}/links`, at({ spaceId: space.id, pageId: guide.id })), 200);
    expect(pageLinks.items.every((entry) => entry.locationReferences.some((l) => l.page === guide.id))).toBe(true);
    // A broken link in an open change request is counted as such.
    const cr = await c.createChangeRequest(admin, space.id);
    await c.write(admin, space.id, cr.id, [insertPage("Draft", "[missing](/not-there)")]).expect(200);
    await answered(client.PATCH(CR, { ...at({ spaceId: space.id, changeRequestId: cr.id }), body: { status: "open" } }), 200);
    expect((await answered(client.GET(LINKS, ofSpace), 200)).stats.broken).toEqual({ total: 1, changeRequest: 2 });
  });

  it("classifies again the links of unchanged pages whose targets changed, revision after revision", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    const cr = await c.createChangeRequest(org.admin, space.id);
    const write = (changes: Change[]) => c.write(org.admin, space.id, cr.id, changes).expect(200);
    await write([
      insertPage("Home", "[setup](/setup), [its options](/setup#options), [later](/later)."),
      insertPage("Setup", "## Options\n\nFlags."),
      insertPage("Other", "No links."),
    ]);
    const client = h.as(org.admin);
    const ofCr = { spaceId: space.id, changeRequestId: cr.id };
    const [home, setup, other] = (await answered(client.GET(`${CR}/content/pages`, at(ofCr)), 200)).pages;
    const homeLinks = async () =>
      (await answered(client.GET(`${CR}/content/page/{pageId}/links`, at({ ...ofCr, pageId: home!.id })), 200)).items.map(linkStatus).sort();
    expect(await homeLinks()).toEqual(["anchor:ok", "page:ok", "url:broken"]);
    const firstRevision = (await answered(client.GET(CR, at(ofCr)), 200)).revision;
    // Home is not written again below: only its targets change.
    await write([{ operation: "update_page", page: setup!.id, document: { markdown: "## Choices\n\nFlags." } }]);
    expect(await homeLinks()).toEqual(["anchor:broken", "page:ok", "url:broken"]);
    await write([{ operation: "update_page", page: other!.id, title: "Renamed" }]);
    expect(await homeLinks()).toEqual(["anchor:broken", "page:ok", "url:broken"]);
    await write([{ operation: "update_page", page: setup!.id, document: { markdown: "## Options\n\nFlags again." } }]);
    expect(await homeLinks()).toEqual(["anchor:ok", "page:ok", "url:broken"]);
    await write([{ operation: "delete_page", page: setup!.id }]);
    expect(await homeLinks()).toEqual(["anchor:broken", "page:broken", "url:broken"]);
    // Restored with its ID (from an earlier revision of the change request), the page is a target again.
    await write([{ operation: "revert_page", page: setup!.id, revision: firstRevision }]);
    expect(await homeLinks()).toEqual(["anchor:ok", "page:ok", "url:broken"]);
    await c.merge(org.admin, space.id, cr.id).expect(200);
    const merged = await answered(client.GET(LINKS, at({ spaceId: space.id })), 200);
    expect(merged.stats).toEqual({ total: 3, broken: { total: 1, changeRequest: 0 } });
  });

  it("lists files with size and image dimensions, serves them by signed URL, and lists their backlinks", async () => {
    const { client, space, guide } = await spaceWithContent();
    const files = await answered(client.GET("/v1/spaces/{spaceId}/content/files", at({ spaceId: space.id })), 200);
    expect(files.count).toBe(2);
    const [diagram, notes] = files.items as [Schemas["File"], Schemas["File"]];
    expect(diagram).toMatchObject({ name: "diagram.png", contentType: "image/png", size: 33, dimensions: { width: 640, height: 480 } });
    expect(notes.dimensions).toBeUndefined();
    // Downloads are raw bytes: supertest.
    const download = await h.api.get(new URL(notes.downloadURL).pathname).expect(200);
    expect(download.headers["content-type"]).toMatch(/text\/plain/);
    expect(download.text).toBe("plain notes");
    // A modified or expired URL serves nothing.
    const tampered = new URL(notes.downloadURL).pathname.replace(/.$/, (ch) => (ch === "A" ? "B" : "A"));
    await h.api.get(tampered).expect(404);
    h.clock.advance(61 * 60 * 1000);
    await h.api.get(new URL(notes.downloadURL).pathname).expect(404);
    const backlinks = await answered(client.GET(`${FILE}/backlinks`, at({ spaceId: space.id, fileId: diagram.id })), 200);
    expect(backlinks.items).toEqual([
      {
        kind: "file",
        organization: expect.any(String),
        space: space.id,
        versionContext: { type: "revision", revision: expect.any(String) },
        file: diagram.id,
        page: { id: guide.id, title: "Guide", path: "guide" },
      },
    ]);
    expect((await answered(client.GET(`${FILE}/backlinks`, at({ spaceId: space.id, fileId: notes.id })), 200)).count).toBe(0);
    await refused(client.GET(FILE, at({ spaceId: space.id, fileId: "01aaaaaaaaaaaaaaaaaaaaaaaa" })), 404);
  });

  it("keeps unchanged page documents and tree chunks shared between revisions", async () => {
    const { admin, space } = await spaceWithContent();
    await c.publish(
      admin,
      space.id,
      Array.from({ length: 40 }, (_, i) => insertPage(`Filler ${i}`, `Body ${i}`)),
    );
    const documents = await h.services.prisma.pageDocument.count();
    const chunks = await h.services.prisma.contentChunk.count();
    const cr = await c.createChangeRequest(admin, space.id);
    await c.write(admin, space.id, cr.id, [insertPage("One more", "new body")]).expect(200);
    await c.merge(admin, space.id, cr.id).expect(200);
    expect(await h.services.prisma.pageDocument.count()).toBe(documents + 1);
    // The new page's chunk of pages and of links (the change request's revision, then the merge's), not the tree again.
    expect(await h.services.prisma.contentChunk.count()).toBeLessThanOrEqual(chunks + 4);
    expect((await c.pages(admin, space.id)).length).toBe(43);
  });

  it("renders a change request as a PDF that holds its pages' text", async () => {
    const { admin, client, space, guide } = await spaceWithContent();
    const cr = await c.createChangeRequest(admin, space.id, "Printable");
    const PDF = `${CR}/pdf` as const;
    const ofCr = { spaceId: space.id, changeRequestId: cr.id };
    await c.write(admin, space.id, cr.id, [insertPage("Appendix", "Zebra crossing rules")]).expect(200);
    const { url } = await answered(client.GET(PDF, at(ofCr)), 200);
    // The PDF itself is raw bytes: supertest.
    const pdf = await h.api
      .get(new URL(url).pathname)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(pdf.body as Buffer);
    expect(text).toHaveLength(3);
    expect(text.join(" ")).toContain("Zebra crossing rules");
    expect(text.join(" ")).toContain("Guide");
    const only = (await answered(client.GET(PDF, { params: { path: ofCr, query: { only: true, page: guide.id } } }), 200)).url;
    const single = await h.api
      .get(new URL(only).pathname)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done(null, Buffer.concat(chunks)));
      });
    const singleText = pdfText(single.body as Buffer);
    expect(singleText).toHaveLength(1);
    expect(singleText[0]).toContain("Install");
    await refused(client.GET(PDF, { params: { path: ofCr, query: { only: true } } }), 400);
  });
});
