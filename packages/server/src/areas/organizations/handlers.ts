// Organizations, their members, and the authenticated user.

import { demandSsoCanBeEnforced } from "../../auth/sso-enforcement";
import { searchSpaces } from "../../content/search/search";
import { isUniqueViolation } from "../../db/errors";
import { Prisma } from "../../generated/prisma/client";
import { badRequest, conflict, notFound } from "../../http/errors";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { paginateArray, type SortField } from "../../http/pagination";
import { demandRuleUsersAreMembers, storedMergeRules } from "../../models/change-requests/merge-rules";
import { callerReach, spacesWhere } from "../../policy/visibility";
import { memberEvent } from "../../webhooks/resources";
import { inviteLinksOperations } from "./invites";
import { compareMembers, memberFilter } from "./members";
import { organizationPermissions } from "./policy";
import { serializeMember, serializeOrganization, serializeUser, userDirectory } from "./serialize";
import { createOrganizationWithAdmin, holdSiteOf, inviteByEmail, joinAs, memberCounts } from "./store";

const MEMBERSHIP_ORDER: SortField[] = [
  { field: "joinedAt", direction: "asc" },
  { field: "organizationId", direction: "asc" },
];

export const organizationsOperations = {
  getAuthenticatedUser: defineOperation("getAuthenticatedUser", {
    handle: async ({ ctx }) => ({ status: 200, body: serializeUser(ctx, ctx.actor.user, ctx.actor.orgRoles.keys()) }),
  }),

  listOrganizationsForAuthenticatedUser: defineOperation("listOrganizationsForAuthenticatedUser", {
    handle: async (request) => {
      const { ctx } = request;
      // The actor's organizations: not one whose enforced SSO this credential does not satisfy (auth/sso-enforcement.ts).
      const where = { userId: ctx.actor.userId, disabled: false, organizationId: { in: [...ctx.actor.orgRoles.keys()] } };
      const body = await listRows(request, {
        model: ctx.prisma.member,
        where,
        order: MEMBERSHIP_ORDER,
        shape: { include: { organization: true } },
        serialize: (members) => members.map((member) => serializeOrganization(ctx, member.organization, organizationPermissions(member.role))),
      });
      return { status: 200, body };
    },
  }),

  createOrganization: defineOperation("createOrganization", {
    handle: async ({ ctx, body }) => {
      const organization = await createOrganizationWithAdmin(ctx.prisma, {
        title: body.title,
        adminUserId: ctx.actor.userId,
        type: body.type ?? "business",
        useCase: body.useCase ?? null,
        emailDomains: body.emailDomains ?? [],
      });
      return { status: 201, body: serializeOrganization(ctx, organization, organizationPermissions("admin")) };
    },
  }),

  getOrganizationById: defineOperation("getOrganizationById", {
    handle: async ({ ctx }, { organization, permissions }) => ({
      status: 200,
      body: serializeOrganization(ctx, organization, permissions),
    }),
  }),

  updateOrganizationById: defineOperation("updateOrganizationById", {
    handle: async ({ ctx, body }, { organization, permissions }) => {
      const { defaultContent } = body;
      try {
        const updated = await ctx.prisma.$transaction(async (tx) => {
          if (defaultContent && !(await holdSiteOf(tx, organization.id, defaultContent.site))) {
            throw badRequest("invalid_reference", `request/body/defaultContent/site: ${defaultContent.site} is not a site of this organization`);
          }
          await demandRuleUsersAreMembers(tx, organization.id, body.mergeRules);
          if (body.sso === true && !organization.sso) await demandSsoCanBeEnforced(tx, ctx.actor.tokenId, organization.id);
          return tx.organization.update({
            where: { id: organization.id },
            data: {
              title: body.title,
              emailDomains: body.emailDomains ? [...new Set(body.emailDomains)] : undefined,
              hostname: body.hostname,
              defaultRole: body.defaultRole,
              // A JSON column is cleared with DbNull: `{ set: null }` would be stored as the object {"set": null}.
              defaultContent: defaultContent === null ? Prisma.DbNull : defaultContent ? { type: "site", site: defaultContent.site } : undefined,
              logoURL: body.logo,
              sso: body.sso,
              ai: body.ai,
              inviteLinks: body.inviteLinks,
              mergeRules: storedMergeRules(body.mergeRules),
            },
          });
        });
        return { status: 200, body: serializeOrganization(ctx, updated, permissions) };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("name_taken", `The hostname "${body.hostname}" is used by another organization`);
        throw error;
      }
    },
  }),

  listOrganizationMembers: defineOperation("listOrganizationMembers", {
    handle: async ({ ctx, params, query }) => {
      const members = await ctx.prisma.member.findMany({
        where: { organizationId: params.organizationId, ...memberFilter(query) },
        include: { user: true },
      });
      members.sort(compareMembers(query));
      const scope = `members:${params.organizationId}:${JSON.stringify([query.role, query.search, query.sort, query.order])}`;
      const page = paginateArray(ctx.cursors, scope, query, members);
      const counts = await memberCounts(ctx.prisma, params.organizationId, page.items);
      return { status: 200, body: { ...page, items: page.items.map((member) => serializeMember(ctx, member, counts(member.userId))) } };
    },
  }),

  getMemberInOrganizationById: defineOperation("getMemberInOrganizationById", {
    handle: async ({ ctx, params }) => {
      const member = await ctx.prisma.member.findUnique({
        where: { organizationId_userId: { organizationId: params.organizationId, userId: params.userId } },
        include: { user: true },
      });
      if (!member) throw notFound("Member");
      const counts = await memberCounts(ctx.prisma, params.organizationId, [member]);
      return { status: 200, body: serializeMember(ctx, member, counts(member.userId)) };
    },
  }),

  getUserById: defineOperation("getUserById", {
    handle: async ({ ctx }, { user }) => ({ status: 200, body: (await userDirectory(ctx, [user.id]))(user.id) }),
  }),

  inviteUsersToOrganization: defineOperation("inviteUsersToOrganization", {
    handle: async ({ ctx, body }, { organization }) => ({ status: 200, body: await inviteByEmail(ctx, organization, body) }),
  }),

  joinOrganization: defineOperation("joinOrganization", {
    handle: async ({ ctx }, { organization }) => {
      await joinAs(ctx, organization.id, organization.defaultRole);
      return { status: 204 };
    },
  }),

  updateOrganizationMember: defineOperation("updateOrganizationMember", {
    handle: async ({ ctx, params, body }) => {
      const member = await ctx.prisma.$transaction(async (tx) => {
        const current = await tx.member.findUnique({
          where: { organizationId_userId: { organizationId: params.organizationId, userId: params.userId } },
        });
        if (!current) throw notFound("Member");
        if (current.role === "admin" && body.role !== "admin") {
          const admins = await tx.member.count({ where: { organizationId: params.organizationId, role: "admin" } });
          if (admins <= 1) throw conflict("last_admin", "This is the organization's last admin: make another member admin first");
        }
        return tx.member.update({
          where: { organizationId_userId: { organizationId: params.organizationId, userId: params.userId } },
          data: { role: body.role },
          include: { user: true },
        });
      });
      const counts = await memberCounts(ctx.prisma, params.organizationId, [member]);
      return { status: 200, body: serializeMember(ctx, member, counts(member.userId)) };
    },
  }),

  removeOrganizationMember: defineOperation("removeOrganizationMember", {
    // Anyone may leave; removing someone else needs admin.
    handle: async ({ ctx, params }) => {
      const removed = await ctx.prisma.$transaction(async (tx) => {
        const current = await tx.member.findUnique({
          where: { organizationId_userId: { organizationId: params.organizationId, userId: params.userId } },
        });
        // Not (or no longer) a member: nothing to do, as GitBook answers.
        if (!current) return false;
        if (current.role === "admin") {
          const admins = await tx.member.count({ where: { organizationId: params.organizationId, role: "admin" } });
          if (admins <= 1) throw conflict("last_admin", "This is the organization's last admin: make another member admin first");
        }
        await tx.teamMember.deleteMany({ where: { userId: params.userId, team: { organizationId: params.organizationId } } });
        // Nothing of the organization stays shared with them.
        await tx.contentGrant.deleteMany({ where: { userId: params.userId, organizationId: params.organizationId } });
        await tx.member.delete({ where: { organizationId_userId: { organizationId: params.organizationId, userId: params.userId } } });
        await ctx.webhooks.emit(tx, memberEvent(ctx, "member.removed", params.organizationId, params.userId));
        return true;
      });
      return removed ? { status: 205 } : { status: 204 };
    },
  }),

  listOrganizationsForEmailDomain: defineOperation("listOrganizationsForEmailDomain", {
    handle: async ({ ctx, params }) => {
      const organizations = await ctx.prisma.organization.findMany({
        where: { emailDomains: { has: params.emailDomain.toLowerCase() } },
        orderBy: { id: "asc" },
        take: 100,
      });
      return {
        status: 200,
        body: {
          organizations: organizations.map((o) =>
            serializeOrganization(ctx, o, organizationPermissions(ctx.actor.orgRoles.has(o.id) ? (ctx.actor.orgRoles.get(o.id) ?? null) : undefined)),
          ),
        },
      };
    },
  }),

  ...inviteLinksOperations,
  searchOrganizationContent: defineOperation("searchOrganizationContent", {
    handle: async ({ ctx, params, query }) => {
      // Only the spaces the caller can read (policy/visibility.ts).
      const spaces = await ctx.prisma.space.findMany({
        where: { organizationId: params.organizationId, deletedAt: null, ...spacesWhere(await callerReach(ctx, params.organizationId)) },
        select: { id: true, title: true },
      });
      return { status: 200, body: await searchSpaces(ctx, spaces, query.query, query, `org-search:${params.organizationId}:${query.query}`) };
    },
  }),
} satisfies AreaOperations;
