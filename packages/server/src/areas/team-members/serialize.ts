import type { Schemas } from "@docstack/contract";
import type { TeamMember } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { serializeMember } from "../organizations/serialize";
import { memberCounts } from "../organizations/store";

/**
 * A page of a team's memberships, each with the user's membership of the organization.
 * Leaving the organization takes a user out of its teams (removeOrganizationMember), so
 * every team member is an organization member; one that is not would be left out.
 */
export async function serializeTeamMembers(ctx: RequestContext, organizationId: string, rows: TeamMember[]): Promise<Schemas["TeamMember"][]> {
  const userIds = rows.map((row) => row.userId);
  const members = await ctx.prisma.member.findMany({ where: { organizationId, userId: { in: userIds } }, include: { user: true } });
  const counts = await memberCounts(ctx.prisma, organizationId, members);
  const byUser = new Map(members.map((member) => [member.userId, member]));
  return rows.flatMap((row) => {
    const member = byUser.get(row.userId);
    if (!member) return [];
    return [
      {
        organization: serializeMember(ctx, member, counts(member.userId)),
        team: { role: row.role },
        permissions: { view: true },
      },
    ];
  });
}
