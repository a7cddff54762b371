// The test Git server's process (git-server.ts): Debian's `git http-backend` as CGI behind a Node HTTP server on
// 127.0.0.1, over the bare repositories in GIT_PROJECT_ROOT, behind basic auth when GIT_TEST_AUTH is
// "user:password", with git's environment as git-server.ts gives it (the rest of this process's); and, on request
// over the IPC channel, a commit pushed with the git command line. In a process of its own because every request and
// every git command is a fork: from a jest worker holding a database (about 1.9 GB resident), a fork costs 25 to 30 ms
// of CPU copying page tables; from this small process, about 5.
// Sends { port } once listening; ends when its parent goes.
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const HTTP_BACKEND = "/usr/lib/git-core/git-http-backend";
const runAsync = promisify(execFile);
const { GIT_PROJECT_ROOT: root, GIT_TEST_AUTH: auth, ...gitEnv } = process.env;

/** The CGI answer: its header lines (`Status:` among them), then the body. */
function parseCgi(output) {
  let end = output.indexOf("\r\n\r\n");
  let skip = 4;
  if (end < 0) {
    end = output.indexOf("\n\n");
    skip = 2;
  }
  const head = output.subarray(0, Math.max(end, 0)).toString("latin1");
  const headers = [];
  let status = 200;
  for (const line of head.split(/\r?\n/).filter(Boolean)) {
    const colon = line.indexOf(":");
    const [name, value] = [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
    else headers.push([name, value]);
  }
  return { status, headers, body: end < 0 ? output : output.subarray(end + skip) };
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  let user;
  if (auth) {
    if (req.headers.authorization !== `Basic ${Buffer.from(auth).toString("base64")}`) {
      res.writeHead(401, { "WWW-Authenticate": 'Basic realm="git"' }).end();
      return;
    }
    user = auth.slice(0, auth.indexOf(":"));
  }
  const child = spawn(HTTP_BACKEND, [], {
    env: {
      ...gitEnv,
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
  const output = [];
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.resume();
  child.on("error", () => res.writeHead(500).end());
  child.on("close", () => {
    const answer = parseCgi(Buffer.concat(output));
    res.writeHead(answer.status, answer.headers.flat());
    res.end(answer.body);
  });
  req.pipe(child.stdin);
});

/** Commits `files` (path → bytes; null deletes) on top of `main` of `url`, or as a new history (`orphan`); pushes; the commit's ID. */
async function push({ url, files, message, orphan }) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-git-push-"));
  const env = { ...gitEnv, HOME: work };
  const out = path.join(work, "out");
  const git = async (...args) => (await runAsync("git", args, { cwd: out, env, encoding: "utf8" })).stdout.trim();
  try {
    await runAsync("git", ["clone", "--quiet", "-b", "main", url, "out"], { cwd: work, env });
    if (orphan) {
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
    await git("push", "--quiet", ...(orphan ? ["--force", "origin", "rewritten:main"] : ["origin", "main"]));
    return await git("rev-parse", "HEAD");
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

process.on("message", ({ id, push: request }) => {
  push(request).then(
    (commit) => process.send({ id, commit }),
    (error) => process.send({ id, error: String(error?.stderr || error) }),
  );
});
process.on("disconnect", () => process.exit(0));
server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
