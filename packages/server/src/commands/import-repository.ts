// Importing a repository in GitBook's layout into a space: its content replaces the space's, through a change
// request (one batch: the current top-level pages deleted, the files added, the pages inserted parents first, links
// between them as the pages' paths, stored as references), then merged (or left open when asked), its
// `.gitbook.yaml` redirects recorded as the pages' former paths; when the merge conflicts (the space moved meanwhile)
// the change request stays open with its conflicts.
import { createChangeRequest } from "../areas/change-requests/store";
import type { ContentChange, InsertedPageKind } from "../content/changes";
import { recordFormerPaths } from "../content/former-paths";
import { storedPresentation } from "../content/gitbook-layout/presentation";
import { readRepository } from "../content/gitbook-layout/read";
import { redirectedPaths } from "../content/gitbook-layout/redirects";
import type { LayoutPage, Repository } from "../content/gitbook-layout/types";
import type { Conflict } from "../content/merge";
import { contentStore } from "../content/reads";
import { existingRevisionIndex } from "../content/revisions";
import type { ChangeRequest } from "../generated/prisma/client";
import { type ContentCommandDeps, mergeChangeRequest, writeChangeRequestContent } from "./change-request-content";

export interface RepositoryImport {
  spaceId: string;
  /** The repository's files by path. */
  files: ReadonlyMap<string, Buffer>;
  subject?: string;
  /** false: the change request is left open, the space unchanged (GitBook's `standalone` import). */
  merge?: boolean;
  /** A change request of the space to write through instead of a new one (it is left open). */
  changeRequestId?: string;
}

export type RepositoryImportOutcome = (
  | { result: "merge"; changeRequest: ChangeRequest; revision: string }
  | { result: "conflicts"; changeRequest: ChangeRequest; conflicts: Conflict[] }
  | { result: "open"; changeRequest: ChangeRequest }
) & { /** The pages inserted (groups and links included). */ pages: number };

const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  webp: "image/webp",
  pdf: "application/pdf",
  zip: "application/zip",
  json: "application/json",
  txt: "text/plain",
  md: "text/markdown",
};
export const contentTypeOf = (name: string) => CONTENT_TYPES[name.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";

/** The change inserting one page of the layout (not its sub-pages) as `ref` under `into`; its kind, when not a plain document, in `kinds`. */
export function pageInsertion(page: LayoutPage, ref: string, into: string | undefined, kinds: Map<string, InsertedPageKind>): ContentChange {
  const presentation = storedPresentation(page);
  if (page.type !== "document" || Object.keys(presentation).length) {
    kinds.set(ref, {
      ...(page.type !== "document" ? { type: page.type } : {}),
      ...(page.href ? { href: page.href } : {}),
      ...(Object.keys(presentation).length ? { presentation } : {}),
    });
  }
  return {
    operation: "insert_page",
    ref,
    ...(into ? { into } : {}),
    title: page.title,
    slug: page.slug,
    // Front matter the body could open with is the body's own: it was read from the file already.
    document: { markdown: page.markdown ?? "" },
    ...(page.description ? { description: page.description } : {}),
    ...(page.icon ? { icon: page.icon } : {}),
    ...(page.emoji ? { emoji: page.emoji } : {}),
    ...(page.hidden ? { hidden: true } : {}),
    ...(page.noIndex ? { noIndex: true } : {}),
    ...(page.noRobotsIndex ? { noRobotsIndex: true } : {}),
  };
}

/** The batch inserting the pages (parents first, each naming its parent by ref), and which refs are groups or links. */
function insertions(pages: readonly LayoutPage[]): { changes: ContentChange[]; kinds: Map<string, InsertedPageKind> } {
  const changes: ContentChange[] = [];
  const kinds = new Map<string, InsertedPageKind>();
  const visit = (list: readonly LayoutPage[], into: string | undefined) => {
    for (const page of list) {
      const ref = `gitbook-layout-page-${changes.length}`;
      changes.push(pageInsertion(page, ref, into, kinds));
      visit(page.children, ref);
    }
  };
  visit(pages, undefined);
  return { changes, kinds };
}

/** Pages a batch inserts: a large repository is written as several revisions, each a transaction of bounded size. */
const BATCH_PAGES = 500;

/**
 * Writes `first` (deletions, files) with the first pages, then the other pages batch by batch, parents first: a page
 * whose parent was inserted by an earlier batch names it by its ID (a ref names a page of its own batch only).
 */
async function writeInBatches(
  ctx: ContentCommandDeps,
  changeRequestId: string,
  first: ContentChange[],
  pages: ContentChange[],
  kinds: Map<string, InsertedPageKind>,
) {
  const idByRef = new Map<string, string>();
  let written: Awaited<ReturnType<typeof writeChangeRequestContent>> | undefined;
  for (let start = 0; start === 0 || start < pages.length; start += BATCH_PAGES) {
    const batch = pages.slice(start, start + BATCH_PAGES).map((change) => {
      const into = change.operation === "insert_page" && change.into ? idByRef.get(change.into) : undefined;
      return into ? { ...change, into } : change;
    });
    written = await writeChangeRequestContent(ctx, changeRequestId, start === 0 ? [...first, ...batch] : batch, undefined, kinds);
    for (const [id, outcome] of written.outcomes) if (outcome.ref) idByRef.set(outcome.ref, id);
  }
  return written!;
}

export async function importRepository(ctx: ContentCommandDeps, input: RepositoryImport): Promise<RepositoryImportOutcome> {
  const repository = readRepository(input.files);
  const changeRequest = input.changeRequestId
    ? await ctx.prisma.changeRequest.findUniqueOrThrow({ where: { id: input.changeRequestId } })
    : await ctx.prisma.$transaction((tx) =>
        createChangeRequest(tx, { spaceId: input.spaceId, subject: input.subject ?? "Import from a repository", createdById: ctx.actor.userId }),
      );
  const current = await existingRevisionIndex(contentStore(ctx), changeRequest.revisionId);
  const deletions: ContentChange[] = (current.children.get("") ?? []).map((page) => ({ operation: "delete_page", page: page.id }));
  const files: ContentChange[] = repository.files.size
    ? [
        {
          operation: "insert_files",
          files: [...repository.files].map(([name, data]) => ({ name, contentType: contentTypeOf(name), base64: data.toString("base64") })),
        },
      ]
    : [];
  const { changes, kinds } = insertions(repository.pages);
  const written = await writeInBatches(ctx, changeRequest.id, [...deletions, ...files], changes, kinds);
  const pages = changes.length;
  if (input.merge === false || input.changeRequestId) return { result: "open", changeRequest: written.changeRequest, pages };
  // Merging thousands of pages (their search index with them) takes longer than an edit's merge: 30 s and 20 ms a page.
  const merged = await mergeChangeRequest(ctx, changeRequest.id, 30_000 + 20 * pages);
  if (merged.result === "conflicts") {
    const open = await ctx.prisma.changeRequest.findUniqueOrThrow({ where: { id: changeRequest.id } });
    return { result: "conflicts", changeRequest: open, conflicts: merged.conflicts, pages };
  }
  await recordRedirects(ctx, input.spaceId, repository, merged.revision);
  return { result: "merge", changeRequest: merged.changeRequest, revision: merged.revision, pages };
}

/** `.gitbook.yaml` redirects: former paths of the pages at their targets (the published site answers them with 308). */
export async function recordRedirects(ctx: ContentCommandDeps, spaceId: string, repository: Repository, revisionId: string): Promise<void> {
  const index = await existingRevisionIndex(contentStore(ctx), revisionId);
  const moves = redirectedPaths(repository).flatMap(({ from, to }) => {
    const pageId = index.pageByPath.get(to);
    return pageId ? [{ path: from, pageId }] : [];
  });
  await recordFormerPaths(ctx.prisma, spaceId, moves);
}
