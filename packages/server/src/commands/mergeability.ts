// What stops a change request being merged now. The merge refuses for the first of these (in its transaction, on
// the rows it locked), and `GET .../mergeability` lists them all: one function, so the two cannot disagree.
import type { Schemas } from "@docstack/contract";
import type { Db, Tx } from "../db/database";
import type { ChangeRequest } from "../generated/prisma/client";
import { conflict } from "../http/errors";
import { LOCKED_MESSAGE, statusRefusal } from "../models/change-requests/editable";
import { unmetMergeRules } from "../models/change-requests/merge-rules";
import { mergeBase } from "./merge-base";

export type MergeBlocker = Schemas["MergeBlocker"];

export interface MergeabilityFacts {
  changeRequest: ChangeRequest;
  space: { editMode: string; revisionId: string };
  /** Who merges. */
  userId: string;
}

/**
 * Each cause that stops the merge, in the order the merge checks them: the change request's status (merged or
 * archived: nothing else is told), a locked space, then each merge rule in force not met. Empty: it may merge.
 */
export async function mergeBlockers(db: Db | Tx, facts: MergeabilityFacts): Promise<MergeBlocker[]> {
  const { changeRequest, space } = facts;
  const status = statusRefusal(changeRequest, "be merged");
  if (status) return [status];
  const blockers: MergeBlocker[] = space.editMode === "locked" ? [{ reason: "space_locked", message: LOCKED_MESSAGE }] : [];
  const outdated = mergeBase(changeRequest) !== space.revisionId;
  for (const unmet of await unmetMergeRules(db, { changeRequest, outdated, userId: facts.userId }))
    blockers.push({ reason: unmet.rule, message: unmet.message });
  return blockers;
}

/** 409 for the first cause that stops the merge (`merge_rule_unmet` for a merge rule), as the merge refuses. */
export async function demandMergeable(tx: Tx, facts: MergeabilityFacts): Promise<void> {
  const [first] = await mergeBlockers(tx, facts);
  if (!first) return;
  if (first.reason === "change_request_merged" || first.reason === "change_request_archived" || first.reason === "space_locked")
    throw conflict(first.reason, first.message);
  throw conflict("merge_rule_unmet", first.message);
}
