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

/** A cause that stops the merge: what mergeability tells, and the 409 reason the merge refuses with. */
interface Cause extends MergeBlocker {
  refusal: Parameters<typeof conflict>[0];
}

/**
 * Each cause that stops the merge, in the order the merge checks them: the change request's status (merged or
 * archived: nothing else is told), a locked space, then each merge rule in force not met. Each names its refusal
 * where it is made, so a new cause cannot go without one.
 */
async function causes(db: Db | Tx, facts: MergeabilityFacts): Promise<Cause[]> {
  const { changeRequest, space } = facts;
  const status = statusRefusal(changeRequest, "be merged");
  if (status) return [{ ...status, refusal: status.reason }];
  const found: Cause[] = space.editMode === "locked" ? [{ reason: "space_locked", message: LOCKED_MESSAGE, refusal: "space_locked" }] : [];
  const outdated = mergeBase(changeRequest) !== space.revisionId;
  for (const unmet of await unmetMergeRules(db, { changeRequest, outdated, userId: facts.userId }))
    found.push({ reason: unmet.rule, message: unmet.message, refusal: "merge_rule_unmet" });
  return found;
}

/** What stops the merge, as `GET .../mergeability` tells it. Empty: it may merge. */
export async function mergeBlockers(db: Db | Tx, facts: MergeabilityFacts): Promise<MergeBlocker[]> {
  return (await causes(db, facts)).map(({ reason, message }) => ({ reason, message }));
}

/** 409 for the first cause that stops the merge (`merge_rule_unmet` for a merge rule), as the merge refuses. */
export async function demandMergeable(tx: Tx, facts: MergeabilityFacts): Promise<void> {
  const [first] = await causes(tx, facts);
  if (first) throw conflict(first.refusal, first.message);
}
