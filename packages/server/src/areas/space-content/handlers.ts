// The content of a space's current revision: pages, files, links, and downloads.

import { importIntoSpace } from "../../commands/change-request-content";
import { markdownToGitBookDocument } from "../../content/format/gitbook-document";
import { revisionZip } from "../../content/gitbook-layout/from-revision";
import { brokenLinksInOpenChangeRequests, contentStore, listFiles, readFile, readPage, readPageByPath, readPageTree } from "../../content/reads/reads";
import { serveDownload } from "../../content/reads/serve-download";
import { searchSpace } from "../../content/search/search";
import { existingRevisionIndex } from "../../content/store/revisions";
import { slugify } from "../../content/store/tree";
import { readImport } from "../../content/web/import";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { SpaceAccess } from "../spaces/policy";
import { contentReads } from "./content-reads";
import { readChanges, readRevisionWithOrigin, revisionOfSpace } from "./revision";

/** The space's current revision; its links are counted broken in its open change requests. */
const reads = contentReads<SpaceAccess>({
  source: (ctx, { space }) => ({ ctx, organizationId: space.organizationId, spaceId: space.id, revisionId: space.revisionId }),
  brokenIn:
    (source, { space }) =>
    (filter) =>
      brokenLinksInOpenChangeRequests(source.ctx, space.id, filter),
});

export const spaceContentOperations = {
  getCurrentRevision: defineOperation("getCurrentRevision", { handle: reads.revision }),
  listPages: defineOperation("listPages", { handle: reads.pages }),
  // Docstack's own: the tree cut to ID, title, type and sub-pages (the app's page tree reads it).
  getPageTitleTree: defineOperation("getPageTitleTree", { handle: reads.titleTree }),
  getPageById: defineOperation("getPageById", { handle: reads.pageById }),
  getPageByPath: defineOperation("getPageByPath", { handle: reads.pageByPath }),
  listFiles: defineOperation("listFiles", { handle: reads.files }),
  getFileById: defineOperation("getFileById", { handle: reads.fileById }),
  listFileBacklinks: defineOperation("listFileBacklinks", { handle: reads.fileBacklinks }),
  listPageLinks: defineOperation("listPageLinks", { handle: reads.pageLinks }),
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
  getPageDocumentInRevisionById: defineOperation("getPageDocumentInRevisionById", {
    handle: async ({ ctx, params }, { space }) => {
      const page = await readPage((await revisionOfSpace(ctx, space, params.revisionId)).source, params.pageId, "markdown");
      return { status: 200, body: markdownToGitBookDocument("markdown" in page ? (page.markdown ?? "") : "") };
    },
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
