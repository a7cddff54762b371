// Continuous Git Sync's tests (src/areas/space-git/git-sync*.test.ts), two files so that jest's two workers share
// them: a harness allowed to fetch from 127.0.0.1, two real Git servers (git http-backend, one behind basic auth), and
// the helpers both files use. The tests poll by hand on the harness's clock.
import { createHmac } from "node:crypto";
import { gitPollJob } from "../../src/git/continuous";
import { type Change, contentHelpers } from "./content";
import { type GitServer, gitServer } from "./git-server";
import { requestsAs, useHarness } from "./harness";

export const SLOW = 240_000;
export const CREDENTIALS = { username: "docs-bot", password: "s3cret-token-8812" };
export const SEED = new Map([
  ["README.md", Buffer.from("# Welcome\n\nThe start.\n")],
  ["SUMMARY.md", Buffer.from("# Table of contents\n\n* [Welcome](README.md)\n* [Install](install.md)\n")],
  ["install.md", Buffer.from("# Install\n\nRun the installer.\n")],
]);
export const hmac = (secret: string, body: string) => createHmac("sha256", secret).update(body).digest("hex");

/** The file's harness, Git servers (`git.server`, and `git.locked` behind CREDENTIALS, set before the tests) and helpers. */
export function useGitSync() {
  const h = useHarness({ allowPrivateFetch: true });
  // The real minute's poll, on the same clock, would queue a second sync of a space a test has just made due (a
  // failure counted twice).
  beforeAll(() => h.services.jobs.unschedule(gitPollJob.name));
  const c = contentHelpers(h);
  const git = {} as { server: GitServer; locked: GitServer };
  beforeAll(async () => {
    git.server = await gitServer();
    git.locked = await gitServer({ auth: CREDENTIALS });
  });
  afterAll(async () => {
    await git.server?.close();
    await git.locked?.close();
  });

  /** Commits `files` on the test server's repository and pushes (see GitServer.push). */
  const push = (repo: string, files: Record<string, string | Buffer | null>, message: string, options: { orphan?: boolean } = {}) =>
    git.server.push(repo, files, message, options);

  /** A space synced with a new repository seeded with SEED, its first sync done. */
  async function syncedSpace(repo: string, seed: ReadonlyMap<string, Buffer> = SEED) {
    git.server.createRepository(repo, seed);
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    const as = requestsAs(h, org.admin);
    const configured = await as.put(`/v1/spaces/${space.id}/git/sync`, { url: git.server.url(repo), ref: "refs/heads/main" }).expect(200);
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

  return { h, c, git, push, syncedSpace, titles, mergeEditOf };
}
