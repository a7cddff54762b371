// Continuous Git Sync against a real Git server (git http-backend on 127.0.0.1), pushed to with the `git` command
// line: a push announced by a signed webhook (GitHub, Gitea, GitLab formats) or found by polling appears in the
// space (only the pages it changed written); a merge is pushed as one commit naming its change request and author;
// both sides changed different pages → both merged and pushed; the same page → an open change request and nothing
// overwritten; a force-push is followed; a refused remote is shown and retried with backoff.
// The harness fails the file when a secret (the password, the webhook's secret) reaches a log line.
import { createHmac } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { type Change, contentHelpers, insertPage, pngBytes } from "../../../test/support/content";
import { type GitServer, gitServer } from "../../../test/support/git-server";
import { requestsAs, useHarness } from "../../../test/support/harness";
import { gitPollJob, pollGitSyncs, pollWithinMinute } from "../../git/continuous";

const h = useHarness({ allowPrivateFetch: true });
// The tests poll by hand on the harness's clock: the real minute's poll, on the same clock, would queue a second sync
// of a space a test has just made due (a failure counted twice).
beforeAll(() => h.services.jobs.unschedule(gitPollJob.name));
const SLOW = 240_000;
const c = contentHelpers(h);

const CREDENTIALS = { username: "docs-bot", password: "s3cret-token-8812" };
let server: GitServer;
let locked: GitServer;
beforeAll(async () => {
  server = await gitServer();
  locked = await gitServer({ auth: CREDENTIALS });
});
afterAll(async () => {
  await server?.close();
  await locked?.close();
});

const SEED = new Map([
  ["README.md", Buffer.from("# Welcome\n\nThe start.\n")],
  ["SUMMARY.md", Buffer.from("# Table of contents\n\n* [Welcome](README.md)\n* [Install](install.md)\n")],
  ["install.md", Buffer.from("# Install\n\nRun the installer.\n")],
]);

/** Commits `files` on the test server's repository and pushes (see GitServer.push). */
const push = (repo: string, files: Record<string, string | Buffer | null>, message: string, options: { orphan?: boolean } = {}) =>
  server.push(repo, files, message, options);

const hmac = (secret: string, body: string) => createHmac("sha256", secret).update(body).digest("hex");

/** A space synced with a new repository seeded with SEED, its first sync done. */
async function syncedSpace(repo: string, seed: ReadonlyMap<string, Buffer> = SEED) {
  server.createRepository(repo, seed);
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  const as = requestsAs(h, org.admin);
  const configured = await as.put(`/v1/spaces/${space.id}/git/sync`, { url: server.url(repo), ref: "refs/heads/main" }).expect(200);
  await h.services.jobs.settled();
  return { org, space, as, secret: configured.body.webhookSecret as string, hookUrl: `/v1/spaces/${space.id}/git/sync/hook` };
}

const titles = async (user: Parameters<typeof c.pages>[0], spaceId: string) => (await c.pages(user, spaceId)).map((page) => page.title);

/** Merges, in the space, a change request updating the page titled `title` (and `more`), then lets the sync it queues run; the page as it was. */
async function mergeEditOf(user: Parameters<typeof c.pages>[0], spaceId: string, title: string, markdown: string, more: Change[] = []) {
  const page = (await c.pages(user, spaceId)).find((candidate) => candidate.title === title)!;
  const cr = await c.createChangeRequest(user, spaceId, `Edit ${title} in the space`);
  await c.write(user, spaceId, cr.id, [{ operation: "update_page", page: page.id, document: { markdown } }, ...more]).expect(200);
  await c.merge(user, spaceId, cr.id).expect(200);
  await h.services.jobs.settled();
  return page;
}

describe("Git Sync", () => {
  it(
    "is configured by space admins only; answers the webhook's secret once and the credentials never; stores them sealed",
    async () => {
      locked.createRepository("private", SEED);
      const head = locked.git("private", "rev-parse", "refs/heads/main");
      const org = await h.organization();
      const space = await c.createSpace(org.admin, org.id);
      const as = requestsAs(h, org.admin);
      const url = `/v1/spaces/${space.id}/git/sync`;
      const body = { url: locked.url("private"), ref: "main", ...CREDENTIALS };

      const editor = await h.member(org.id, "edit");
      await requestsAs(h, editor).put(url, body).expect(403);
      const outsider = (await h.organization()).admin;
      await requestsAs(h, outsider).put(url, body).expect(404);
      await as.get(url).expect(404);
      // Credentials go in their fields, never in the URL.
      await as.put(url, { ...body, url: locked.url("private", CREDENTIALS) }).expect(400);

      const configured = await as.put(url, body).expect(200);
      expect(configured.body).toMatchObject({
        object: "git-sync",
        url: locked.url("private"),
        ref: "refs/heads/main",
        projectDirectory: "",
        username: "docs-bot",
        status: "pending",
        webhookURL: expect.stringMatching(new RegExp(`/v1/spaces/${space.id}/git/sync/hook$`)),
        webhookSecret: expect.stringMatching(/^[0-9a-f]{48}$/),
      });
      expect(JSON.stringify(configured.body)).not.toContain(CREDENTIALS.password);
      await h.services.jobs.settled();

      // The first sync: the space was empty, the branch's content came in through a merged change request.
      const got = await as.get(url).expect(200);
      expect(got.body).toMatchObject({ status: "synced", lastCommit: head, failures: 0 });
      expect(got.body.webhookSecret).toBeUndefined();
      expect(JSON.stringify(got.body)).not.toContain(CREDENTIALS.password);
      expect(await titles(org.admin, space.id)).toEqual(["Welcome", "Install"]);
      const info = await as.get(`/v1/spaces/${space.id}/git/info`).expect(200);
      expect(info.body.operation).toMatchObject({ state: "success", direction: "import", commitId: head });
      expect(JSON.stringify(info.body)).not.toContain(CREDENTIALS.password);

      // Sealed in the database: neither the password nor the webhook's secret is readable there.
      const row = await h.services.prisma.spaceGitSync.findUniqueOrThrow({ where: { spaceId: space.id } });
      expect(row.syncSecrets).toMatch(/^v1\./);
      expect(JSON.stringify(row)).not.toContain(CREDENTIALS.password);
      expect(JSON.stringify(row)).not.toContain(configured.body.webhookSecret);

      // Deleting stops the sync and nothing else: the content stays, the hook is refused.
      await requestsAs(h, editor).delete(url).expect(403);
      await as.delete(url).expect(204);
      await as.get(url).expect(404);
      expect(await titles(org.admin, space.id)).toEqual(["Welcome", "Install"]);
      const payload = JSON.stringify({ ref: "refs/heads/main" });
      await h.api
        .post(`${url}/hook`)
        .set("Content-Type", "application/json")
        .set("X-Hub-Signature-256", `sha256=${hmac(configured.body.webhookSecret, payload)}`)
        .send(payload)
        .expect(401);
      expect((await h.services.prisma.spaceGitSync.findUniqueOrThrow({ where: { spaceId: space.id } })).syncSecrets).toBeNull();
    },
    SLOW,
  );

  it(
    "imports a push announced by a webhook signed in GitHub's, Gitea's or GitLab's format; refuses one unsigned or wrongly signed",
    async () => {
      const { org, space, secret, hookUrl } = await syncedSpace("hooked");
      const hook = (payload: string, headers: Record<string, string>) => {
        const request = h.api.post(hookUrl).set("Content-Type", "application/json");
        for (const [name, value] of Object.entries(headers)) request.set(name, value);
        return request.send(payload);
      };

      await push(
        "hooked",
        { "SUMMARY.md": "# Table of contents\n\n* [Welcome](README.md)\n* [Install](install.md)\n* [Usage](usage.md)\n", "usage.md": "# Usage\n\nUse it.\n" },
        "Add usage",
      );
      const payload = JSON.stringify({ ref: "refs/heads/main", after: "x" });
      const refusals: Record<string, string>[] = [
        {},
        { "X-Hub-Signature-256": `sha256=${hmac("not the secret", payload)}` },
        { "X-Gitea-Signature": hmac(secret, `${payload} `) },
        { "X-Gitlab-Token": `${secret}0` },
        // Every signature given must match.
        { "X-Gitlab-Token": secret, "X-Hub-Signature-256": "sha256=00" },
      ];
      for (const headers of refusals) {
        const refused = await hook(payload, headers).expect(401);
        expect(refused.body.error.reason).toBe("git_hook_signature_invalid");
      }
      await h.services.jobs.settled();
      expect(await titles(org.admin, space.id)).toEqual(["Welcome", "Install"]);

      expect((await hook(payload, { "X-Hub-Signature-256": `sha256=${hmac(secret, payload)}` }).expect(202)).body).toEqual({ queued: true });
      await h.services.jobs.settled();
      expect(await titles(org.admin, space.id)).toEqual(["Welcome", "Install", "Usage"]);

      await push("hooked", { "usage.md": "# Usage\n\nUse it well.\n" }, "Reword usage");
      await hook(payload, { "X-Gitea-Signature": hmac(secret, payload) }).expect(202);
      await h.services.jobs.settled();
      const usage = await requestsAs(h, org.admin).get(`/v1/spaces/${space.id}/content/path/usage`).expect(200);
      expect(usage.body.markdown).toContain("Use it well.");

      const install = (await c.pages(org.admin, space.id)).find((page) => page.title === "Install")!;
      await push(
        "hooked",
        {
          "install.md": "# Setup\n\nRun the installer.\n",
          "SUMMARY.md": "# Table of contents\n\n* [Welcome](README.md)\n* [Setup](install.md)\n* [Usage](usage.md)\n",
        },
        "Rename install",
      );
      await hook(payload, { "X-Gitlab-Token": secret }).expect(202);
      await h.services.jobs.settled();
      expect(await titles(org.admin, space.id)).toEqual(["Welcome", "Setup", "Usage"]);
      // Only the page the push changed is written: it keeps its ID.
      expect((await c.pages(org.admin, space.id)).find((page) => page.title === "Setup")!.id).toBe(install.id);

      // A push to another branch queues nothing.
      const other = JSON.stringify({ ref: "refs/heads/feature" });
      expect((await hook(other, { "X-Hub-Signature-256": `sha256=${hmac(secret, other)}` }).expect(202)).body).toEqual({ queued: false });
      // Each import is a merged change request of the sync.
      const requests = await h.services.prisma.changeRequest.findMany({ where: { spaceId: space.id }, orderBy: { number: "asc" } });
      expect(requests.map((cr) => cr.status)).toEqual(["merged", "merged", "merged", "merged"]);
    },
    SLOW,
  );

  it(
    "imports a push announced by GitHub's form-encoded webhook, signed over the form's bytes; refuses it wrongly signed or without payload",
    async () => {
      const { org, space, secret, hookUrl } = await syncedSpace("form");
      const form = (body: string, headers: Record<string, string>) => {
        const request = h.api.post(hookUrl).set("Content-Type", "application/x-www-form-urlencoded");
        for (const [name, value] of Object.entries(headers)) request.set(name, value);
        return request.send(body);
      };
      await push(
        "form",
        { "SUMMARY.md": "# Table of contents\n\n* [Welcome](README.md)\n* [Install](install.md)\n* [Usage](usage.md)\n", "usage.md": "# Usage\n\nUse it.\n" },
        "Add usage",
      );
      // As GitHub sends it: `payload=` and the JSON, percent-encoded; the signature is of these bytes.
      const body = `payload=${encodeURIComponent(JSON.stringify({ ref: "refs/heads/main", after: "x" }))}`;

      const wrong = await form(body, { "X-Hub-Signature-256": `sha256=${hmac(secret, decodeURIComponent(body))}` }).expect(401);
      expect(wrong.body.error.reason).toBe("git_hook_signature_invalid");
      const unsigned = await form(body, {}).expect(401);
      expect(unsigned.body.error.reason).toBe("git_hook_signature_invalid");
      const empty = "ref=refs%2Fheads%2Fmain";
      const missing = await form(empty, { "X-Hub-Signature-256": `sha256=${hmac(secret, empty)}` }).expect(400);
      expect(missing.body.error).toMatchObject({ reason: "invalid_request", message: expect.stringContaining("payload") });
      const notJson = "payload=%7Bref";
      const broken = await form(notJson, { "X-Hub-Signature-256": `sha256=${hmac(secret, notJson)}` }).expect(400);
      expect(broken.body.error.reason).toBe("invalid_json");
      await h.services.jobs.settled();
      expect(await titles(org.admin, space.id)).toEqual(["Welcome", "Install"]);

      expect((await form(body, { "X-Hub-Signature-256": `sha256=${hmac(secret, body)}` }).expect(202)).body).toEqual({ queued: true });
      await h.services.jobs.settled();
      expect(await titles(org.admin, space.id)).toEqual(["Welcome", "Install", "Usage"]);
      // The payload is read: a push to another branch queues nothing.
      const other = `payload=${encodeURIComponent(JSON.stringify({ ref: "refs/heads/feature" }))}`;
      expect((await form(other, { "X-Hub-Signature-256": `sha256=${hmac(secret, other)}` }).expect(202)).body).toEqual({ queued: false });
    },
    SLOW,
  );

  it(
    "pushes a merge as one commit naming the change request and its author",
    async () => {
      const { org, space, as } = await syncedSpace("exported");
      const before = server.git("exported", "rev-parse", "refs/heads/main");
      const author = await h.member(org.id, "edit");
      const cr = await c.createChangeRequest(author, space.id, "Add a FAQ");
      await c.write(author, space.id, cr.id, [insertPage("FAQ", "Questions and answers.")]);
      await c.merge(author, space.id, cr.id);
      await h.services.jobs.settled();

      const head = server.git("exported", "rev-parse", "refs/heads/main");
      expect(head).not.toBe(before);
      expect(server.git("exported", "rev-parse", `${head}^`)).toBe(before);
      const log = server.git("exported", "log", "-1", "--format=%an <%ae>%n%cn%n%B", head);
      const { displayName } = await h.services.prisma.user.findUniqueOrThrow({ where: { id: author.id } });
      expect(log).toContain(`${displayName} <${author.email}>`);
      expect(log).toContain(`Add a FAQ (#${cr.number})`);
      expect(log).toContain(`change request #${cr.number} by ${displayName}`);
      expect(log).toContain("\nDocstack\n");
      const files = server.checkout("exported");
      expect([...files.keys()].some((at) => at.toLowerCase().includes("faq"))).toBe(true);
      expect((await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body).toMatchObject({ status: "synced", lastCommit: head });
      // The push is not imported back: nothing left to do.
      await h.services.jobs.send("space-git.continuous", { spaceId: space.id }, { key: space.id });
      await h.services.jobs.settled();
      expect(server.git("exported", "rev-parse", "refs/heads/main")).toBe(head);
      expect(await h.services.prisma.changeRequest.count({ where: { spaceId: space.id } })).toBe(2);
    },
    SLOW,
  );

  it(
    "when the branch and the space changed different pages: both sides are merged into the space and pushed as one commit on the branch's",
    async () => {
      const { org, space, as } = await syncedSpace("pages");
      const pushed = await push("pages", { "install.md": "# Install\n\nRun the installer twice.\n" }, "Edit install on the branch");
      // No hook: the space changes another page (and adds one) before the sync reads the branch.
      const welcome = await mergeEditOf(org.admin, space.id, "Welcome", "The start, edited in Docstack.", [insertPage("Space only", "Written in Docstack.")]);

      const head = server.git("pages", "rev-parse", "refs/heads/main");
      expect(server.git("pages", "rev-parse", `${head}^`)).toBe(pushed);
      expect((await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body).toMatchObject({ status: "synced", lastCommit: head });
      expect((await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body.conflictChangeRequestId).toBeUndefined();
      // The space has both sides, the same pages (IDs kept) …
      expect(await titles(org.admin, space.id)).toEqual(["Welcome", "Install", "Space only"]);
      expect((await c.pages(org.admin, space.id)).find((page) => page.title === "Welcome")!.id).toBe(welcome.id);
      expect((await as.get(`/v1/spaces/${space.id}/content/path/install`).expect(200)).body.markdown).toContain("twice");
      expect((await as.get(`/v1/spaces/${space.id}/content/page/${welcome.id}`).expect(200)).body.markdown).toContain("edited in Docstack");
      // … and so has the branch.
      const files = server.checkout("pages");
      expect(files.get("install.md")?.toString()).toContain("twice");
      expect(files.get("README.md")?.toString()).toContain("edited in Docstack");
      expect([...files.keys()].some((at) => at.toLowerCase().includes("space-only"))).toBe(true);
      // No change request left open: the import merged.
      const requests = await h.services.prisma.changeRequest.findMany({ where: { spaceId: space.id } });
      expect(requests.every((request) => request.status === "merged")).toBe(true);
      // Nothing left to do: the next sync pushes and imports nothing.
      await h.services.jobs.send("space-git.continuous", { spaceId: space.id }, { key: space.id });
      await h.services.jobs.settled();
      expect(server.git("pages", "rev-parse", "refs/heads/main")).toBe(head);
      expect(await h.services.prisma.changeRequest.count({ where: { spaceId: space.id } })).toBe(requests.length);
    },
    SLOW,
  );

  it(
    "when both sides changed the same page: the branch's side waits in an open change request, the space keeps its content; archived, the space is pushed",
    async () => {
      const { org, space, as, secret, hookUrl } = await syncedSpace("both");
      const pushed = await push("both", { "install.md": "# Install\n\nRun the installer twice.\n" }, "Edit install on the branch");
      // No hook: the space changes the same page before the sync reads the branch.
      await mergeEditOf(org.admin, space.id, "Install", "Run the installer once.");

      const state = (await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body;
      expect(state).toMatchObject({ status: "conflict", conflictChangeRequestId: expect.any(String) });
      expect(state.error).toContain(pushed.slice(0, 7));
      // Nothing overwritten: the branch is as pushed, the space has its page and not the branch's edit.
      expect(server.git("both", "rev-parse", "refs/heads/main")).toBe(pushed);
      expect(state.error).toContain("install");
      expect(await titles(org.admin, space.id)).toEqual(["Welcome", "Install"]);
      const kept = (await as.get(`/v1/spaces/${space.id}/content/path/install`).expect(200)).body.markdown;
      expect(kept).toContain("once");
      expect(kept).not.toContain("twice");
      // The branch's side is in the open change request.
      const waiting = await as.get(`/v1/spaces/${space.id}/change-requests/${state.conflictChangeRequestId}`).expect(200);
      expect(waiting.body.status).toBe("open");
      const inRequest = await as.get(`/v1/spaces/${space.id}/change-requests/${state.conflictChangeRequestId}/content/path/install`).expect(200);
      expect(inRequest.body.markdown).toContain("twice");
      const info = (await as.get(`/v1/spaces/${space.id}/git/info`).expect(200)).body;
      expect(info.operation).toMatchObject({ state: "failure", direction: "import", changeRequestId: state.conflictChangeRequestId });

      // While it is open, nothing is synced.
      const payload = JSON.stringify({});
      await h.api.post(hookUrl).set("Content-Type", "application/json").set("X-Gitlab-Token", secret).send(payload).expect(202);
      await h.services.jobs.settled();
      expect(server.git("both", "rev-parse", "refs/heads/main")).toBe(pushed);

      // Archived (the space's side wins): the space is pushed on top of the branch's commit.
      await as.patch(`/v1/spaces/${space.id}/change-requests/${state.conflictChangeRequestId}`, { status: "archived" }).expect(200);
      await h.api.post(hookUrl).set("Content-Type", "application/json").set("X-Gitlab-Token", secret).send(payload).expect(202);
      await h.services.jobs.settled();
      const head = server.git("both", "rev-parse", "refs/heads/main");
      expect(server.git("both", "rev-parse", `${head}^`)).toBe(pushed);
      expect((await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body).toMatchObject({ status: "synced", lastCommit: head });
      expect(server.checkout("both").get("install.md")?.toString()).toContain("once");
    },
    SLOW,
  );

  it(
    "a page moved on the branch and edited in the space is a conflict (a move is a change to the page)",
    async () => {
      const { org, space, as } = await syncedSpace("moved");
      await push(
        "moved",
        {
          "install.md": null,
          "setup.md": "# Install\n\nRun the installer.\n",
          "SUMMARY.md": "# Table of contents\n\n* [Welcome](README.md)\n* [Install](setup.md)\n",
        },
        "Move install",
      );
      await mergeEditOf(org.admin, space.id, "Install", "Run the installer once.");

      const state = (await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body;
      expect(state).toMatchObject({ status: "conflict", conflictChangeRequestId: expect.any(String) });
      expect(state.error).toContain("install");
      expect((await as.get(`/v1/spaces/${space.id}/content/path/install`).expect(200)).body.markdown).toContain("once");
      await as.get(`/v1/spaces/${space.id}/content/path/setup`).expect(404);
    },
    SLOW,
  );

  it(
    "follows a force-push, and finds pushes by polling when no webhook announces them",
    async () => {
      const { org, space, as } = await syncedSpace("polled");
      // Not due yet: the first sync read the branch just now.
      expect(await pollGitSyncs(h.services)).not.toContain(space.id);
      const rewritten = await push(
        "polled",
        { "README.md": "# Rewritten\n\nA new history.\n", "SUMMARY.md": "# Table of contents\n\n* [Rewritten](README.md)\n" },
        "A new history",
        { orphan: true },
      );
      h.clock.advance(h.config.git.pollSeconds * 1000);
      expect(await pollGitSyncs(h.services)).toContain(space.id);
      await h.services.jobs.settled();
      expect(await titles(org.admin, space.id)).toEqual(["Rewritten"]);
      expect((await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body).toMatchObject({ status: "synced", lastCommit: rewritten });
    },
    SLOW,
  );

  it(
    "polls every DOCSTACK_GIT_POLL_SECONDS when it is below a minute: a push without a webhook arrives within the minute's run",
    async () => {
      const { org, space } = await syncedSpace("often");
      await push(
        "often",
        { "SUMMARY.md": "# Table of contents\n\n* [Welcome](README.md)\n* [Install](install.md)\n* [Usage](usage.md)\n", "usage.md": "# Usage\n\nUse it.\n" },
        "Add usage",
      );
      // A clock moving with real time from the sync's: the branch is not due at the run's first poll, only at a later one.
      const base = h.clock.now().getTime();
      // The other tests' spaces are not due meanwhile (their syncs would only slow this one's).
      await h.services.prisma.spaceGitSync.updateMany({ where: { spaceId: { not: space.id } }, data: { polledAt: new Date(base + 3_600_000) } });
      const started = performance.now();
      const clock = { now: () => new Date(base + performance.now() - started) };
      const deps = { ...h.services, clock, config: { ...h.config, git: { ...h.config.git, pollSeconds: 1 } } };
      const stop = new AbortController();
      const polling = pollWithinMinute(deps, stop.signal);
      try {
        const deadline = performance.now() + 90_000;
        while (!(await titles(org.admin, space.id)).includes("Usage")) {
          if (performance.now() > deadline) throw new Error("the push was not found by polling within the run");
          await delay(200);
        }
      } finally {
        stop.abort();
        await polling;
        await h.services.jobs.settled();
      }
      expect(await titles(org.admin, space.id)).toEqual(["Welcome", "Install", "Usage"]);
    },
    SLOW,
  );

  it(
    "imports a reorder of SUMMARY.md as a reorder: the pages keep their IDs",
    async () => {
      const seed = new Map([...SEED, ["usage.md", Buffer.from("# Usage\n\nUse it.\n")]]);
      seed.set("SUMMARY.md", Buffer.from("# Table of contents\n\n* [Welcome](README.md)\n* [Install](install.md)\n* [Usage](usage.md)\n"));
      const { org, space, secret, hookUrl } = await syncedSpace("reordered", seed);
      const before = new Map((await c.pages(org.admin, space.id)).map((page) => [page.title, page.id]));
      expect([...before.keys()]).toEqual(["Welcome", "Install", "Usage"]);
      await push("reordered", { "SUMMARY.md": "# Table of contents\n\n* [Welcome](README.md)\n* [Usage](usage.md)\n* [Install](install.md)\n" }, "Usage first");
      await h.api.post(hookUrl).set("Content-Type", "application/json").set("X-Gitlab-Token", secret).send("{}").expect(202);
      await h.services.jobs.settled();
      const after = await c.pages(org.admin, space.id);
      expect(after.map((page) => [page.title, page.id])).toEqual(["Welcome", "Usage", "Install"].map((title) => [title, before.get(title)]));
      expect((await requestsAs(h, org.admin).get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body).toMatchObject({ status: "synced" });
    },
    SLOW,
  );

  it(
    "imports a page becoming a folder (its file moved under it, sub-pages added) and back, keeping its ID",
    async () => {
      const { org, space, secret, hookUrl } = await syncedSpace("folders");
      const sync = async () => {
        await h.api.post(hookUrl).set("Content-Type", "application/json").set("X-Gitlab-Token", secret).send("{}").expect(202);
        await h.services.jobs.settled();
        return c.pages(org.admin, space.id);
      };
      const install = (await c.pages(org.admin, space.id)).find((page) => page.title === "Install")!;
      await push(
        "folders",
        {
          "install.md": null,
          "install/README.md": "# Install\n\nRun the installer.\n",
          "install/linux.md": "# Linux\n\nOn Linux.\n",
          "SUMMARY.md": "# Table of contents\n\n* [Welcome](README.md)\n* [Install](install/README.md)\n  * [Linux](install/linux.md)\n",
        },
        "Install gains a sub-page",
      );
      const folder = (await sync()).find((page) => page.title === "Install")!;
      expect(folder.id).toBe(install.id);
      expect((folder.pages as { title: string }[]).map((page) => page.title)).toEqual(["Linux"]);

      await push(
        "folders",
        {
          "install/README.md": null,
          "install/linux.md": null,
          "install.md": "# Install\n\nRun the installer.\n",
          "SUMMARY.md": "# Table of contents\n\n* [Welcome](README.md)\n* [Install](install.md)\n",
        },
        "Install loses its sub-page",
      );
      const page = (await sync()).find((candidate) => candidate.title === "Install")!;
      expect(page.id).toBe(install.id);
      expect(page.pages).toEqual([]);
      expect((await requestsAs(h, org.admin).get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body).toMatchObject({ status: "synced" });
    },
    SLOW,
  );

  it(
    "imports a file added or changed in .gitbook/assets/ as the space's file of that name",
    async () => {
      const { org, space, secret, hookUrl } = await syncedSpace("assets");
      const as = requestsAs(h, org.admin);
      const files = async () => {
        await h.api.post(hookUrl).set("Content-Type", "application/json").set("X-Gitlab-Token", secret).send("{}").expect(202);
        await h.services.jobs.settled();
        return (await as.get(`/v1/spaces/${space.id}/content/files`).expect(200)).body.items as { name: string; size: number; dimensions?: unknown }[];
      };
      await push(
        "assets",
        { ".gitbook/assets/diagram.png": pngBytes(4, 3), "install.md": "# Install\n\n![Diagram](.gitbook/assets/diagram.png)\n" },
        "Add a diagram",
      );
      const added = (await files()).filter((file) => file.name === "diagram.png");
      expect(added).toEqual([expect.objectContaining({ name: "diagram.png", size: pngBytes(4, 3).byteLength, dimensions: { width: 4, height: 3 } })]);

      await push("assets", { ".gitbook/assets/diagram.png": Buffer.concat([pngBytes(8, 6), Buffer.alloc(16)]) }, "A larger diagram");
      const changed = (await files()).filter((file) => file.name === "diagram.png");
      expect(changed).toEqual([expect.objectContaining({ size: pngBytes(8, 6).byteLength + 16, dimensions: { width: 8, height: 6 } })]);
    },
    SLOW,
  );

  it(
    "imports the whole branch when its pages cannot be matched with the last sync's (a page after a group does not read back)",
    async () => {
      const summary = "# Table of contents\n\n* [Welcome](README.md)\n\n## Guides\n\n* [Install](install.md)\n";
      const { org, space, as, secret, hookUrl } = await syncedSpace("unmatched", new Map([...SEED, ["SUMMARY.md", Buffer.from(summary)]]));
      expect(await titles(org.admin, space.id)).toEqual(["Welcome", "Guides"]);
      // A top-level page after the group: the layout writes it under the group's heading, so the revision does not read back.
      await c.publish(org.admin, space.id, [insertPage("Extra", "Added in Docstack.")]);
      await h.services.jobs.settled();
      const exported = server.checkout("unmatched");
      expect(exported.get("SUMMARY.md")?.toString()).toMatch(/## Guides\n\n\* \[Install\]\([^)]+\)\n\* \[Extra\]/);
      const installFile = [...exported.keys()].find((at) => at.endsWith("install.md"))!;

      await push("unmatched", { [installFile]: "# Install\n\nRun the installer twice.\n" }, "Edit install on the branch");
      await h.api.post(hookUrl).set("Content-Type", "application/json").set("X-Gitlab-Token", secret).send("{}").expect(202);
      await h.services.jobs.settled();
      // The whole branch, as it reads: the edit arrived, Extra is under the group as the branch has it.
      expect((await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body).toMatchObject({
        status: "synced",
        lastCommit: server.git("unmatched", "rev-parse", "refs/heads/main"),
      });
      const guides = (await c.pages(org.admin, space.id)).find((page) => page.title === "Guides")!;
      const grouped = guides.pages as { id: string; title: string }[];
      expect(grouped.map((page) => page.title)).toEqual(["Install", "Extra"]);
      expect((await as.get(`/v1/spaces/${space.id}/content/page/${grouped[0]!.id}`).expect(200)).body.markdown).toContain("twice");
      const requests = await h.services.prisma.changeRequest.findMany({ where: { spaceId: space.id } });
      expect(requests.every((request) => request.status === "merged")).toBe(true);
    },
    SLOW,
  );

  it(
    "shows a refused remote as failing with its reason, and retries it with backoff",
    async () => {
      locked.createRepository("revoked", SEED);
      const org = await h.organization();
      const space = await c.createSpace(org.admin, org.id);
      const as = requestsAs(h, org.admin);
      const wrong = { username: "docs-bot", password: "revoked-token-5521" };
      await as.put(`/v1/spaces/${space.id}/git/sync`, { url: locked.url("revoked"), ref: "main", ...wrong }).expect(200);
      await h.services.jobs.settled();
      const failing = (await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body;
      expect(failing).toMatchObject({ status: "failing", failures: 1, error: "the repository refused the credentials (HTTP 401)" });
      expect(JSON.stringify(failing)).not.toContain(wrong.password);
      // Retried by the poll, later after each failure: one poll interval after the first, two after the second.
      const poll = h.config.git.pollSeconds * 1000;
      h.clock.advance(poll);
      expect(await pollGitSyncs(h.services)).toContain(space.id);
      await h.services.jobs.settled();
      expect((await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body).toMatchObject({ status: "failing", failures: 2 });
      h.clock.advance(poll);
      expect(await pollGitSyncs(h.services)).not.toContain(space.id);
      h.clock.advance(poll);
      expect(await pollGitSyncs(h.services)).toContain(space.id);
      await h.services.jobs.settled();
      expect((await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body).toMatchObject({ status: "failing", failures: 3 });
      // Configured again with the right token: synced.
      await as.put(`/v1/spaces/${space.id}/git/sync`, { url: locked.url("revoked"), ref: "main", ...CREDENTIALS }).expect(200);
      await h.services.jobs.settled();
      expect((await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body).toMatchObject({ status: "synced", failures: 0 });
    },
    SLOW,
  );
});
