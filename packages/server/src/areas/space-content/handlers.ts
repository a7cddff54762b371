// The content of a space's current revision: pages, files, links, and downloads.

import { readImport } from "../../content/import";
import {
  brokenLinksInOpenChangeRequests,
  type ContentSource,
  listFileBacklinks,
  listFiles,
  listLinks,
  readFile,
  readPage,
  readPageByPath,
  readPageTree,
  readRevision,
  searchSpace,
} from "../../content/reads";
import { serveDownload } from "../../content/serve-download";
import type { RequestContext } from "../../http/context";
import { notFound } from "../../http/errors";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { importIntoSpace } from "../change-requests/workflows";
import type { SpaceAccess } from "../spaces/policy";
import { onSpace } from "../spaces/policy";

const current = (ctx: RequestContext, { space }: SpaceAccess): ContentSource => ({
  ctx,
  organizationId: space.organizationId,
  spaceId: space.id,
  revisionId: space.revisionId,
});

export const spaceContentOperations = {
  getCurrentRevision: defineOperation("getCurrentRevision", {
    authorize: onSpace("view"),
    handle: async ({ ctx }, access) => ({ status: 200, body: await readRevision(current(ctx, access)) }),
  }),
  listPages: defineOperation("listPages", {
    authorize: onSpace("view"),
    handle: async ({ ctx }, access) => ({ status: 200, body: await readPageTree(current(ctx, access)) }),
  }),
  getPageById: defineOperation("getPageById", {
    authorize: onSpace("view"),
    handle: async ({ ctx, params, query }, access) => ({ status: 200, body: await readPage(current(ctx, access), params.pageId, query.format) }),
  }),
  getPageByPath: defineOperation("getPageByPath", {
    authorize: onSpace("view"),
    handle: async ({ ctx, params, query }, access) => ({ status: 200, body: await readPageByPath(current(ctx, access), params.pagePath, query.format) }),
  }),
  listFiles: defineOperation("listFiles", {
    authorize: onSpace("view"),
    handle: async ({ ctx, query }, access) => ({ status: 200, body: await listFiles(current(ctx, access), query) }),
  }),
  getFileById: defineOperation("getFileById", {
    authorize: onSpace("view"),
    handle: async ({ ctx, params }, access) => ({ status: 200, body: await readFile(current(ctx, access), params.fileId) }),
  }),
  listFileBacklinks: defineOperation("listFileBacklinks", {
    authorize: onSpace("view"),
    handle: async ({ ctx, params, query }, access) => ({ status: 200, body: await listFileBacklinks(current(ctx, access), params.fileId, query) }),
  }),
  listPageLinks: defineOperation("listPageLinks", {
    authorize: onSpace("view"),
    handle: async ({ ctx, params, query }, access) => ({
      status: 200,
      body: await listLinks(current(ctx, access), query, {
        pageId: params.pageId,
        brokenInChangeRequests: (filter) => brokenLinksInOpenChangeRequests(ctx, access.space.id, filter),
      }),
    }),
  }),
  downloadContent: defineOperation("downloadContent", {
    // The signed URL is the authorization: it was given to a caller who could read the content.
    authorize: async ({ ctx, params }) => {
      const download = ctx.downloads.verify(params.downloadToken);
      if (!download) throw notFound("Download (expired or modified)");
      return download;
    },
    handle: async ({ ctx }, download) => serveDownload(ctx, download),
  }),
  searchSpaceContent: defineOperation("searchSpaceContent", {
    authorize: onSpace("view"),
    handle: async ({ ctx, query }, { space }) => ({
      status: 200,
      body: await searchSpace(ctx, space.id, query.query, query, `search:${space.revisionId}:${query.query}`),
    }),
  }),
  importContent: defineOperation("importContent", {
    authorize: onSpace("edit"),
    handle: async ({ ctx, body }, { space }) => {
      const imported = await readImport(body.url, body.source, { allowPrivate: ctx.config.allowPrivateFetch });
      const revision = await importIntoSpace(ctx, space.id, imported.pages);
      return { status: 201, body: { revision, importedResources: imported.pages.length, totalResources: imported.total } };
    },
  }),
} satisfies AreaOperations;
