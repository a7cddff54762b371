// Membership: the organization a request names, when the caller belongs to it. Every policy of something that
// lives in an organization starts here, so that an organization the caller is not in is never read.
import type { Organization } from "../generated/prisma/client";
import type { RequestContext } from "../http/context";
import { orgRole } from "./content";
import type { Role } from "./roles";

export interface FoundOrganization {
  organization: Organization;
  /** The caller's role there (null: a guest). */
  role: Role | null;
}

/** An organization the caller belongs to: null otherwise, without reading it. */
export async function findMembership(ctx: RequestContext, organizationId: string | undefined): Promise<FoundOrganization | null> {
  const role = organizationId === undefined ? undefined : orgRole(ctx, organizationId);
  if (role === undefined) return null;
  const organization = await ctx.prisma.organization.findUnique({ where: { id: organizationId } });
  return organization && { organization, role };
}
