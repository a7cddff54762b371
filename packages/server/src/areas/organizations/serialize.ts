import type { Schemas } from "@docstack/contract";
import type { Member, Organization, User } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { apiUrl, appUrl } from "../../http/urls";
import type { OrganizationPermissions } from "./policy";

export function serializeUser(ctx: Pick<RequestContext, "baseUrl">, user: Pick<User, "id" | "displayName" | "email" | "photoURL">): Schemas["User"] {
  return {
    object: "user",
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    urls: { location: appUrl(ctx, `/users/${user.id}`) },
  };
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
    type: o.type as Schemas["Organization"]["type"],
    ...(o.useCase ? { useCase: o.useCase as NonNullable<Schemas["Organization"]["useCase"]> } : {}),
    ...(o.communityType ? { communityType: o.communityType as NonNullable<Schemas["Organization"]["communityType"]> } : {}),
    defaultRole: o.defaultRole,
    ...(o.defaultContent ? { defaultContent: o.defaultContent as unknown as Schemas["DefaultContent"] } : {}),
    sso: o.sso,
    ai: o.ai,
    inviteLinks: o.inviteLinks,
    plan: o.plan as Schemas["Organization"]["plan"],
    ...(o.customHostname ? { customHostname: o.customHostname } : {}),
    urls: {
      location: apiUrl(ctx, `/orgs/${o.id}`),
      app: appUrl(ctx, `/orgs/${o.id}`),
      ...(o.logoURL ? { logo: o.logoURL } : {}),
    },
    permissions,
  };
}

export function serializeMember(ctx: RequestContext, member: Member & { user: User }, counts: { spaces: number; teams: number }): Schemas["Member"] {
  return {
    object: "member",
    id: member.userId,
    role: member.role,
    user: serializeUser(ctx, member.user),
    disabled: member.disabled,
    joinedAt: member.joinedAt.toISOString(),
    ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt.toISOString() } : {}),
    sso: member.sso,
    spaces: counts.spaces,
    teams: counts.teams,
  };
}
