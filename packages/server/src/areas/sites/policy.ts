// Who may do what with a site and everything in it (sections, section groups, site spaces,
// share links): any member of its organization reads it; changing it needs `admin` on the
// organization (the contract's table, openapi/policies.yaml). A site of an organization the
// caller does not belong to is not found, as an unknown one.
import type { Site } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { notFound } from "../../http/errors";
import { shownSiteSpace } from "../../models/sites/store";
import { siteLevel } from "../../policy/content";
import { definePolicy, definePolicyWithin, type PolicyKind } from "../../policy/factory";
import { findMembership } from "../../policy/membership";

/** The site of the path, in an organization the caller belongs to. */
export const sitePolicy = definePolicy("site", {
  what: "Site",
  on: "this organization",
  inVisiblePlace: true,
  find: async ({ ctx, params }) => {
    const membership = await findMembership(ctx, params.organizationId);
    if (!membership) throw notFound("Organization");
    const site = await ctx.prisma.site.findFirst({ where: { id: params.siteId as string, organizationId: membership.organization.id } });
    return site && { ...membership, site };
  },
  level: (ctx, { site }) => siteLevel(ctx, site),
});

/** One item of the site of the path (a section, a site space, ...), which must be the site's. */
function siteItemPolicy<K extends PolicyKind, Item>(
  kind: K,
  what: string,
  find: (ctx: RequestContext, site: Site, params: Record<string, string>) => Promise<Item | null>,
) {
  return definePolicyWithin(kind, sitePolicy, {
    what,
    find: async ({ ctx, params }, { site }) => {
      const item = await find(ctx, site, params);
      return item && { item };
    },
  });
}

export const siteSectionPolicy = siteItemPolicy("siteSection", "Section", (ctx, site, params) =>
  ctx.prisma.siteSection.findFirst({ where: { id: params.siteSectionId as string, siteId: site.id } }),
);

export const siteSectionGroupPolicy = siteItemPolicy("siteSectionGroup", "Section group", (ctx, site, params) =>
  ctx.prisma.siteSectionGroup.findFirst({ where: { id: params.siteSectionGroupId as string, siteId: site.id } }),
);

export const siteSpacePolicy = siteItemPolicy("siteSpace", "Site space", (ctx, site, params) =>
  // A site space of a deleted space is not found.
  ctx.prisma.siteSpace.findFirst({ where: { id: params.siteSpaceId as string, siteId: site.id, ...shownSiteSpace(site.organizationId) } }),
);

export const shareLinkPolicy = siteItemPolicy("shareLink", "Share link", (ctx, site, params) =>
  ctx.prisma.shareLink.findFirst({ where: { id: params.shareLinkId as string, siteId: site.id } }),
);
