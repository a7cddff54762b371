// Importing a repository in GitBook's layout into a space: its content replaces the space's, through a change
// request (in batches of bounded size: the current top-level pages deleted, the files added, the pages inserted parents first, links
// between them as the pages' paths, stored as references), then merged (or left open when asked), its
// `.gitbook.yaml` redirects recorded as the pages' former paths; when the merge conflicts (the space moved meanwhile)
// the change request stays open with its conflicts.

import type { ContentChange, InsertedPageKind } from "../content/edits/changes";
import type { Conflict } from "../content/edits/merge";
import { storedPresentation } from "../content/gitbook-layout/presentation";
import { type LazyRepository, readRepositoryInSteps } from "../content/gitbook-layout/read";
import { redirectedPaths } from "../content/gitbook-layout/redirects";
import type { LayoutPage, LayoutPageType, PageOrigin, Repository } from "../content/gitbook-layout/types";
import { contentStore } from "../content/reads/reads";
import { sha256 } from "../content/store/documents";
import { recordFormerPaths } from "../content/store/former-paths";
import { existingRevisionIndex } from "../content/store/revisions";
import { releaseBatchMemory } from "../db/batch-memory";
import { eventLoop } from "../event-loop";
import type { ChangeRequest } from "../generated/prisma/client";
import { type ContentCommandDeps, mergeImport, writeChangeRequestContent } from "./change-request-content";
import { createChangeRequest } from "./create-change-request";

export interface RepositoryImport {
  spaceId: string;
  /** The repository's files by path. */
  files: ReadonlyMap<string, Buffer>;
  subject?: string;
  /** false: the change request is left open, the space unchanged (GitBook's `standalone` import). */
  merge?: boolean;
  /** A change request of the space to write through instead of a new one (it is left open). */
  changeRequestId?: string;
  /**
   * Asked before each batch (of files or pages) after the first, with the pages written so far and in all: false stops the
   * import (an import run cancelled meanwhile).
   */
  proceed?: (progress: ImportProgress) => Promise<boolean>;
  /** Told the change request it opened, before it writes (an import run records it, so a stopped run names it). */
  opened?: (changeRequest: ChangeRequest) => Promise<unknown>;
  /** Told the pages each batch inserted, in order (an import run lists them). */
  inserted?: (pages: InsertedLayoutPage[]) => void;
  /** How many files, and bytes of them, one transaction writes at most (FILE_BATCH unless given: tests make it small). */
  fileBatch?: FileBatch;
}

/** The most one batch of files holds: a file larger than `maxBytes` is a batch of its own. */
export interface FileBatch {
  maxBytes: number;
  maxFiles: number;
}

/**
 * A repository's files (its images above all) are written a bounded batch at a time, each its own transaction and
 * revision of the change request: all of a real repository's 117 MB of images in the first batch's transaction
 * outlasted its timeout ("Transaction is closed"). 16 MiB batches still did on a busy 2-core machine (a 4 MiB batch
 * took 7-27 s there); 4 MiB imported the whole repository (823 files, 127 MB) in 466 s.
 */
export const FILE_BATCH: FileBatch = { maxBytes: 4 * 1024 * 1024, maxFiles: 50 };

/** The files in batches of at most `maxFiles` files and `maxBytes` bytes (or one file larger than that), in order. */
export function fileBatches(files: ReadonlyMap<string, Buffer>, { maxBytes, maxFiles }: FileBatch): [string, Buffer][][] {
  const batches: [string, Buffer][][] = [];
  let batch: [string, Buffer][] = [];
  let bytes = 0;
  for (const [name, data] of files) {
    if (batch.length && (batch.length >= maxFiles || bytes + data.byteLength > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push([name, data]);
    bytes += data.byteLength;
  }
  if (batch.length) batches.push(batch);
  return batches;
}

/** A page an import inserted: its ID, its kind, and the file it was read from (a document's). */
export interface InsertedLayoutPage {
  id: string;
  type: LayoutPageType;
  file?: string;
}

export type RepositoryImportOutcome = (
  | { result: "merge"; changeRequest: ChangeRequest; revision: string }
  | { result: "conflicts"; changeRequest: ChangeRequest; conflicts: Conflict[] }
  | { result: "open"; changeRequest: ChangeRequest }
) & { /** The pages inserted (groups and links included). */ pages: number };

export interface ImportProgress {
  written: number;
  total: number;
}

/** Thrown when `proceed` answered false: what was written stays in the change request, which is not merged. */
export class ImportStopped extends Error {
  constructor() {
    super("the import was stopped between two batches");
  }
}

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
const contentTypeOf = (name: string) => CONTENT_TYPES[name.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";

/** A repository's file as `insert_files` takes it. */
export const fileInsertion = (name: string, data: Buffer) => ({ name, contentType: contentTypeOf(name), base64: data.toString("base64") });

/**
 * The change inserting one page of the layout (not its sub-pages) as `ref` under `into`, with `markdown` as its body
 * (the page's own when read already); its kind, when not a plain document, registered in `kinds`.
 */
export function pageInsertion(
  page: LayoutPage,
  ref: string,
  into: string | undefined,
  kinds: Map<string, InsertedPageKind>,
  markdown = page.markdown ?? "",
  origin?: string,
): ContentChange {
  const presentation = storedPresentation(page);
  if (page.type !== "document" || Object.keys(presentation).length || origin) {
    kinds.set(ref, {
      ...(page.type !== "document" ? { type: page.type } : {}),
      ...(page.href ? { href: page.href } : {}),
      ...(Object.keys(presentation).length ? { presentation } : {}),
      ...(origin ? { origin } : {}),
    });
  }
  return {
    operation: "insert_page",
    ref,
    ...(into ? { into } : {}),
    title: page.title,
    slug: page.slug,
    // Front matter the body could open with is the body's own: it was read from the file already.
    document: { markdown },
    ...(page.description ? { description: page.description } : {}),
    ...(page.icon ? { icon: page.icon } : {}),
    ...(page.emoji ? { emoji: page.emoji } : {}),
    ...(page.hidden ? { hidden: true } : {}),
    ...(page.noIndex ? { noIndex: true } : {}),
    ...(page.noRobotsIndex ? { noRobotsIndex: true } : {}),
  };
}

/** A page to insert: its ref, its parent's ref, and the page (its body read only when its batch is written). */
interface Insertion {
  ref: string;
  into?: string;
  page: LayoutPage;
}

/** The pages in insertion order: parents first, each naming its parent by ref. */
function insertionOrder(pages: readonly LayoutPage[]): Insertion[] {
  const order: Insertion[] = [];
  const visit = (list: readonly LayoutPage[], into: string | undefined) => {
    for (const page of list) {
      const ref = `gitbook-layout-page-${order.length}`;
      order.push({ ref, ...(into ? { into } : {}), page });
      visit(page.children, ref);
    }
  };
  visit(pages, undefined);
  return order;
}

const ORIGIN_ROWS_PER_STATEMENT = 50;

/**
 * Each page's file as read, stored (a blob each, by its hash, once per distinct content) for the export to give back;
 * in the order of `origins`, undefined where there is none.
 */
export async function storeOrigins(ctx: Pick<ContentCommandDeps, "prisma">, origins: readonly (PageOrigin | undefined)[]): Promise<(string | undefined)[]> {
  const blobs = origins.map((origin) => origin && Buffer.from(JSON.stringify(origin)));
  const hashes = blobs.map((blob) => blob && sha256(blob));
  const rows = new Map(blobs.flatMap((blob, i) => (blob ? [[hashes[i]!, { hash: hashes[i]!, data: blob, size: blob.byteLength }] as const] : [])));
  // A few rows a statement: one statement of a batch's 500 runs on the thread in one go (the embedded database's),
  // holding every other request for seconds; between statements the event loop turns (db/yielding-adapter.ts).
  const all = [...rows.values()];
  for (let start = 0; start < all.length; start += ORIGIN_ROWS_PER_STATEMENT) {
    await ctx.prisma.fileBlob.createMany({ data: all.slice(start, start + ORIGIN_ROWS_PER_STATEMENT), skipDuplicates: true });
  }
  return hashes;
}

/** The changes inserting a batch of pages, their bodies and files read now; `into` a parent's ID when an earlier batch inserted it. */
async function insertions(
  ctx: ContentCommandDeps,
  batch: readonly Insertion[],
  repository: LazyRepository,
  idByRef: ReadonlyMap<string, string>,
  kinds: Map<string, InsertedPageKind>,
): Promise<ContentChange[]> {
  // A page's file read and converted at a time, the event loop turning between them: a batch's 500 pages in one
  // go held every other request (src/event-loop.ts).
  const documents: ReturnType<LazyRepository["documentOf"]>[] = [];
  for (const { page } of batch) {
    documents.push(page.type === "document" ? repository.documentOf(page) : { markdown: "" });
    await eventLoop.turnIfBusy();
  }
  const origins = await storeOrigins(
    ctx,
    documents.map((document) => document.origin),
  );
  return batch.map(({ ref, into, page }, i) => {
    const parent = into && (idByRef.get(into) ?? into);
    return pageInsertion(page, ref, parent || undefined, kinds, documents[i]!.markdown, origins[i]);
  });
}

/** Pages a batch inserts: a large repository is written as several revisions, each a transaction of bounded size. */
export const REPOSITORY_BATCH_PAGES = 500;

/**
 * Writes the files a batch at a time (`first`, the deletions, with the first of them), then the pages batch by batch,
 * parents first: a page whose parent was inserted by an earlier batch names it by its ID (a ref names a page of its
 * own batch only). Each batch's bodies (and files' base64) are made when it is written and dropped after, so the
 * import holds one batch of them. Before each batch after the first, `proceed` is asked: false stops the import there
 * (undefined answered).
 */
async function writeInBatches(
  ctx: ContentCommandDeps,
  changeRequestId: string,
  first: ContentChange[],
  repository: LazyRepository,
  proceed: (progress: ImportProgress) => Promise<boolean>,
  { inserted, fileBatch = FILE_BATCH }: Pick<RepositoryImport, "inserted" | "fileBatch">,
) {
  const order = insertionOrder(repository.pages);
  let unwritten = first;
  for (const [i, files] of fileBatches(repository.files, fileBatch).entries()) {
    if (i > 0 && !(await proceed({ written: 0, total: order.length }))) return undefined;
    const insertFiles: ContentChange = { operation: "insert_files", files: files.map(([name, data]) => fileInsertion(name, data)) };
    await writeChangeRequestContent(ctx, changeRequestId, [...unwritten, insertFiles]);
    unwritten = [];
    releaseBatchMemory();
  }
  const kinds = new Map<string, InsertedPageKind>();
  const idByRef = new Map<string, string>();
  let written: Awaited<ReturnType<typeof writeChangeRequestContent>> | undefined;
  for (let start = 0; start === 0 || start < order.length; start += REPOSITORY_BATCH_PAGES) {
    if (start > 0 && !(await proceed({ written: start, total: order.length }))) return undefined;
    const pages = order.slice(start, start + REPOSITORY_BATCH_PAGES);
    const batch = await insertions(ctx, pages, repository, idByRef, kinds);
    written = await writeChangeRequestContent(ctx, changeRequestId, start === 0 ? [...unwritten, ...batch] : batch, undefined, kinds);
    for (const [id, outcome] of written.outcomes) if (outcome.ref) idByRef.set(outcome.ref, id);
    inserted?.(
      pages.map(({ ref, page }) => {
        const file = repository.fileOf(page);
        return { id: idByRef.get(ref)!, type: page.type, ...(file ? { file } : {}) };
      }),
    );
    releaseBatchMemory();
  }
  return { written: written!, pages: order.length };
}

export async function importRepository(ctx: ContentCommandDeps, input: RepositoryImport): Promise<RepositoryImportOutcome> {
  const repository = await readRepositoryInSteps(input.files);
  const changeRequest = input.changeRequestId
    ? await ctx.prisma.changeRequest.findUniqueOrThrow({ where: { id: input.changeRequestId } })
    : await ctx.prisma.$transaction((tx) =>
        createChangeRequest(tx, { spaceId: input.spaceId, subject: input.subject ?? "Import from a repository", createdById: ctx.actor.userId }),
      );
  if (!input.changeRequestId) await input.opened?.(changeRequest);
  const current = await existingRevisionIndex(contentStore(ctx), changeRequest.revisionId);
  const deletions: ContentChange[] = (current.children.get("") ?? []).map((page) => ({ operation: "delete_page", page: page.id }));
  const batches = await writeInBatches(ctx, changeRequest.id, deletions, repository, input.proceed ?? (async () => true), input);
  if (!batches) throw new ImportStopped();
  const { written, pages } = batches;
  if (input.merge === false || input.changeRequestId) return { result: "open", changeRequest: written.changeRequest, pages };
  const merged = await mergeImport(ctx, changeRequest.id, pages);
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
  // As written, for the export: those naming no page (GitBook keeps them) and their order included (pairs: JSONB
  // does not keep an object's key order).
  // SUMMARY.md and .gitbook.yaml as written, for the export to write back while they describe the space as it is.
  await ctx.prisma.space.update({
    where: { id: spaceId },
    data: { gitbookRedirects: Object.entries(repository.config.redirects), gitbookOrigin: (repository.origin ?? {}) as object },
  });
}
