// Git Sync's figures (part of `npm run bench`, `BENCH_ONLY=git-sync`), on a space of a few hundred pages synced
// with a branch of a real Git server on 127.0.0.1 (Debian's git http-backend: the tests' server,
// packages/server/test/support/git-server.ts, loaded as it is):
//  - seconds from a `git push` (of a page's edit) to the edit visible through the API, the push webhook posted right
//    after the push, as a Git server would;
//  - seconds from a change request's merge to its commit on the remote (polled with `git ls-remote`).
// Goal ≤ 5 s each. Writes results/git-sync.json.
import { execFile } from "node:child_process";
import { createHmac } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { client, timedMerge } from "./content.mjs";
import { DURATION, percentile, startTarget } from "./lib.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const PAGES = Number(process.env.BENCH_GIT_SYNC_PAGES || 300);
const GOAL_SECONDS = 5;
const MIN_ROUNDS = Number(process.env.BENCH_GIT_SYNC_ROUNDS || 5);
// Asynchronous: the Git server answers in a process of its own, started by this one.
const run = promisify(execFile);

/**
 * The tests' Git server, its types stripped by the server's TypeScript (it imports only Node's modules), with the
 * `__dirname` it finds its server process's script by.
 */
async function gitServer() {
  const source = path.join(here, "../packages/server/test/support/git-server.ts");
  const ts = createRequire(path.join(here, "../packages/server/package.json"))("typescript");
  const { outputText } = ts.transpileModule(fs.readFileSync(source, "utf8"), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const withDirname = `const __dirname = ${JSON.stringify(path.dirname(source))};\n${outputText}`;
  const module = await import(`data:text/javascript;base64,${Buffer.from(withDirname).toString("base64")}`);
  return module.gitServer();
}

/** Until `check` answers something truthy (polled every 25 ms; the figures are the time it took). */
async function until(check, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const summary = (seconds) => {
  const sorted = [...seconds].sort((a, b) => a - b);
  return { rounds: sorted.length, p50: Number(percentile(sorted, 50).toFixed(2)), max: Number(sorted[sorted.length - 1].toFixed(2)) };
};

async function main() {
  const server = await gitServer();
  server.createRepository("bench");
  const { child, info } = await startTarget({
    BENCH_CONTENT_SIZES: String(PAGES),
    BENCH_WORK_JOBS: "1",
    DOCSTACK_ALLOW_PRIVATE_FETCH: "true",
    // No poll during the run: each sync is the hook's or the merge's.
    DOCSTACK_GIT_POLL_SECONDS: "3600",
  });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-bench-git-"));
  const env = { PATH: process.env.PATH, HOME: work, GIT_CONFIG_NOSYSTEM: "1", GIT_TERMINAL_PROMPT: "0", LANG: "C" };
  const git = async (...args) => (await run("git", args, { cwd: path.join(work, "out"), env, encoding: "utf8" })).stdout.trim();
  try {
    const call = client(info.full, info.token);
    const space = info.contentSpaces[0];
    const url = server.url("bench");
    const configured = await call("PUT", `/v1/spaces/${space.spaceId}/git/sync`, { url, ref: "refs/heads/main" });
    // The first sync creates the branch from the space.
    const firstStarted = performance.now();
    await until(async () => (await call("GET", `/v1/spaces/${space.spaceId}/git/sync`)).status === "synced", "the first sync");
    const firstSyncSeconds = (performance.now() - firstStarted) / 1000;
    await run("git", ["clone", "--quiet", "-b", "main", url, "out"], { cwd: work, env });
    const files = fs.readdirSync(path.join(work, "out"), { recursive: true }).filter((at) => String(at).endsWith(".md"));

    const pushSeconds = [];
    const mergeSeconds = [];
    const deadline = Date.now() + DURATION * 2000;
    for (let round = 0; round < MIN_ROUNDS || Date.now() < deadline; round++) {
      // Git → Docstack: a page edited and pushed, the hook posted at once.
      const page = space.sample[round % space.sample.length];
      const file = `${page.path}.md`;
      if (!files.includes(file)) throw new Error(`no file ${file} in the branch`);
      const marker = `Edited on the branch, round ${round}.`;
      fs.appendFileSync(path.join(work, "out", file), `\n${marker}\n`);
      await git("add", "-A");
      await git("-c", "user.name=Bench", "-c", "user.email=bench@example.com", "commit", "--quiet", "-m", `Round ${round}`);
      await git("push", "--quiet", "origin", "main");
      const pushed = performance.now();
      const body = JSON.stringify({ ref: "refs/heads/main" });
      const hook = await fetch(`${info.full}/v1/spaces/${space.spaceId}/git/sync/hook`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-hub-signature-256": `sha256=${createHmac("sha256", configured.webhookSecret).update(body).digest("hex")}`,
        },
        body,
      });
      if (hook.status !== 202) throw new Error(`the hook was answered ${hook.status}`);
      await until(async () => (await call("GET", `/v1/spaces/${space.spaceId}/content/path/${page.path}`)).markdown?.includes(marker), "the push in the space");
      pushSeconds.push((performance.now() - pushed) / 1000);
      const head = await git("rev-parse", "HEAD");
      await until(async () => (await call("GET", `/v1/spaces/${space.spaceId}/git/sync`)).lastCommit === head, "the sync's end");

      // Docstack → Git: a one-page change request merged, its commit awaited on the remote.
      const mergeMs = await timedMerge(call, space, round);
      const merged = performance.now() - mergeMs;
      await until(
        async () => (await run("git", ["ls-remote", url, "refs/heads/main"], { env, encoding: "utf8" })).stdout.split("\t")[0] !== head,
        "the merge's commit",
      );
      mergeSeconds.push((performance.now() - merged) / 1000);
      await until(async () => (await call("GET", `/v1/spaces/${space.spaceId}/git/sync`)).status === "synced", "the export's end");
      await git("pull", "--quiet", "--ff-only", "origin", "main");
    }

    const result = {
      pages: PAGES,
      firstSyncSeconds: Number(firstSyncSeconds.toFixed(2)),
      pushToSpaceSeconds: summary(pushSeconds),
      mergeToRemoteSeconds: summary(mergeSeconds),
      goalSeconds: GOAL_SECONDS,
    };
    console.log(`\nGit Sync (a space of ${PAGES} pages, a Git server on 127.0.0.1, ${result.pushToSpaceSeconds.rounds} rounds)`);
    console.log(`first sync (the branch created from the space): ${result.firstSyncSeconds} s`);
    console.log(
      `git push → in the space (hook posted at once): p50 ${result.pushToSpaceSeconds.p50} s, max ${result.pushToSpaceSeconds.max} s  (goal ≤ ${GOAL_SECONDS})`,
    );
    console.log(`merge → commit on the remote: p50 ${result.mergeToRemoteSeconds.p50} s, max ${result.mergeToRemoteSeconds.max} s  (goal ≤ ${GOAL_SECONDS})`);
    fs.mkdirSync(path.join(here, "results"), { recursive: true });
    fs.writeFileSync(path.join(here, "results", "git-sync.json"), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    child.send("stop");
    fs.rmSync(work, { recursive: true, force: true });
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
