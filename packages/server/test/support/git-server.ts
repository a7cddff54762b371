// A real Git server on 127.0.0.1 for tests: Debian's `git http-backend` run as CGI behind a Node HTTP server (the
// smart HTTP protocol, fetch and push), over bare repositories in a temporary folder, optionally behind basic auth.
// The server, and the pushes that go through it, run in a small process of their own (git-http-server.mjs says why);
// repositories are seeded and read back with the `git` command line here.
import { type ChildProcess, execFileSync, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The git command line without the machine's or user's configuration. */
function gitEnv(home: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: "1", GIT_TERMINAL_PROMPT: "0", LANG: "C" };
}

export interface GitServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** The URL of a repository, with credentials when given. */
  url(name: string, credentials?: { username: string; password: string }): string;
  /** A bare repository holding `files` in one commit on `main` (empty, with no branch, when `files` is undefined). */
  createRepository(name: string, files?: ReadonlyMap<string, Buffer>): void;
  /** Runs git in the bare repository; its output, trimmed. */
  git(name: string, ...args: string[]): string;
  /** The files of the branch, as a fresh `git clone` checks them out. */
  checkout(name: string, branch?: string): Map<string, Buffer>;
  /**
   * Commits `files` (path → content; null deletes) on top of `main` with the git command line, over HTTP, and pushes;
   * `orphan` pushes a new history in its place (a force-push). Asynchronous: this server answers in this process.
   * The commit's ID.
   */
  push(name: string, files: Record<string, string | Buffer | null>, message: string, options?: { orphan?: boolean }): Promise<string>;
  close(): Promise<void>;
}

function filesUnder(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const at = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (at === ".git" || at.startsWith(".git/")) continue;
    files.set(at, fs.readFileSync(path.join(dir, at)));
  }
  return files;
}

/** Commits the working folder's files on a new `main` and clones it bare to $BARE, open to pushes over HTTP. */
const SEED_COMMIT = [
  "git init --quiet -b main",
  "git add -A",
  "git -c user.name=Seed -c user.email=seed@example.com commit --quiet -m Seed",
  'git clone --quiet --bare . "$BARE"',
  'git -C "$BARE" config http.receivepack true',
].join(" && ");

export async function gitServer(options: { auth?: { username: string; password: string } } = {}): Promise<GitServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-git-server-"));
  const home = path.join(root, ".home");
  fs.mkdirSync(home);
  const env = gitEnv(home);
  const run = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env, encoding: "utf8" }).trim();
  // Several git commands in one fork of this process (a jest worker: each fork costs it 25 to 30 ms of CPU).
  const inShell = (cwd: string, script: string, vars: Record<string, string>) =>
    execFileSync("sh", ["-ec", script], { cwd, env: { ...env, ...vars }, encoding: "utf8" });
  const serving = fork(path.join(__dirname, "git-http-server.mjs"), [], {
    env: { ...env, GIT_PROJECT_ROOT: root, ...(options.auth ? { GIT_TEST_AUTH: `${options.auth.username}:${options.auth.password}` } : {}) },
    execArgv: [],
    serialization: "advanced",
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const base = `http://127.0.0.1:${await listening(serving)}`;
  const pushed = new Map<number, { resolve(commit: string): void; reject(error: Error): void }>();
  let pushes = 0;
  serving.on("message", ({ id, commit, error }: { id?: number; commit?: string; error?: string }) => {
    if (id === undefined) return;
    const waiting = pushed.get(id);
    if (!waiting) return;
    pushed.delete(id);
    if (error !== undefined) waiting.reject(new Error(`git push failed: ${error}`));
    else waiting.resolve(commit ?? "");
  });
  // A push the process can no longer answer fails rather than waiting for the test's ceiling.
  serving.once("exit", (code) => {
    for (const waiting of pushed.values()) waiting.reject(new Error(`the Git server's process ended (${code}) during a push`));
    pushed.clear();
  });

  return {
    base,
    url: (name, credentials) =>
      credentials
        ? `http://${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@${base.slice("http://".length)}/${name}.git`
        : `${base}/${name}.git`,
    createRepository(name, files) {
      const bare = path.join(root, `${name}.git`);
      if (!files) {
        inShell(root, `git init --quiet --bare -b main "$BARE" && git -C "$BARE" config http.receivepack true`, { BARE: bare });
        return;
      }
      const work = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-git-seed-"));
      try {
        for (const [at, data] of files) {
          fs.mkdirSync(path.dirname(path.join(work, at)), { recursive: true });
          fs.writeFileSync(path.join(work, at), data);
        }
        inShell(work, SEED_COMMIT, { BARE: bare });
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
    git: (name, ...args) => run(path.join(root, `${name}.git`), ...args),
    push: (name, files, message, options = {}) =>
      new Promise((resolve, reject) => {
        const id = ++pushes;
        pushed.set(id, { resolve, reject });
        serving.send({ id, push: { url: `${base}/${name}.git`, files, message, orphan: options.orphan ?? false } });
      }),
    checkout(name, branch = "main") {
      const work = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-git-clone-"));
      try {
        run(work, "clone", "--quiet", "-b", branch, path.join(root, `${name}.git`), "out");
        return filesUnder(path.join(work, "out"));
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
    close: () =>
      new Promise((resolve) => {
        const removed = () => {
          fs.rmSync(root, { recursive: true, force: true });
          resolve();
        };
        if (serving.exitCode !== null || serving.signalCode !== null) return removed();
        serving.once("exit", removed);
        serving.kill();
      }),
  };
}

/** The port the server's process listens on, once it does. */
function listening(serving: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    serving.once("message", (message: { port?: number }) => (message.port ? resolve(message.port) : reject(new Error("the Git server did not start"))));
    serving.once("error", reject);
    serving.once("exit", (code) => reject(new Error(`the Git server's process ended (${code})`)));
  });
}
