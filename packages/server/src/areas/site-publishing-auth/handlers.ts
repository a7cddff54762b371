// Visitor authentication of a site (GitBook's `.../publishing/auth`): the HS256 key the
// customer's backend signs visitors' JWTs with, and where refused visitors go. The key is
// a secret, so only the organization's admins read it; it is made the first time it is
// read, and replaced by regenerate (old tokens then admit nobody: sites/audience.ts).
import type { Schemas } from "@docstack/contract";
import type { Site } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { newSecret } from "../../secrets";

/** A new signing key: 256 random bits (HS256 wants at least as many as its hash). */
const newKey = () => newSecret(32, { prefix: "pk_" });

function serializePublishingAuth(site: Site & { visitorAuthKey: string }): Schemas["SitePublishingAuth"] {
  return {
    object: "publishing-auth",
    backend: "custom",
    privateKey: site.visitorAuthKey,
    ...(site.visitorAuthFallbackUrl !== null ? { fallbackURL: site.visitorAuthFallbackUrl } : {}),
    ...(site.visitorAuthLogoutUrl !== null ? { logoutURL: site.visitorAuthLogoutUrl } : {}),
  };
}

/** The site with its key, made now when it has none (a racing read keeps the first key written). */
async function withKey(ctx: RequestContext, site: Site): Promise<Site & { visitorAuthKey: string }> {
  if (site.visitorAuthKey !== null) return { ...site, visitorAuthKey: site.visitorAuthKey };
  await ctx.prisma.site.updateMany({ where: { id: site.id, visitorAuthKey: null }, data: { visitorAuthKey: newKey() } });
  // Published sites read the key from their snapshot: a GET is not a write the router reports, so every instance is told here.
  await ctx.changes.writeCommitted();
  const stored = await ctx.prisma.site.findUniqueOrThrow({ where: { id: site.id } });
  return { ...stored, visitorAuthKey: stored.visitorAuthKey! };
}

export const sitePublishingAuthOperations = {
  getSitePublishingAuthById: defineOperation("getSitePublishingAuthById", {
    handle: async ({ ctx }, { site }) => ({ status: 200, body: serializePublishingAuth(await withKey(ctx, site)) }),
  }),

  updateSitePublishingAuthById: defineOperation("updateSitePublishingAuthById", {
    handle: async ({ ctx, body }, { site }) => {
      await ctx.prisma.site.updateMany({
        where: { id: site.id },
        data: { visitorAuthFallbackUrl: body.fallbackURL, visitorAuthLogoutUrl: body.logoutURL },
      });
      const updated = await ctx.prisma.site.findUniqueOrThrow({ where: { id: site.id } });
      return { status: 200, body: serializePublishingAuth(await withKey(ctx, updated)) };
    },
  }),

  regenerateSitePublishingAuthById: defineOperation("regenerateSitePublishingAuthById", {
    handle: async ({ ctx }, { site }) => {
      await ctx.prisma.site.updateMany({ where: { id: site.id }, data: { visitorAuthKey: newKey() } });
      const updated = await ctx.prisma.site.findUniqueOrThrow({ where: { id: site.id } });
      return { status: 200, body: serializePublishingAuth(await withKey(ctx, updated)) };
    },
  }),
} satisfies AreaOperations;
