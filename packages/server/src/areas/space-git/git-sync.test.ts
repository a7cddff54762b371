// Continuous Git Sync against a real Git server (git http-backend on 127.0.0.1), pushed to with the `git` command
// line: configuration; a push announced by a signed webhook (GitHub, Gitea, GitLab formats) appears in the space (only
// the pages it changed written); a merge is pushed as one commit naming its change request and author; both sides
// changed different pages → both merged and pushed; the same page → an open change request and nothing overwritten.
// Polling, force-pushes, what an import keeps and a refused remote: git-sync-polling.test.ts (set-up shared in
// test/support/git-sync.ts). The harness fails the file when a secret (the password, the webhook's secret) reaches a log line.
import { insertPage } from "../../../test/support/content";
import { CREDENTIALS, hmac, SEED, SLOW, useGitSync } from "../../../test/support/git-sync";
import { requestsAs } from "../../../test/support/harness";

const { h, c, git, push, syncedSpace, titles, mergeEditOf } = useGitSync();

describe("Git Sync", () => {
  it(
    "is configured by space admins only; answers the webhook's secret once and the credentials never; stores them sealed",
    async () => {
      git.locked.createRepository("private", SEED);
      const head = git.locked.git("private", "rev-parse", "refs/heads/main");
      const org = await h.organization();
      const space = await c.createSpace(org.admin, org.id);
      const as = requestsAs(h, org.admin);
      const url = `/v1/spaces/${space.id}/git/sync`;
      const body = { url: git.locked.url("private"), ref: "main", ...CREDENTIALS };

      const editor = await h.member(org.id, "edit");
      await requestsAs(h, editor).put(url, body).expect(403);
      const outsider = (await h.organization()).admin;
      await requestsAs(h, outsider).put(url, body).expect(404);
      await as.get(url).expect(404);
      // Credentials go in their fields, never in the URL.
      await as.put(url, { ...body, url: git.locked.url("private", CREDENTIALS) }).expect(400);

      const configured = await as.put(url, body).expect(200);
      expect(configured.body).toMatchObject({
        object: "git-sync",
        url: git.locked.url("private"),
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
      const before = git.server.git("exported", "rev-parse", "refs/heads/main");
      const author = await h.member(org.id, "edit");
      const cr = await c.createChangeRequest(author, space.id, "Add a FAQ");
      await c.write(author, space.id, cr.id, [insertPage("FAQ", "Questions and answers.")]);
      await c.merge(author, space.id, cr.id);
      await h.services.jobs.settled();

      const head = git.server.git("exported", "rev-parse", "refs/heads/main");
      expect(head).not.toBe(before);
      expect(git.server.git("exported", "rev-parse", `${head}^`)).toBe(before);
      const log = git.server.git("exported", "log", "-1", "--format=%an <%ae>%n%cn%n%B", head);
      const { displayName } = await h.services.prisma.user.findUniqueOrThrow({ where: { id: author.id } });
      expect(log).toContain(`${displayName} <${author.email}>`);
      expect(log).toContain(`Add a FAQ (#${cr.number})`);
      expect(log).toContain(`change request #${cr.number} by ${displayName}`);
      expect(log).toContain("\nDocstack\n");
      const files = git.server.checkout("exported");
      expect([...files.keys()].some((at) => at.toLowerCase().includes("faq"))).toBe(true);
      expect((await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body).toMatchObject({ status: "synced", lastCommit: head });
      // The push is not imported back: nothing left to do.
      await h.services.jobs.send("space-git.continuous", { spaceId: space.id }, { key: space.id });
      await h.services.jobs.settled();
      expect(git.server.git("exported", "rev-parse", "refs/heads/main")).toBe(head);
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

      const head = git.server.git("pages", "rev-parse", "refs/heads/main");
      expect(git.server.git("pages", "rev-parse", `${head}^`)).toBe(pushed);
      expect((await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body).toMatchObject({ status: "synced", lastCommit: head });
      expect((await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body.conflictChangeRequestId).toBeUndefined();
      // The space has both sides, the same pages (IDs kept) …
      expect(await titles(org.admin, space.id)).toEqual(["Welcome", "Install", "Space only"]);
      expect((await c.pages(org.admin, space.id)).find((page) => page.title === "Welcome")!.id).toBe(welcome.id);
      expect((await as.get(`/v1/spaces/${space.id}/content/path/install`).expect(200)).body.markdown).toContain("twice");
      expect((await as.get(`/v1/spaces/${space.id}/content/page/${welcome.id}`).expect(200)).body.markdown).toContain("edited in Docstack");
      // … and so has the branch.
      const files = git.server.checkout("pages");
      expect(files.get("install.md")?.toString()).toContain("twice");
      expect(files.get("README.md")?.toString()).toContain("edited in Docstack");
      expect([...files.keys()].some((at) => at.toLowerCase().includes("space-only"))).toBe(true);
      // No change request left open: the import merged.
      const requests = await h.services.prisma.changeRequest.findMany({ where: { spaceId: space.id } });
      expect(requests.every((request) => request.status === "merged")).toBe(true);
      // Nothing left to do: the next sync pushes and imports nothing.
      await h.services.jobs.send("space-git.continuous", { spaceId: space.id }, { key: space.id });
      await h.services.jobs.settled();
      expect(git.server.git("pages", "rev-parse", "refs/heads/main")).toBe(head);
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
      expect(git.server.git("both", "rev-parse", "refs/heads/main")).toBe(pushed);
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
      expect(git.server.git("both", "rev-parse", "refs/heads/main")).toBe(pushed);

      // Archived (the space's side wins): the space is pushed on top of the branch's commit.
      await as.patch(`/v1/spaces/${space.id}/change-requests/${state.conflictChangeRequestId}`, { status: "archived" }).expect(200);
      await h.api.post(hookUrl).set("Content-Type", "application/json").set("X-Gitlab-Token", secret).send(payload).expect(202);
      await h.services.jobs.settled();
      const head = git.server.git("both", "rev-parse", "refs/heads/main");
      expect(git.server.git("both", "rev-parse", `${head}^`)).toBe(pushed);
      expect((await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body).toMatchObject({ status: "synced", lastCommit: head });
      expect(git.server.checkout("both").get("install.md")?.toString()).toContain("once");
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
});
