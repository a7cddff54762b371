// The content of a change request: reading it (as for a space) and writing it.

import { readImport } from "../../content/import";
import {
  brokenLinksIn,
  type ContentSource,
  listFileBacklinks,
  listFiles,
  listLinks,
  readFile,
  readPage,
  readPageByPath,
  readPageTree,
  readRevision,
} from "../../content/reads";
import type { RequestContext } from "../../http/context";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { type ChangeRequestAccess, demandEditable, onChangeRequest } from "../change-requests/policy";
import { serializeChangeRequest } from "../change-requests/serialize";
import { importIntoChangeRequest, writeChangeRequestContent } from "../change-requests/workflows";

const ofChangeRequest = (ctx: RequestContext, { space, changeRequest }: ChangeRequestAccess): ContentSource => ({
  ctx,
  organizationId: space.organizationId,
  spaceId: space.id,
  revisionId: changeRequest.revisionId,
});

export const changeRequestContentOperations = {
  getChangeRequestRevision: defineOperation("getChangeRequestRevision", {
    authorize: onChangeRequest("view"),
    handle: async ({ ctx }, access) => ({ status: 200, body: await readRevision(ofChangeRequest(ctx, access)) }),
  }),
  updateChangeRequestContent: defineOperation("updateChangeRequestContent", {
    authorize: onChangeRequest("edit"),
    handle: async ({ ctx, body }, { space, changeRequest }) => {
      const updated = await writeChangeRequestContent(ctx, changeRequest.id, body.changes);
      return { status: 200, body: await serializeChangeRequest(ctx, space.revisionId, updated) };
    },
  }),
  listChangeRequestPages: defineOperation("listChangeRequestPages", {
    authorize: onChangeRequest("view"),
    handle: async ({ ctx }, access) => ({ status: 200, body: await readPageTree(ofChangeRequest(ctx, access)) }),
  }),
  getChangeRequestPageById: defineOperation("getChangeRequestPageById", {
    authorize: onChangeRequest("view"),
    handle: async ({ ctx, params, query }, access) => ({ status: 200, body: await readPage(ofChangeRequest(ctx, access), params.pageId, query.format) }),
  }),
  getPageInChangeRequestByPath: defineOperation("getPageInChangeRequestByPath", {
    authorize: onChangeRequest("view"),
    handle: async ({ ctx, params, query }, access) => ({
      status: 200,
      body: await readPageByPath(ofChangeRequest(ctx, access), params.pagePath, query.format),
    }),
  }),
  listChangeRequestFiles: defineOperation("listChangeRequestFiles", {
    authorize: onChangeRequest("view"),
    handle: async ({ ctx, query }, access) => ({ status: 200, body: await listFiles(ofChangeRequest(ctx, access), query) }),
  }),
  getChangeRequestFileById: defineOperation("getChangeRequestFileById", {
    authorize: onChangeRequest("view"),
    handle: async ({ ctx, params }, access) => ({ status: 200, body: await readFile(ofChangeRequest(ctx, access), params.fileId) }),
  }),
  listChangeRequestFileBacklinks: defineOperation("listChangeRequestFileBacklinks", {
    authorize: onChangeRequest("view"),
    handle: async ({ ctx, params, query }, access) => ({ status: 200, body: await listFileBacklinks(ofChangeRequest(ctx, access), params.fileId, query) }),
  }),
  listChangeRequestPageLinks: defineOperation("listChangeRequestPageLinks", {
    authorize: onChangeRequest("view"),
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
  importChangeRequestContent: defineOperation("importChangeRequestContent", {
    authorize: async (request) => {
      const access = await onChangeRequest("edit")(request);
      demandEditable(access.changeRequest, "be edited");
      return access;
    },
    handle: async ({ ctx, body }, { changeRequest }) => {
      const imported = await readImport(body.url, body.source, { allowPrivate: ctx.config.allowPrivateFetch });
      const revision = await importIntoChangeRequest(ctx, changeRequest.id, imported.pages);
      return { status: 201, body: { revision, importedResources: imported.pages.length, totalResources: imported.total } };
    },
  }),
} satisfies AreaOperations;
