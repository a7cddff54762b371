// Share links: secret keys giving access to a site published with visibility
// `share-link`. Every answer carries the key, so only the organization's admins see them.
import type { Schemas } from "@docstack/contract";
import { newId } from "../../db/ids";
import type { Organization, ShareLink, Site } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { notFound } from "../../http/errors";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { SortField } from "../../http/pagination";
import { readAt, withShareKey } from "../../models/sites/urls";
import { newSecret } from "../../secrets";

const BY_CREATION: SortField[] = [{ field: "id", direction: "asc" }];

/** A new secret key: 128 random bits. */
const newKey = () => newSecret(16, { prefix: "sk_", encoding: "hex" });

function serializeShareLink(ctx: RequestContext, link: ShareLink, site: Site, organization: Organization): Schemas["ShareLink"] {
  return {
    object: "share-link",
    id: link.id,
    createdAt: link.createdAt.toISOString(),
    ...(link.name !== null ? { name: link.name } : {}),
    active: link.active,
    // Always given (published or not): the link is what its holders will open.
    urls: { published: withShareKey(readAt(ctx, site, organization), link.key) },
  };
}

export const shareLinksOperations = {
  listSiteShareLinks: defineOperation("listSiteShareLinks", {
    handle: async (request, { site, organization }) => {
      const { ctx } = request;
      const where = { siteId: site.id };
      const body = await listRows(request, {
        model: ctx.prisma.shareLink,
        where,
        order: BY_CREATION,
        serialize: (links) => links.map((link) => serializeShareLink(ctx, link, site, organization)),
      });
      return { status: 200, body };
    },
  }),

  createSiteShareLink: defineOperation("createSiteShareLink", {
    handle: async ({ ctx, body }, { site, organization }) => {
      const link = await ctx.prisma.shareLink.create({
        data: { id: newId(), siteId: site.id, name: body.name, key: newKey(), active: true, createdAt: ctx.clock.now() },
      });
      return { status: 201, body: serializeShareLink(ctx, link, site, organization) };
    },
  }),

  deleteSiteShareLink: defineOperation("deleteSiteShareLink", {
    handle: async ({ ctx }, { item }) => {
      await ctx.prisma.shareLink.deleteMany({ where: { id: item.id } });
      return { status: 205 };
    },
  }),

  updateSiteShareLink: defineOperation("updateSiteShareLink", {
    handle: async ({ ctx, body }, { site, organization, item }) => {
      await ctx.prisma.shareLink.updateMany({ where: { id: item.id }, data: { name: body.name, active: body.active } });
      const link = await ctx.prisma.shareLink.findUnique({ where: { id: item.id } });
      if (!link) throw notFound("Share link");
      return { status: 200, body: serializeShareLink(ctx, link, site, organization) };
    },
  }),
} satisfies AreaOperations;
