// The content of a change request: reading it (as for a space) and writing it.

import { importIntoChangeRequest, writeChangeRequestContent } from "../../commands/change-request-content";
import { mergeBase } from "../../commands/merge-base";
import { fetchFileUrls } from "../../content/changes";
import { readImport } from "../../content/import";
import {
  brokenLinksIn,
  type ContentSource,
  contentStore,
  listFileBacklinks,
  listFiles,
  listLinks,
  readFile,
  readPage,
  readPageByPath,
  readPageTree,
} from "../../content/reads";
import { existingRevisionIndex } from "../../content/revisions";
import { serializeFile } from "../../content/serialize";
import type { RequestContext } from "../../http/context";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { apiUrl } from "../../http/urls";
import { type ChangeRequestAccess, demandEditable } from "../change-requests/policy";
import { serializeChangeRequest } from "../change-requests/serialize";
import { readChanges, readRevisionWithOrigin } from "../space-content/revision";

const ofChangeRequest = (ctx: RequestContext, { space, changeRequest }: ChangeRequestAccess): ContentSource<RequestContext> => ({
  ctx,
  organizationId: space.organizationId,
  spaceId: space.id,
  revisionId: changeRequest.revisionId,
});

export const changeRequestContentOperations = {
  getChangeRequestRevision: defineOperation("getChangeRequestRevision", {
    handle: async ({ ctx }, access) => ({ status: 200, body: await readRevisionWithOrigin(ofChangeRequest(ctx, access), access.space.revisionId) }),
  }),
  updateChangeRequestContent: defineOperation("updateChangeRequestContent", {
    handle: async ({ ctx, body, query }, { space, changeRequest }) => {
      const fetched = await fetchFileUrls(body.changes, ctx.config.allowPrivateFetch);
      const written = await writeChangeRequestContent(ctx, changeRequest.id, body.changes, fetched);
      const serialized = await serializeChangeRequest(ctx, space.revisionId, written.changeRequest);
      if (query.compat !== false) return { status: 200, body: serialized };
      // GitBook's `compat=false`: the pages touched and the files added too.
      const index = await existingRevisionIndex(contentStore(ctx), written.changeRequest.revisionId);
      const content = `/spaces/${space.id}/change-requests/${changeRequest.id}/content`;
      return {
        status: 200,
        body: {
          changeRequest: serialized,
          changes: [...written.outcomes].map(([id, outcome]) => ({
            ...outcome,
            page: outcome.object === "deleted_page" ? id : { object: "page" as const, id, urls: { location: apiUrl(ctx, `${content}/page/${id}`) } },
          })),
          insertedFiles: written.insertedFiles.flatMap((id) => {
            const file = index.files.find((candidate) => candidate.id === id);
            return file ? [serializeFile(ctx, file)] : [];
          }),
        },
      };
    },
  }),
  listChangeRequestPages: defineOperation("listChangeRequestPages", {
    handle: async ({ ctx }, access) => ({ status: 200, body: await readPageTree(ofChangeRequest(ctx, access)) }),
  }),
  getChangeRequestPageById: defineOperation("getChangeRequestPageById", {
    handle: async ({ ctx, params, query }, access) => ({ status: 200, body: await readPage(ofChangeRequest(ctx, access), params.pageId, query.format) }),
  }),
  getPageInChangeRequestByPath: defineOperation("getPageInChangeRequestByPath", {
    handle: async ({ ctx, params, query }, access) => ({
      status: 200,
      body: await readPageByPath(ofChangeRequest(ctx, access), params.pagePath, query.format),
    }),
  }),
  listChangeRequestFiles: defineOperation("listChangeRequestFiles", {
    handle: async ({ ctx, query }, access) => ({ status: 200, body: await listFiles(ofChangeRequest(ctx, access), query) }),
  }),
  getChangeRequestFileById: defineOperation("getChangeRequestFileById", {
    handle: async ({ ctx, params }, access) => ({ status: 200, body: await readFile(ofChangeRequest(ctx, access), params.fileId) }),
  }),
  listChangeRequestFileBacklinks: defineOperation("listChangeRequestFileBacklinks", {
    handle: async ({ ctx, params, query }, access) => ({ status: 200, body: await listFileBacklinks(ofChangeRequest(ctx, access), params.fileId, query) }),
  }),
  listChangeRequestPageLinks: defineOperation("listChangeRequestPageLinks", {
    handle: async ({ ctx, params, query }, access) => {
      const source = ofChangeRequest(ctx, access);
      return {
        status: 200,
        body: await listLinks(source, query, {
          pageId: params.pageId,
          // For a change request's page: its broken links in this change request.
          brokenInChangeRequests: (filter) => brokenLinksIn(ctx, [source.revisionId], filter),
        }),
      };
    },
  }),
  getChangeRequestChanges: defineOperation("getChangeRequestChanges", {
    handle: async ({ ctx, query }, access) => {
      const source = ofChangeRequest(ctx, access);
      const after = await existingRevisionIndex(contentStore(ctx), source.revisionId);
      return { status: 200, body: await readChanges(source, access.space.revisionId, after, mergeBase(access.changeRequest), query.limit ?? 10) };
    },
  }),
  importChangeRequestContent: defineOperation("importChangeRequestContent", {
    handle: async ({ ctx, body }, { changeRequest }) => {
      demandEditable(changeRequest, "be edited");
      const imported = await readImport(body.url, body.source, { allowPrivate: ctx.config.allowPrivateFetch });
      const revision = await importIntoChangeRequest(ctx, changeRequest.id, imported.pages);
      return { status: 201, body: { revision, importedResources: imported.pages.length, totalResources: imported.total } };
    },
  }),
} satisfies AreaOperations;
