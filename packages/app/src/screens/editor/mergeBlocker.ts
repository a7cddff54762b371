// Why "Merge" is not possible yet, told before the writer tries: the merge rules in force (the space's, or its
// organization's when it inherits) checked as the server checks them at merge (merge-rules.ts there), against
// the reviews that count. The server stays the judge: a merge it refuses still shows its reason.
import type { Schemas } from "@docstack/sdk";

type MergeRule = Schemas["MergeRule"];

export interface MergeFacts {
  rules: readonly MergeRule[];
  /** Reviews not outdated. */
  reviews: readonly { reviewer: { id: string; displayName: string }; status: string }[];
  changeRequest: { createdBy: { id: string }; subject: string; outdated: boolean };
  userId: string;
  /** Names of the organization's members, by ID. */
  nameOf: (userId: string) => string;
  changedPages: number;
}

/** The rules in force: the space's own, or its organization's. */
export function rulesInForce(space: Schemas["SpaceMergeRules"] | undefined, organization: Schemas["OrganizationMergeRules"] | undefined): MergeRule[] {
  const rules = space?.type === "inherit" || !space ? organization : space;
  return rules?.type === "rules" ? rules.rules : [];
}

const names = (facts: MergeFacts, users: readonly string[]) => users.map(facts.nameOf).join(", ");

function failure(rule: MergeRule, facts: MergeFacts, approvedBy: ReadonlySet<string>, counted: MergeFacts["reviews"]): string | null {
  switch (rule.rule) {
    case "require_at_least_one_review":
      return counted.length > 0 ? null : "It needs a review from someone other than its author.";
    case "require_at_least_one_approved_review":
      return approvedBy.size > 0 ? null : "It needs an approval from someone other than its author.";
    case "require_all_reviews_approved":
      return counted.every((review) => review.status === "approved") ? null : "A review requests changes.";
    case "require_specific_reviewers": {
      const missing = rule.users.filter((user) => !approvedBy.has(user));
      return missing.length === 0 ? null : `It needs an approval from ${names(facts, missing)}.`;
    }
    case "require_one_of_specific_reviewers":
      return rule.users.some((user) => approvedBy.has(user)) ? null : `It needs an approval from one of ${names(facts, rule.users)}.`;
    case "require_up_to_date_change_request":
      return facts.changeRequest.outdated ? "The space changed since: update it from the space first." : null;
    case "require_change_request_subject":
      return facts.changeRequest.subject.trim() ? null : "It needs a subject.";
    case "require_author_to_merge":
      return facts.userId === facts.changeRequest.createdBy.id ? null : "Only its author may merge it.";
    case "allow_bypass":
      return null;
  }
}

/** Why the change request cannot be merged now, or null when it can. */
export function mergeBlocker(facts: MergeFacts): string | null {
  if (facts.changedPages === 0) return "Nothing to merge: no page changed yet.";
  if (facts.rules.some((rule) => rule.rule === "allow_bypass" && rule.users.includes(facts.userId))) return null;
  // The author's own reviews do not count (approving one's own change proves nothing).
  const counted = facts.reviews.filter((review) => review.reviewer.id !== facts.changeRequest.createdBy.id);
  const approvedBy = new Set(counted.filter((review) => review.status === "approved").map((review) => review.reviewer.id));
  for (const rule of facts.rules) {
    const why = failure(rule, facts, approvedBy, counted);
    if (why) return why;
  }
  return null;
}
