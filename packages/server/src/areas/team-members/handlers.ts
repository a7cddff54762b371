// Team members: the members of an organization who belong to a team, and their team role.

import { notFound } from "../../http/errors";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { SortField } from "../../http/pagination";
import { applyChanges, planChanges } from "./changes";
import { serializeTeamMembers } from "./serialize";

/**
 * The contract orders members by when they joined the team, but a team membership
 * records no time (TeamMember has no such column): user IDs give a stable order until
 * it does.
 */
const MEMBER_ORDER: SortField[] = [{ field: "userId", direction: "asc" }];

export const teamMembersOperations = {
  listTeamMembers: defineOperation("listTeamMembers", {
    handle: async (request, { team }) => {
      const { ctx } = request;
      const where = { teamId: team.id };
      const body = await listRows(request, {
        model: ctx.prisma.teamMember,
        where,
        order: MEMBER_ORDER,
        serialize: (rows) => serializeTeamMembers(ctx, team.organizationId, rows),
      });
      return { status: 200, body };
    },
  }),

  updateTeamMembers: defineOperation("updateTeamMembers", {
    handle: async ({ ctx, body }, { team }) => {
      await ctx.prisma.$transaction(async (tx) => applyChanges(tx, team.id, await planChanges(tx, team.organizationId, body)));
      return { status: 204 };
    },
  }),

  addOrUpdateTeamMember: defineOperation("addOrUpdateTeamMember", {
    handle: async ({ ctx, params, body }, { team }) => {
      const role = body?.role;
      await ctx.prisma.$transaction(async (tx) => {
        const member = await tx.member.findUnique({ where: { organizationId_userId: { organizationId: team.organizationId, userId: params.userId } } });
        if (!member) throw notFound("Member");
        await tx.teamMember.upsert({
          where: { teamId_userId: { teamId: team.id, userId: params.userId } },
          create: { teamId: team.id, userId: params.userId, role: role ?? "member" },
          update: role ? { role } : {},
        });
      });
      return { status: 204 };
    },
  }),

  removeTeamMember: defineOperation("removeTeamMember", {
    handle: async ({ ctx, params }, { team }) => {
      const { count } = await ctx.prisma.teamMember.deleteMany({ where: { teamId: team.id, userId: params.userId } });
      // Not (or no longer) in the team: nothing to do, as GitBook answers.
      return count > 0 ? { status: 205 } : { status: 204 };
    },
  }),
} satisfies AreaOperations;
