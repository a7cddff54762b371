import type { Schemas } from "@docstack/contract";
import type { Team } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { orgRole } from "../../policy/content";
import { teamPermissions } from "./policy";
import { memberCountsOfTeams, teamRolesOf } from "./store";

/**
 * Teams as the caller sees them (their `permissions`), read in bulk: the counts and the
 * caller's team roles in two statements whatever the number of teams. The caller is a
 * member of each team's organization (the operations' policies made sure of it).
 */
export async function serializeTeams(ctx: RequestContext, teams: Team[]): Promise<Schemas["Team"][]> {
  const ids = teams.map((team) => team.id);
  const [members, ownRoles] = await Promise.all([memberCountsOfTeams(ctx.prisma, ids), teamRolesOf(ctx.prisma, ctx.actor.userId, ids)]);
  return teams.map((team) => ({
    object: "team",
    id: team.id,
    title: team.title,
    members: members.get(team.id) ?? 0,
    // Nothing gives a team access to spaces yet (the data model has no such grant), so none has any.
    spaces: 0,
    createdAt: team.createdAt.toISOString(),
    permissions: teamPermissions(orgRole(ctx, team.organizationId) ?? null, ownRoles.get(team.id)),
  }));
}

export async function serializeTeam(ctx: RequestContext, team: Team): Promise<Schemas["Team"]> {
  const [serialized] = await serializeTeams(ctx, [team]);
  return serialized as Schemas["Team"];
}
