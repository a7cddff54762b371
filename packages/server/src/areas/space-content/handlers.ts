// The content of a space's current revision: pages, files, links, and downloads.

import { importIntoSpace } from "../../commands/change-request-content";
import { revisionZip } from "../../content/gitbook-layout/from-revision";
import { readImport } from "../../content/import";
import {
  brokenLinksInOpenChangeRequests,
  type ContentSource,
  contentStore,
  listFileBacklinks,
  listFiles,
  listLinks,
  readFile,
  readPage,
  readPageByPath,
  readPageTree,
  searchSpace,
} from "../../content/reads";
import { existingRevisionIndex } from "../../content/revisions";
import { serveDownload } from "../../content/serve-download";
import { slugify } from "../../content/tree";
import type { RequestContext } from "../../http/context";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { SpaceAccess } from "../spaces/policy";
import { readChanges, readRevisionWithOrigin, revisionOfSpace } from "./revision";

const current = (ctx: RequestContext, { space }: SpaceAccess): ContentSource<RequestContext> => ({
  ctx,
  organizationId: space.organizationId,
  spaceId: space.id,
  revisionId: space.revisionId,
});

export const spaceContentOperations = {
  getCurrentRevision: defineOperation("getCurrentRevision", {
    handle: async ({ ctx }, access) => ({ status: 200, body: await readRevisionWithOrigin(current(ctx, access), access.space.revisionId) }),
  }),
  listPages: defineOperation("listPages", {
    handle: async ({ ctx }, access) => ({ status: 200, body: await readPageTree(current(ctx, access)) }),
  }),
  getPageById: defineOperation("getPageById", {
    handle: async ({ ctx, params, query }, access) => ({ status: 200, body: await readPage(current(ctx, access), params.pageId, query.format) }),
  }),
  getPageByPath: defineOperation("getPageByPath", {
    handle: async ({ ctx, params, query }, access) => ({ status: 200, body: await readPageByPath(current(ctx, access), params.pagePath, query.format) }),
  }),
  listFiles: defineOperation("listFiles", {
    handle: async ({ ctx, query }, access) => ({ status: 200, body: await listFiles(current(ctx, access), query) }),
  }),
  getFileById: defineOperation("getFileById", {
    handle: async ({ ctx, params }, access) => ({ status: 200, body: await readFile(current(ctx, access), params.fileId) }),
  }),
  listFileBacklinks: defineOperation("listFileBacklinks", {
    handle: async ({ ctx, params, query }, access) => ({ status: 200, body: await listFileBacklinks(current(ctx, access), params.fileId, query) }),
  }),
  listPageLinks: defineOperation("listPageLinks", {
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
    handle: async ({ ctx }, { download }) => serveDownload(ctx, download),
  }),
  exportSpace: defineOperation("exportSpace", {
    handle: async ({ ctx }, { space }) => {
      const store = contentStore(ctx);
      const data = await revisionZip(store, await existingRevisionIndex(store, space.revisionId));
      return { status: 200, raw: { data, contentType: "application/zip", fileName: `${slugify(space.title)}.zip` } };
    },
  }),
  searchSpaceContent: defineOperation("searchSpaceContent", {
    handle: async ({ ctx, query }, { space }) => ({
      status: 200,
      body: await searchSpace(ctx, space, query.query, query, `search:${space.revisionId}:${query.query}`),
    }),
  }),
  // A revision by ID (GitBook's `/spaces/{spaceId}/revisions/{revisionId}` family): any revision of the space.
  getRevisionById: defineOperation("getRevisionById", {
    handle: async ({ ctx, params }, { space }) => {
      const { source } = await revisionOfSpace(ctx, space, params.revisionId);
      return { status: 200, body: await readRevisionWithOrigin(source, space.revisionId) };
    },
  }),
  getRevisionChanges: defineOperation("getRevisionChanges", {
    handle: async ({ ctx, params, query }, { space }) => {
      const { source, index } = await revisionOfSpace(ctx, space, params.revisionId);
      return { status: 200, body: await readChanges(source, space.revisionId, index, index.revision.parents[0], query.limit ?? 10) };
    },
  }),
  listRevisionPages: defineOperation("listRevisionPages", {
    handle: async ({ ctx, params }, { space }) => ({ status: 200, body: await readPageTree((await revisionOfSpace(ctx, space, params.revisionId)).source) }),
  }),
  listRevisionFiles: defineOperation("listRevisionFiles", {
    handle: async ({ ctx, params, query }, { space }) => ({
      status: 200,
      body: await listFiles((await revisionOfSpace(ctx, space, params.revisionId)).source, query),
    }),
  }),
  getRevisionFileById: defineOperation("getRevisionFileById", {
    handle: async ({ ctx, params }, { space }) => ({
      status: 200,
      body: await readFile((await revisionOfSpace(ctx, space, params.revisionId)).source, params.fileId),
    }),
  }),
  getRevisionPageById: defineOperation("getRevisionPageById", {
    handle: async ({ ctx, params, query }, { space }) => ({
      status: 200,
      body: await readPage((await revisionOfSpace(ctx, space, params.revisionId)).source, params.pageId, query.format),
    }),
  }),
  getRevisionPageByPath: defineOperation("getRevisionPageByPath", {
    handle: async ({ ctx, params, query }, { space }) => ({
      status: 200,
      body: await readPageByPath((await revisionOfSpace(ctx, space, params.revisionId)).source, params.pagePath, query.format),
    }),
  }),
  importContent: defineOperation("importContent", {
    handle: async ({ ctx, body }, { space }) => {
      const imported = await readImport(body.url, body.source, { allowPrivate: ctx.config.allowPrivateFetch });
      const revision = await importIntoSpace(ctx, space.id, imported.pages);
      return { status: 201, body: { revision, importedResources: imported.pages.length, totalResources: imported.total } };
    },
  }),
} satisfies AreaOperations;
