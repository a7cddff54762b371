// Docs sites: created, published and deleted here; their adaptive schema and their
// published view. Their sections, section groups, site spaces and share links have
// areas of their own, built on this one's policy, store and serializers.
import type { Schemas } from "@docstack/contract";
import { isUniqueViolation } from "../../db/errors";
import { escapeLike } from "../../db/like";
import { type Organization, Prisma } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { badRequest, conflict } from "../../http/errors";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { SortField } from "../../http/pagination";
import { siteVisibility } from "../../models/contract-enums";
import { defaultSectionId, loadSiteTree, type SiteTree, shownSiteSpace, siteFacts, siteSpacesIn, withSiteLocked } from "../../models/sites/store";
import { checkedShareKey } from "../../models/sites/urls";
import { siteEvent } from "../../webhooks/resources";
import { createSite } from "./create";
import { publishedSite } from "./published";
import { siteSearchOperations } from "./search";
import { serializeSite } from "./serialize";

const BY_CREATION: SortField[] = [{ field: "id", direction: "asc" }];

export const sitesOperations = {
  listSites: defineOperation("listSites", {
    handle: async (request, { organization }) => {
      const { ctx, query } = request;
      const where: Prisma.SiteWhereInput = {
        organizationId: organization.id,
        ...(query.published !== undefined ? { published: query.published } : {}),
        ...(query.title !== undefined ? { title: { contains: escapeLike(query.title), mode: "insensitive" } } : {}),
        ...(query.space !== undefined ? { siteSpaces: { some: { spaceId: query.space, ...shownSiteSpace(organization.id) } } } : {}),
      };
      const body = await listRows(request, {
        model: ctx.prisma.site,
        where,
        order: BY_CREATION,
        serialize: async (sites) => {
          const facts = await siteFacts(
            ctx.prisma,
            organization.id,
            sites.map((site) => site.id),
          );
          return Promise.all(sites.map((site) => serializeSite(ctx, site, organization, facts.get(site.id)!)));
        },
      });
      return { status: 200, body };
    },
  }),

  createSite: defineOperation("createSite", {
    handle: async ({ ctx, body }, { organization }) => {
      const site = await createSite(ctx, organization, body ?? {});
      const facts = await siteFacts(ctx.prisma, organization.id, [site.id]);
      return { status: 201, body: await serializeSite(ctx, site, organization, facts.get(site.id)!) };
    },
  }),

  getSiteById: defineOperation("getSiteById", {
    handle: async ({ ctx }, { site, organization }) => {
      const facts = await siteFacts(ctx.prisma, organization.id, [site.id]);
      return { status: 200, body: await serializeSite(ctx, site, organization, facts.get(site.id)!) };
    },
  }),

  deleteSiteById: defineOperation("deleteSiteById", {
    handle: async ({ ctx }, { site }) => {
      await ctx.prisma.$transaction(async (tx) => {
        // Its sections, groups, site spaces and share links go with it (cascades); its spaces stay.
        await tx.site.deleteMany({ where: { id: site.id } });
        // A JSON column is cleared with DbNull; `equals` compares the whole value.
        await tx.organization.updateMany({
          where: { id: site.organizationId, defaultContent: { equals: { type: "site", site: site.id } } },
          data: { defaultContent: Prisma.DbNull },
        });
      });
      return { status: 205 };
    },
  }),

  updateSiteById: defineOperation("updateSiteById", {
    handle: async ({ ctx, body }, { site, organization }) => {
      try {
        await withSiteLocked(ctx.prisma, site.id, async (tx, current) => {
          const tree = await loadSiteTree(tx, current);
          const hasSections = tree.sections.length > 0;
          if (body.defaultSiteSection !== undefined && !tree.sections.some((section) => section.id === body.defaultSiteSection)) {
            throw badRequest("invalid_reference", `request/body/defaultSiteSection: ${body.defaultSiteSection} is not a section of this site`);
          }
          // On a site with sections, the default site space is the default section's (the new one when it changes too).
          const defaultSection = hasSections ? (body.defaultSiteSection ?? defaultSectionId(tree)!) : null;
          if (body.defaultSiteSpace !== undefined && !siteSpacesIn(tree, defaultSection).some((siteSpace) => siteSpace.id === body.defaultSiteSpace)) {
            const where = hasSections ? "this site's default section" : "this site";
            throw badRequest("invalid_reference", `request/body/defaultSiteSpace: ${body.defaultSiteSpace} is not a site space of ${where}`);
          }
          if (body.basename !== undefined && body.basename !== current.basename) {
            const other = await tx.site.findFirst({ where: { organizationId: current.organizationId, basename: body.basename }, select: { id: true } });
            if (other) throw conflict("name_taken", `The basename "${body.basename}" is used by another site of this organization`);
          }
          if (body.proxy && body.proxy !== current.proxy) {
            const other = await tx.site.findFirst({ where: { proxy: body.proxy }, select: { id: true } });
            if (other) throw conflict("name_taken", `The proxy "${body.proxy}" is used by another site`);
          }
          if (body.published === true && !current.published) refuseEmptyPublication(tree);
          await tx.site.update({
            where: { id: current.id },
            data: {
              title: body.title,
              visibility: body.visibility && siteVisibility.column(body.visibility),
              basename: body.basename,
              adaptiveContent: body.adaptiveContent?.enabled,
              proxy: body.proxy,
              published: body.published,
              defaultSectionId: body.defaultSiteSection,
              defaultSiteSpaceId: hasSections ? undefined : body.defaultSiteSpace,
            },
          });
          if (defaultSection !== null && body.defaultSiteSpace !== undefined) {
            await tx.siteSection.update({ where: { id: defaultSection }, data: { defaultSiteSpaceId: body.defaultSiteSpace } });
          }
        });
      } catch (error) {
        // Checked above; a concurrent write of another site can still take the value first.
        if (isUniqueViolation(error)) throw conflict("name_taken", "The basename or the proxy is used by another site");
        throw error;
      }
      const updated = await ctx.prisma.site.findUniqueOrThrow({ where: { id: site.id } });
      const facts = await siteFacts(ctx.prisma, organization.id, [site.id]);
      return { status: 200, body: await serializeSite(ctx, updated, organization, facts.get(site.id)!) };
    },
  }),

  publishSite: defineOperation("publishSite", {
    handle: async ({ ctx }, { site, organization }) => ({ status: 200, body: await setPublished(ctx, site.id, organization, true) }),
  }),

  unpublishSite: defineOperation("unpublishSite", {
    handle: async ({ ctx }, { site, organization }) => ({ status: 200, body: await setPublished(ctx, site.id, organization, false) }),
  }),

  getSiteAdaptiveSchema: defineOperation("getSiteAdaptiveSchema", {
    handle: async (_request, { site }) => {
      // Never set: the empty schema (no claims), as of the site's creation.
      if (site.adaptiveSchema === null || site.adaptiveSchemaUpdatedAt === null)
        return { status: 200, body: adaptiveSchemaOf(EMPTY_ADAPTIVE_SCHEMA, site.createdAt) };
      return { status: 200, body: adaptiveSchemaOf(site.adaptiveSchema, site.adaptiveSchemaUpdatedAt) };
    },
  }),

  updateSiteAdaptiveSchema: defineOperation("updateSiteAdaptiveSchema", {
    handle: async ({ ctx, body }, { site }) => {
      // The contract's schema already holds the accepted shape (the validator answers 400 for another).
      const updated = await ctx.prisma.site.update({
        where: { id: site.id },
        data: { adaptiveSchema: body.jsonSchema as Prisma.InputJsonValue, adaptiveSchemaUpdatedAt: ctx.clock.now() },
      });
      return { status: 200, body: adaptiveSchemaOf(updated.adaptiveSchema, updated.adaptiveSchemaUpdatedAt!) };
    },
  }),

  ...siteSearchOperations,
  getSitePublished: defineOperation("getSitePublished", {
    handle: async ({ ctx, query }, { site, organization }) => {
      const shareKey = await checkedShareKey(ctx, site.id, query.shareKey);
      return { status: 200, body: await publishedSite(ctx, await loadSiteTree(ctx.prisma, site), organization, shareKey) };
    },
  }),
} satisfies AreaOperations;

/** 409 when publishing a site with nothing to publish. */
function refuseEmptyPublication(tree: SiteTree): void {
  if (tree.siteSpaces.length === 0) throw conflict("nothing_to_publish", "This site has no site space to publish: add a space to it first");
}

/** Publishes or unpublishes the site (the same checks as PATCH {published}); the site as it now is. */
async function setPublished(ctx: RequestContext, siteId: string, organization: Organization, published: boolean): Promise<Schemas["Site"]> {
  const updated = await withSiteLocked(ctx.prisma, siteId, async (tx, current) => {
    if (published && !current.published) refuseEmptyPublication(await loadSiteTree(tx, current));
    if (current.published === published) return current;
    const saved = await tx.site.update({ where: { id: siteId }, data: { published } });
    await ctx.webhooks.emit(tx, siteEvent(ctx, published ? "site.published" : "site.unpublished", saved));
    return saved;
  });
  const facts = await siteFacts(ctx.prisma, organization.id, [siteId]);
  return serializeSite(ctx, updated, organization, facts.get(siteId)!);
}

/** The adaptive schema of a site whose schema was never set: no claims (the smallest schema GitBook's shape allows). */
const EMPTY_ADAPTIVE_SCHEMA: Schemas["SiteAdaptiveJsonSchema"] = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  properties: {},
  additionalProperties: false,
};

function adaptiveSchemaOf(jsonSchema: Prisma.JsonValue, updatedAt: Date): Schemas["SiteAdaptiveSchema"] {
  return { object: "site-adaptive-schema", jsonSchema: jsonSchema as Schemas["SiteAdaptiveJsonSchema"], updatedAt: updatedAt.toISOString() };
}
