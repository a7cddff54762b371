// Who may do what with a site and everything in it (sections, section groups, site
// spaces, share links): any member of its organization reads it; changing it needs
// `admin` on the organization. A site of an organization the caller does not belong
// to is not found, as an unknown one.
import type { Organization, Site } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { notFound } from "../../http/errors";
import type { Role } from "../../policy/roles";
import { organizationAccess } from "../organizations/policy";

export type SitePermission = "view" | "admin";

export interface SiteAccess {
  site: Site;
  organization: Organization;
  role: Role | null;
}

/** A site of an organization the caller belongs to (404 otherwise), checked for a permission (403). */
export async function siteAccess(ctx: RequestContext, organizationId: string, siteId: string, permission: SitePermission): Promise<SiteAccess> {
  const { organization, role } = await organizationAccess(ctx, organizationId, permission);
  const site = await ctx.prisma.site.findFirst({ where: { id: siteId, organizationId } });
  if (!site) throw notFound("Site");
  return { site, organization, role };
}

/** The policy rule of operations on `/v1/orgs/{organizationId}/sites/{siteId}/...`. */
export const onSite =
  (permission: SitePermission) =>
  ({ params, ctx }: { params: { organizationId: string; siteId: string }; ctx: RequestContext }) =>
    siteAccess(ctx, params.organizationId, params.siteId, permission);

/**
 * The policy rule of operations on one item of a site (a section, a site space, ...):
 * the site's rule, then the item, which must be the site's (404 naming `what` otherwise).
 */
export function onSiteItem<P extends { organizationId: string; siteId: string }, Item>(
  permission: SitePermission,
  what: string,
  find: (ctx: RequestContext, access: SiteAccess, params: P) => Promise<Item | null>,
) {
  return async ({ params, ctx }: { params: P; ctx: RequestContext }): Promise<SiteAccess & { item: Item }> => {
    const access = await siteAccess(ctx, params.organizationId, params.siteId, permission);
    const item = await find(ctx, access, params);
    if (!item) throw notFound(what);
    return { ...access, item };
  };
}
