// Reads shared by the team operations (and by the areas that embed teams).
import type { Db, Tx } from "../../db/database";
import { badRequest } from "../../http/errors";
import type { TeamRole } from "./policy";

/** How many members each team has. */
export async function memberCountsOfTeams(prisma: Db, teamIds: string[]): Promise<Map<string, number>> {
  const rows = await prisma.teamMember.groupBy({ by: ["teamId"], where: { teamId: { in: teamIds } }, _count: true });
  return new Map(rows.map((row) => [row.teamId, row._count]));
}

/** The role a user has in each of the teams they belong to, among `teamIds`. */
export async function teamRolesOf(prisma: Db, userId: string, teamIds: string[]): Promise<Map<string, TeamRole>> {
  const rows = await prisma.teamMember.findMany({ where: { userId, teamId: { in: teamIds } } });
  return new Map(rows.map((row) => [row.teamId, row.role]));
}

/**
 * The users that references name among the organization's members: each reference is a
 * user ID, or, with `emails`, an e-mail address (compared ignoring case). Any reference
 * naming no member is refused with 400 naming every such one, at its `field` (the same for
 * all, or the field each reference came from).
 */
export async function resolveMembers(
  prisma: Db | Tx,
  organizationId: string,
  references: readonly string[],
  options: { field: string | ((reference: string) => string); emails: boolean },
): Promise<Map<string, string>> {
  const wanted = [...new Set(references)];
  if (wanted.length === 0) return new Map();
  const members = await prisma.member.findMany({
    where: {
      organizationId,
      OR: [{ userId: { in: wanted } }, ...(options.emails ? [{ user: { email: { in: wanted, mode: "insensitive" as const } } }] : [])],
    },
    select: { userId: true, user: { select: { email: true } } },
  });
  const memberIds = new Set(members.map((member) => member.userId));
  const byEmail = new Map(members.map((member) => [member.user.email.toLowerCase(), member.userId]));
  const resolved = new Map<string, string>();
  const unknown: string[] = [];
  for (const reference of wanted) {
    const userId = memberIds.has(reference) ? reference : options.emails ? byEmail.get(reference.toLowerCase()) : undefined;
    if (userId) resolved.set(reference, userId);
    else unknown.push(reference);
  }
  if (unknown.length > 0) {
    const { field } = options;
    const byField = new Map<string, string[]>();
    for (const reference of unknown) {
      const at = typeof field === "string" ? field : field(reference);
      byField.set(at, [...(byField.get(at) ?? []), JSON.stringify(reference)]);
    }
    const problems = [...byField].map(([at, references]) => `${at}: not members of this organization: ${references.join(", ")}`);
    throw badRequest("invalid_reference", problems.join("; "));
  }
  return resolved;
}
