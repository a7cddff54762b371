// Continuous Git Sync against a real Git server (git http-backend on 127.0.0.1), the second half of git-sync.test.ts
// (set-up shared in test/support/git-sync.ts): a force-push is followed and pushes found by polling; what an import
// keeps (IDs across a reorder or a page becoming a folder, files in .gitbook/assets/, a branch that cannot be
// matched); a refused remote is shown and retried with backoff. The harness fails the file when a secret (the
// password, the webhook's secret) reaches a log line.
import { setTimeout as delay } from "node:timers/promises";
import { insertPage, pngBytes } from "../../../test/support/content";
import { CREDENTIALS, SEED, SLOW, useGitSync } from "../../../test/support/git-sync";
import { requestsAs } from "../../../test/support/harness";
import { pollGitSyncs, pollWithinMinute } from "../../git/continuous";

const { h, c, git, push, syncedSpace, titles } = useGitSync();

describe("Git Sync", () => {
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
      const exported = git.server.checkout("unmatched");
      expect(exported.get("SUMMARY.md")?.toString()).toMatch(/## Guides\n\n\* \[Install\]\([^)]+\)\n\* \[Extra\]/);
      const installFile = [...exported.keys()].find((at) => at.endsWith("install.md"))!;

      await push("unmatched", { [installFile]: "# Install\n\nRun the installer twice.\n" }, "Edit install on the branch");
      await h.api.post(hookUrl).set("Content-Type", "application/json").set("X-Gitlab-Token", secret).send("{}").expect(202);
      await h.services.jobs.settled();
      // The whole branch, as it reads: the edit arrived, Extra is under the group as the branch has it.
      expect((await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body).toMatchObject({
        status: "synced",
        lastCommit: git.server.git("unmatched", "rev-parse", "refs/heads/main"),
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
      git.locked.createRepository("revoked", SEED);
      const org = await h.organization();
      const space = await c.createSpace(org.admin, org.id);
      const as = requestsAs(h, org.admin);
      const wrong = { username: "docs-bot", password: "revoked-token-5521" };
      await as.put(`/v1/spaces/${space.id}/git/sync`, { url: git.locked.url("revoked"), ref: "main", ...wrong }).expect(200);
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
      await as.put(`/v1/spaces/${space.id}/git/sync`, { url: git.locked.url("revoked"), ref: "main", ...CREDENTIALS }).expect(200);
      await h.services.jobs.settled();
      expect((await as.get(`/v1/spaces/${space.id}/git/sync`).expect(200)).body).toMatchObject({ status: "synced", failures: 0 });
    },
    SLOW,
  );
});
