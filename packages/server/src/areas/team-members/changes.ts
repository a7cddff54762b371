// The bulk change of a team's members (updateTeamMembers): references resolved to
// users, then one set of writes where removal wins over adding.
import type { Schemas } from "@docstack/contract";
import type { Tx } from "../../db/database";
import type { TeamRole } from "../teams/policy";
import { resolveMembers } from "../teams/store";

type Request = Schemas["UpdateTeamMembersRequest"];

export interface TeamMemberChanges {
  /** Users to put in the team as `member`, keeping the role of those already in it. */
  add: Set<string>;
  /** The role to give each user, putting them in the team when needed. */
  roles: Map<string, TeamRole>;
  remove: Set<string>;
}

/** Resolves every reference (400 naming each unknown one) into the changes to make. */
export async function planChanges(tx: Tx, organizationId: string, request: Request): Promise<TeamMemberChanges> {
  const memberships = Object.entries(request.memberships ?? {});
  // One check over every field, so the 400 names every unknown reference at once.
  const all = [...(request.add ?? []), ...(request.remove ?? []), ...memberships.map(([reference]) => reference)];
  const fieldOf = (reference: string) =>
    `request/body/${request.add?.includes(reference) ? "add" : request.remove?.includes(reference) ? "remove" : "memberships"}`;
  const users = await resolveMembers(tx, organizationId, all, { field: fieldOf, emails: true });
  const userOf = (reference: string) => users.get(reference) as string;

  const remove = new Set((request.remove ?? []).map(userOf));
  const add = new Set((request.add ?? []).map(userOf).filter((userId) => !remove.has(userId)));
  const roles = new Map<string, TeamRole>();
  for (const [reference, { role }] of memberships) {
    const userId = userOf(reference);
    if (!remove.has(userId)) roles.set(userId, role);
  }
  return { add, roles, remove };
}

export async function applyChanges(tx: Tx, teamId: string, changes: TeamMemberChanges): Promise<void> {
  if (changes.add.size > 0) {
    await tx.teamMember.createMany({ data: [...changes.add].map((userId) => ({ teamId, userId, role: "member" })), skipDuplicates: true });
  }
  // Per role: put in those not in the team yet, then set the role of all of them.
  for (const role of new Set(changes.roles.values())) {
    const userIds = [...changes.roles].filter(([, wanted]) => wanted === role).map(([userId]) => userId);
    await tx.teamMember.createMany({ data: userIds.map((userId) => ({ teamId, userId, role })), skipDuplicates: true });
    await tx.teamMember.updateMany({ where: { teamId, userId: { in: userIds } }, data: { role } });
  }
  if (changes.remove.size > 0) await tx.teamMember.deleteMany({ where: { teamId, userId: { in: [...changes.remove] } } });
}
