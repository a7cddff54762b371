// Teams: named groups of members of an organization.

import { newId } from "../../db/ids";
import { escapeLike } from "../../db/like";
import type { Prisma } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { SortField } from "../../http/pagination";
import { managesEveryTeam } from "./policy";
import { serializeTeam, serializeTeams } from "./serialize";
import { resolveMembers } from "./store";

/** IDs sort by creation (db/ids.ts): oldest first. */
const BY_CREATION: SortField[] = [{ field: "id", direction: "asc" }];

/** The teams a member can manage: every one for an organization admin, else those they own; none for a non-member. */
async function managedBy(ctx: RequestContext, organizationId: string, userId: string): Promise<Prisma.TeamWhereInput> {
  const member = await ctx.prisma.member.findUnique({ where: { organizationId_userId: { organizationId, userId } } });
  if (!member) return { id: { in: [] } };
  if (managesEveryTeam(member.role)) return {};
  return { members: { some: { userId, role: "owner" } } };
}

export const teamsOperations = {
  listTeamsInOrganization: defineOperation("listTeamsInOrganization", {
    handle: async (request) => {
      const { ctx, params, query } = request;
      const where: Prisma.TeamWhereInput = {
        organizationId: params.organizationId,
        ...(query.title ? { title: { contains: escapeLike(query.title), mode: "insensitive" } } : {}),
        ...(query.owner ? await managedBy(ctx, params.organizationId, query.owner) : {}),
      };
      const body = await listRows(request, {
        model: ctx.prisma.team,
        where,
        order: BY_CREATION,
        serialize: (teams) => serializeTeams(ctx, teams),
      });
      return { status: 200, body };
    },
  }),

  createOrganizationTeam: defineOperation("createOrganizationTeam", {
    handle: async ({ ctx, params, body }) => {
      const team = await ctx.prisma.$transaction(async (tx) => {
        const members = await resolveMembers(tx, params.organizationId, body.members ?? [], { field: "request/body/members", emails: false });
        return tx.team.create({
          data: {
            id: newId(),
            organizationId: params.organizationId,
            title: body.title,
            members: { create: [...new Set(members.values())].map((userId) => ({ userId, role: "member" })) },
          },
        });
      });
      return { status: 201, body: await serializeTeam(ctx, team) };
    },
  }),

  getTeamInOrganizationById: defineOperation("getTeamInOrganizationById", {
    handle: async ({ ctx }, { team }) => ({ status: 200, body: await serializeTeam(ctx, team) }),
  }),

  deleteTeamInOrganizationById: defineOperation("deleteTeamInOrganizationById", {
    // Its memberships go with it (cascade); SAML providers naming it as defaultTeam lose it (set null).
    handle: async ({ ctx }, { team }) => {
      // Deleted meanwhile by a concurrent request: gone all the same.
      const { count } = await ctx.prisma.team.deleteMany({ where: { id: team.id } });
      return count > 0 ? { status: 205 } : { status: 204 };
    },
  }),

  updateTeamInOrganizationById: defineOperation("updateTeamInOrganizationById", {
    handle: async ({ ctx, body }, { team }) => {
      const updated = await ctx.prisma.team.update({ where: { id: team.id }, data: { title: body.title } });
      return { status: 200, body: await serializeTeam(ctx, updated) };
    },
  }),
} satisfies AreaOperations;
