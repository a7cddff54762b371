// A revision's content as GitBook's layout, streamed as a zip: the text files (pages, SUMMARY.md, .gitbook.yaml)
// are made from the revision's index and documents; each file's bytes are read from the database only when the
// zip reaches it, so one file at a time is in memory.
import { Readable } from "node:stream";
import { eventLoop } from "../../event-loop";
import type { ContentStore } from "../store/cache";
import { loadDocuments } from "../store/documents";
import { toReadableMarkdown } from "../store/references";
import type { RevisionIndex } from "../store/revisions";
import type { StoredPage } from "../store/tree";
import { layoutPresentation } from "./presentation";
import { layoutRedirects } from "./redirects";
import { DEFAULT_CONFIG, type LayoutPage, type PageOrigin, type Repository, type RepositoryOrigin } from "./types";
import { assetPath, layoutTextFiles } from "./write";

const DOCUMENTS_PER_READ = 250;
/**
 * Origins (each its file's whole text, as bytes) read per statement: the driver decodes bytes slowly, and 250 of them
 * in one answer held the thread for about half a second of CPU (an export of 5,000 pages); between reads the loop turns.
 */
const ORIGINS_PER_READ = 25;

/** The revision's page tree in the layout's terms (bodies as they read: links as paths and file names), its space's former paths as redirects. */
export async function layoutOfRevision(store: ContentStore, index: RevisionIndex): Promise<Omit<Repository, "files">> {
  // Bodies read a few hundred at a time: one query for thousands of documents would make the database's memory (the
  // embedded one's never shrinks) grow with the space.
  const hashes = [...new Set(index.pages.flatMap((page) => (page.document ? [page.document] : [])))];
  const readable = new Map<string, string>();
  for (let start = 0; start < hashes.length; start += DOCUMENTS_PER_READ) {
    const documents = await loadDocuments(store, hashes.slice(start, start + DOCUMENTS_PER_READ));
    for (const [hash, document] of documents) {
      readable.set(hash, toReadableMarkdown(document.markdown, index));
      // Each body's links scanned: 250 of them in one go held every other request (an export of 5,000 pages).
      await eventLoop.turnIfBusy();
    }
  }
  const origins = await loadOrigins(store, index.pages);
  const idOf = new Map<LayoutPage, string>();
  const toLayout = (page: StoredPage): LayoutPage => {
    const layout: LayoutPage = { type: page.type, title: page.title, slug: page.slug, children: (index.children.get(page.id) ?? []).map(toLayout) };
    idOf.set(layout, page.id);
    if (page.type === "document") {
      layout.markdown = (page.document && readable.get(page.document)) || "";
      const origin = page.origin && origins.get(page.origin);
      if (origin) Object.assign(layout, { origin, sourceFile: origin.file, sourcePath: origin.path });
    }
    if (page.href) layout.href = page.href;
    for (const field of ["description", "icon", "emoji"] as const) if (page[field]) layout[field] = page[field];
    for (const field of ["hidden", "noIndex", "noRobotsIndex"] as const) if (page[field]) layout[field] = true;
    Object.assign(layout, layoutPresentation(page));
    return layout;
  };
  const pages = (index.children.get("") ?? []).map(toLayout);
  const [formerPaths, space] = await Promise.all([
    store.db.pageFormerPath.findMany({ where: { spaceId: index.revision.spaceId }, select: { path: true, pageId: true } }),
    store.db.space.findUnique({ where: { id: index.revision.spaceId }, select: { gitbookRedirects: true, gitbookOrigin: true } }),
  ]);
  // The imported `.gitbook.yaml`'s redirects in their order, each to the file of the page it leads to now (as written
  // when it leads to none: GitBook keeps those), then those of the pages moved since (through the API).
  const imported = new Map((space?.gitbookRedirects ?? []) as [string, string][]);
  const moved = layoutRedirects(pages, DEFAULT_CONFIG.readme, idOf, formerPaths);
  const pathOf = (from: string) => from.replace(/^\/+|\/+$/g, "");
  const redirects: Record<string, string> = {};
  for (const [from, target] of imported) redirects[from] = moved[pathOf(from)] ?? target;
  const known = new Set([...imported.keys()].map(pathOf));
  for (const [from, file] of Object.entries(moved)) if (!known.has(from)) redirects[from] = file;
  return { config: { ...DEFAULT_CONFIG, redirects }, pages, origin: (space?.gitbookOrigin ?? {}) as RepositoryOrigin };
}

/** The files the revision's pages were imported from (PageOrigin), by their blob's hash, read a few at a time. */
async function loadOrigins(store: ContentStore, pages: readonly StoredPage[]): Promise<Map<string, PageOrigin>> {
  const hashes = [...new Set(pages.flatMap((page) => (page.origin ? [page.origin] : [])))];
  const origins = new Map<string, PageOrigin>();
  for (let start = 0; start < hashes.length; start += ORIGINS_PER_READ) {
    const blobs = await store.db.fileBlob.findMany({
      where: { hash: { in: hashes.slice(start, start + ORIGINS_PER_READ) } },
      select: { hash: true, data: true },
    });
    for (const blob of blobs) origins.set(blob.hash, JSON.parse(Buffer.from(blob.data).toString("utf8")) as PageOrigin);
  }
  return origins;
}

/** The revision as a zip in GitBook's layout, produced as it is sent. */
export async function revisionZip(store: ContentStore, index: RevisionIndex): Promise<Readable> {
  const layout = await layoutOfRevision(store, index);
  // yazl loads with the first archive made, not at start.
  const { ZipFile } = require("yazl") as typeof import("yazl");
  const zip = new ZipFile();
  // Fixed times: the same content gives the same zip.
  const mtime = new Date(Date.UTC(2000, 0, 1));
  // Each made and compressed when the zip reaches it (yazl's addBuffer deflates every buffer at once, with a zlib
  // state each: thousands of pages would hold a gigabyte; and making every file's text at once held the thread).
  for (const [path, make] of layoutTextFiles(layout, new Set(index.files.map((file) => file.name)))) {
    zip.addReadStreamLazy(path, { mtime }, (done) => {
      let data: Buffer;
      try {
        data = make();
      } catch (error) {
        return done(error as Error, Readable.from([]));
      }
      done(null, Readable.from([data]));
    });
  }
  for (const file of index.files) {
    // Asked for when the zip reaches the file.
    zip.addReadStreamLazy(assetPath(layout.config, file.name), { mtime }, (done) => {
      store.db.fileBlob.findUnique({ where: { hash: file.blob }, select: { data: true } }).then(
        (blob) => done(null, Readable.from([Buffer.from(blob?.data ?? new Uint8Array())])),
        (error: unknown) => done(error, Readable.from([])),
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}
