// Who may do what with a team: any member of its organization sees it; the organization's
// admins and the team's owners manage it (the contract's table, openapi/policies.yaml).
import type { Schemas } from "@docstack/contract";
import { forbidden, notFound } from "../../http/errors";
import { definePolicy, grantedBy, tableOf } from "../../policy/factory";
import { findMembership } from "../../policy/membership";
import { type Level, organizationLevel, type Role, reaches } from "../../policy/roles";

export type TeamPermissions = Schemas["Team"]["permissions"];
export type TeamRole = Schemas["TeamRole"];

export function managesEveryTeam(orgRole: Role | null | undefined): boolean {
  return reaches(organizationLevel(orgRole), "admin");
}

/** A team's owners manage it whatever their organization role: their level on the team is `admin`. */
const teamLevel = (orgRole: Role | null, teamRole: TeamRole | null | undefined): Level => (teamRole === "owner" ? "admin" : organizationLevel(orgRole));

/** `orgRole`: the caller's organization role (they are a member); `teamRole`: theirs in the team, if any. */
export function teamPermissions(orgRole: Role | null, teamRole: TeamRole | null | undefined): TeamPermissions {
  return grantedBy(tableOf("team"), teamLevel(orgRole, teamRole));
}

/** A team of an organization the caller belongs to (404 otherwise, as for a team of another organization). */
export const teamPolicy = definePolicy("team", {
  what: "Team",
  inVisiblePlace: true,
  find: async ({ ctx, params }) => {
    const membership = await findMembership(ctx, params.organizationId);
    if (!membership) throw notFound("Organization");
    const team = await ctx.prisma.team.findFirst({ where: { id: params.teamId as string, organizationId: membership.organization.id } });
    if (!team) return null;
    const own = await ctx.prisma.teamMember.findUnique({ where: { teamId_userId: { teamId: team.id, userId: ctx.actor.userId } } });
    return { ...membership, team, teamRole: own?.role };
  },
  level: (_ctx, { role, teamRole }) => teamLevel(role, teamRole),
  refuse: () => forbidden("role_required", "Your role does not allow this: it needs the admin role on the organization, or the owner role in this team"),
});
