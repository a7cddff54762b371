// Importing what a branch changed since an earlier revision of the space (a continuous Git Sync whose space moved
// too): the branch's pages are matched with that revision's by path, and only the pages the branch changed are
// written, in a change request based on that revision. Its merge is then the change requests' three-way merge, page
// by page: a page changed on one side only takes that side's version, a page changed on both is a conflict and the
// change request stays open with it.

import type { ContentChange, InsertedPageKind } from "../content/edits/changes";
import { layoutOfRevision } from "../content/gitbook-layout/from-revision";
import { storedPresentation } from "../content/gitbook-layout/presentation";
import { readRepository } from "../content/gitbook-layout/read";
import type { LayoutPage, Repository } from "../content/gitbook-layout/types";
import { writeLayoutText } from "../content/gitbook-layout/write";
import { contentStore } from "../content/reads/reads";
import { existingRevisionIndex, type RevisionIndex } from "../content/store/revisions";
import { type ContentCommandDeps, mergeChangeRequest, writeChangeRequestContent } from "./change-request-content";
import { createChangeRequest } from "./create-change-request";
import { fileInsertion, pageInsertion, type RepositoryImportOutcome, recordRedirects, storeOrigins } from "./import-repository";

export interface RepositoryChangesImport {
  spaceId: string;
  /** The repository's files by path, as they are now. */
  files: ReadonlyMap<string, Buffer>;
  /** The space's revision the repository was last in step with. */
  baseRevisionId: string;
  subject: string;
}

/** The base's layout does not read back page for page (it should): the caller imports the whole branch instead. */
export class PagesNotMatched extends Error {}

interface Placed {
  page: LayoutPage;
  parentPath: string;
  /** The base's page, for the base's pages. */
  id?: string;
}

const pathOf = (parentPath: string, page: LayoutPage) => (parentPath ? `${parentPath}/${page.slug}` : page.slug);

/** Every page by its path (slugs from the top); with the base's IDs when `index` is given (the same tree, in order). */
function placed(pages: readonly LayoutPage[], index?: RevisionIndex): Map<string, Placed> {
  const out = new Map<string, Placed>();
  const visit = (list: readonly LayoutPage[], parentPath: string, parentId: string) => {
    const stored = index?.children.get(parentId) ?? [];
    if (index && stored.length !== list.length) throw new PagesNotMatched("the revision's layout does not read back as written");
    list.forEach((page, at) => {
      const path = pathOf(parentPath, page);
      const id = stored[at]?.id;
      out.set(path, { page, parentPath, ...(id ? { id } : {}) });
      visit(page.children, path, id ?? "");
    });
  };
  visit(pages, "", "");
  return out;
}

/** A page's own content (its sub-pages and where it was read left out; its file's text in), to compare. */
const own = ({ children: _children, sourceFile: _file, sourcePath: _path, origin, ...page }: LayoutPage) => JSON.stringify([page, origin?.text]);

/** The changes making the base's pages the branch's, touching only the pages the branch changed. */
function pageChanges(
  base: Map<string, Placed>,
  branch: Map<string, Placed>,
): { changes: ContentChange[]; kinds: Map<string, InsertedPageKind>; written: Map<string, LayoutPage> } {
  const written = new Map<string, LayoutPage>(); // a ref or page ID → the branch's page it takes (its file as read)
  const changes: ContentChange[] = [];
  const kinds = new Map<string, InsertedPageKind>();
  const target = new Map<string, string>(); // path → the page's ID, or the ref of one inserted
  const gone = new Set<string>();
  // Parents come before their sub-pages in both maps.
  for (const [path, { page, parentPath, id }] of base) {
    if (gone.has(parentPath)) {
      gone.add(path);
      continue;
    }
    const now = branch.get(path);
    // A page gone (or become another kind of page) is deleted, its sub-pages with it (inserted again if still there).
    if (!now || now.page.type !== page.type) {
      gone.add(path);
      changes.push({ operation: "delete_page", page: id! });
    } else target.set(path, id!);
  }
  for (const [path, { page, parentPath }] of branch) {
    const id = target.get(path);
    if (id === undefined) {
      const ref = `git-sync-page-${changes.length}`;
      changes.push(pageInsertion(page, ref, target.get(parentPath), kinds));
      written.set(ref, page);
      target.set(path, ref);
      continue;
    }
    const before = base.get(path)!.page;
    if (own(before) === own(page)) continue;
    changes.push({
      operation: "update_page",
      page: id,
      title: page.title,
      ...(page.type === "document" ? { document: { markdown: page.markdown ?? "" } } : {}),
      description: page.description ?? "",
      icon: page.icon ?? "",
      emoji: page.emoji ?? "",
      hidden: page.hidden ?? false,
      noIndex: page.noIndex ?? false,
      noRobotsIndex: page.noRobotsIndex ?? false,
    });
    kinds.set(id, { ...(page.href ? { href: page.href } : {}), presentation: storedPresentation(page) });
    written.set(id, page);
  }
  // The order of a parent's pages, where the branch changed it (the merge keeps both sides' moves).
  const childrenOf = (pages: Map<string, Placed>) => {
    const lists = new Map<string, string[]>();
    for (const [path, { parentPath }] of pages) {
      const list = lists.get(parentPath);
      if (list) list.push(path);
      else lists.set(parentPath, [path]);
    }
    return lists;
  };
  const baseChildren = childrenOf(base);
  for (const [parentPath, paths] of childrenOf(branch)) {
    if (paths.join("\n") === (baseChildren.get(parentPath) ?? []).join("\n")) continue;
    paths.forEach((path, at) => {
      changes.push({ operation: "update_page", page: target.get(path)!, at });
    });
  }
  return { changes, kinds, written };
}

/** The branch's files the base does not have as they are (files the branch deleted stay, as an import leaves them). */
async function fileChanges(ctx: ContentCommandDeps, index: RevisionIndex, repository: Repository): Promise<ContentChange[]> {
  const changed: { name: string; contentType: string; base64: string }[] = [];
  const byName = new Map(index.files.map((file) => [file.name, file]));
  for (const [name, data] of repository.files) {
    const known = byName.get(name);
    if (known && known.size === data.byteLength) {
      const blob = await ctx.prisma.fileBlob.findUnique({ where: { hash: known.blob }, select: { data: true } });
      if (blob && Buffer.from(blob.data).equals(data)) continue;
    }
    changed.push(fileInsertion(name, data));
  }
  return changed.length ? [{ operation: "insert_files", files: changed }] : [];
}

/** `unchanged`: the branch changed no page nor file of the base (nothing written). */
export async function importRepositoryChanges(
  ctx: ContentCommandDeps,
  input: RepositoryChangesImport,
): Promise<RepositoryImportOutcome | { result: "unchanged"; pages: 0 }> {
  const repository = readRepository(input.files);
  const store = contentStore(ctx);
  const index = await existingRevisionIndex(store, input.baseRevisionId);
  // The base as the branch would hold it (written in the layout with the branch's settings, then read): the same
  // reading of both sides, so a page the branch did not touch compares equal.
  const baseLayout = { ...(await layoutOfRevision(store, index)), config: repository.config };
  const baseRead = readRepository(writeLayoutText(baseLayout, new Set(index.files.map((file) => file.name))));
  const { changes, kinds, written } = pageChanges(placed(baseRead.pages, index), placed(repository.pages));
  // The files of the pages written, as read: their export gives them back.
  const hashes = await storeOrigins(
    ctx,
    [...written.values()].map((page) => page.origin),
  );
  [...written.keys()].forEach((key, i) => {
    if (hashes[i]) kinds.set(key, { ...kinds.get(key), origin: hashes[i] });
  });
  changes.push(...(await fileChanges(ctx, index, repository)));
  if (!changes.length) return { result: "unchanged", pages: 0 };

  const changeRequest = await ctx.prisma.$transaction((tx) =>
    createChangeRequest(tx, { spaceId: input.spaceId, subject: input.subject, createdById: ctx.actor.userId, baseRevisionId: input.baseRevisionId }),
  );
  await writeChangeRequestContent(ctx, changeRequest.id, changes, undefined, kinds);
  const merged = await mergeChangeRequest(ctx, changeRequest.id, 30_000 + 20 * changes.length);
  if (merged.result === "conflicts") {
    const open = await ctx.prisma.changeRequest.findUniqueOrThrow({ where: { id: changeRequest.id } });
    return { result: "conflicts", changeRequest: open, conflicts: merged.conflicts, pages: changes.length };
  }
  await recordRedirects(ctx, input.spaceId, repository, merged.revision);
  return { result: "merge", changeRequest: merged.changeRequest, revision: merged.revision, pages: changes.length };
}
