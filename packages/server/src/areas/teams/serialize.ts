import type { Schemas } from "@docstack/contract";
import type { Team } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { orgRole } from "../../policy/content";
import { spaceCounts } from "../../policy/visibility";
import { teamPermissions } from "./policy";
import { memberCountsOfTeams, teamRolesOf } from "./store";

/**
 * Teams of one organization as the caller sees them (their `permissions`), read in bulk: the
 * counts and the caller's team roles in a few statements whatever the number of teams. The
 * caller is a member of the organization (the operations' policies made sure of it).
 */
export async function serializeTeams(ctx: RequestContext, teams: Team[]): Promise<Schemas["Team"][]> {
  const ids = teams.map((team) => team.id);
  const organizationId = teams[0]?.organizationId;
  const [members, ownRoles, spaces] = await Promise.all([
    memberCountsOfTeams(ctx.prisma, ids),
    teamRolesOf(ctx.prisma, ctx.actor.userId, ids),
    organizationId ? spaceCounts(ctx.prisma, organizationId, [], ids) : undefined,
  ]);
  return teams.map((team) => ({
    object: "team",
    id: team.id,
    title: team.title,
    members: members.get(team.id) ?? 0,
    // The spaces shared with the team, directly or through a collection holding them.
    spaces: spaces?.ofTeam(team.id) ?? 0,
    createdAt: team.createdAt.toISOString(),
    permissions: teamPermissions(orgRole(ctx, team.organizationId) ?? null, ownRoles.get(team.id)),
  }));
}

export async function serializeTeam(ctx: RequestContext, team: Team): Promise<Schemas["Team"]> {
  const [serialized] = await serializeTeams(ctx, [team]);
  return serialized as Schemas["Team"];
}
