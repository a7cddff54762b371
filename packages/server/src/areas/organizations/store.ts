// Writes shared by the organization operations and the command line.
import type { Db, Tx } from "../../db/database";
import { newId } from "../../db/ids";
import type { Organization } from "../../generated/prisma/client";

export async function createOrganizationWithAdmin(
  prisma: Db,
  input: { title: string; adminUserId: string; type?: string; useCase?: string | null; emailDomains?: string[] },
): Promise<Organization> {
  const id = newId();
  return prisma.organization.create({
    data: {
      id,
      title: input.title,
      type: input.type ?? "business",
      useCase: input.useCase ?? null,
      emailDomains: input.emailDomains ?? [],
      defaultRole: "read",
      members: { create: { userId: input.adminUserId, role: "admin" } },
    },
  });
}

/** Counts of members' spaces and teams, for a page of members. */
export async function memberCounts(prisma: Db, organizationId: string, userIds: string[]) {
  const [spaces, teams] = await Promise.all([
    prisma.space.count({ where: { organizationId, deletedAt: null } }),
    prisma.teamMember.groupBy({ by: ["userId"], where: { userId: { in: userIds }, team: { organizationId } }, _count: true }),
  ]);
  const teamsByUser = new Map(teams.map((row) => [row.userId, row._count]));
  return (userId: string, role: string | null) => ({
    // Every member but a guest reads every space (see policy/roles.ts).
    spaces: role === null ? 0 : spaces,
    teams: teamsByUser.get(userId) ?? 0,
  });
}

/**
 * Whether the site exists in the organization, holding it until the transaction ends: a
 * deletion racing the caller's write waits, then clears what the write pointed at it.
 */
export async function holdSiteOf(tx: Tx, organizationId: string, siteId: string): Promise<boolean> {
  const held = await tx.$queryRaw<unknown[]>`SELECT 1 FROM "Site" WHERE id = ${siteId} AND "organizationId" = ${organizationId} FOR KEY SHARE`;
  return held.length > 0;
}
