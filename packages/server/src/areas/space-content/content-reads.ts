// The reads a space's current content and a change request's content share (GitBook mirrors eight operations
// between the two): written once here; each area gives them its operationIds and says which revision it reads
// and where its broken links are counted.

import {
  type ContentSource,
  type LinkQuery,
  listFileBacklinks,
  listFiles,
  listLinks,
  pageTitleTreeJson,
  pageTreeJson,
  readFile,
  readPage,
  readPageByPath,
} from "../../content/reads/reads";
import type { StoredLink } from "../../content/store/links";
import type { RequestContext } from "../../http/context";
import type { PageRequest } from "../../http/pagination";
import { readRevisionWithOrigin } from "./revision";

/** The part of an operation's request these handlers read (each is typed by its operationId where used). */
interface Request<Params = unknown, Query = unknown> {
  ctx: RequestContext;
  params: Params;
  query: Query;
}

type Format = { format?: "markdown" | "document" };

/** What a content area tells the shared reads. */
interface ContentOf<Found extends { space: { revisionId: string } }> {
  /** The revision read (the space's current one, or the change request's). */
  source: (ctx: RequestContext, found: Found) => ContentSource<RequestContext>;
  /** How many of the links a filter picks are broken where the area counts them (open change requests, or this one). */
  brokenIn: (source: ContentSource<RequestContext>, found: Found) => (filter: (link: StoredLink) => boolean) => Promise<number>;
}

export function contentReads<Found extends { space: { revisionId: string } }>(of: ContentOf<Found>) {
  return {
    revision: async ({ ctx }: Request, found: Found) => ({
      status: 200 as const,
      body: await readRevisionWithOrigin(of.source(ctx, found), found.space.revisionId),
    }),
    pages: async ({ ctx }: Request, found: Found) => ({ status: 200 as const, prepared: await pageTreeJson(of.source(ctx, found)) }),
    titleTree: async ({ ctx }: Request, found: Found) => ({ status: 200 as const, prepared: await pageTitleTreeJson(of.source(ctx, found)) }),
    pageById: async ({ ctx, params, query }: Request<{ pageId: string }, Format>, found: Found) => ({
      status: 200 as const,
      body: await readPage(of.source(ctx, found), params.pageId, query.format),
    }),
    pageByPath: async ({ ctx, params, query }: Request<{ pagePath: string }, Format>, found: Found) => ({
      status: 200 as const,
      body: await readPageByPath(of.source(ctx, found), params.pagePath, query.format),
    }),
    files: async ({ ctx, query }: Request<unknown, PageRequest>, found: Found) => ({
      status: 200 as const,
      body: await listFiles(of.source(ctx, found), query),
    }),
    fileById: async ({ ctx, params }: Request<{ fileId: string }>, found: Found) => ({
      status: 200 as const,
      body: await readFile(of.source(ctx, found), params.fileId),
    }),
    fileBacklinks: async ({ ctx, params, query }: Request<{ fileId: string }, PageRequest>, found: Found) => ({
      status: 200 as const,
      body: await listFileBacklinks(of.source(ctx, found), params.fileId, query),
    }),
    pageLinks: async ({ ctx, params, query }: Request<{ pageId: string }, LinkQuery>, found: Found) => {
      const source = of.source(ctx, found);
      return { status: 200 as const, body: await listLinks(source, query, { pageId: params.pageId, brokenInChangeRequests: of.brokenIn(source, found) }) };
    },
  };
}
