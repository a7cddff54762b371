// The merge base of a change request, which merges, updates and reads of its changes share.
import type { ChangeRequest } from "../generated/prisma/client";

/** The revision a change request last took the space's content from: what merges compare against. */
export const mergeBase = (changeRequest: Pick<ChangeRequest, "revisionMergedAncestorId" | "revisionInitialId">) =>
  changeRequest.revisionMergedAncestorId ?? changeRequest.revisionInitialId;
