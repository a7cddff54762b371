// Reading content: the one read API of a revision (a space's current one, or a change
// request's), shared by the space-content and change-request-content areas and by
// whatever renders pages (search is ../search/search):
//  - readPage (by ID), readPageByPath, readPageTree (the page list), readRevision;
//  - files, file backlinks and links.
// Each costs what it returns, not what the space holds: a revision's index (pages by ID
// and by path, children, files) is built once and cached (../store/revisions), documents and
// chunks are cached by hash (../store/cache), so reading a hot page queries nothing.
import type { Schemas } from "@docstack/contract";
import type { Tx } from "../../db/database";
import { notFound } from "../../http/errors";
import { type PageRequest, paginateArray } from "../../http/pagination";
import { type PreparedJson, prepareJson } from "../../http/prepared-json";
import type { ContentStore } from "../store/cache";
import { loadDocuments } from "../store/documents";
import type { LinkStatus, StoredLink } from "../store/links";
import { existingRevisionIndex, type RevisionIndex, revisionLinks } from "../store/revisions";
import { type StoredPage, tocOrder } from "../store/tree";
import type { ContentDeps, ContentStoreDeps } from "./deps";
import { linkEntries, pageTitleTree, pageTree, pageWithBody, type SerializationContext, serializeFile, serializeRevision } from "./serialize";

/** A revision to read, and the dependencies to read it with (the request context, or a narrower set: `Ctx`). */
export interface ContentSource<Ctx extends ContentDeps = ContentDeps> {
  ctx: Ctx;
  organizationId: string;
  spaceId: string;
  revisionId: string;
}

/** The content store of a request (or of the services): the database (or a transaction of it) through the shared cache. */
export const contentStore = (ctx: ContentStoreDeps, tx?: Tx): ContentStore => ({ db: tx ?? ctx.prisma, cache: ctx.contentCache });

async function load(source: ContentSource): Promise<{ index: RevisionIndex; s: SerializationContext }> {
  const index = await existingRevisionIndex(contentStore(source.ctx), source.revisionId);
  return { index, s: { ctx: source.ctx, spaceId: source.spaceId, index } };
}

export async function readRevision(source: ContentSource): Promise<Schemas["Revision"]> {
  return serializeRevision((await load(source)).s);
}

/** The page list: top-level pages in table-of-contents order, each with its sub-pages, without bodies. */
export async function readPageTree(source: ContentSource): Promise<Schemas["PageTree"]> {
  return { pages: pageTree((await load(source)).s) };
}

/**
 * The page list's JSON, made once per revision (and base URL, which its URLs start with) and cached: a revision
 * never changes, so neither do these bytes; rebuilt from the revision's cached index when evicted.
 */
export async function pageTreeJson(source: ContentSource): Promise<PreparedJson> {
  const key = `${source.revisionId} ${source.ctx.baseUrl}`;
  const cached = source.ctx.contentCache.get<PreparedJson>("page-tree-json", key);
  if (cached) return cached;
  const prepared = prepareJson(await readPageTree(source));
  return source.ctx.contentCache.set("page-tree-json", key, prepared, prepared.bytes.length);
}

/** The title tree's JSON (`getPageTitleTree`), made once per revision and cached as the page list's is (no URLs in it). */
export async function pageTitleTreeJson(source: ContentSource): Promise<PreparedJson> {
  const cached = source.ctx.contentCache.get<PreparedJson>("page-title-tree-json", source.revisionId);
  if (cached) return cached;
  const prepared = prepareJson({ pages: pageTitleTree((await load(source)).index) });
  return source.ctx.contentCache.set("page-title-tree-json", source.revisionId, prepared, prepared.bytes.length);
}

async function withBody(source: ContentSource, s: SerializationContext, page: StoredPage | undefined, format: "markdown" | "document") {
  if (!page) throw notFound("Page");
  const body = page.document ? (await loadDocuments(contentStore(source.ctx), [page.document])).get(page.document)?.markdown : undefined;
  return pageWithBody(s, page, body, format);
}

/** A page with its body and sub-pages, by ID (404 when the revision has no such page). */
export async function readPage(source: ContentSource, pageId: string, format: "markdown" | "document" = "markdown"): Promise<Schemas["Page"]> {
  const { index, s } = await load(source);
  return withBody(source, s, index.byId.get(pageId), format);
}

/** A page with its body and sub-pages, by path (`guides/intro`; slashes around it ignored; 404 when no page has it). */
export async function readPageByPath(source: ContentSource, path: string, format: "markdown" | "document" = "markdown"): Promise<Schemas["Page"]> {
  const { index, s } = await load(source);
  const id = index.pageByPath.get(path.replace(/^\/+|\/+$/g, ""));
  return withBody(source, s, id === undefined ? undefined : index.byId.get(id), format);
}

export async function listFiles(source: ContentSource, request: PageRequest): Promise<Schemas["FileList"]> {
  const { index } = await load(source);
  const page = paginateArray(source.ctx.cursors, `files:${source.revisionId}`, request, index.files);
  return { ...page, items: page.items.map((file) => serializeFile(source.ctx, file)) };
}

export async function readFile(source: ContentSource, fileId: string): Promise<Schemas["File"]> {
  const file = (await load(source)).index.files.find((candidate) => candidate.id === fileId);
  if (!file) throw notFound("File");
  return serializeFile(source.ctx, file);
}

/** The pages using a file (linking to it or embedding it), in table-of-contents order. */
export async function listFileBacklinks(source: ContentSource, fileId: string, request: PageRequest): Promise<Schemas["FileBacklinkList"]> {
  const { index } = await load(source);
  if (!index.files.some((file) => file.id === fileId)) throw notFound("File");
  const links = await revisionLinks(contentStore(source.ctx), index);
  const using = new Set(links.flatMap((link) => (link.target.kind === "file" && link.target.file === fileId ? [link.page] : [])));
  const items = tocOrder(index.pages)
    .filter((page) => using.has(page.id))
    .map((page) => ({
      kind: "file" as const,
      organization: source.organizationId,
      space: source.spaceId,
      versionContext: { type: "revision" as const, revision: index.revision.id },
      file: fileId,
      page: { id: page.id, title: page.title, path: index.pathById.get(page.id)! },
    }));
  return paginateArray(source.ctx.cursors, `backlinks:${index.revision.id}:${fileId}`, request, items);
}

export interface LinkQuery extends PageRequest {
  status?: LinkStatus | undefined;
}

/**
 * Links of the revision (or of one page), filtered by status, with stats over all of
 * them. `brokenInChangeRequests` counts broken links in the open change requests.
 */
export async function listLinks(
  source: ContentSource,
  query: LinkQuery,
  options: { pageId?: string; brokenInChangeRequests: (filter: (link: StoredLink) => boolean) => Promise<number> },
): Promise<Schemas["LinkList"]> {
  const { index } = await load(source);
  if (options.pageId && !index.byId.has(options.pageId)) throw notFound("Page");
  const all = await revisionLinks(contentStore(source.ctx), index);
  const onPage = (link: StoredLink) => !options.pageId || link.page === options.pageId;
  const entries = linkEntries(all.filter(onPage));
  const filtered = query.status ? entries.filter((entry) => entry.status === query.status) : entries;
  const page = paginateArray(source.ctx.cursors, `links:${index.revision.id}:${options.pageId ?? ""}:${query.status ?? ""}`, query, filtered);
  return {
    ...page,
    stats: {
      total: entries.length,
      broken: { total: entries.filter((entry) => entry.status === "broken").length, changeRequest: await options.brokenInChangeRequests(onPage) },
    },
  };
}

/** Broken links (grouped as they are listed) in the revisions of a space's open change requests. */
export async function brokenLinksInOpenChangeRequests(ctx: ContentDeps, spaceId: string, filter: (link: StoredLink) => boolean): Promise<number> {
  const open = await ctx.prisma.changeRequest.findMany({ where: { spaceId, status: "open" }, select: { revisionId: true } });
  if (!open.length) return 0;
  return brokenLinksIn(
    ctx,
    open.map((cr) => cr.revisionId),
    filter,
  );
}

/** Broken links (grouped as they are listed) in revisions, each counted on its own. */
export async function brokenLinksIn(ctx: ContentDeps, revisionIds: string[], filter: (link: StoredLink) => boolean): Promise<number> {
  const store = contentStore(ctx);
  const counts = await Promise.all(
    revisionIds.map(async (id) => {
      const links = await revisionLinks(store, await existingRevisionIndex(store, id));
      return linkEntries(links.filter(filter)).filter((entry) => entry.status === "broken").length;
    }),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}
