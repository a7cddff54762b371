// Who may do what with a team: any member of its organization sees it; the
// organization's admins and the team's owners manage it.
import type { Schemas } from "@docstack/contract";
import type { Organization, Team } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { forbidden, notFound } from "../../http/errors";
import { grantedBy, type PermissionTable } from "../../policy/demand";
import type { Role } from "../../policy/roles";
import { organizationAccess } from "../organizations/policy";

export type TeamPermissions = Schemas["Team"]["permissions"];
export type TeamRole = Schemas["TeamRole"];
type Permission = keyof TeamPermissions;

/** The least organization role that manages every team; a team's owners manage it whatever their role. */
const MANAGE_EVERY_TEAM: PermissionTable<"admin"> = { admin: "admin" };

export function managesEveryTeam(orgRole: Role | null | undefined): boolean {
  return grantedBy(MANAGE_EVERY_TEAM, orgRole).admin;
}

/** `orgRole`: the caller's organization role (they are a member); `teamRole`: theirs in the team, if any. */
export function teamPermissions(orgRole: Role | null, teamRole: TeamRole | null | undefined): TeamPermissions {
  return { view: true, admin: managesEveryTeam(orgRole) || teamRole === "owner" };
}

export interface TeamAccess {
  organization: Organization;
  team: Team;
  permissions: TeamPermissions;
}

/**
 * A team of an organization the caller belongs to (404 otherwise, as for a team of
 * another organization), checked for a permission (403).
 */
export async function teamAccess(ctx: RequestContext, organizationId: string, teamId: string, permission: Permission): Promise<TeamAccess> {
  const { organization, role } = await organizationAccess(ctx, organizationId, "listTeams");
  const team = await ctx.prisma.team.findFirst({ where: { id: teamId, organizationId } });
  if (!team) throw notFound("Team");
  const own = await ctx.prisma.teamMember.findUnique({ where: { teamId_userId: { teamId, userId: ctx.actor.userId } } });
  const permissions = teamPermissions(role, own?.role as TeamRole | undefined);
  if (!permissions[permission]) {
    throw forbidden("Your role does not allow this: it needs the admin role on the organization, or the owner role in this team");
  }
  return { organization, team, permissions };
}

/** The policy rule of operations on `/v1/orgs/{organizationId}/teams/{teamId}/...`. */
export const onTeam =
  (permission: Permission) =>
  ({ params, ctx }: { params: { organizationId: string; teamId: string }; ctx: RequestContext }) =>
    teamAccess(ctx, params.organizationId, params.teamId, permission);
