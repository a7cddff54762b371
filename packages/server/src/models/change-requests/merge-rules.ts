// Merge rules (GitBook's `mergeRules` of organizations and spaces): what a change request must
// pass before it is merged, checked against its reviews (in the merge's transaction, and when asked whether it can be).
import type { Schemas } from "@docstack/contract";
import type { Db, Tx } from "../../db/database";
import type { ChangeRequest, ChangeRequestReview } from "../../generated/prisma/client";
import { Prisma } from "../../generated/prisma/client";
import { badRequest } from "../../http/errors";

export type OrganizationMergeRules = Schemas["OrganizationMergeRules"];
export type SpaceMergeRules = Schemas["SpaceMergeRules"];
type MergeRule = Schemas["MergeRule"];

/** An organization's rules as stored (null: none, the default). */
export const organizationMergeRules = (stored: unknown): OrganizationMergeRules => (stored as OrganizationMergeRules | null) ?? { type: "none" };

/** A space's rules as stored (null: its organization's, the default). */
export const spaceMergeRules = (stored: unknown): SpaceMergeRules => (stored as SpaceMergeRules | null) ?? { type: "inherit" };

/** The column's value for rules sent in a request (the default is stored as null). */
export function storedMergeRules(rules: SpaceMergeRules | undefined): Prisma.InputJsonValue | typeof Prisma.DbNull | undefined {
  if (rules === undefined) return undefined;
  if (rules.type === "inherit") return Prisma.DbNull;
  return rules as unknown as Prisma.InputJsonValue;
}

/** 400 naming the first user a rule names who is not a member of the organization. */
export async function demandRuleUsersAreMembers(db: Db | Tx, organizationId: string, rules: SpaceMergeRules | undefined): Promise<void> {
  if (rules?.type !== "rules") return;
  const named = rules.rules.flatMap((rule, i) => ("users" in rule ? rule.users.map((user, j) => ({ user, at: `rules/${i}/users/${j}` })) : []));
  if (named.length === 0) return;
  const members = await db.member.findMany({ where: { organizationId, userId: { in: named.map((n) => n.user) } }, select: { userId: true } });
  const known = new Set(members.map((member) => member.userId));
  const stranger = named.find((n) => !known.has(n.user));
  if (stranger) throw badRequest("invalid_reference", `request/body/mergeRules/${stranger.at}: ${stranger.user} is not a member of this organization`);
}

/** The rules in force in a space: its own, or its organization's when it inherits. */
async function rulesInForce(db: Db | Tx, spaceId: string): Promise<readonly MergeRule[]> {
  const space = await db.space.findUniqueOrThrow({ where: { id: spaceId }, select: { mergeRules: true, organization: { select: { mergeRules: true } } } });
  const own = spaceMergeRules(space.mergeRules);
  const rules = own.type === "inherit" ? organizationMergeRules(space.organization.mergeRules) : own;
  return rules.type === "rules" ? rules.rules : [];
}

export interface MergeRuleFacts {
  changeRequest: ChangeRequest;
  /** Whether the space's current revision is another than the change request's base. */
  outdated: boolean;
  /** Who merges. */
  userId: string;
}

/** Why the rule fails, or null when it passes. */
function failure(
  rule: MergeRule,
  facts: MergeRuleFacts,
  reviews: readonly Pick<ChangeRequestReview, "reviewerId" | "status">[],
  names: ReadonlyMap<string, string>,
): string | null {
  const named = (users: readonly string[]) => users.map((user) => names.get(user) ?? user).join(", ");
  const approvedBy = new Set(reviews.filter((review) => review.status === "approved").map((review) => review.reviewerId));
  switch (rule.rule) {
    case "require_at_least_one_review":
      return reviews.length > 0 ? null : "the change request needs a review";
    case "require_at_least_one_approved_review":
      return approvedBy.size > 0 ? null : "the change request needs an approved review";
    case "require_all_reviews_approved":
      return reviews.every((review) => review.status === "approved") ? null : "a review requests changes";
    case "require_specific_reviewers": {
      const missing = rule.users.filter((user) => !approvedBy.has(user));
      return missing.length === 0 ? null : `it needs an approved review from ${named(missing)}`;
    }
    case "require_one_of_specific_reviewers":
      return rule.users.some((user) => approvedBy.has(user)) ? null : `it needs an approved review from one of ${named(rule.users)}`;
    case "require_up_to_date_change_request":
      return facts.outdated ? "the change request is outdated: update it from the space first (POST .../update)" : null;
    case "require_change_request_subject":
      return facts.changeRequest.subject.trim() ? null : "the change request needs a subject";
    case "require_author_to_merge":
      return facts.userId === facts.changeRequest.createdById ? null : "only the change request's creator may merge it";
    case "allow_bypass":
      return null;
  }
}

/**
 * How the people the rules name are called in their messages: their display name, else their e-mail address (a
 * user ID means nothing to whoever reads why a merge waits). Only rules naming reviewers ask.
 */
async function reviewerNames(db: Db | Tx, rules: readonly MergeRule[]): Promise<Map<string, string>> {
  const ids = [
    ...new Set(rules.flatMap((rule) => (rule.rule === "require_specific_reviewers" || rule.rule === "require_one_of_specific_reviewers" ? rule.users : []))),
  ];
  if (ids.length === 0) return new Map();
  const users = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, displayName: true, email: true } });
  return new Map(users.map((user) => [user.id, user.displayName.trim() || user.email]));
}

/** A merge rule in force that the change request does not meet: the rule, and the merge's message naming it and why. */
export interface UnmetMergeRule {
  rule: Exclude<MergeRule["rule"], "allow_bypass">;
  message: string;
}

/**
 * Each merge rule in force the change request fails, in the rules' order (reviews that are not outdated count),
 * none when the one merging is named by an `allow_bypass` rule.
 */
export async function unmetMergeRules(db: Db | Tx, facts: MergeRuleFacts): Promise<UnmetMergeRule[]> {
  const rules = await rulesInForce(db, facts.changeRequest.spaceId);
  if (rules.length === 0) return [];
  if (rules.some((rule) => rule.rule === "allow_bypass" && rule.users.includes(facts.userId))) return [];
  // The creator's own reviews are recorded, but approving one's own change request proves nothing.
  const reviews = await db.changeRequestReview.findMany({
    where: { changeRequestId: facts.changeRequest.id, outdated: false, reviewerId: { not: facts.changeRequest.createdById } },
    select: { reviewerId: true, status: true },
  });
  const names = await reviewerNames(db, rules);
  const unmet: UnmetMergeRule[] = [];
  for (const rule of rules) {
    if (rule.rule === "allow_bypass") continue;
    const why = failure(rule, facts, reviews, names);
    if (why) unmet.push({ rule: rule.rule, message: `Merge rule ${rule.rule}: ${why}` });
  }
  return unmet;
}
