// The content of a change request: reading it (as for a space) and writing it.

import { importIntoChangeRequest, writeChangeRequestContent } from "../../commands/change-request-content";
import { mergeBase } from "../../commands/merge-base";
import { fetchFileUrls } from "../../content/edits/changes";
import { brokenLinksIn, type ContentSource, contentStore } from "../../content/reads/reads";
import { serializeFile } from "../../content/reads/serialize";
import { existingRevisionIndex } from "../../content/store/revisions";
import { readImport } from "../../content/web/import";
import type { RequestContext } from "../../http/context";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { apiUrl } from "../../http/urls";
import { demandEditable } from "../../models/change-requests/editable";
import type { ChangeRequestAccess } from "../change-requests/policy";
import { serializeChangeRequest } from "../change-requests/serialize";
import { contentReads } from "../space-content/content-reads";
import { readChanges } from "../space-content/revision";
import { checkImage, imageName } from "./image-upload";

const ofChangeRequest = (ctx: RequestContext, { space, changeRequest }: ChangeRequestAccess): ContentSource<RequestContext> => ({
  ctx,
  organizationId: space.organizationId,
  spaceId: space.id,
  revisionId: changeRequest.revisionId,
});

/** The change request's revision; a page's links are counted broken in this change request. */
const reads = contentReads<ChangeRequestAccess>({
  source: ofChangeRequest,
  brokenIn: (source) => (filter) => brokenLinksIn(source.ctx, [source.revisionId], filter),
});

export const changeRequestContentOperations = {
  getChangeRequestRevision: defineOperation("getChangeRequestRevision", { handle: reads.revision }),
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
  listChangeRequestPages: defineOperation("listChangeRequestPages", { handle: reads.pages }),
  getChangeRequestPageById: defineOperation("getChangeRequestPageById", { handle: reads.pageById }),
  getPageInChangeRequestByPath: defineOperation("getPageInChangeRequestByPath", { handle: reads.pageByPath }),
  listChangeRequestFiles: defineOperation("listChangeRequestFiles", { handle: reads.files }),
  getChangeRequestFileById: defineOperation("getChangeRequestFileById", { handle: reads.fileById }),
  listChangeRequestFileBacklinks: defineOperation("listChangeRequestFileBacklinks", { handle: reads.fileBacklinks }),
  listChangeRequestPageLinks: defineOperation("listChangeRequestPageLinks", { handle: reads.pageLinks }),
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
      const { revision } = await importIntoChangeRequest(ctx, changeRequest.id, imported.pages);
      return { status: 201, body: { revision, importedResources: imported.pages.length, totalResources: imported.total } };
    },
  }),
  uploadChangeRequestImage: defineOperation("uploadChangeRequestImage", {
    handle: async ({ ctx, body }, { changeRequest }) => {
      demandEditable(changeRequest, "be edited");
      const image = checkImage(body.data, body.contentType);
      const current = await existingRevisionIndex(contentStore(ctx), changeRequest.revisionId);
      const name = imageName(body.name, image.extension, new Set(current.files.map((file) => file.name)));
      const files = [{ name, contentType: image.contentType, data: image.data.toString("base64") }];
      const written = await writeChangeRequestContent(ctx, changeRequest.id, [{ operation: "insert_files", files }]);
      const index = await existingRevisionIndex(contentStore(ctx), written.changeRequest.revisionId);
      const file = index.files.find((candidate) => candidate.id === written.insertedFiles[0])!;
      return { status: 201, body: { file: serializeFile(ctx, file), revision: written.changeRequest.revisionId } };
    },
  }),
} satisfies AreaOperations;
