import { type DefaultLevel, highest, resolveLevel } from "./levels";
import type { Role } from "./roles";

type Case = [orgRole: Role | null | undefined, defaults: DefaultLevel[], grants: Role[], expected: Role | null, why: string];

const CASES: Case[] = [
  [undefined, [], [], null, "not a member: nothing"],
  [undefined, ["admin"], ["admin"], null, "not a member: nothing, whatever the content says"],
  ["admin", [null], [], "admin", "organization admins: always admin, even with no default access"],
  ["admin", ["read"], ["comment"], "admin", "organization admins: a lower default or grant changes nothing"],
  ["read", [], [], "read", "at the root: the organization role"],
  ["read", ["inherit"], [], "read", "inherit at the root: the organization role"],
  ["edit", ["inherit", "inherit", "inherit"], [], "edit", "inherit all the way up: the organization role"],
  ["read", ["edit"], [], "edit", "a default level raises the organization role"],
  ["edit", ["read"], [], "read", "a default level lowers the organization role"],
  ["edit", ["inherit", "comment"], [], "comment", "inherit: the parent collection's"],
  ["edit", ["inherit", "inherit", "review"], [], "review", "inherit: the nearest ancestor that sets one"],
  ["read", [null, "admin"], [], null, "null: no default access, whatever the parents say"],
  ["edit", ["inherit", null], [], null, "a parent with no default access: none for what inherits from it"],
  ["edit", ["comment", null], [], "comment", "the content's own level wins over a parent's null"],
  ["edit", [null], ["comment"], "comment", "no default access: what is shared with the member"],
  ["read", ["inherit"], ["review", "comment"], "review", "several grants (direct, teams, parents): the highest"],
  ["edit", ["read"], ["comment"], "comment", "a grant above the default: the grant"],
  ["create", [], ["read"], "create", "a grant below the default: the default"],
  [null, [], [], null, "a guest: nothing by default"],
  [null, ["admin"], [], null, "a guest: default levels are for members only"],
  [null, ["inherit"], ["read"], "read", "a guest: what is shared with them"],
  [null, [null], ["edit", "read"], "edit", "a guest with several grants: the highest"],
];

describe("the level of a user on content", () => {
  it.each(CASES)("role %p, defaults %p, grants %p: %p (%s)", (orgRole, defaults, grants, expected) => {
    expect(resolveLevel({ orgRole, defaults, grants })).toBe(expected);
  });
});

describe("highest", () => {
  it.each([
    [[], null],
    [[null, undefined], null],
    [["read"], "read"],
    [["comment", "admin", "edit"], "admin"],
    [["guest", "read"], "read"],
    [["review", "edit"], "review"],
    [["create", null, "review"], "create"],
  ] as const)("of %p is %p", (levels, expected) => {
    expect(highest(levels)).toBe(expected);
  });
});
