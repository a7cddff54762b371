// A revision as GitBook's clients read it: its content, and what GitBook gives each kind of revision (the change
// request a `merge` revision merged, the source of a `computed` one).
import type { Schemas } from "@docstack/contract";
import { type ContentSource, contentStore, readRevision } from "../../content/reads/reads";
import { revisionChanges } from "../../content/reads/semantic-changes";
import { type RevisionIndex, revisionIndex } from "../../content/store/revisions";
import type { RequestContext } from "../../http/context";
import { notFound } from "../../http/errors";
import { serializeChangeRequest } from "../change-requests/serialize";

/** A revision of the space by ID (its index, cached), or 404: a revision of another space is as unknown as a made-up ID. */
export async function revisionOfSpace(ctx: RequestContext, space: { id: string; organizationId: string }, revisionId: string) {
  const index = await revisionIndex(contentStore(ctx), revisionId);
  if (!index || index.revision.spaceId !== space.id) throw notFound("Revision");
  const source: ContentSource<RequestContext> = { ctx, organizationId: space.organizationId, spaceId: space.id, revisionId };
  return { index, source };
}

/** What `after` changes compared to `beforeId` (none: nothing), with the merged change request of a merge revision. */
export async function readChanges(
  source: ContentSource<RequestContext>,
  spaceRevisionId: string,
  after: RevisionIndex,
  beforeId: string | undefined,
  limit: number,
): Promise<Schemas["RevisionChanges"]> {
  const before = beforeId ? await revisionIndex(contentStore(source.ctx), beforeId) : null;
  const changes = revisionChanges(source.ctx, before, after, limit);
  const mergedFrom = await mergedChangeRequest(source, spaceRevisionId, after.revision);
  return { ...(mergedFrom ? { mergedFrom } : {}), ...changes };
}

/** The revision `source` names; `spaceRevisionId` is the space's current revision (a change request's fields are relative to it). */
export async function readRevisionWithOrigin(source: ContentSource<RequestContext>, spaceRevisionId: string): Promise<Schemas["Revision"]> {
  const revision = await readRevision(source);
  if (revision.type === "computed") return { ...revision, sourceRevision: revision.id };
  const mergedFrom = await mergedChangeRequest(source, spaceRevisionId, revision);
  return mergedFrom ? { ...revision, mergedFrom } : revision;
}

/** The change request a `merge` revision merged (a merge's second parent is its revision, which it keeps once merged). */
async function mergedChangeRequest(source: ContentSource<RequestContext>, spaceRevisionId: string, revision: { type: string; parents: readonly string[] }) {
  const merged = revision.type === "merge" ? revision.parents[1] : undefined;
  if (!merged) return undefined;
  const changeRequest = await source.ctx.prisma.changeRequest.findFirst({
    where: { spaceId: source.spaceId, revisionId: merged, status: "merged" },
    orderBy: { updatedAt: "desc" },
  });
  return changeRequest ? serializeChangeRequest(source.ctx, spaceRevisionId, changeRequest) : undefined;
}
