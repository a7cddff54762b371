// The Git side of an import or export, with isomorphic-git (pure JavaScript: no `git` binary is run) in a temporary
// folder removed afterwards: the branch is cloned shallow (depth 1, that branch only, no checkout: files are read
// from the objects), a commit is made from a map of files without a working tree, and pushed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { HttpClient, TreeEntry } from "isomorphic-git";
import { ByteBudget } from "./http";
import type { GitRemote } from "./remote";

/** isomorphic-git loads with the first Git sync, import or export, not at start. */
const git = () => (require("isomorphic-git") as typeof import("isomorphic-git")).default;

export interface GitSession {
  remote: GitRemote;
  branch: string;
  http: HttpClient;
  budget: ByteBudget;
  /** Checked between steps (the HTTP client stops a transfer itself). */
  signal: AbortSignal;
}

/** A file of a tree: its mode (`100644`, `100755`, `120000` a link, `160000` a submodule) and its object. */
export interface TreeFile {
  mode: string;
  oid: string;
}

const auth = (session: GitSession) => (session.remote.credentials ? { onAuth: () => session.remote.credentials } : {});

/** Runs `work` in a new temporary folder, removed however it ends. */
export async function inTemporaryRepository<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "docstack-git-"));
  try {
    return await work(dir);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** The branch's head on the remote, undefined when it has no such branch (or no branch at all). */
export async function remoteHead(session: GitSession, forPush: boolean): Promise<string | undefined> {
  const refs = await git().listServerRefs({
    http: session.http,
    url: session.remote.url,
    forPush,
    protocolVersion: 1,
    prefix: `refs/heads/${session.branch}`,
    ...auth(session),
  });
  return refs.find((ref) => ref.ref === `refs/heads/${session.branch}`)?.oid;
}

/** Clones the branch's last commit into `dir`; answers the commit's ID. */
export async function cloneBranch(session: GitSession, dir: string): Promise<string> {
  session.signal.throwIfAborted();
  await git().clone({
    fs,
    http: session.http,
    dir,
    url: session.remote.url,
    ref: session.branch,
    singleBranch: true,
    depth: 1,
    noCheckout: true,
    noTags: true,
    ...auth(session),
  });
  return git().resolveRef({ fs, dir, ref: `refs/heads/${session.branch}` });
}

/** Every file of the commit's tree by path (links and submodules included, by their entry). */
export async function treeFiles(dir: string, commit: string): Promise<Map<string, TreeFile>> {
  const files = new Map<string, TreeFile>();
  const visit = async (oid: string, prefix: string) => {
    const { tree } = await git().readTree({ fs, dir, oid });
    for (const entry of tree) {
      const at = `${prefix}${entry.path}`;
      if (entry.type === "tree") await visit(entry.oid, `${at}/`);
      else files.set(at, { mode: entry.mode, oid: entry.oid });
    }
  };
  const { commit: object } = await git().readCommit({ fs, dir, oid: commit });
  await visit(object.tree, "");
  return files;
}

/** The regular files under `folder` ("" for all), by their path from it; what they hold is limited as the transfer is. */
export async function readFolder(session: GitSession, dir: string, files: ReadonlyMap<string, TreeFile>, folder: string): Promise<Map<string, Buffer>> {
  const prefix = folder ? `${folder}/` : "";
  const budget = new ByteBudget(session.budget.maxBytes);
  const out = new Map<string, Buffer>();
  for (const [at, file] of files) {
    // Links and submodules are not followed: their target is not the repository's content.
    if (!at.startsWith(prefix) || (file.mode !== "100644" && file.mode !== "100755")) continue;
    session.signal.throwIfAborted();
    const data = await readBlob(dir, file.oid);
    budget.spend(data.byteLength);
    out.set(at.slice(prefix.length), data);
  }
  return out;
}

/** Stores the bytes as a blob of the repository in `dir`. */
export async function writeBlob(dir: string, data: Buffer): Promise<TreeFile> {
  return { mode: "100644", oid: await git().writeBlob({ fs, dir, blob: data }) };
}

export async function readBlob(dir: string, oid: string): Promise<Buffer> {
  return Buffer.from((await git().readBlob({ fs, dir, oid })).blob);
}

/** Writes the trees holding `files` (path → entry, their blobs stored already); answers the root tree's ID. */
export async function writeTree(dir: string, files: ReadonlyMap<string, TreeFile>): Promise<string> {
  interface Folder {
    files: Map<string, TreeFile>;
    folders: Map<string, Folder>;
  }
  const root: Folder = { files: new Map(), folders: new Map() };
  for (const [at, file] of files) {
    const parts = at.split("/");
    const name = parts.pop()!;
    let folder = root;
    for (const part of parts) {
      const next = folder.folders.get(part) ?? { files: new Map(), folders: new Map() };
      folder.folders.set(part, next);
      folder = next;
    }
    folder.files.set(name, file);
  }
  const write = async (folder: Folder): Promise<string> => {
    const tree: TreeEntry[] = [];
    for (const [name, file] of folder.files) tree.push({ mode: file.mode, path: name, oid: file.oid, type: file.mode === "160000" ? "commit" : "blob" });
    for (const [name, sub] of folder.folders) tree.push({ mode: "040000", path: name, oid: await write(sub), type: "tree" });
    return git().writeTree({ fs, dir, tree });
  };
  return write(root);
}

/** A new, empty repository in `dir` whose branch is the session's. */
export async function initRepository(session: GitSession, dir: string): Promise<void> {
  await git().init({ fs, dir, defaultBranch: session.branch });
}

/** The tree ID of a commit. */
export async function treeOf(dir: string, commit: string): Promise<string> {
  return (await git().readCommit({ fs, dir, oid: commit })).commit.tree;
}

export interface NewCommit {
  tree: string;
  parent: string | undefined;
  message: string;
  author: { name: string; email: string };
  committer: { name: string; email: string };
  /** Seconds since the epoch. */
  timestamp: number;
}

/** Commits the tree onto the branch in `dir` (its first commit when there is no parent); answers the commit's ID. */
export async function commitTree(session: GitSession, dir: string, commit: NewCommit): Promise<string> {
  const time = { timestamp: commit.timestamp, timezoneOffset: 0 };
  return git().commit({
    fs,
    dir,
    message: commit.message,
    author: { ...commit.author, ...time },
    committer: { ...commit.committer, ...time },
    tree: commit.tree,
    parent: commit.parent ? [commit.parent] : [],
    ref: `refs/heads/${session.branch}`,
  });
}

/** Pushes the branch; a refusal (the branch moved meanwhile, a hook) fails with the remote's reason. */
export async function pushBranch(session: GitSession, dir: string, force: boolean): Promise<void> {
  session.signal.throwIfAborted();
  const result = await git().push({
    fs,
    http: session.http,
    dir,
    url: session.remote.url,
    ref: `refs/heads/${session.branch}`,
    remoteRef: `refs/heads/${session.branch}`,
    force,
    ...auth(session),
  });
  const refused = Object.entries(result.refs ?? {}).find(([, outcome]) => !outcome.ok);
  if (!result.ok || refused) throw new Error(`the remote refused the push: ${refused?.[1].error ?? result.error ?? "no reason given"}`);
}
