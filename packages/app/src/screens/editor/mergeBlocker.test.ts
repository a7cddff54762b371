import { mergeBlocker, rulesInForce } from "./mergeBlocker";

const author = { id: "author", displayName: "Ada" };
const colleague = { id: "colleague", displayName: "Bob" };
const facts = (over: Partial<Parameters<typeof mergeBlocker>[0]> = {}) => ({
  rules: rulesInForce({ type: "inherit" }, { type: "rules", rules: [{ rule: "require_at_least_one_approved_review" as const }] }),
  reviews: [],
  changeRequest: { createdBy: author, subject: "Edits", outdated: false },
  userId: author.id,
  nameOf: (id: string) => (id === colleague.id ? colleague.displayName : id),
  changedPages: 1,
  ...over,
});

it("says why a merge is not possible until the rules in force pass, the author's own approval not counting", () => {
  expect(mergeBlocker(facts({ changedPages: 0 }))).toBe("Nothing to merge: no page changed yet.");
  expect(mergeBlocker(facts())).toBe("It needs an approval from someone other than its author.");
  expect(mergeBlocker(facts({ reviews: [{ reviewer: author, status: "approved" }] }))).toBe("It needs an approval from someone other than its author.");
  expect(mergeBlocker(facts({ reviews: [{ reviewer: colleague, status: "approved" }] }))).toBeNull();
  const specific = rulesInForce({ type: "rules", rules: [{ rule: "require_specific_reviewers", users: [colleague.id] }] }, { type: "none" });
  expect(mergeBlocker(facts({ rules: specific }))).toBe("It needs an approval from Bob.");
  const upToDate = rulesInForce({ type: "rules", rules: [{ rule: "require_up_to_date_change_request" }] }, undefined);
  expect(mergeBlocker(facts({ rules: upToDate, changeRequest: { createdBy: author, subject: "", outdated: true } }))).toMatch(/update it from the space/);
  expect(mergeBlocker(facts({ rules: rulesInForce({ type: "inherit" }, { type: "none" }) }))).toBeNull();
});
