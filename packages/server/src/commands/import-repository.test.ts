import { randomBytes } from "node:crypto";
import { contentHelpers } from "../../test/support/content";
import { useHarness } from "../../test/support/harness";
import { unzip } from "../../test/support/unzip";
import { FIXTURE_DIR, readDirectory } from "../content/gitbook-layout/fixture";
import { readRepository } from "../content/gitbook-layout/read";
import { DEFAULT_CONFIG } from "../content/gitbook-layout/types";
import { writeRepository } from "../content/gitbook-layout/write";
import { importRepository } from "./import-repository";

const h = useHarness();
const c = contentHelpers(h);

const sorted = (files: Map<string, Buffer>) => [...files].sort(([a], [b]) => a.localeCompare(b)).map(([path, data]) => [path, data.toString("latin1")]);

/** supertest's parser of a binary body: its bytes. */
const binary = (res: { on(event: string, listener: (chunk: Buffer) => void): unknown }, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (chunk) => chunks.push(chunk));
  res.on("end", () => done(null, Buffer.concat(chunks)));
};

describe("importRepository and the export", () => {
  it("imports the layout through a merged change request, and exports the same files as a zip", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    // Existing content is replaced.
    await c.publish(org.admin, space.id, [{ operation: "insert_page", title: "Old page", document: { markdown: "Gone." } }]);
    const fixture = readDirectory(FIXTURE_DIR);
    const ctx = { ...h.services, baseUrl: "http://localhost", actor: { userId: org.admin.id, user: { displayName: "Admin" } } };

    const outcome = await importRepository(ctx, { spaceId: space.id, files: fixture });
    expect(outcome.result).toBe("merge");
    expect(outcome.changeRequest.status).toBe("merged");

    const pages = await c.pages(org.admin, space.id);
    expect(pages.map((page) => page.title)).toEqual(["Introduction", "Guides", "Changelog", "Reference"]);
    // Links between pages are stored as references to the pages.
    const stored = await h.services.prisma.pageDocument.findFirst({ where: { markdown: { contains: "Back to [the introduction](docstack:page/" } } });
    expect(stored).not.toBeNull();
    const read = await h.api.get(`/v1/spaces/${space.id}/content/path/guides/install`).set("Authorization", org.admin.auth).expect(200);
    expect(read.body.markdown).toContain("[the introduction](/introduction)");

    // The front matter's cover and layout are the page's.
    const configure = await h.api.get(`/v1/spaces/${space.id}/content/path/guides/configure`).set("Authorization", org.admin.auth).expect(200);
    const overview = (await h.api.get(`/v1/spaces/${space.id}/content/files`).set("Authorization", org.admin.auth).expect(200)).body.items.find(
      (file: { name: string }) => file.name === "overview.png",
    );
    expect(configure.body.cover).toEqual({ ref: { kind: "file", file: overview.id }, yPos: 120 });
    expect(configure.body.layout).toMatchObject({ width: "wide", cover: true, coverSize: "full", description: false, outline: false, metadata: true });

    const res = await h.api.get(`/v1/spaces/${space.id}/export`).set("Authorization", org.admin.auth).buffer(true).parse(binary).expect(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    const exported = await unzip(res.body as Buffer);
    // The fixture as stored: the same pages, files and redirects, at the top (the space keeps no root).
    const expected = writeRepository({ ...readRepository(fixture), config: { ...DEFAULT_CONFIG, redirects: { "old/setup": "guides/install.md" } } });
    expect(sorted(exported)).toEqual(sorted(expected));
    const rerooted = new Map([...fixture].flatMap(([path, data]) => (path.startsWith("docs/") ? [[path.slice(5), data] as const] : [])));
    for (const [path, data] of rerooted) expect([path, exported.get(path)?.toString("latin1")]).toEqual([path, data.toString("latin1")]);

    // Someone of another organization cannot see the space.
    const other = await h.organization("Other");
    await h.api.get(`/v1/spaces/${space.id}/export`).set("Authorization", other.admin.auth).expect(404);
  });

  it("writes files beyond one batch's budget in several transactions, every file arriving with its bytes", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    const images = new Map<string, Buffer>(Array.from({ length: 7 }, (_, i) => [`shot ${i}@2x.png`, randomBytes(1000)]));
    const files = new Map<string, Buffer>([
      ["README.md", Buffer.from(`# Screens\n\n${[...images.keys()].map((name) => `![${name}](<.gitbook/assets/${name}>)`).join("\n\n")}\n`)],
      ...[...images].map(([name, data]) => [`.gitbook/assets/${name}`, data] as const),
    ]);
    const ctx = { ...h.services, baseUrl: "http://localhost", actor: { userId: org.admin.id, user: { displayName: "Admin" } } };

    // A budget of two files' bytes: four batches of files (2, 2, 2, 1), then the page's.
    const outcome = await importRepository(ctx, { spaceId: space.id, files, fileBatch: { maxBytes: 2500, maxFiles: 3 } });
    expect(outcome.result).toBe("merge");
    expect(await h.services.prisma.revision.count({ where: { changeRequestId: outcome.changeRequest.id, type: "edits" } })).toBe(5);

    const listed = (await h.api.get(`/v1/spaces/${space.id}/content/files`).set("Authorization", org.admin.auth).expect(200)).body.items as {
      name: string;
      downloadURL: string;
    }[];
    expect(listed.map((file) => file.name).sort()).toEqual([...images.keys()].sort());
    for (const file of listed) {
      const download = await h.api.get(new URL(file.downloadURL).pathname).buffer(true).parse(binary).expect(200);
      expect((download.body as Buffer).equals(images.get(file.name)!)).toBe(true);
    }
    // The page, written after its images, names them as the space's files (stored as references to them).
    const page = await h.api.get(`/v1/spaces/${space.id}/content/path/screens`).set("Authorization", org.admin.auth).expect(200);
    for (const name of images.keys()) expect(page.body.markdown).toContain(`![${name}](<${name}>)`);
    const stored = await h.services.prisma.pageDocument.findFirst({ where: { markdown: { contains: "![shot 0@2x.png]" } } });
    expect(stored?.markdown.match(/docstack:file\//g)).toHaveLength(images.size);
  });

  it("keeps a body's cover, coverY, layout and other front matter written through a change request's content, and exports them", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    const frontMatter =
      "---\ncover: https://example.com/cover.png\ncoverY: 40\nlayout:\n  width: wide\n  title:\n    visible: false\nowner: docs-team\n---\n\n";
    const [home, guide] = await c.publish(org.admin, space.id, [
      { operation: "insert_page", title: "Home", document: { markdown: `${frontMatter}Welcome.` } },
      { operation: "insert_page", title: "Guide", document: { markdown: "Plain." } },
    ]);
    // An update's body sets what its front matter names.
    const changeRequest = await c.createChangeRequest(org.admin, space.id);
    await c
      .write(org.admin, space.id, changeRequest.id, [{ operation: "update_page", page: guide!.id, document: { markdown: `${frontMatter}Steps.` } }])
      .expect(200);
    await c.merge(org.admin, space.id, changeRequest.id).expect(200);

    const read = await h.api.get(`/v1/spaces/${space.id}/content/page/${home!.id}`).set("Authorization", org.admin.auth).expect(200);
    expect(read.body.layout).toMatchObject({ width: "wide", title: false });
    const res = await h.api.get(`/v1/spaces/${space.id}/export`).set("Authorization", org.admin.auth).buffer(true).parse(binary).expect(200);
    const exported = readRepository(await unzip(res.body as Buffer));
    const presentation = {
      cover: "https://example.com/cover.png",
      coverY: 40,
      layout: { width: "wide", title: { visible: false } },
      frontMatter: { owner: "docs-team" },
    };
    expect(exported.pages.map(({ title, cover, coverY, layout, frontMatter }) => ({ title, cover, coverY, layout, frontMatter }))).toEqual([
      { title: "Home", ...presentation },
      { title: "Guide", ...presentation },
    ]);
  });

  it("exports .gitbook.yaml's redirects as written (their order, and those naming no page), then those of pages moved since", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    const fixture = readDirectory(FIXTURE_DIR);
    const redirects = "redirects:\n  zeta/old: guides/install.md\n  gone: guides/removed-long-ago.md\n  alpha: reference/api.md\n";
    fixture.set(".gitbook.yaml", Buffer.from(`root: ./docs/\n${redirects}`));
    const ctx = { ...h.services, baseUrl: "http://localhost", actor: { userId: org.admin.id, user: { displayName: "Admin" } } };
    expect((await importRepository(ctx, { spaceId: space.id, files: fixture })).result).toBe("merge");
    // A page moved through the API afterwards: its former path is a redirect too.
    type Listed = { id: string; title: string; pages?: Listed[] };
    const listed = (await c.pages(org.admin, space.id)) as Listed[];
    const install = listed.flatMap((page) => [page, ...(page.pages ?? [])]).find((page) => page.title === "Install")!;
    const cr = await c.createChangeRequest(org.admin, space.id);
    await c.write(org.admin, space.id, cr.id, [{ operation: "update_page", page: install.id, slug: "installation" }]).expect(200);
    await c.merge(org.admin, space.id, cr.id).expect(200);

    const res = await h.api.get(`/v1/spaces/${space.id}/export`).set("Authorization", org.admin.auth).buffer(true).parse(binary).expect(200);
    const config = (await unzip(res.body as Buffer)).get(".gitbook.yaml")!.toString();
    expect(config).toBe(
      "root: ./\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n" +
        "redirects:\n  zeta/old: guides/installation.md\n  gone: guides/removed-long-ago.md\n  alpha: reference/api.md\n  guides/install: guides/installation.md\n",
    );
  });
});
