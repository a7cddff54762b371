// Revisions: immutable states of a space's content (or of a change request's).
// Writing one stores the bodies and files it adds (once per distinct content),
// turns written links into references, and classifies every link.
import { imageSize } from "image-size";
import type { Tx } from "../db/database";
import { newId } from "../db/ids";
import type { Revision } from "../generated/prisma/client";
import { loadDocumentMeta, putBlob, putDocuments } from "./documents";
import { computeLinks } from "./links";
import { contentIndex, toStoredMarkdown } from "./references";
import { deduplicateSlugs, readFiles, readTree, type StoredFile, type StoredPage } from "./tree";
import type { NewFile } from "./changes";

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

export async function writeRevision(tx: Tx, input: RevisionInput): Promise<Revision> {
  const pages = input.pages.map((page) => ({ ...page }));
  deduplicateSlugs(pages);
  for (const { file, data } of input.newFiles ?? []) {
    file.blob = await putBlob(tx, data);
    const size = dimensions(data, file.contentType);
    if (size) Object.assign(file, size);
    else delete file.width, delete file.height;
  }
  const index = contentIndex(pages, input.files);
  const bodies = [
    ...[...(input.bodies ?? [])].map(([pageId, markdown]) => [pageId, toStoredMarkdown(markdown, index)] as const),
    ...(input.storedBodies ?? []),
  ];
  if (bodies.length) {
    const hashes = await putDocuments(tx, bodies.map(([, stored]) => stored));
    const byPage = new Map(bodies.map(([pageId], i) => [pageId, hashes[i]!]));
    for (const page of pages) if (byPage.has(page.id)) page.document = byPage.get(page.id);
  }
  const meta = await loadDocumentMeta(tx, pages.flatMap((page) => (page.document ? [page.document] : [])));
  const links = computeLinks(pages, input.files, meta, input.appBase);
  return tx.revision.create({
    data: {
      id: newId(),
      spaceId: input.spaceId,
      changeRequestId: input.changeRequestId,
      parents: input.parents,
      type: input.type,
      tree: { pages } as object,
      files: input.files as object[],
      links: links as object[],
    },
  });
}

export async function loadRevision(tx: Tx | import("../db/database").Db, id: string) {
  const revision = await tx.revision.findUnique({ where: { id } });
  if (!revision) return null;
  return { revision, pages: readTree(revision.tree).pages, files: readFiles(revision.files) };
}
