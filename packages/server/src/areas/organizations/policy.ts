// Who may do what in an organization: members see it (guests too); the rest follows their
// role (the table is the contract's, openapi/policies.yaml).
import type { Schemas } from "@docstack/contract";
import type { RequestContext } from "../../http/context";
import { forbidden } from "../../http/errors";
import { definePolicy, grantedBy, NOTHING_TO_FIND, tableOf } from "../../policy/factory";
import { type FoundOrganization, findMembership } from "../../policy/membership";
import { organizationLevel, type Role } from "../../policy/roles";

export type OrganizationPermissions = Schemas["Organization"]["permissions"];

export function organizationPermissions(role: Role | null | undefined): OrganizationPermissions {
  return grantedBy(tableOf("organization"), organizationLevel(role));
}

const organizationSpec = {
  what: "Organization",
  level: (_ctx: RequestContext, found: FoundOrganization) => organizationLevel(found.role),
};

/** The organization of the path. */
export const organizationPolicy = definePolicy("organization", {
  ...organizationSpec,
  find: ({ ctx, params }) => findMembership(ctx, params.organizationId),
});

/** The organization the resource an operation acts on belongs to (moving it elsewhere needs admin there). */
export const homeOrganizationPolicy = definePolicy("homeOrganization", {
  ...organizationSpec,
  on: "this organization",
  find: ({ ctx }, main) => {
    const { space, collection } = main as { space?: { organizationId: string }; collection?: { organizationId: string } };
    return findMembership(ctx, (space ?? collection)?.organizationId);
  },
});

/** The organization the body names as a destination. */
export const targetOrganizationPolicy = definePolicy("targetOrganization", {
  ...organizationSpec,
  on: "the organization named by organization",
  find: ({ ctx, body }) => findMembership(ctx, (body as { organization?: string }).organization),
});

/** The caller's own account: any valid token. */
export const callerPolicy = definePolicy("caller", { what: "User", ...NOTHING_TO_FIND });

/** An e-mail domain, looked up only by callers whose own address is of that domain (403 otherwise). */
export const emailDomainPolicy = definePolicy("emailDomain", {
  what: "E-mail domain",
  find: async ({ params }) => ({ domain: String(params.emailDomain).toLowerCase() }),
  level: (ctx, { domain }) => (ctx.actor.user.email.split("@").pop()?.toLowerCase() === domain ? "guest" : null),
  visible: () => true,
  refuse: () => forbidden("email_domain_mismatch", "Only the organizations of your own e-mail domain can be listed"),
});

/** A user the caller shares an organization with (or the caller): others are not found, as unknown ones. */
export const userPolicy = definePolicy("user", {
  what: "User",
  find: async ({ ctx, params }) => {
    const userId = params.userId as string;
    if (userId === ctx.actor.userId) return { user: ctx.actor.user };
    const user = await ctx.prisma.user.findFirst({ where: { id: userId, memberships: { some: { organizationId: { in: [...ctx.actor.orgRoles.keys()] } } } } });
    return user && { user };
  },
  level: () => "guest",
});

/** The invite link of the path: whoever has its ID (its secret) may join through it. */
export const invitationPolicy = definePolicy("invitation", {
  what: "Invite link",
  find: async ({ ctx, params }) => {
    const invite = await ctx.prisma.organizationInvite.findFirst({
      where: { id: params.inviteId as string, organizationId: params.organizationId as string },
      include: { organization: true },
    });
    return invite && { invite };
  },
  level: () => "guest",
});

/** An organization of the caller's e-mail domain (others are not found), which they may join once their address is verified. */
export const joinablePolicy = definePolicy("joinable", {
  what: "Organization",
  find: async ({ ctx, params }) => {
    const domain = ctx.actor.user.email.split("@").pop()?.toLowerCase() ?? "";
    const organization = await ctx.prisma.organization.findFirst({ where: { id: params.organizationId as string, emailDomains: { has: domain } } });
    return organization && { organization };
  },
  level: (ctx) => (ctx.actor.user.emailVerified ? "guest" : null),
  visible: () => true,
  refuse: () => forbidden("email_not_verified", "Your e-mail address is not verified: sign in by e-mail once (POST /v1/auth/email) to join by domain"),
});
