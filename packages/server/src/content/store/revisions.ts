// Revisions: immutable states of a space's content (or of a change request's).
// Writing one stores the bodies and files it adds (once per distinct content),
// turns written links into references, and classifies every link. Reading one gives
// its index (pages by ID and by path, children, files), built once per revision and
// cached: a revision never changes, so neither does its index.
import type { Tx } from "../../db/database";
import { newId } from "../../db/ids";
import { eventLoop } from "../../event-loop";
import type { Revision } from "../../generated/prisma/client";
import type { ContentStore } from "./cache";
import { chunkBy, chunkHashes, loadChunks, putChunks } from "./chunks";
import { loadDocumentMeta, putBlob, putDocuments } from "./documents";
import { computeLinks, documentsForLinks, groupLinks, type LinksByPage, pagesToRelink, readLinks, type StoredLink } from "./links";
import { type PageDiff, PagesDraft, pathsKept } from "./page-diff";
import { type ContentIndex, contentIndex, toStoredMarkdown, updatedContentIndex } from "./references";
import { childrenIndex, deduplicateSlugs, readFiles, readTree, type StoredFile, type StoredPage } from "./tree";
import { appearedTargets, deriveWaitingIndex, pagesWaitingFor, resolveWaitingLinks, waitingIndex } from "./waiting-links";

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

/** Per page and file indexed: their objects, map entries, paths and links by page (an estimate for the cache). */
const INDEX_BYTES_PER_PAGE = 800;
const INDEX_BYTES_PER_FILE = 300;

function buildIndex(
  store: ContentStore,
  revision: Revision,
  pages: readonly StoredPage[],
  files: readonly StoredFile[],
  content: ContentIndex = contentIndex(pages, files),
  { byId, children }: Pick<RevisionIndex, "byId" | "children"> = { byId: new Map(pages.map((page) => [page.id, page])), children: childrenIndex(pages) },
): RevisionIndex {
  const index: RevisionIndex = { ...content, revision, pages, files, byId, children };
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

/** Each index's links by page, kept once grouped (as long as the index is): the next revision starts from them. */
const linksByIndex = new WeakMap<RevisionIndex, LinksByPage>();

async function revisionLinksByPage(store: ContentStore, index: RevisionIndex): Promise<LinksByPage> {
  const known = linksByIndex.get(index);
  if (known) return known;
  const grouped = groupLinks(await revisionLinks(store, index));
  linksByIndex.set(index, grouped);
  return grouped;
}

function dimensions(data: Buffer, contentType: string): { width: number; height: number } | undefined {
  if (!contentType.startsWith("image/")) return undefined;
  // image-size (a module per image format) loads with the first image stored, not at start.
  const { imageSize } = require("image-size") as typeof import("image-size");
  try {
    const { width, height } = imageSize(data);
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined; // not an image the bytes describe
  }
}

/** A file a write adds, with its bytes (stored once per distinct content). */
export interface NewFile {
  file: StoredFile;
  data: Buffer;
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

/** The links of the pages by page: the parent's where they cannot have changed, the others computed. */
async function linksOf(
  store: ContentStore,
  pages: readonly StoredPage[],
  byId: ReadonlyMap<string, StoredPage>,
  input: RevisionInput,
  parent?: { index: RevisionIndex; links: LinksByPage; diff: PageDiff },
): Promise<{ links: LinksByPage; relinked: ReadonlySet<string> }> {
  const previous = parent && { pages: parent.index.byId, files: parent.index.files, links: parent.links };
  const relink = previous ? pagesToRelink(byId, input.files, previous, parent.diff) : pages;
  const own = await loadDocumentMeta(store, documentsForLinks(relink, byId));
  const targets = await loadDocumentMeta(store, documentsForLinks(relink, byId, own));
  const computed = computeLinks(relink, byId, input.files, new Map([...own, ...targets]), input.appBase);
  const links = new Map(previous?.links);
  for (const id of parent?.diff.removed ?? []) links.delete(id);
  for (const [id, pageLinks] of computed) {
    if (pageLinks.length) links.set(id, pageLinks);
    else links.delete(id);
  }
  return { links, relinked: new Set(computed.keys()) };
}

/**
 * The pages whose documents may name, as written, a page or file that is here now: the parent's pages waiting
 * for a path or name that appeared, and pages given another document than the parent's (merged, reverted) but not
 * written here (`written`, whose links were just resolved). Without a parent, every page not written.
 */
function waitingCandidates(
  draft: PagesDraft,
  written: ReadonlyMap<string, string>,
  content: ContentIndex,
  parent?: { index: RevisionIndex; links: LinksByPage },
): StoredPage[] {
  const { byId, diff } = draft;
  if (!parent || !diff) return draft.pages.filter((page) => !written.has(page.id));
  const moved = pathsKept(parent.index.byId, diff) ? diff.touched.map((page) => page.id) : content.pathById.keys();
  const appeared = appearedTargets(content, parent.index, moved);
  const ids = appeared.length ? pagesWaitingFor(waitingIndex(parent.links), appeared) : new Set<string>();
  for (const page of diff.touched) if (page.document && page.document !== parent.index.byId.get(page.id)?.document) ids.add(page.id);
  return [...ids].flatMap((id) => {
    const page = byId.get(id);
    return page && !written.has(id) ? [page] : [];
  });
}

/** The parent's chunk of links for each of its chunks of pages (they share boundaries). */
function linkChunkOfTreeChunk(revision: Revision): Map<string, string> {
  const [tree, links] = [chunkHashes(revision.tree), chunkHashes(revision.links)];
  return tree && links?.length === tree.length ? new Map(tree.map((hash, i) => [hash, links[i]!])) : new Map();
}

/**
 * Pages and their links, chunked along the same page boundaries; only chunks the parents
 * lack are stored. A chunk of the parent's pages none of which was relinked has the
 * parent's chunk of links, which is not built again.
 */
async function storeChunked(
  store: ContentStore,
  pages: readonly StoredPage[],
  { links, relinked }: { links: LinksByPage; relinked: ReadonlySet<string> },
  parent: RevisionIndex | undefined,
  stored: Set<string>,
): Promise<{ tree: object; links: object }> {
  const pageChunks = chunkBy(pages, (page) => page.id);
  const treeHashes = await putChunks(store, pageChunks, stored);
  const parentLinkChunks = parent ? linkChunkOfTreeChunk(parent.revision) : new Map<string, string>();
  const linkHashes = treeHashes.map((hash, i) => {
    const kept = parentLinkChunks.get(hash);
    return kept && !pageChunks[i]!.some((page) => relinked.has(page.id)) ? kept : undefined;
  });
  const rebuilt = linkHashes.flatMap((hash, i) => (hash === undefined ? [i] : []));
  const rebuiltHashes = await putChunks(
    store,
    rebuilt.map((i) => pageChunks[i]!.flatMap((page) => links.get(page.id) ?? [])),
    stored,
  );
  rebuilt.forEach((chunkIndex, i) => {
    linkHashes[chunkIndex] = rebuiltHashes[i];
  });
  return { tree: { chunks: treeHashes }, links: { chunks: linkHashes } };
}

/**
 * Writes a revision. What it derives (slugs made unique, paths, links) starts from its first
 * parent's and looks again only at what differs: pages not changed here stay the same objects,
 * so the chunks holding only them are known without hashing them again.
 */
export async function writeRevision(store: ContentStore, input: RevisionInput): Promise<RevisionIndex> {
  const parent = input.parents[0] ? await existingRevisionIndex(store, input.parents[0]) : undefined;
  const draft = new PagesDraft(input.pages, parent?.byId);
  const unique = deduplicateSlugs(input.pages, draft.siblingsToCheck());
  draft.replace(unique.filter((page, i) => page !== input.pages[i]));
  for (const { file, data } of input.newFiles ?? []) {
    file.blob = await putBlob(store.db, data);
    const size = dimensions(data, file.contentType);
    if (size) Object.assign(file, size);
    else {
      delete file.width;
      delete file.height;
    }
  }
  const { byId, diff } = draft;
  // Paths depend on slugs and parents only: the documents stored below change neither.
  const content =
    parent && diff && pathsKept(parent.byId, diff) ? updatedContentIndex(parent, byId, diff, input.files) : contentIndex(draft.pages, input.files);
  // Bodies written (and merged text) name pages and files by the final paths and names.
  const written = new Map<string, string>();
  for (const [pageId, markdown] of [...(input.bodies ?? []), ...(input.storedBodies ?? [])]) {
    written.set(pageId, toStoredMarkdown(markdown, content));
    // Each body is a scan of up to a million characters: other requests go between them.
    await eventLoop.turnIfBusy();
  }
  const parentLinks = parent && (await revisionLinksByPage(store, parent));
  const waiting = await resolveWaitingLinks(
    store,
    waitingCandidates(draft, written, content, parent && parentLinks && { index: parent, links: parentLinks }),
    content,
  );
  const stored = [...written, ...waiting];
  if (stored.length) {
    const hashes = await putDocuments(
      store,
      stored.map(([, markdown]) => markdown),
    );
    draft.replace(
      stored.flatMap(([pageId], i) => {
        const page = byId.get(pageId);
        return page && page.document !== hashes[i] ? [{ ...page, document: hashes[i] }] : [];
      }),
    );
  }
  const { pages } = draft;
  const links = await linksOf(store, pages, byId, input, parent && parentLinks && diff && { index: parent, links: parentLinks, diff });
  if (parentLinks) deriveWaitingIndex(parentLinks, links.links, [...links.relinked, ...(diff?.removed ?? [])]);
  const chunked = await storeChunked(store, pages, links, parent, await parentChunks(store, input.parents));
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
  const index = buildIndex(store, revision, pages, input.files, content, draft);
  linksByIndex.set(index, links.links);
  return index;
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
  const index = store.cache.set("revision", revision.id, { ...source, revision }, INDEX_BYTES_PER_PAGE * source.pages.length);
  const grouped = linksByIndex.get(source);
  if (grouped) linksByIndex.set(index, grouped);
  return index;
}
