// Sharing spaces, collections and sites with users and teams (GitBook's permission operations),
// written once for the three kinds of resource: each gives its operationIds to the same handlers.
import type { Schemas } from "@docstack/contract";
import type { Collection, Site, Space } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { type ListRequest, listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { type PageRequest, paginateArray, type SortField } from "../../http/pagination";
import type { Role } from "../../policy/roles";
import { compareMembers, type MemberListQuery, matchesSearch } from "../organizations/members";
import { serializeUser } from "../organizations/serialize";
import { serializeTeams } from "../teams/serialize";
import { contentLevels, siteLevels } from "./aggregate";
import { demandGrantees, demandRole, type GrantTarget, grant, onTarget, revoke } from "./grants";

const IN_ORDER_GIVEN: SortField[] = [
  { field: "createdAt", direction: "asc" },
  { field: "id", direction: "asc" },
];

/** The part of an operation's request these handlers read (each is typed by its operationId where used). */
interface Request<Params = Record<string, string>, Query = unknown, Body = unknown> {
  ctx: RequestContext;
  params: Params;
  query: Query;
  body: Body;
}

/** How each kind of resource names its grants and what the rule found of it. */
const targets = {
  space: ({ space }: { space: Space }): GrantTarget => ({ column: "spaceId", id: space.id, organizationId: space.organizationId }),
  collection: ({ collection }: { collection: Collection }): GrantTarget => ({
    column: "collectionId",
    id: collection.id,
    organizationId: collection.organizationId,
  }),
  site: ({ site }: { site: Site }): GrantTarget => ({ column: "siteId", id: site.id, organizationId: site.organizationId }),
};

function permissionOperations<Found>(targetOf: (found: Found) => GrantTarget) {
  /** A user who is not a member, or a team of another organization: 404. */
  const demandGrantee = async (ctx: RequestContext, target: GrantTarget, grantee: { userId: string } | { teamId: string }) => {
    const users = "userId" in grantee ? [grantee.userId] : [];
    const teams = "teamId" in grantee ? [grantee.teamId] : [];
    await demandGrantees(ctx.prisma, target.organizationId, users, teams);
  };
  return {
    invite: async ({ ctx, body }: Request<unknown, unknown, Schemas["InviteUsersAndTeams"]>, found: Found) => {
      const target = targetOf(found);
      const role = demandRole(body.role);
      await demandGrantees(ctx.prisma, target.organizationId, body.users ?? [], body.teams ?? []);
      await grant(ctx.prisma, target, role, body);
      return { status: 204 as const };
    },

    listUsers: async (request: ListRequest, found: Found) => {
      const { ctx } = request;
      const target = targetOf(found);
      const where = { ...onTarget(target), userId: { not: null } };
      const body = await listRows(request, {
        model: ctx.prisma.contentGrant,
        where,
        order: IN_ORDER_GIVEN,
        shape: { include: { user: true } },
        serialize: (rows) => rows.flatMap((row) => (row.user ? [{ permission: row.role, user: serializeUser(ctx, row.user, [row.organizationId]) }] : [])),
      });
      return { status: 200 as const, body };
    },

    listTeams: async (request: ListRequest, found: Found) => {
      const { ctx } = request;
      const target = targetOf(found);
      const where = { ...onTarget(target), teamId: { not: null } };
      const body = await listRows(request, {
        model: ctx.prisma.contentGrant,
        where,
        order: IN_ORDER_GIVEN,
        shape: { include: { team: true } },
        serialize: async (rows) => {
          const teams = await serializeTeams(
            ctx,
            rows.flatMap((row) => (row.team ? [row.team] : [])),
          );
          const byId = new Map(teams.map((team) => [team.id, team]));
          return rows.flatMap((row) => {
            const team = row.teamId ? byId.get(row.teamId) : undefined;
            return team ? [{ permission: row.role, team }] : [];
          });
        },
      });
      return { status: 200 as const, body };
    },

    updateUser: async ({ ctx, params, body }: Request<{ userId: string }, unknown, { role: Role | null }>, found: Found) => {
      const target = targetOf(found);
      const role = demandRole(body.role);
      await demandGrantee(ctx, target, { userId: params.userId });
      await grant(ctx.prisma, target, role, { users: [params.userId] });
      return { status: 204 as const };
    },

    updateTeam: async ({ ctx, params, body }: Request<{ teamId: string }, unknown, { role: Role | null }>, found: Found) => {
      const target = targetOf(found);
      const role = demandRole(body.role);
      await demandGrantee(ctx, target, { teamId: params.teamId });
      await grant(ctx.prisma, target, role, { teams: [params.teamId] });
      return { status: 204 as const };
    },

    removeUser: async ({ ctx, params }: Request<{ userId: string }>, found: Found) =>
      (await revoke(ctx.prisma, targetOf(found), { userId: params.userId })) ? { status: 205 as const } : { status: 204 as const },

    removeTeam: async ({ ctx, params }: Request<{ teamId: string }>, found: Found) =>
      (await revoke(ctx.prisma, targetOf(found), { teamId: params.teamId })) ? { status: 205 as const } : { status: 204 as const },
  };
}

/** Everyone who reaches a space or collection, with their level there, by user ID. */
function contentAggregate<Found>(
  targetOf: (found: Found) => GrantTarget,
  contentOf: (found: Found) => { defaultLevel: string | null; parentId: string | null },
) {
  return async ({ ctx, query }: Request<unknown, PageRequest & { role?: Role }>, found: Found) => {
    const target = targetOf(found);
    const levels = (await contentLevels(ctx, target, contentOf(found))).filter(({ level }) => query.role === undefined || level === query.role);
    const items = levels.map(({ member, level }) => ({ permission: level, user: serializeUser(ctx, member.user, [member.organizationId]) }));
    return { status: 200 as const, body: paginateArray(ctx.cursors, `permissions-aggregate:${target.id}:${query.role ?? ""}`, query, items) };
  };
}

type SiteAggregateQuery = PageRequest & MemberListQuery & { team?: string };

/** Every member with their level on the site, filtered and ordered as the members list is. */
async function siteAggregate({ ctx, query }: Request<unknown, SiteAggregateQuery>, found: { site: Site }) {
  const target = targets.site(found);
  // A filter: a team that is not one of the organization's has no members here.
  const inTeam = query.team
    ? new Set(
        (
          await ctx.prisma.teamMember.findMany({ where: { teamId: query.team, team: { organizationId: target.organizationId } }, select: { userId: true } })
        ).map((row) => row.userId),
      )
    : undefined;
  const compare = compareMembers(query);
  const rows = (await siteLevels(ctx, target))
    .filter(
      ({ member, level }) =>
        (query.role === undefined || level === query.role) && matchesSearch(member.user, query.search) && (!inTeam || inTeam.has(member.userId)),
    )
    .sort((a, b) => compare(a.member, b.member));
  const items = rows.map(({ member, level, origin }) => ({
    permission: level === "guest" ? null : level,
    user: serializeUser(ctx, member.user, [member.organizationId]),
    origin,
    disabled: member.disabled,
    ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt.toISOString() } : {}),
  }));
  const scope = `site-permissions-aggregate:${target.id}:${JSON.stringify([query.role, query.search, query.sort, query.order, query.team])}`;
  return { status: 200 as const, body: paginateArray(ctx.cursors, scope, query, items) };
}

const space = permissionOperations(targets.space);
const collection = permissionOperations(targets.collection);
const site = permissionOperations(targets.site);

export const permissionsOperations = {
  inviteToSpace: defineOperation("inviteToSpace", { handle: space.invite }),
  listUserPermissionsInSpace: defineOperation("listUserPermissionsInSpace", { handle: space.listUsers }),
  updateUserPermissionInSpace: defineOperation("updateUserPermissionInSpace", { handle: space.updateUser }),
  removeUserFromSpace: defineOperation("removeUserFromSpace", { handle: space.removeUser }),
  listTeamPermissionsInSpace: defineOperation("listTeamPermissionsInSpace", { handle: space.listTeams }),
  updateTeamPermissionInSpace: defineOperation("updateTeamPermissionInSpace", { handle: space.updateTeam }),
  removeTeamFromSpace: defineOperation("removeTeamFromSpace", { handle: space.removeTeam }),
  listPermissionsAggregateInSpace: defineOperation("listPermissionsAggregateInSpace", {
    handle: contentAggregate(targets.space, ({ space }) => space),
  }),

  inviteToCollection: defineOperation("inviteToCollection", { handle: collection.invite }),
  listUserPermissionsInCollection: defineOperation("listUserPermissionsInCollection", { handle: collection.listUsers }),
  updateUserPermissionInCollection: defineOperation("updateUserPermissionInCollection", { handle: collection.updateUser }),
  removeUserFromCollection: defineOperation("removeUserFromCollection", { handle: collection.removeUser }),
  listTeamPermissionsInCollection: defineOperation("listTeamPermissionsInCollection", { handle: collection.listTeams }),
  updateTeamPermissionInCollection: defineOperation("updateTeamPermissionInCollection", { handle: collection.updateTeam }),
  removeTeamFromCollection: defineOperation("removeTeamFromCollection", { handle: collection.removeTeam }),
  listPermissionsAggregateInCollection: defineOperation("listPermissionsAggregateInCollection", {
    handle: contentAggregate(targets.collection, ({ collection }) => collection),
  }),

  inviteToSite: defineOperation("inviteToSite", { handle: site.invite }),
  listUserPermissionsInSite: defineOperation("listUserPermissionsInSite", { handle: site.listUsers }),
  updateUserPermissionInSite: defineOperation("updateUserPermissionInSite", { handle: site.updateUser }),
  removeUserFromSite: defineOperation("removeUserFromSite", { handle: site.removeUser }),
  listTeamPermissionsInSite: defineOperation("listTeamPermissionsInSite", { handle: site.listTeams }),
  updateTeamPermissionInSite: defineOperation("updateTeamPermissionInSite", { handle: site.updateTeam }),
  removeTeamFromSite: defineOperation("removeTeamFromSite", { handle: site.removeTeam }),
  listPermissionsAggregateInSite: defineOperation("listPermissionsAggregateInSite", { handle: siteAggregate }),
} satisfies AreaOperations;
