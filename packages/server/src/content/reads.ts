// Reading the content of a revision (a space's current one, or a change request's):
// shared by the space-content and change-request-content areas.
import type { Schemas } from "@docstack/contract";
import type { RequestContext } from "../http/context";
import { notFound } from "../http/errors";
import { type PageRequest, paginateArray } from "../http/pagination";
import { loadDocuments } from "./documents";
import type { LinkStatus, StoredLink } from "./links";
import { expandRevision, loadRevision } from "./revisions";
import { linkEntries, pageTree, pageWithBody, type SerializationContext, serializeFile, serializeRevision } from "./serialize";
import { pagePaths, tocOrder } from "./tree";

export interface ContentSource {
  ctx: RequestContext;
  organizationId: string;
  spaceId: string;
  revisionId: string;
}

async function load(source: ContentSource) {
  const loaded = await loadRevision(source.ctx.prisma, source.revisionId);
  if (!loaded) throw new Error(`Revision ${source.revisionId} is missing`);
  const s: SerializationContext = { ctx: source.ctx, spaceId: source.spaceId, pages: loaded.pages, files: loaded.files };
  return { ...loaded, s };
}

export async function readRevision(source: ContentSource): Promise<Schemas["Revision"]> {
  const { revision, s } = await load(source);
  return serializeRevision(s, revision);
}

export async function readPageTree(source: ContentSource): Promise<Schemas["PageTree"]> {
  return { pages: pageTree((await load(source)).s) };
}

export async function readPage(source: ContentSource, pageId: string, format: "markdown" | "document" = "markdown"): Promise<Schemas["Page"]> {
  const { pages, s } = await load(source);
  const page = pages.find((candidate) => candidate.id === pageId);
  if (!page) throw notFound("Page");
  const body = page.document ? (await loadDocuments(source.ctx.prisma, [page.document])).get(page.document)?.markdown : undefined;
  return pageWithBody(s, page, body, format);
}

export async function listFiles(source: ContentSource, request: PageRequest): Promise<Schemas["FileList"]> {
  const { files } = await load(source);
  const page = paginateArray(source.ctx.cursors, `files:${source.revisionId}`, request, files);
  return { ...page, items: page.items.map((file) => serializeFile(source.ctx, file)) };
}

export async function readFile(source: ContentSource, fileId: string): Promise<Schemas["File"]> {
  const file = (await load(source)).files.find((candidate) => candidate.id === fileId);
  if (!file) throw notFound("File");
  return serializeFile(source.ctx, file);
}

/** The pages using a file (linking to it or embedding it), in table-of-contents order. */
export async function listFileBacklinks(source: ContentSource, fileId: string, request: PageRequest): Promise<Schemas["FileBacklinkList"]> {
  const { revision, pages, files, links } = await load(source);
  if (!files.some((file) => file.id === fileId)) throw notFound("File");
  const using = new Set(links.flatMap((link) => (link.target.kind === "file" && link.target.file === fileId ? [link.page] : [])));
  const paths = pagePaths(pages);
  const items = tocOrder(pages)
    .filter((page) => using.has(page.id))
    .map((page) => ({
      kind: "file" as const,
      organization: source.organizationId,
      space: source.spaceId,
      versionContext: { type: "revision" as const, revision: revision.id },
      file: fileId,
      page: { id: page.id, title: page.title, path: paths.get(page.id)! },
    }));
  return paginateArray(source.ctx.cursors, `backlinks:${revision.id}:${fileId}`, request, items);
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
  const { revision, pages, links: all } = await load(source);
  if (options.pageId && !pages.some((page) => page.id === options.pageId)) throw notFound("Page");
  const onPage = (link: StoredLink) => !options.pageId || link.page === options.pageId;
  const entries = linkEntries(all.filter(onPage));
  const filtered = query.status ? entries.filter((entry) => entry.status === query.status) : entries;
  const page = paginateArray(source.ctx.cursors, `links:${revision.id}:${options.pageId ?? ""}:${query.status ?? ""}`, query, filtered);
  return {
    ...page,
    stats: {
      total: entries.length,
      broken: { total: entries.filter((entry) => entry.status === "broken").length, changeRequest: await options.brokenInChangeRequests(onPage) },
    },
  };
}

/** Broken links (grouped as they are listed) in the revisions of a space's open change requests. */
export async function brokenLinksInOpenChangeRequests(ctx: RequestContext, spaceId: string, filter: (link: StoredLink) => boolean): Promise<number> {
  const open = await ctx.prisma.changeRequest.findMany({ where: { spaceId, status: "open" }, select: { revisionId: true } });
  if (!open.length) return 0;
  return brokenLinksIn(
    ctx,
    open.map((cr) => cr.revisionId),
    filter,
  );
}

/** Broken links (grouped as they are listed) in revisions, each counted on its own. */
export async function brokenLinksIn(ctx: RequestContext, revisionIds: string[], filter: (link: StoredLink) => boolean): Promise<number> {
  const revisions = await ctx.prisma.revision.findMany({ where: { id: { in: revisionIds } } });
  const loaded = await Promise.all(revisions.map((revision) => expandRevision(ctx.prisma, revision)));
  return loaded.reduce((sum, { links }) => sum + linkEntries(links.filter(filter)).filter((entry) => entry.status === "broken").length, 0);
}
