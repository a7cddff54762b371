// What spaces, collections and sites are shared with users and teams as (ContentGrant rows):
// writing and reading them. Only members of the resource's organization (guests included)
// and its teams can be given a role; leaving the organization takes a user's grants away
// (organizations/handlers.ts), moving content to another organization takes them off it.
import type { Db, Tx } from "../../db/database";
import { newId } from "../../db/ids";
import type { Role } from "../../generated/prisma/client";
import { badRequest, notFound } from "../../http/errors";

/** The resource a grant is on: its column in ContentGrant, its ID and its organization. */
export interface GrantTarget {
  column: "spaceId" | "collectionId" | "siteId";
  id: string;
  organizationId: string;
}

export const onTarget = (target: GrantTarget) => ({ [target.column]: target.id }) as { spaceId?: string; collectionId?: string; siteId?: string };

/** 400 for `role: null`: a grant gives access, and removing one is `DELETE`. */
export function demandRole(role: Role | null, field = "request/body/role"): Role {
  if (role === null) throw badRequest("invalid_request", `${field}: null gives no access; to remove access, use DELETE on the user's or team's permission`);
  return role;
}

/** 404 naming every ID that is not a member (users) or a team of the organization; nothing is written then. */
export async function demandGrantees(prisma: Db, organizationId: string, users: readonly string[], teams: readonly string[]): Promise<void> {
  const [members, found] = await Promise.all([
    users.length ? prisma.member.findMany({ where: { organizationId, userId: { in: [...users] } }, select: { userId: true } }) : [],
    teams.length ? prisma.team.findMany({ where: { organizationId, id: { in: [...teams] } }, select: { id: true } }) : [],
  ]);
  const knownUsers = new Set(members.map((member) => member.userId));
  const knownTeams = new Set(found.map((team) => team.id));
  const unknown = [
    ...users.filter((id) => !knownUsers.has(id)).map((id) => `user ${id}`),
    ...teams.filter((id) => !knownTeams.has(id)).map((id) => `team ${id}`),
  ];
  if (unknown.length) throw notFound(`Member or team of this organization (${unknown.join(", ")})`);
}

/** Gives each user and team `role` on the target, replacing what they had there (one transaction). */
export async function grant(prisma: Db, target: GrantTarget, role: Role, grantees: { users?: readonly string[]; teams?: readonly string[] }): Promise<void> {
  const all: ({ userId: string } | { teamId: string })[] = [
    ...[...new Set(grantees.users)].map((userId) => ({ userId })),
    ...[...new Set(grantees.teams)].map((teamId) => ({ teamId })),
  ];
  await prisma.$transaction(async (tx: Tx) => {
    for (const grantee of all) {
      const existing = await tx.contentGrant.findFirst({ where: { ...onTarget(target), ...grantee }, select: { id: true } });
      if (existing) await tx.contentGrant.update({ where: { id: existing.id }, data: { role } });
      else await tx.contentGrant.create({ data: { id: newId(), organizationId: target.organizationId, ...onTarget(target), ...grantee, role } });
    }
  });
}

/** Removes what the target is shared with one user or team as: whether there was something. */
export async function revoke(prisma: Db, target: GrantTarget, grantee: { userId: string } | { teamId: string }): Promise<boolean> {
  const { count } = await prisma.contentGrant.deleteMany({ where: { ...onTarget(target), ...grantee } });
  return count > 0;
}

/**
 * Content leaving its organization (a transfer) is no longer shared with anyone of it: the
 * grants on the spaces and collections named go.
 */
export async function revokeAllOn(tx: Tx, content: { spaceIds?: readonly string[]; collectionIds?: readonly string[] }): Promise<void> {
  await tx.contentGrant.deleteMany({
    where: { OR: [{ spaceId: { in: [...(content.spaceIds ?? [])] } }, { collectionId: { in: [...(content.collectionIds ?? [])] } }] },
  });
}
