// Revisions: immutable states of a space's content (or of a change request's).
// Writing one stores the bodies and files it adds (once per distinct content),
// turns written links into references, and classifies every link.
import { imageSize } from "image-size";
import type { Db, Tx } from "../db/database";
import { newId } from "../db/ids";
import type { Revision } from "../generated/prisma/client";
import type { NewFile } from "./changes";
import { chunkBy, chunkHashes, loadChunks, putChunks } from "./chunks";
import { loadDocumentMeta, putBlob, putDocuments } from "./documents";
import { computeLinks, readLinks, type StoredLink } from "./links";
import { contentIndex, toStoredMarkdown } from "./references";
import { deduplicateSlugs, readFiles, readTree, type StoredFile, type StoredPage } from "./tree";

export type RevisionType = "edits" | "merge" | "rollback" | "update" | "computed";

/** The first revision of a new space (create the space first: the revision refers to it). */
export async function createEmptyRevision(tx: Tx, spaceId: string, id = newId()): Promise<string> {
  await tx.revision.create({ data: { id, spaceId, parents: [], type: "computed", tree: { pages: [] }, files: [], links: [] } });
  return id;
}

/** A new revision of `spaceId` holding the same content as `revisionId` (documents are shared, not copied). */
export async function copyRevision(tx: Tx, revisionId: string, spaceId: string, id = newId()): Promise<string> {
  const source = await tx.revision.findUniqueOrThrow({ where: { id: revisionId } });
  await tx.revision.create({
    data: { id, spaceId, parents: [], type: "computed", tree: source.tree ?? { pages: [] }, files: source.files ?? [], links: source.links ?? [] },
  });
  return id;
}

function dimensions(data: Buffer, contentType: string): { width: number; height: number } | undefined {
  if (!contentType.startsWith("image/")) return undefined;
  try {
    const { width, height } = imageSize(data);
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined; // not an image the bytes describe
  }
}

export interface RevisionInput {
  spaceId: string;
  changeRequestId: string | null;
  parents: string[];
  type: RevisionType;
  pages: StoredPage[];
  files: StoredFile[];
  /** Page bodies as written (markdown with links by path or file name), by page ID. */
  bodies?: Map<string, string>;
  /** Page bodies already in stored form (references by ID), by page ID: merged text. */
  storedBodies?: Map<string, string>;
  newFiles?: NewFile[];
  /** The app's base URL, to tell `in-app` links. */
  appBase: string;
}

export interface WrittenRevision {
  revision: Revision;
  pages: StoredPage[];
}

/** Pages and their links, chunked along the same page boundaries. */
async function storeChunked(tx: Tx, pages: StoredPage[], links: StoredLink[]): Promise<{ tree: object; links: object }> {
  const pageChunks = chunkBy(pages, (page) => page.id);
  const linksByPage = new Map<string, StoredLink[]>();
  for (const link of links) linksByPage.set(link.page, [...(linksByPage.get(link.page) ?? []), link]);
  const linkChunks = pageChunks.map((chunk) => chunk.flatMap((page) => linksByPage.get(page.id) ?? []));
  const [treeHashes, linkHashes] = [await putChunks(tx, pageChunks), await putChunks(tx, linkChunks)];
  return { tree: { chunks: treeHashes }, links: { chunks: linkHashes } };
}

export async function writeRevision(tx: Tx, input: RevisionInput): Promise<WrittenRevision> {
  const pages = input.pages.map((page) => ({ ...page }));
  deduplicateSlugs(pages);
  for (const { file, data } of input.newFiles ?? []) {
    file.blob = await putBlob(tx, data);
    const size = dimensions(data, file.contentType);
    if (size) Object.assign(file, size);
    else {
      delete file.width;
      delete file.height;
    }
  }
  const index = contentIndex(pages, input.files);
  const bodies = [
    ...[...(input.bodies ?? [])].map(([pageId, markdown]) => [pageId, toStoredMarkdown(markdown, index)] as const),
    ...(input.storedBodies ?? []),
  ];
  if (bodies.length) {
    const hashes = await putDocuments(
      tx,
      bodies.map(([, stored]) => stored),
    );
    const byPage = new Map(bodies.map(([pageId], i) => [pageId, hashes[i]!]));
    for (const page of pages) if (byPage.has(page.id)) page.document = byPage.get(page.id);
  }
  const meta = await loadDocumentMeta(
    tx,
    pages.flatMap((page) => (page.document ? [page.document] : [])),
  );
  const links = computeLinks(pages, input.files, meta, input.appBase);
  const chunked = await storeChunked(tx, pages, links);
  const revision = await tx.revision.create({
    data: {
      id: newId(),
      spaceId: input.spaceId,
      changeRequestId: input.changeRequestId,
      parents: input.parents,
      type: input.type,
      tree: chunked.tree,
      files: input.files as object[],
      links: chunked.links,
    },
  });
  return { revision, pages };
}

export interface LoadedRevision {
  revision: Revision;
  pages: StoredPage[];
  files: StoredFile[];
  links: StoredLink[];
}

/** A revision with its pages and links (from their chunks, or inline). */
export async function loadRevision(tx: Tx | Db, id: string): Promise<LoadedRevision | null> {
  const revision = await tx.revision.findUnique({ where: { id } });
  return revision ? expandRevision(tx, revision) : null;
}

export async function expandRevision(tx: Tx | Db, revision: Revision): Promise<LoadedRevision> {
  const [treeChunks, linkChunks] = [chunkHashes(revision.tree), chunkHashes(revision.links)];
  const [pages, links] = await Promise.all([
    treeChunks ? loadChunks<StoredPage>(tx, treeChunks) : readTree(revision.tree).pages,
    linkChunks ? loadChunks<StoredLink>(tx, linkChunks) : readLinks(revision.links),
  ]);
  return { revision, pages, files: readFiles(revision.files), links };
}
