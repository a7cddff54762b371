// What a comment is on: its place as a whole, a page of the place's current
// revision, or a node of that page. Page documents of this API version give no
// block an ID except headings, which `format=document` names by `data.anchor`
// (unique in the page): so a comment's node is a heading of its page, by anchor,
// and its preview is the heading's text in the revision the comment was posted on.
import type { Schemas } from "@docstack/contract";
import { sections } from "../../content/format/markdown";
import { contentStore } from "../../content/reads/reads";
import { loadDocuments } from "../../content/store/documents";
import { revisionIndex } from "../../content/store/revisions";
import type { StoredPage } from "../../content/store/tree";
import type { Comment } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { badRequest } from "../../http/errors";
import { memoize } from "../../http/memo";
import { type CommentPlace, currentRevisionId } from "./place";

type CommentTarget = Schemas["CommentTarget"];
type TargetPage = NonNullable<CommentTarget["page"]>;

interface RevisionPages {
  pages: ReadonlyMap<string, StoredPage>;
  paths: ReadonlyMap<string, string>;
}

/** A revision's pages by ID, with their paths (its index); looked up once per request. */
function revisionPages(ctx: RequestContext, revisionId: string): Promise<RevisionPages | null> {
  return memoize(ctx, `comment-revision-pages:${revisionId}`, async () => {
    const index = await revisionIndex(contentStore(ctx), revisionId);
    return index && { pages: index.byId, paths: index.pathById };
  });
}

/** The nodes a comment can be anchored to in each document: heading anchor → heading text. */
async function nodesOf(ctx: RequestContext, documentHashes: Iterable<string>): Promise<Map<string, Map<string, string>>> {
  const documents = await loadDocuments(contentStore(ctx), documentHashes);
  const nodes = new Map<string, Map<string, string>>();
  for (const [hash, { markdown }] of documents) {
    nodes.set(
      hash,
      new Map(
        sections(markdown, "")
          .filter((section) => section.anchor)
          .map((section) => [section.anchor, section.title]),
      ),
    );
  }
  return nodes;
}

export interface PostedTarget {
  targetPageId: string | null;
  targetNodeId: string | null;
  revisionId: string;
}

/** Checks a new comment's `page` and `node` against the place's current revision (400 when not there). */
export async function resolveTarget(ctx: RequestContext, place: CommentPlace, request: { page?: string; node?: string }): Promise<PostedTarget> {
  const revisionId = currentRevisionId(place);
  if (request.node !== undefined && request.page === undefined) {
    throw badRequest("invalid_request", "request/body/node needs request/body/page: the page the node is in");
  }
  if (request.page === undefined) return { targetPageId: null, targetNodeId: null, revisionId };
  const page = (await revisionPages(ctx, revisionId))?.pages.get(request.page);
  if (!page) {
    const where = place.changeRequest ? "change request" : "space";
    throw badRequest("invalid_reference", `request/body/page: no page ${request.page} in the current revision of the ${where}`);
  }
  if (request.node !== undefined) {
    const nodes = page.document ? (await nodesOf(ctx, [page.document])).get(page.document) : undefined;
    if (!nodes?.has(request.node)) {
      throw badRequest("invalid_reference", `request/body/node: no node ${request.node} in page ${page.id} (nodes are the page's headings, by anchor)`);
    }
  }
  return { targetPageId: page.id, targetNodeId: request.node ?? null, revisionId };
}

function describePage(pageId: string, current: RevisionPages | null, posted: RevisionPages | null, sameRevision: boolean): TargetPage {
  const now = current?.pages.get(pageId);
  const then = posted?.pages.get(pageId);
  // A page removed since the comment was posted is shown as it was then.
  const shown = now ?? then;
  const path = (now ? current?.paths.get(pageId) : posted?.paths.get(pageId)) ?? "";
  const changed = !now || (!sameRevision && (!then || now.document !== then.document || now.title !== then.title));
  return {
    id: pageId,
    title: shown?.title ?? "",
    ...(shown?.emoji ? { emoji: shown.emoji } : {}),
    ...(shown?.createdAt ? { createdAt: shown.createdAt } : {}),
    ...(shown?.updatedAt ? { updatedAt: shown.updatedAt } : {}),
    path,
    outdated: changed,
  };
}

/** The `target` of each comment of the place, by comment ID; revisions and documents are read once each. */
export async function describeTargets(ctx: RequestContext, place: CommentPlace, comments: readonly Comment[]): Promise<Map<string, CommentTarget>> {
  const currentId = currentRevisionId(place);
  const onPages = comments.filter((comment) => comment.targetPageId);
  const revisionIds = new Set([currentId, ...onPages.flatMap((comment) => (comment.revisionId ? [comment.revisionId] : []))]);
  const revisions = new Map(await Promise.all([...revisionIds].map(async (id) => [id, await revisionPages(ctx, id)] as const)));
  const postedPage = (comment: Comment) =>
    comment.revisionId && comment.targetPageId ? revisions.get(comment.revisionId)?.pages.get(comment.targetPageId) : undefined;
  const documents = onPages.flatMap((comment) => {
    const document = comment.targetNodeId ? postedPage(comment)?.document : undefined;
    return document ? [document] : [];
  });
  const nodes = documents.length ? await nodesOf(ctx, documents) : new Map<string, Map<string, string>>();

  const targets = new Map<string, CommentTarget>();
  for (const comment of comments) {
    const posted = comment.revisionId ? (revisions.get(comment.revisionId) ?? null) : null;
    const document = postedPage(comment)?.document;
    targets.set(comment.id, {
      ...(comment.targetNodeId ? { node: { id: comment.targetNodeId, preview: (document && nodes.get(document)?.get(comment.targetNodeId)) ?? "" } } : {}),
      ...(comment.changeRequestId ? { changeRequest: comment.changeRequestId } : {}),
      ...(comment.targetPageId ? { page: describePage(comment.targetPageId, revisions.get(currentId) ?? null, posted, comment.revisionId === currentId) } : {}),
      space: comment.spaceId,
      // Comments are always posted on a revision (the column is nullable for replies, which share the table).
      revision: comment.revisionId ?? currentId,
    });
  }
  return targets;
}
