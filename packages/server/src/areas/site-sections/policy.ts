// The policy rule of operations on one section: the site's rule (sites/policy.ts), then the section, which must be the site's.
import { onSiteItem, type SitePermission } from "../sites/policy";

type SectionParams = { organizationId: string; siteId: string; siteSectionId: string };

export const onSection = (permission: SitePermission) =>
  onSiteItem(permission, "Section", (ctx, { site }, params: SectionParams) =>
    ctx.prisma.siteSection.findFirst({ where: { id: params.siteSectionId, siteId: site.id } }),
  );
