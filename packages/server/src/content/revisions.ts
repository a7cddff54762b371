// Revisions: immutable states of a space's content (or of a change request's).
// Writing one stores the bodies and files it adds (once per distinct content),
// turns written links into references, and classifies every link. Reading one gives
// its index (pages by ID and by path, children, files), built once per revision and
// cached: a revision never changes, so neither does its index.
import { imageSize } from "image-size";
import type { Tx } from "../db/database";
import { newId } from "../db/ids";
import type { Revision } from "../generated/prisma/client";
import type { ContentStore } from "./cache";
import type { NewFile } from "./changes";
import { chunkBy, chunkHashes, loadChunks, putChunks } from "./chunks";
import { loadDocumentMeta, putBlob, putDocuments } from "./documents";
import { computeLinks, documentsForLinks, readLinks, type StoredLink, unchangedLinks } from "./links";
import { type ContentIndex, contentIndex, toStoredMarkdown } from "./references";
import { childrenIndex, deduplicateSlugs, readFiles, readTree, type StoredFile, type StoredPage } from "./tree";

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

/** A revision's content, indexed: what every read of it needs, without its links. */
export interface RevisionIndex extends ContentIndex {
  revision: Revision;
  /** In table-of-contents order; shared by every reader: copy a page to change it. */
  pages: readonly StoredPage[];
  files: readonly StoredFile[];
  byId: ReadonlyMap<string, StoredPage>;
  /** Children of each page (and of the root, under ""), in order. */
  children: ReadonlyMap<string, readonly StoredPage[]>;
}

/** Per page and file indexed: their objects, map entries and paths (an estimate for the cache). */
const INDEX_BYTES_PER_PAGE = 700;
const INDEX_BYTES_PER_FILE = 300;

function buildIndex(
  store: ContentStore,
  revision: Revision,
  pages: readonly StoredPage[],
  files: readonly StoredFile[],
  content: ContentIndex = contentIndex(pages, files),
): RevisionIndex {
  const index: RevisionIndex = {
    ...content,
    revision,
    pages,
    files,
    byId: new Map(pages.map((page) => [page.id, page])),
    children: childrenIndex(pages),
  };
  return store.cache.set("revision", revision.id, index, INDEX_BYTES_PER_PAGE * pages.length + INDEX_BYTES_PER_FILE * files.length);
}

/** A revision's index (from the cache, else from its row and chunks); null when there is no such revision. */
export async function revisionIndex(store: ContentStore, id: string): Promise<RevisionIndex | null> {
  const cached = store.cache.get<RevisionIndex>("revision", id);
  if (cached) return cached;
  const revision = await store.db.revision.findUnique({ where: { id } });
  if (!revision) return null;
  const treeChunks = chunkHashes(revision.tree);
  const pages = treeChunks ? await loadChunks<StoredPage>(store, treeChunks) : readTree(revision.tree).pages;
  return buildIndex(store, revision, pages, readFiles(revision.files));
}

/** Like revisionIndex, for a revision that must exist (a space's or a change request's). */
export async function existingRevisionIndex(store: ContentStore, id: string): Promise<RevisionIndex> {
  const index = await revisionIndex(store, id);
  if (!index) throw new Error(`Revision ${id} is missing`);
  return index;
}

/** The links of a revision, in table-of-contents order then order in the page. */
export async function revisionLinks(store: ContentStore, index: RevisionIndex): Promise<readonly StoredLink[]> {
  const linkChunks = chunkHashes(index.revision.links);
  return linkChunks ? loadChunks<StoredLink>(store, linkChunks) : readLinks(index.revision.links);
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
  /** The revisions this one follows; they must be stored (their chunks are not stored again). */
  parents: string[];
  type: RevisionType;
  pages: readonly StoredPage[];
  files: StoredFile[];
  /** Page bodies as written (markdown with links by path or file name), by page ID. */
  bodies?: Map<string, string>;
  /** Page bodies already in stored form (references by ID), by page ID: merged text. */
  storedBodies?: Map<string, string>;
  newFiles?: NewFile[];
  /** The app's base URL, to tell `in-app` links. */
  appBase: string;
}

/** The chunks the parent revisions refer to: in the database already. */
async function parentChunks(store: ContentStore, parents: readonly string[]): Promise<Set<string>> {
  const stored = new Set<string>();
  for (const parent of parents) {
    const { revision } = await existingRevisionIndex(store, parent);
    for (const hash of [...(chunkHashes(revision.tree) ?? []), ...(chunkHashes(revision.links) ?? [])]) stored.add(hash);
  }
  return stored;
}

/** The links of the pages: those of the first parent where they cannot have changed, the others computed. */
async function linksOf(store: ContentStore, pages: readonly StoredPage[], input: RevisionInput): Promise<StoredLink[]> {
  const parent = input.parents[0] ? await existingRevisionIndex(store, input.parents[0]) : undefined;
  const kept = parent ? unchangedLinks(pages, input.files, { pages: parent.byId, files: parent.files, links: await revisionLinks(store, parent) }) : new Map();
  const own = await loadDocumentMeta(store, documentsForLinks(pages, kept));
  const targets = await loadDocumentMeta(store, documentsForLinks(pages, kept, own));
  return computeLinks(pages, input.files, new Map([...own, ...targets]), input.appBase, kept);
}

/** Pages and their links, chunked along the same page boundaries; only chunks the parents lack are stored. */
async function storeChunked(store: ContentStore, pages: StoredPage[], links: StoredLink[], stored: Set<string>): Promise<{ tree: object; links: object }> {
  const pageChunks = chunkBy(pages, (page) => page.id);
  const linksByPage = new Map<string, StoredLink[]>();
  for (const link of links) {
    const list = linksByPage.get(link.page);
    if (list) list.push(link);
    else linksByPage.set(link.page, [link]);
  }
  const linkChunks = pageChunks.map((chunk) => chunk.flatMap((page) => linksByPage.get(page.id) ?? []));
  const [treeHashes, linkHashes] = [await putChunks(store, pageChunks, stored), await putChunks(store, linkChunks, stored)];
  return { tree: { chunks: treeHashes }, links: { chunks: linkHashes } };
}

export async function writeRevision(store: ContentStore, input: RevisionInput): Promise<RevisionIndex> {
  // Pages not changed here stay the same objects, so the chunks holding only them are known without hashing them again.
  let pages = deduplicateSlugs(input.pages);
  for (const { file, data } of input.newFiles ?? []) {
    file.blob = await putBlob(store.db, data);
    const size = dimensions(data, file.contentType);
    if (size) Object.assign(file, size);
    else {
      delete file.width;
      delete file.height;
    }
  }
  const bodies = input.bodies?.size ? [...input.bodies] : [];
  const index = bodies.length ? contentIndex(pages, input.files) : undefined;
  const stored = [...bodies.map(([pageId, markdown]) => [pageId, toStoredMarkdown(markdown, index!)] as const), ...(input.storedBodies ?? [])];
  if (stored.length) {
    const hashes = await putDocuments(
      store,
      stored.map(([, markdown]) => markdown),
    );
    const byPage = new Map(stored.map(([pageId], i) => [pageId, hashes[i]!]));
    pages = pages.map((page) => (byPage.has(page.id) && byPage.get(page.id) !== page.document ? { ...page, document: byPage.get(page.id) } : page));
  }
  const links = await linksOf(store, pages, input);
  const chunked = await storeChunked(store, pages, links, await parentChunks(store, input.parents));
  const revision = await store.db.revision.create({
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
  return buildIndex(store, revision, pages, input.files, index);
}

/** A new revision with the same content as `source` (its chunks and files shared): a fast-forward merge. */
export async function writeSameContent(
  store: ContentStore,
  source: RevisionIndex,
  input: { spaceId: string; changeRequestId: string | null; parents: string[]; type: RevisionType },
): Promise<RevisionIndex> {
  const { tree, files, links } = source.revision;
  const revision = await store.db.revision.create({
    data: { id: newId(), ...input, tree: tree ?? { pages: [] }, files: files ?? [], links: links ?? [] },
  });
  return store.cache.set("revision", revision.id, { ...source, revision }, INDEX_BYTES_PER_PAGE * source.pages.length);
}
