// A revision as GitBook's clients read it: its content, and what GitBook gives each kind of revision (the change
// request a `merge` revision merged, the source of a `computed` one).
import type { Schemas } from "@docstack/contract";
import { type ContentSource, readRevision } from "../../content/reads";
import { serializeChangeRequest } from "../change-requests/serialize";

/** The revision `source` names; `spaceRevisionId` is the space's current revision (a change request's fields are relative to it). */
export async function readRevisionWithOrigin(source: ContentSource, spaceRevisionId: string): Promise<Schemas["Revision"]> {
  const revision = await readRevision(source);
  if (revision.type === "computed") return { ...revision, sourceRevision: revision.id };
  const merged = revision.type === "merge" ? revision.parents[1] : undefined;
  if (merged) {
    // A merge's second parent is the merged change request's revision, which it keeps once merged.
    const changeRequest = await source.ctx.prisma.changeRequest.findFirst({
      where: { spaceId: source.spaceId, revisionId: merged, status: "merged" },
      orderBy: { updatedAt: "desc" },
    });
    if (changeRequest) return { ...revision, mergedFrom: await serializeChangeRequest(source.ctx, spaceRevisionId, changeRequest) };
  }
  return revision;
}
