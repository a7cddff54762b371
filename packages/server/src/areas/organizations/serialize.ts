import type { Schemas } from "@docstack/contract";
import type { Member, Organization, User } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { apiUrl, appUrl } from "../../http/urls";
import { organizationMergeRules } from "../../models/change-requests/merge-rules";
import { mayViewEmail, type Viewer } from "../../policy/users";
import type { OrganizationPermissions } from "./policy";

type UserFields = Pick<User, "id" | "displayName" | "email" | "photoURL">;

/**
 * The one serializer of a User. `organizationIds`: organizations the user belongs to, which
 * decide (mayViewEmail) whether the caller sees their e-mail address.
 */
export function serializeUser(ctx: Pick<RequestContext, "baseUrl"> & { actor: Viewer }, user: UserFields, organizationIds: Iterable<string>): Schemas["User"] {
  return {
    object: "user",
    id: user.id,
    displayName: user.displayName,
    ...(mayViewEmail(ctx.actor, { id: user.id, organizationIds }) ? { email: user.email } : {}),
    ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    urls: { location: appUrl(ctx, `/users/${user.id}`) },
  };
}

/** A user who has just signed in (by e-mail or SAML, with no token yet), as they see themselves. */
export function serializeSignedInUser(ctx: Pick<RequestContext, "baseUrl">, user: UserFields): Schemas["User"] {
  return serializeUser({ baseUrl: ctx.baseUrl, actor: { userId: user.id, orgRoles: new Map() } }, user, []);
}

/**
 * Users by ID as the caller may see them (a user deleted since reads as "Deleted user"), in
 * two queries for any number: the users, and their memberships of the caller's organizations.
 */
export async function userDirectory(ctx: RequestContext, userIds: Iterable<string>): Promise<(id: string) => Schemas["User"]> {
  const ids = [...new Set(userIds)];
  const [users, sharing] = await Promise.all([
    ctx.prisma.user.findMany({ where: { id: { in: ids } } }),
    ctx.prisma.member.findMany({
      where: { userId: { in: ids }, organizationId: { in: [...ctx.actor.orgRoles.keys()] } },
      select: { userId: true, organizationId: true },
    }),
  ]);
  const organizationsOf = new Map<string, string[]>();
  for (const { userId, organizationId } of sharing) organizationsOf.set(userId, [...(organizationsOf.get(userId) ?? []), organizationId]);
  const serialized = new Map(users.map((user) => [user.id, serializeUser(ctx, user, organizationsOf.get(user.id) ?? [])]));
  return (id) => serialized.get(id) ?? { object: "user", id, displayName: "Deleted user", urls: { location: appUrl(ctx, `/users/${id}`) } };
}

export function serializeOrganization(ctx: RequestContext, organization: Organization, permissions: OrganizationPermissions): Schemas["Organization"] {
  const o = organization;
  return {
    object: "organization",
    id: o.id,
    title: o.title,
    createdAt: o.createdAt.toISOString(),
    emailDomains: o.emailDomains,
    ...(o.hostname ? { hostname: o.hostname } : {}),
    type: o.type,
    ...(o.useCase ? { useCase: o.useCase } : {}),
    ...(o.communityType ? { communityType: o.communityType } : {}),
    defaultRole: o.defaultRole,
    ...(o.defaultContent ? { defaultContent: o.defaultContent as unknown as Schemas["DefaultContent"] } : {}),
    sso: o.sso,
    ai: o.ai,
    inviteLinks: o.inviteLinks,
    mergeRules: organizationMergeRules(o.mergeRules),
    // A self-hosted Docstack has no trials (GitBook's field is required).
    trial: { status: "notapplicable", count: 0 },
    plan: o.plan,
    ...(o.customHostname ? { customHostname: o.customHostname } : {}),
    urls: {
      location: apiUrl(ctx, `/orgs/${o.id}`),
      app: appUrl(ctx, `/orgs/${o.id}`),
      ...(o.logoURL ? { logo: o.logoURL } : {}),
    },
    permissions,
  };
}

export function serializeMember(
  ctx: RequestContext,
  member: Member & { user: User },
  counts: { spaces: number; teams: number; sites: number },
): Schemas["Member"] {
  return {
    object: "member",
    id: member.userId,
    role: member.role,
    user: serializeUser(ctx, member.user, [member.organizationId]),
    disabled: member.disabled,
    joinedAt: member.joinedAt.toISOString(),
    ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt.toISOString() } : {}),
    sso: member.sso,
    spaces: counts.spaces,
    teams: counts.teams,
    sites: counts.sites,
  };
}
