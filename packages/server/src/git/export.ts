// Exporting a space to a branch: the branch's last commit is cloned (a branch that does not exist yet starts a new
// history), the space's current revision is written in GitBook's layout under the project folder, following the
// repository's `.gitbook.yaml` when it has one (kept as it is), and committed on top. The Markdown files and
// `.gitbook/assets/` under the content's root are the space's and are replaced; other files are kept. When the tree
// comes out the same, nothing is committed or pushed.
import { layoutOfRevision } from "../content/gitbook-layout/from-revision";
import { resolveFrom } from "../content/gitbook-layout/links";
import { readConfig } from "../content/gitbook-layout/read";
import { parseSummary, type SummaryEntry } from "../content/gitbook-layout/summary";
import { ASSETS, CONFIG_FILE } from "../content/gitbook-layout/types";
import { assetPath, writeLayoutText } from "../content/gitbook-layout/write";
import { contentStore } from "../content/reads/reads";
import { existingRevisionIndex } from "../content/store/revisions";
import type { SpaceGitSync } from "../generated/prisma/client";
import { actorOf } from "./actor";
import {
  cloneBranch,
  commitTree,
  type GitSession,
  initRepository,
  inTemporaryRepository,
  pushBranch,
  readBlob,
  remoteHead,
  type TreeFile,
  treeFiles,
  treeOf,
  writeBlob,
  writeTree,
} from "./repository";
import { type GitSyncDeps, GitSyncFailure, type GitSyncOutcome, type GitSyncRequest } from "./types";

/** The files a SUMMARY.md (at `summary` under the content's root) lists, from the content's root. */
function listedFiles(text: string, summary: string): Set<string> {
  const listed = new Set<string>();
  const visit = (entries: readonly SummaryEntry[]) => {
    for (const entry of entries) {
      const file = entry.target && resolveFrom(summary, entry.target.split("#")[0]!);
      if (file) listed.add(file);
      visit(entry.children);
    }
  };
  visit(parseSummary(text));
  return listed;
}

/** The address of `Name <address>` (the server's From), for the commits' committer. */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

export async function exportToBranch(deps: GitSyncDeps, sync: SpaceGitSync, request: GitSyncRequest, session: GitSession): Promise<GitSyncOutcome> {
  const actor = await actorOf(deps, sync);
  const head = await remoteHead(session, true);
  return inTemporaryRepository(async (dir) => {
    let files = new Map<string, TreeFile>();
    let parentTree: string | undefined;
    if (head) {
      const commit = await cloneBranch(session, dir);
      if (request.onto && commit !== request.onto) throw new GitSyncFailure(`the branch ${session.branch} moved during the sync: it is synced again`);
      files = await treeFiles(dir, commit);
      parentTree = await treeOf(dir, commit);
    } else await initRepository(session, dir);

    const project = sync.projectDirectory ? `${sync.projectDirectory}/` : "";
    const configEntry = files.get(`${project}${CONFIG_FILE}`);
    const config = readConfig(configEntry ? (await readBlob(dir, configEntry.oid)).toString("utf8") : undefined);
    const content = `${project}${config.root}`;
    // The space's files under the content's root go; the rest of the repository stays, Markdown files the branch's
    // SUMMARY.md does not list included (the import left them out: they are not the space's).
    const summaryEntry = files.get(`${content}${config.summary}`);
    const listed = summaryEntry && listedFiles((await readBlob(dir, summaryEntry.oid)).toString("utf8"), config.summary);
    for (const at of [...files.keys()]) {
      if (!at.startsWith(content)) continue;
      const path = at.slice(content.length);
      const markdown = path.toLowerCase().endsWith(".md") && (!listed || listed.has(path) || path === config.summary || path === config.readme);
      if (markdown || path.startsWith(ASSETS)) files.delete(at);
    }

    const space = await deps.prisma.space.findUniqueOrThrow({ where: { id: sync.spaceId }, select: { revisionId: true } });
    const store = contentStore(deps);
    const index = await existingRevisionIndex(store, space.revisionId);
    const layout = { ...(await layoutOfRevision(store, index)), config };
    for (const [at, data] of writeLayoutText(layout, new Set(index.files.map((file) => file.name)))) {
      // The repository's own `.gitbook.yaml` stays as it is written.
      if (at === CONFIG_FILE && configEntry) continue;
      files.set(`${project}${at}`, await writeBlob(dir, data));
    }
    for (const file of index.files) {
      session.signal.throwIfAborted();
      const blob = await deps.prisma.fileBlob.findUnique({ where: { hash: file.blob }, select: { data: true } });
      files.set(`${project}${assetPath(config, file.name)}`, await writeBlob(dir, Buffer.from(blob?.data ?? new Uint8Array())));
    }

    const tree = await writeTree(dir, files);
    if (head && tree === parentTree) return { commitId: head, revisionId: space.revisionId };
    const now = Math.floor(deps.clock.now().getTime() / 1000);
    const commit = await commitTree(session, dir, {
      tree,
      parent: head,
      message: request.commitMessage ?? "Export from Docstack",
      author: request.author ?? { name: actor.name, email: actor.email },
      committer: { name: "Docstack", email: addressOf(deps.config.mailFrom) },
      timestamp: now,
    });
    await pushBranch(session, dir, request.force);
    return { commitId: commit, revisionId: space.revisionId };
  });
}
