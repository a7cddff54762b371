// Everyone who can reach a space, a collection or a site, with their level there: the one
// resolution rule (policy/levels.ts) applied to each member of the organization, from one read
// of the members, the grants on the resource (and on the collections holding it) and the
// memberships of the teams those name.
import type { Collection, Member, Role, User } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { ancestry } from "../../policy/content";
import { asDefaultLevel, highest, resolveLevel } from "../../policy/levels";
import { type Level, organizationLevel } from "../../policy/roles";
import { type GrantTarget, onTarget } from "./grants";

type MemberWithUser = Member & { user: User };
interface GrantRow {
  userId: string | null;
  teamId: string | null;
  role: Role;
}

/** Each member of the organization with their grants among `grants` (theirs, or their teams'). */
async function membersWithGrants(ctx: RequestContext, organizationId: string, grants: GrantRow[]) {
  const teamIds = [...new Set(grants.flatMap((row) => (row.teamId ? [row.teamId] : [])))];
  const [members, memberships] = await Promise.all([
    ctx.prisma.member.findMany({ where: { organizationId }, include: { user: true }, orderBy: { userId: "asc" } }),
    teamIds.length ? ctx.prisma.teamMember.findMany({ where: { teamId: { in: teamIds } }, select: { teamId: true, userId: true } }) : [],
  ]);
  return members.map((member) => {
    const teams = new Set(memberships.filter((m) => m.userId === member.userId).map((m) => m.teamId));
    return { member, grants: grants.filter((row) => row.userId === member.userId || (row.teamId !== null && teams.has(row.teamId))) };
  });
}

/** Every enabled member who can reach the space or collection, with their level there, by user ID. */
export async function contentLevels(
  ctx: RequestContext,
  target: GrantTarget,
  content: { defaultLevel: string | null; parentId: string | null },
): Promise<{ member: MemberWithUser; level: Role }[]> {
  const chain: Collection[] = await ancestry(ctx, content.parentId);
  const grants = await ctx.prisma.contentGrant.findMany({
    where: { OR: [onTarget(target), { collectionId: { in: chain.map((collection) => collection.id) } }] },
    select: { userId: true, teamId: true, role: true },
  });
  const defaults = [asDefaultLevel(content.defaultLevel), ...chain.map((collection) => asDefaultLevel(collection.defaultLevel))];
  return (await membersWithGrants(ctx, target.organizationId, grants)).flatMap(({ member, grants: own }) => {
    if (member.disabled) return [];
    const level = resolveLevel({ orgRole: member.role, defaults, grants: own.map((row) => row.role) });
    return level ? [{ member, level }] : [];
  });
}

export type SiteOrigin = { type: "organization"; organization: string } | { type: "site"; site: string; reason: "member" | "team"; team?: string };

/** Every member with their level on the site (any member reads it) and where it comes from. */
export async function siteLevels(ctx: RequestContext, target: GrantTarget): Promise<{ member: MemberWithUser; level: Level; origin: SiteOrigin }[]> {
  const grants = await ctx.prisma.contentGrant.findMany({ where: onTarget(target), select: { userId: true, teamId: true, role: true } });
  return (await membersWithGrants(ctx, target.organizationId, grants)).map(({ member, grants: own }) => {
    const fromRole = organizationLevel(member.role);
    const best = own.reduce<GrantRow | undefined>((top, row) => (top && highest([top.role, row.role]) === top.role ? top : row), undefined);
    const level = highest<Level>([fromRole, best?.role]);
    const origin: SiteOrigin =
      best && level === best.role && level !== fromRole
        ? { type: "site", site: target.id, ...(best.teamId ? { reason: "team" as const, team: best.teamId } : { reason: "member" as const }) }
        : { type: "organization", organization: target.organizationId };
    return { member, level, origin };
  });
}
