// GitBook's Git Sync operations against a real Git server (git http-backend on 127.0.0.1): a repository in GitBook's
// layout comes in whole, goes out byte for byte, an unchanged space pushes nothing, and what cannot be reached or
// read ends the operation with its reason.
import { contentHelpers, insertPage } from "../../../test/support/content";
import { type GitServer, gitServer } from "../../../test/support/git-server";
import { requestsAs, useHarness } from "../../../test/support/harness";
import { FIXTURE_DIR, readDirectory } from "../../content/gitbook-layout/fixture";
import { readRepository } from "../../content/gitbook-layout/read";
import { DEFAULT_CONFIG } from "../../content/gitbook-layout/types";
import { writeRepository } from "../../content/gitbook-layout/write";

const h = useHarness({ allowPrivateFetch: true });
/** Each test runs several operations, each a clone and a change request: minutes on a loaded machine. */
const SLOW = 240_000;
const c = contentHelpers(h);
const fixture = readDirectory(FIXTURE_DIR);
const LICENSE = Buffer.from("Not the space's: kept by every export.\n");

let server: GitServer;
let locked: GitServer;
const CREDENTIALS = { username: "docs-bot", password: "s3cret-token-4711" };
beforeAll(async () => {
  server = await gitServer();
  locked = await gitServer({ auth: CREDENTIALS });
});
afterAll(async () => {
  await server?.close();
  await locked?.close();
});

const sorted = (files: Map<string, Buffer>) => [...files].sort(([a], [b]) => a.localeCompare(b)).map(([path, data]) => [path, data.toString("latin1")]);

async function setUp() {
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  return { org, space, as: requestsAs(h, org.admin) };
}

/** Asks for an operation, waits for its job, and answers the space's Git info. */
async function sync(as: ReturnType<typeof requestsAs>, spaceId: string, direction: "import" | "export", body: object) {
  await as.post(`/v1/spaces/${spaceId}/git/${direction}`, body).expect(204);
  await h.services.jobs.settled();
  return (await as.get(`/v1/spaces/${spaceId}/git/info`).expect(200)).body;
}

describe("Git import and export", () => {
  it(
    "imports a GitBook repository through a merged change request, and exports it back byte for byte",
    async () => {
      server.createRepository("manual", new Map([...fixture, ["LICENSE", LICENSE]]));
      const head = server.git("manual", "rev-parse", "refs/heads/main");
      const { org, space, as } = await setUp();
      await as.get(`/v1/spaces/${space.id}/git/info`).expect(404);

      const info = await sync(as, space.id, "import", { url: server.url("manual"), ref: "refs/heads/main", repoCommitURL: "https://git.example/commit/" });
      expect(info).toMatchObject({
        installationId: space.id,
        installationProvider: "git",
        installationStatus: "active",
        repoName: "manual",
        repoURL: server.url("manual"),
        ref: "refs/heads/main",
        operation: { state: "success", direction: "import", commitId: head, commitURL: `https://git.example/commit/${head}` },
      });
      expect(info.operation.error).toBeUndefined();
      const changeRequest = await as.get(`/v1/spaces/${space.id}/change-requests/${info.operation.changeRequestId}`).expect(200);
      expect(changeRequest.body).toMatchObject({ status: "merged", subject: `Import from manual (main at ${head.slice(0, 7)})` });

      // The pages, their links (stored as references) and blocks.
      expect((await c.pages(org.admin, space.id)).map((page) => page.title)).toEqual(["Introduction", "Guides", "Changelog", "Reference"]);
      const install = await as.get(`/v1/spaces/${space.id}/content/path/guides/install`).expect(200);
      expect(install.body.markdown).toContain("[the introduction](/introduction)");
      expect(await h.services.prisma.pageDocument.findFirst({ where: { markdown: { contains: "Back to [the introduction](docstack:page/" } } })).not.toBeNull();
      const intro = await as.get(`/v1/spaces/${space.id}/content/path/introduction`).expect(200);
      expect(intro.body.markdown).toContain('{% hint style="info" %}');

      // Exported to the same branch unchanged: the tree is the same, so nothing is pushed.
      const again = await sync(as, space.id, "export", { url: server.url("manual"), ref: "refs/heads/main", commitMessage: "No change" });
      expect(again.operation).toMatchObject({ state: "success", direction: "export", commitId: head });
      expect(server.git("manual", "rev-parse", "refs/heads/main")).toBe(head);
      expect(sorted(server.checkout("manual"))).toEqual(sorted(new Map([...fixture, ["LICENSE", LICENSE]])));

      // Imported again from the same commit onto the revision it made: nothing to do, no change request.
      const requests = await h.services.prisma.changeRequest.count({ where: { spaceId: space.id } });
      expect((await sync(as, space.id, "import", { url: server.url("manual"), ref: "refs/heads/main" })).operation).toMatchObject({
        state: "success",
        commitId: head,
      });
      expect(await h.services.prisma.changeRequest.count({ where: { spaceId: space.id } })).toBe(requests);
    },
    SLOW,
  );

  it(
    "exports an edited space as one commit by its author on top of the branch, keeping the files that are not the space's",
    async () => {
      // A Markdown file SUMMARY.md does not list is not a page: the import leaves it out, the export leaves it there.
      const unlisted = Buffer.from("# Draft\n\nNot in the table of contents.\n");
      server.createRepository("edited", new Map([...fixture, ["LICENSE", LICENSE], ["docs/drafts/unlisted.md", unlisted]]));
      const before = server.git("edited", "rev-parse", "refs/heads/main");
      const { org, space, as } = await setUp();
      await sync(as, space.id, "import", { url: server.url("edited"), ref: "refs/heads/main" });
      await c.publish(org.admin, space.id, [insertPage("Troubleshooting", "When it breaks, see [the install guide](/guides/install).")]);

      const info = await sync(as, space.id, "export", { url: server.url("edited"), ref: "refs/heads/main", commitMessage: "Add troubleshooting" });
      const after = server.git("edited", "rev-parse", "refs/heads/main");
      expect(info.operation).toMatchObject({ state: "success", commitId: after });
      expect(server.git("edited", "rev-parse", "refs/heads/main^")).toBe(before);
      expect(server.git("edited", "log", "-1", "--format=%an|%ae|%cn|%s", "main")).toBe(
        `${(await h.services.prisma.user.findUniqueOrThrow({ where: { id: org.admin.id } })).displayName}|${org.admin.email}|Docstack|Add troubleshooting`,
      );
      const files = server.checkout("edited");
      expect(files.get("LICENSE")).toEqual(LICENSE);
      expect(files.get("docs/drafts/unlisted.md")).toEqual(unlisted);
      // The repository's .gitbook.yaml (root docs/, its redirects) is followed and kept as written.
      expect(files.get(".gitbook.yaml")).toEqual(fixture.get(".gitbook.yaml"));
      expect(files.get("docs/troubleshooting.md")?.toString()).toBe("# Troubleshooting\n\nWhen it breaks, see [the install guide](guides/install.md).");
      expect(files.get("docs/SUMMARY.md")?.toString()).toContain("* [Troubleshooting](troubleshooting.md)");
      for (const [path, data] of fixture)
        if (path !== "docs/SUMMARY.md") expect([path, files.get(path)?.toString("latin1")]).toEqual([path, data.toString("latin1")]);
    },
    SLOW,
  );

  it(
    "exports to a repository with no branch yet, in the layout's default form, into the project directory",
    async () => {
      server.createRepository("empty");
      const { space, as } = await setUp();
      server.createRepository("source", fixture);
      await sync(as, space.id, "import", { url: server.url("source"), ref: "refs/heads/main" });

      const info = await sync(as, space.id, "export", {
        url: server.url("empty"),
        ref: "refs/heads/main",
        commitMessage: "First",
        repoProjectDirectory: "site/content",
      });
      expect(info.operation).toMatchObject({ state: "success", commitId: server.git("empty", "rev-parse", "refs/heads/main") });
      const expected = writeRepository({ ...readRepository(fixture), config: { ...DEFAULT_CONFIG, redirects: {} } });
      expect(sorted(server.checkout("empty"))).toEqual(sorted(new Map([...expected].map(([path, data]) => [`site/content/${path}`, data]))));

      // And it imports back from there: the same pages.
      const copy = await setUp();
      const back = await sync(copy.as, copy.space.id, "import", { url: server.url("empty"), ref: "main", repoProjectDirectory: "site/content" });
      expect(back.operation.state).toBe("success");
      expect((await c.pages(copy.org.admin, copy.space.id)).map((page) => page.title)).toEqual(["Introduction", "Guides", "Changelog", "Reference"]);
    },
    SLOW,
  );

  it(
    "sends the URL's credentials as basic auth, and never answers, logs or keeps them",
    async () => {
      locked.createRepository("private", fixture);
      const { space, as } = await setUp();
      const denied = await sync(as, space.id, "import", { url: locked.url("private"), ref: "refs/heads/main" });
      expect(denied.operation).toMatchObject({ state: "failure", error: "the repository refused the credentials (HTTP 401)" });

      const info = await sync(as, space.id, "import", { url: locked.url("private", CREDENTIALS), ref: "refs/heads/main" });
      expect(info.operation.state).toBe("success");
      expect(info.repoURL).toBe(locked.url("private"));
      const row = await h.services.prisma.spaceGitSync.findUniqueOrThrow({ where: { spaceId: space.id } });
      expect(row.request).toBeNull();
      expect(JSON.stringify(row)).not.toContain(CREDENTIALS.password);
      expect(JSON.stringify(info)).not.toContain(CREDENTIALS.password);
      expect(h.logs.join("\n")).not.toContain(CREDENTIALS.password);
    },
    SLOW,
  );

  it(
    "ends with the reason when the branch, the repository or its layout is wrong, or the repository is too large",
    async () => {
      server.createRepository("reasons", fixture);
      const { org, space, as } = await setUp();
      expect((await sync(as, space.id, "import", { url: server.url("reasons"), ref: "refs/heads/nope" })).operation).toMatchObject({
        state: "failure",
        error: "the repository has no branch nope",
      });
      expect((await sync(as, space.id, "import", { url: server.url("missing"), ref: "refs/heads/main" })).operation).toMatchObject({
        state: "failure",
        error: `no Git repository at ${server.url("missing")} (HTTP 404)`,
      });
      expect((await sync(as, space.id, "import", { url: server.url("reasons"), ref: "main", repoProjectDirectory: "nothing-here" })).operation).toMatchObject({
        state: "failure",
        error: "the branch main has no files under nothing-here",
      });
      server.createRepository("bad-yaml", new Map([[".gitbook.yaml", Buffer.from("root: [unclosed\n")]]));
      const bad = await sync(as, space.id, "import", { url: server.url("bad-yaml"), ref: "main" });
      expect(bad.operation).toMatchObject({ state: "failure", error: expect.stringContaining(".gitbook.yaml: not valid YAML") });

      const limit = h.config.git.maxBytes;
      h.config.git.maxBytes = 500;
      try {
        const large = await sync(as, space.id, "import", { url: server.url("reasons"), ref: "main", force: true });
        expect(large.operation).toMatchObject({
          state: "failure",
          error: "the repository is larger than the server's limit of 500 bytes (DOCSTACK_GIT_MAX_BYTES)",
        });
      } finally {
        h.config.git.maxBytes = limit;
      }
      const timeout = h.config.git.timeoutMs;
      h.config.git.timeoutMs = 0;
      try {
        const late = await sync(as, space.id, "import", { url: server.url("reasons"), ref: "main", force: true });
        expect(late.operation).toMatchObject({ state: "timeout", error: "the operation ran longer than 0 s (DOCSTACK_GIT_TIMEOUT_SECONDS)" });
        expect(late.operationTimeout).toBe(0);
      } finally {
        h.config.git.timeoutMs = timeout;
      }
      // None of it touched the space.
      expect(await c.pages(org.admin, space.id)).toEqual([]);
    },
    SLOW,
  );

  it(
    "refuses what it cannot take at request time: another scheme, an internal address, a tag, a folder out of the repository, a second operation",
    async () => {
      const { space, as } = await setUp();
      const post = (body: object) => as.post(`/v1/spaces/${space.id}/git/import`, body);
      expect((await post({ url: "ftp://git.example/docs.git", ref: "main" }).expect(400)).body.error.reason).toBe("url_fetch_failed");
      expect((await post({ url: "not a url", ref: "main" }).expect(400)).body.error.reason).toBe("invalid_request");
      expect((await post({ url: server.url("x"), ref: "refs/tags/v1" }).expect(400)).body.error.message).toContain("must name a branch");
      expect((await post({ url: server.url("x"), ref: "bad..name" }).expect(400)).body.error.message).toContain("not a valid branch name");
      expect((await post({ url: server.url("x"), ref: "main", repoProjectDirectory: "../up" }).expect(400)).body.error.message).toContain(
        "repoProjectDirectory",
      );
      await as.post(`/v1/spaces/${space.id}/git/export`, { url: server.url("x"), ref: "main" }).expect(400);

      // Without the setting of the tests, a loopback address is refused: literally at once, by name when the job connects.
      h.config.allowPrivateFetch = false;
      try {
        const literal = await post({ url: server.url("x"), ref: "main" }).expect(400);
        expect(literal.body.error).toMatchObject({ reason: "url_fetch_failed", message: expect.stringContaining("127.0.0.1") });
        const named = await sync(as, space.id, "import", { url: server.url("x").replace("127.0.0.1", "localhost"), ref: "main" });
        expect(named.operation).toMatchObject({ state: "failure", error: expect.stringContaining("refused: localhost resolves to") });
      } finally {
        h.config.allowPrivateFetch = true;
      }

      // One operation of a space at a time.
      await h.services.prisma.spaceGitSync.update({ where: { spaceId: space.id }, data: { state: "running", startedAt: h.clock.now() } });
      const busy = await as.post(`/v1/spaces/${space.id}/git/export`, { url: server.url("x"), ref: "main", commitMessage: "m" }).expect(409);
      expect(busy.body.error.reason).toBe("git_sync_running");
    },
    SLOW,
  );

  it(
    "leaves a standalone import's change request open, the space unchanged; readers see the info, only editors sync",
    async () => {
      server.createRepository("standalone", fixture);
      const { org, space, as } = await setUp();
      const info = await sync(as, space.id, "import", { url: server.url("standalone"), ref: "main", standalone: true });
      expect(info.operation.state).toBe("success");
      expect(info.operation.commitId).toBeUndefined();
      const changeRequest = await as.get(`/v1/spaces/${space.id}/change-requests/${info.operation.changeRequestId}`).expect(200);
      expect(changeRequest.body.status).not.toBe("merged");
      expect(await c.pages(org.admin, space.id)).toEqual([]);

      const reader = await h.member(org.id, "read");
      await requestsAs(h, reader).get(`/v1/spaces/${space.id}/git/info`).expect(200);
      await requestsAs(h, reader)
        .post(`/v1/spaces/${space.id}/git/import`, { url: server.url("standalone"), ref: "main" })
        .expect(403);
      const stranger = (await h.organization("Other")).admin;
      await requestsAs(h, stranger).get(`/v1/spaces/${space.id}/git/info`).expect(404);
    },
    SLOW,
  );
});
