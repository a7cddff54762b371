// A real Git server on 127.0.0.1 for tests: Debian's `git http-backend` run as CGI behind a Node HTTP server (the
// smart HTTP protocol, fetch and push), over bare repositories in a temporary folder, optionally behind basic auth.
// Repositories are seeded and read back with the `git` command line.
import { execFile, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const HTTP_BACKEND = "/usr/lib/git-core/git-http-backend";
const runAsync = promisify(execFile);

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
  /** Requests received (method and path, query included). */
  requests: string[];
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

/** The CGI answer: its header lines (`Status:` among them), then the body. */
function parseCgi(output: Buffer): { status: number; headers: [string, string][]; body: Buffer } {
  let end = output.indexOf("\r\n\r\n");
  let skip = 4;
  if (end < 0) {
    end = output.indexOf("\n\n");
    skip = 2;
  }
  const head = output.subarray(0, Math.max(end, 0)).toString("latin1");
  const headers: [string, string][] = [];
  let status = 200;
  for (const line of head.split(/\r?\n/).filter(Boolean)) {
    const colon = line.indexOf(":");
    const [name, value] = [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
    else headers.push([name, value]);
  }
  return { status, headers, body: end < 0 ? output : output.subarray(end + skip) };
}

export async function gitServer(options: { auth?: { username: string; password: string } } = {}): Promise<GitServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-git-server-"));
  const home = path.join(root, ".home");
  fs.mkdirSync(home);
  const env = gitEnv(home);
  const run = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env, encoding: "utf8" }).trim();
  const requests: string[] = [];

  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? "/", "http://localhost");
    let user: string | undefined;
    if (options.auth) {
      const expected = `Basic ${Buffer.from(`${options.auth.username}:${options.auth.password}`).toString("base64")}`;
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { "WWW-Authenticate": 'Basic realm="git"' }).end();
        return;
      }
      user = options.auth.username;
    }
    const child = spawn(HTTP_BACKEND, [], {
      env: {
        ...env,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: "1",
        REQUEST_METHOD: req.method ?? "GET",
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers["content-type"] ?? "",
        ...(req.headers["content-length"] ? { CONTENT_LENGTH: req.headers["content-length"] } : {}),
        ...(req.headers["content-encoding"] ? { HTTP_CONTENT_ENCODING: req.headers["content-encoding"] } : {}),
        ...(req.headers["git-protocol"] ? { GIT_PROTOCOL: String(req.headers["git-protocol"]) } : {}),
        REMOTE_ADDR: "127.0.0.1",
        ...(user ? { REMOTE_USER: user } : {}),
      },
    });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.resume();
    child.on("error", () => res.writeHead(500).end());
    child.on("close", () => {
      const answer = parseCgi(Buffer.concat(output));
      res.writeHead(answer.status, answer.headers.flat());
      res.end(answer.body);
    });
    req.pipe(child.stdin);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    requests,
    url: (name, credentials) =>
      credentials
        ? `http://${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@${base.slice("http://".length)}/${name}.git`
        : `${base}/${name}.git`,
    createRepository(name, files) {
      const bare = path.join(root, `${name}.git`);
      if (!files) {
        run(root, "init", "--quiet", "--bare", "-b", "main", bare);
      } else {
        const work = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-git-seed-"));
        for (const [at, data] of files) {
          fs.mkdirSync(path.dirname(path.join(work, at)), { recursive: true });
          fs.writeFileSync(path.join(work, at), data);
        }
        run(work, "init", "--quiet", "-b", "main");
        run(work, "add", "-A");
        run(work, "-c", "user.name=Seed", "-c", "user.email=seed@example.com", "commit", "--quiet", "-m", "Seed");
        run(root, "clone", "--quiet", "--bare", work, bare);
        fs.rmSync(work, { recursive: true, force: true });
      }
      run(bare, "config", "http.receivepack", "true");
    },
    git: (name, ...args) => run(path.join(root, `${name}.git`), ...args),
    async push(name, files, message, options = {}) {
      const work = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-git-push-"));
      const env = gitEnv(work);
      const out = path.join(work, "out");
      const git = async (...args: string[]) => (await runAsync("git", args, { cwd: out, env, encoding: "utf8" })).stdout.trim();
      try {
        await runAsync("git", ["clone", "--quiet", "-b", "main", `${base}/${name}.git`, "out"], { cwd: work, env });
        if (options.orphan) {
          await git("checkout", "--quiet", "--orphan", "rewritten");
          await git("rm", "-r", "--quiet", "--cached", ".");
          for (const file of fs.readdirSync(out)) if (file !== ".git") fs.rmSync(path.join(out, file), { recursive: true });
        }
        for (const [at, data] of Object.entries(files)) {
          if (data === null) fs.rmSync(path.join(out, at));
          else {
            fs.mkdirSync(path.dirname(path.join(out, at)), { recursive: true });
            fs.writeFileSync(path.join(out, at), data);
          }
        }
        await git("add", "-A");
        await git("-c", "user.name=Grace", "-c", "user.email=grace@example.com", "commit", "--quiet", "-m", message);
        await git("push", "--quiet", ...(options.orphan ? ["--force", "origin", "rewritten:main"] : ["origin", "main"]));
        return await git("rev-parse", "HEAD");
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
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
        server.close(() => {
          fs.rmSync(root, { recursive: true, force: true });
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
