// Organizations, their members, and the authenticated user.

import { searchSpaces } from "../../content/reads";
import { isUniqueViolation } from "../../db/errors";
import { Prisma } from "../../generated/prisma/client";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { orderBy, paginate, type SortField, whereAfter } from "../../http/pagination";
import { deleteOrganizationInviteLink, getOrganizationInviteLink, updateOrganizationInviteLink } from "./invites";
import { authenticated, onOrganization, organizationAccess, organizationPermissions } from "./policy";
import { serializeMember, serializeOrganization, serializeUser } from "./serialize";
import { createOrganizationWithAdmin, holdSiteOf, memberCounts } from "./store";

const MEMBERSHIP_ORDER: SortField[] = [
  { field: "joinedAt", direction: "asc" },
  { field: "organizationId", direction: "asc" },
];
const MEMBER_ORDER: SortField[] = [
  { field: "joinedAt", direction: "asc" },
  { field: "userId", direction: "asc" },
];

export const organizationsOperations = {
  getAuthenticatedUser: defineOperation("getAuthenticatedUser", {
    authorize: authenticated,
    handle: async ({ ctx }) => ({ status: 200, body: serializeUser(ctx, ctx.actor.user, ctx.actor.orgRoles.keys()) }),
  }),

  listOrganizationsForAuthenticatedUser: defineOperation("listOrganizationsForAuthenticatedUser", {
    authorize: authenticated,
    handle: async ({ ctx, query }) => {
      const where = { userId: ctx.actor.userId, disabled: false };
      const body = await paginate({
        cursors: ctx.cursors,
        scope: `orgs:${ctx.actor.userId}`,
        request: query,
        order: MEMBERSHIP_ORDER,
        find: (after, take) =>
          ctx.prisma.member.findMany({
            where: whereAfter(where, after),
            orderBy: orderBy(MEMBERSHIP_ORDER),
            take,
            include: { organization: true },
          }),
        count: () => ctx.prisma.member.count({ where }),
        sortValues: (member) => [member.joinedAt, member.organizationId],
        serialize: (members) => members.map((member) => serializeOrganization(ctx, member.organization, organizationPermissions(member.role))),
      });
      return { status: 200, body };
    },
  }),

  createOrganization: defineOperation("createOrganization", {
    authorize: authenticated,
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
    authorize: onOrganization("view"),
    handle: async ({ ctx }, { organization, permissions }) => ({
      status: 200,
      body: serializeOrganization(ctx, organization, permissions),
    }),
  }),

  updateOrganizationById: defineOperation("updateOrganizationById", {
    authorize: onOrganization("admin"),
    handle: async ({ ctx, body }, { organization, permissions }) => {
      const { defaultContent } = body;
      try {
        const updated = await ctx.prisma.$transaction(async (tx) => {
          if (defaultContent && !(await holdSiteOf(tx, organization.id, defaultContent.site))) {
            throw badRequest(`request/body/defaultContent/site: ${defaultContent.site} is not a site of this organization`);
          }
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
            },
          });
        });
        return { status: 200, body: serializeOrganization(ctx, updated, permissions) };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`The hostname "${body.hostname}" is used by another organization`);
        throw error;
      }
    },
  }),

  listOrganizationMembers: defineOperation("listOrganizationMembers", {
    authorize: onOrganization("listMembers"),
    handle: async ({ ctx, params, query }) => {
      const where = { organizationId: params.organizationId, ...(query.role ? { role: query.role } : {}) };
      const body = await paginate({
        cursors: ctx.cursors,
        scope: `members:${params.organizationId}:${query.role ?? ""}`,
        request: query,
        order: MEMBER_ORDER,
        find: (after, take) =>
          ctx.prisma.member.findMany({
            where: whereAfter(where, after),
            orderBy: orderBy(MEMBER_ORDER),
            take,
            include: { user: true },
          }),
        count: () => ctx.prisma.member.count({ where }),
        sortValues: (member) => [member.joinedAt, member.userId],
        serialize: async (members) => {
          const counts = await memberCounts(
            ctx.prisma,
            params.organizationId,
            members.map((m) => m.userId),
          );
          return members.map((member) => serializeMember(ctx, member, counts(member.userId, member.role)));
        },
      });
      return { status: 200, body };
    },
  }),

  updateOrganizationMember: defineOperation("updateOrganizationMember", {
    authorize: onOrganization("admin"),
    handle: async ({ ctx, params, body }) => {
      const member = await ctx.prisma.$transaction(async (tx) => {
        const current = await tx.member.findUnique({
          where: { organizationId_userId: { organizationId: params.organizationId, userId: params.userId } },
        });
        if (!current) throw notFound("Member");
        if (current.role === "admin" && body.role !== "admin") {
          const admins = await tx.member.count({ where: { organizationId: params.organizationId, role: "admin" } });
          if (admins <= 1) throw conflict("This is the organization's last admin: make another member admin first");
        }
        return tx.member.update({
          where: { organizationId_userId: { organizationId: params.organizationId, userId: params.userId } },
          data: { role: body.role },
          include: { user: true },
        });
      });
      const counts = await memberCounts(ctx.prisma, params.organizationId, [member.userId]);
      return { status: 200, body: serializeMember(ctx, member, counts(member.userId, member.role)) };
    },
  }),

  removeOrganizationMember: defineOperation("removeOrganizationMember", {
    // Anyone may leave; removing someone else needs admin.
    authorize: ({ ctx, params }) => organizationAccess(ctx, params.organizationId, params.userId === ctx.actor.userId ? "view" : "admin"),
    handle: async ({ ctx, params }) => {
      await ctx.prisma.$transaction(async (tx) => {
        const current = await tx.member.findUnique({
          where: { organizationId_userId: { organizationId: params.organizationId, userId: params.userId } },
        });
        if (!current) throw notFound("Member");
        if (current.role === "admin") {
          const admins = await tx.member.count({ where: { organizationId: params.organizationId, role: "admin" } });
          if (admins <= 1) throw conflict("This is the organization's last admin: make another member admin first");
        }
        await tx.teamMember.deleteMany({ where: { userId: params.userId, team: { organizationId: params.organizationId } } });
        await tx.member.delete({ where: { organizationId_userId: { organizationId: params.organizationId, userId: params.userId } } });
      });
      return { status: 205 };
    },
  }),

  listOrganizationsForEmailDomain: defineOperation("listOrganizationsForEmailDomain", {
    authorize: async ({ ctx, params }) => {
      const own = ctx.actor.user.email.split("@").pop()?.toLowerCase();
      if (own !== params.emailDomain.toLowerCase()) {
        throw forbidden("Only the organizations of your own e-mail domain can be listed");
      }
    },
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

  getOrganizationInviteLink,
  deleteOrganizationInviteLink,
  updateOrganizationInviteLink,
  searchOrganizationContent: defineOperation("searchOrganizationContent", {
    authorize: onOrganization("view"),
    handle: async ({ ctx, params, query }, { role }) => {
      // Guests read no space of the organization (policy/roles.ts); members read them all.
      const spaces =
        role === null
          ? []
          : await ctx.prisma.space.findMany({ where: { organizationId: params.organizationId, deletedAt: null }, select: { id: true, title: true } });
      return { status: 200, body: await searchSpaces(ctx, spaces, query.query, query, `org-search:${params.organizationId}:${query.query}`) };
    },
  }),
} satisfies AreaOperations;
