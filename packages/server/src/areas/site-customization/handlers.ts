// A site's customization (GitBook's GET/PUT .../customization): read by members,
// replaced by admins; the published site shows a change from the next request on.
import { type AreaOperations, defineOperation } from "../../http/operation";
import { customizationOf, storedCustomization } from "../../models/sites/customization";

export const siteCustomizationOperations = {
  getSiteCustomizationById: defineOperation("getSiteCustomizationById", {
    handle: async (_request, { site }) => ({ status: 200, body: customizationOf(site) }),
  }),

  updateSiteCustomizationById: defineOperation("updateSiteCustomizationById", {
    handle: async ({ ctx, body }, { site }) => {
      const updated = await ctx.prisma.site.update({
        where: { id: site.id },
        data: { customization: storedCustomization(body), customizationUpdatedAt: ctx.clock.now() },
      });
      return { status: 200, body: customizationOf(updated) };
    },
  }),
} satisfies AreaOperations;
