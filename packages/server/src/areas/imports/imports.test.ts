// GitBook's import runs on a real job queue: a website (more than one batch of 50 pages), a zip in GitBook's layout,
// plain Markdown files and a Git repository run to completion through a change request; a run is cancelled while
// its job waits on the source; sources Docstack does not import, and callers who may not import, are refused.
// Each run lists the pages it created (GitBook's `pages`), and releases its batches' memory.
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { Readable } from "node:stream";
import { ZipFile } from "yazl";
import { contentHelpers } from "../../../test/support/content";
import { type GitServer, gitServer } from "../../../test/support/git-server";
import { requestsAs, useHarness } from "../../../test/support/harness";
import { type LocalServer, localServer } from "../../../test/support/local-server";
import { REPOSITORY_BATCH_PAGES } from "../../commands/import-repository";
import { FIXTURE_DIR, readDirectory } from "../../content/gitbook-layout/fixture";
import { BATCH_MEMORY_CHANNEL } from "../../db/batch-memory";
import type { ImportRunDeps } from "../../imports/types";

const h = useHarness({ allowPrivateFetch: true });
const c = contentHelpers(h);
/** Each test runs jobs that write hundreds of pages: slow on a loaded machine. */
const SLOW = 240_000;

/** Released by the test: the page /held answers only then. */
let release: () => void = () => undefined;
let heldAsked: Promise<void>;
let askedHeld: () => void = () => undefined;
const resetHeld = () => {
  heldAsked = new Promise((resolve) => {
    askedHeld = resolve;
  });
};

let site: LocalServer;
let git: GitServer;
beforeAll(async () => {
  resetHeld();
  site = await localServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/many") {
      return res
        .writeHead(200, { "Content-Type": "text/html" })
        .end(`<html><body>${Array.from({ length: 60 }, (_, i) => `<a href="/many/${i}">${i}</a>`).join(" ")}</body></html>`);
    }
    if (path.startsWith("/many/"))
      return res.writeHead(200, { "Content-Type": "text/html" }).end(`<html><head><title>Many ${path.slice(6)}</title></head><body>x</body></html>`);
    if (path === "/held") {
      askedHeld();
      return void new Promise<void>((resolve) => {
        release = resolve;
      }).then(() => res.writeHead(200, { "Content-Type": "text/html" }).end("<html><head><title>Held</title></head><body>late</body></html>"));
    }
    res.writeHead(404).end();
  });
  git = await gitServer();
});
afterAll(async () => {
  release();
  await site?.close();
  await git?.close();
});

async function zipOf(files: ReadonlyMap<string, Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [path, data] of files) zip.addBuffer(data, path);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** How many times `releaseBatchMemory` ran while `action` did. */
async function releasesDuring(action: () => Promise<unknown>): Promise<number> {
  let releases = 0;
  const count = () => {
    releases++;
  };
  subscribe(BATCH_MEMORY_CHANNEL, count);
  try {
    await action();
  } finally {
    unsubscribe(BATCH_MEMORY_CHANNEL, count);
  }
  return releases;
}

async function setUp() {
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  return { org, space, as: requestsAs(h, org.admin), runs: `/v1/org/${org.id}/imports` };
}

describe("import runs", () => {
  it(
    "imports a website in batches through a merged change request, with its progress, and lists the runs",
    async () => {
      const { org, space, as, runs } = await setUp();
      const started = await as.post(runs, { source: { type: "website", url: `${site.base}/many` }, target: { space: space.id }, site: "site-1" }).expect(201);
      expect(started.body).toMatchObject({
        object: "import-run",
        status: "pending",
        source: { type: "website", url: `${site.base}/many` },
        target: { space: space.id },
        site: "site-1",
        createdBy: org.admin.id,
        importedPages: 0,
        urls: { location: expect.stringContaining(`/v1/org/${org.id}/imports/${started.body.id}`) },
      });
      // The memory of each of its two batches released, and the merge's (as a repository's run does).
      expect(await releasesDuring(() => h.services.jobs.settled())).toBe(3);

      const run = (await as.get(`${runs}/${started.body.id}`).expect(200)).body;
      // 61 pages: past the old 50-page limit, written in two batches.
      expect(run).toMatchObject({ status: "completed", importedPages: 61, totalPages: 61, startedAt: expect.any(String), completedAt: expect.any(String) });
      const changeRequest = (await as.get(`/v1/spaces/${space.id}/change-requests/${run.target.changeRequest}`).expect(200)).body;
      expect(changeRequest.status).toBe("merged");
      const pages = await c.pages(org.admin, space.id);
      expect(pages).toHaveLength(61);
      expect(pages[1]!.title).toBe("Many 0");
      // Its pages by their IDs in the space, each with the address it was read at, complete once merged.
      expect(run.pages).toEqual(
        pages.map((page, i) => ({ id: page.id, sourceURL: i === 0 ? `${site.base}/many` : `${site.base}/many/${i - 1}`, type: "page", status: "complete" })),
      );

      const list = (await as.get(`${runs}?space=${space.id}&status=completed`).expect(200)).body;
      // (The location's host is the test client's, which changes from request to request.)
      expect(list).toEqual({ items: [{ ...run, urls: { location: expect.stringContaining(`/v1/org/${org.id}/imports/${run.id}`) } }], count: 1 });
      expect((await as.get(`${runs}?status=active`).expect(200)).body).toEqual({ items: [], count: 0 });
    },
    SLOW,
  );

  it(
    "replaces the space's content with a zip in GitBook's layout, or of plain Markdown files",
    async () => {
      const { org, space, as, runs } = await setUp();
      const fixture = readDirectory(FIXTURE_DIR);
      const started = await as
        .post(runs, { source: { type: "zip", data: (await zipOf(fixture)).toString("base64") }, target: { space: space.id } })
        .expect(201);
      // The archive's bytes are never answered.
      expect(started.body.source).toEqual({ type: "zip" });
      await h.services.jobs.settled();
      const run = (await as.get(`${runs}/${started.body.id}`).expect(200)).body;
      expect(run).toMatchObject({ status: "completed", importedPages: 9 });
      const imported = await c.pages(org.admin, space.id);
      expect(imported.map((page) => page.title)).toEqual(["Introduction", "Guides", "Changelog", "Reference"]);
      // A document's file path in the archive (its `.gitbook.yaml` names docs/ as the root); a group is a folder; a link page and a group come from no file.
      expect(run.pages.map(({ sourceURL, type }: { sourceURL?: string; type: string }) => [sourceURL, type])).toEqual([
        ["docs/README.md", "page"],
        ["docs/guides/README.md", "page"],
        ["docs/guides/install.md", "page"],
        ["docs/guides/configure/README.md", "page"],
        ["docs/guides/configure/advanced.md", "page"],
        [undefined, "page"],
        [undefined, "folder"],
        ["docs/reference/api.md", "page"],
        ["docs/reference/hidden-page.md", "page"],
      ]);
      expect(run.pages.filter((page: { status: string }) => page.status === "complete")).toHaveLength(9);
      expect(run.pages[1].id).toBe(imported[1]!.id);
      expect(await h.services.prisma.importRun.findUniqueOrThrow({ where: { id: started.body.id } })).toMatchObject({ secret: null });

      const plain = new Map([
        ["README.md", Buffer.from("# Home\n\nWelcome.\n")],
        ["guide/README.md", Buffer.from("# Guide\n")],
        ["guide/setup.md", Buffer.from("# Setup\n\nSee [home](../README.md).\n")],
      ]);
      const second = await as.post(runs, { source: { type: "zip", data: (await zipOf(plain)).toString("base64") }, target: { space: space.id } }).expect(201);
      await h.services.jobs.settled();
      expect((await as.get(`${runs}/${second.body.id}`).expect(200)).body.status).toBe("completed");
      const pages = await c.pages(org.admin, space.id);
      expect(pages.map((page) => [page.title, (page.pages as { title: string }[]).map((child) => child.title)])).toEqual([
        ["Home", []],
        ["Guide", ["Setup"]],
      ]);
    },
    SLOW,
  );

  it(
    "imports a Git repository's branch, and fails a run whose branch does not exist with the reason",
    async () => {
      git.createRepository("docs", readDirectory(FIXTURE_DIR));
      const { org, space, as, runs } = await setUp();
      const started = await as.post(runs, { source: { type: "git", url: git.url("docs"), ref: "main" }, target: { space: space.id } }).expect(201);
      expect(started.body.source).toEqual({ type: "git", url: git.url("docs"), ref: "refs/heads/main" });
      const missing = await as.post(runs, { source: { type: "git", url: git.url("docs"), ref: "refs/heads/nope" }, target: { space: space.id } }).expect(201);
      await h.services.jobs.settled();
      expect((await as.get(`${runs}/${started.body.id}`).expect(200)).body).toMatchObject({ status: "completed", importedPages: 9 });
      expect((await c.pages(org.admin, space.id)).map((page) => page.title)).toEqual(["Introduction", "Guides", "Changelog", "Reference"]);
      expect((await as.get(`${runs}/${missing.body.id}`).expect(200)).body).toMatchObject({ status: "failed", reason: "the repository has no branch nope" });
    },
    SLOW,
  );

  it(
    "cancels a run while its job waits on the source: it writes nothing more, and cannot be cancelled twice",
    async () => {
      const { org, space, as, runs } = await setUp();
      resetHeld();
      const started = await as.post(runs, { source: { type: "html", url: `${site.base}/held` }, target: { space: space.id } }).expect(201);
      await heldAsked;
      const cancelled = await as.post(`${runs}/${started.body.id}/cancel`).expect(200);
      expect(cancelled.body).toMatchObject({ status: "cancelled", completedAt: expect.any(String) });
      release();
      await h.services.jobs.settled();
      expect((await as.get(`${runs}/${started.body.id}`).expect(200)).body.status).toBe("cancelled");
      expect(await c.pages(org.admin, space.id)).toEqual([]);
      const again = await as.post(`${runs}/${started.body.id}/cancel`).expect(400);
      expect(again.body.error.reason).toBe("import_run_ended");
    },
    SLOW,
  );

  it(
    "stops a repository's run cancelled between two batches: the first batch stays in its change request, not merged",
    async () => {
      const { org, space, as, runs } = await setUp();
      // One page more than a batch takes: two batches.
      const files = new Map([["README.md", Buffer.from("# Home\n")]]);
      for (let i = 1; i <= REPOSITORY_BATCH_PAGES; i++) files.set(`page-${String(i).padStart(3, "0")}.md`, Buffer.from(`# Page ${i}\n`));
      const started = await as.post(runs, { source: { type: "zip", data: (await zipOf(files)).toString("base64") }, target: { space: space.id } }).expect(201);
      // The run's job asks before its second batch: the test cancels the run there.
      const steps: string[] = [];
      const deps = h.services as ImportRunDeps;
      deps.beforeRepositoryBatch = async (runId) => {
        steps.push(runId);
        await as.post(`${runs}/${runId}/cancel`).expect(200);
      };
      try {
        await h.services.jobs.settled();
      } finally {
        delete deps.beforeRepositoryBatch;
      }
      expect(steps).toEqual([started.body.id]);
      const run = (await as.get(`${runs}/${started.body.id}`).expect(200)).body;
      // Its progress after the first batch: README.md and 499 pages of the 501.
      expect(run).toMatchObject({ status: "cancelled", importedPages: REPOSITORY_BATCH_PAGES, totalPages: REPOSITORY_BATCH_PAGES + 1 });
      // The first batch was written through the run's change request, which is not merged; the space is unchanged.
      const changeRequest = (await as.get(`/v1/spaces/${space.id}/change-requests/${run.target.changeRequest}`).expect(200)).body;
      // (Open as GitBook calls one not yet published: `draft`.)
      expect(changeRequest.status).toBe("draft");
      const written = await c.pages(org.admin, space.id, run.target.changeRequest);
      expect(written).toHaveLength(REPOSITORY_BATCH_PAGES);
      expect(await c.pages(org.admin, space.id)).toEqual([]);
      // The pages it wrote are listed, pending: they are in its change request, not in the space.
      expect(run.pages).toEqual(
        written.map((page, i) => ({
          id: page.id,
          sourceURL: i === 0 ? "README.md" : `page-${String(i).padStart(3, "0")}.md`,
          type: "page",
          status: "pending",
        })),
      );
    },
    SLOW,
  );

  it("refuses sources it does not import, and targets that are not the space's, with their reason", async () => {
    const { space, as, runs } = await setUp();
    const reason = async (body: object, status = 400) => (await as.post(runs, body).expect(status)).body.error.reason;
    expect(await reason({ source: { type: "file", files: ["key-1"] }, target: { space: space.id } })).toBe("import_source_unsupported");
    expect(await reason({ source: { type: "website", url: "ftp://example.com/" }, target: { space: space.id } })).toBe("url_fetch_failed");
    expect(await reason({ source: { type: "git", url: "https://example.com/docs.git" }, target: { space: space.id } })).toBe("invalid_request");
    expect(await reason({ source: { type: "zip", data: Buffer.from("not a zip").toString("base64") }, target: { space: space.id } })).toBe("invalid_request");
    expect(await reason({ source: { type: "zip", url: `${site.base}/x.zip` }, target: { space: space.id, page: "nope" } })).toBe("invalid_request");
    expect(await reason({ source: { type: "website", url: `${site.base}/many` }, target: { space: space.id, changeRequest: "nope" } })).toBe(
      "invalid_reference",
    );
    expect(await reason({ source: { type: "website", url: `${site.base}/many` }, target: { space: "nope" } }, 404)).toBe("not_found");
  });

  it("lets organization creators and admins import; others are refused, and runs are seen through their space", async () => {
    const { org, space, as, runs } = await setUp();
    const body = { source: { type: "website", url: `${site.base}/many` }, target: { space: space.id } };
    const creator = await h.member(org.id, "create");
    const editor = await h.member(org.id, "edit");
    const outsider = await h.user();
    const run = (await requestsAs(h, creator).post(runs, body).expect(201)).body;
    expect((await requestsAs(h, editor).post(runs, body).expect(403)).body.error.reason).toBe("role_required");
    await requestsAs(h, outsider).post(runs, body).expect(404);
    // An organization member reads the space (the root's default level): they see the run; an outsider does not.
    expect((await requestsAs(h, editor).get(`${runs}/${run.id}`).expect(200)).body.id).toBe(run.id);
    await requestsAs(h, outsider).get(`${runs}/${run.id}`).expect(404);
    // A reader may not cancel.
    const reader = await h.member(org.id, "read");
    await requestsAs(h, reader).post(`${runs}/${run.id}/cancel`).expect(403);
    await as.post(`${runs}/${run.id}/cancel`);
    await h.services.jobs.settled();
  });
});
