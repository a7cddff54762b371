// Site spaces: the spaces a site publishes, at its root level or in its sections.
import type { Schemas } from "@docstack/contract";
import { assertCondition } from "../../content/format/conditions";
import type { Organization } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { paginateArray } from "../../http/pagination";
import {
  defaultSectionId,
  defaultSiteSpaceId,
  loadSiteTree,
  reloadSiteTree,
  type SiteSpaceWithSpace,
  type SiteTree,
  siteSpacesIn,
  withSiteLocked,
} from "../../models/sites/store";
import { checkedShareKey, publicationOf } from "../../models/sites/urls";
import { indexNextTo, positionsAt } from "../sites/ordering";
import { isTaken } from "../sites/paths";
import { serializeSiteSpaces } from "../sites/serialize";
import { appendSiteSpaces, publishableSpace, refuseSpaceInSite } from "../sites/structure";

/** The site space in the site as read (a write may have removed it since the policy found it). */
function siteSpaceOf(tree: SiteTree, siteSpaceId: string): SiteSpaceWithSpace {
  const siteSpace = tree.siteSpaces.find((s) => s.id === siteSpaceId);
  if (!siteSpace) throw notFound("Site space");
  return siteSpace;
}

/** One site space as it is after a write. */
async function siteSpaceNow(ctx: RequestContext, organization: Organization, siteId: string, siteSpaceId: string): Promise<Schemas["SiteSpace"]> {
  const tree = await reloadSiteTree(ctx.prisma, siteId);
  const [serialized] = await serializeSiteSpaces(ctx, tree, publicationOf(ctx, tree.site, organization), [siteSpaceOf(tree, siteSpaceId)]);
  return serialized!;
}

export const siteSpacesOperations = {
  listSiteSpaces: defineOperation("listSiteSpaces", {
    handle: async ({ ctx, query }, { site, organization }) => {
      const tree = await loadSiteTree(ctx.prisma, site);
      const isDefault = (siteSpace: (typeof tree.siteSpaces)[number]) => defaultSiteSpaceId(tree, siteSpace.sectionId) === siteSpace.id;
      const listed = query.default === undefined ? tree.siteSpaces : tree.siteSpaces.filter((siteSpace) => isDefault(siteSpace) === query.default);
      const page = paginateArray(ctx.cursors, `site-spaces:${site.id}:${query.default ?? "all"}`, query, listed);
      // After the page: a cursor that is not one of this list is named first.
      const shareKey = await checkedShareKey(ctx, site.id, query.shareKey);
      const items = await serializeSiteSpaces(ctx, tree, publicationOf(ctx, site, organization, shareKey), page.items);
      return { status: 200, body: { ...page, items } };
    },
  }),

  addSiteSpace: defineOperation("addSiteSpace", {
    handle: async ({ ctx, body }, { site, organization }) => {
      const created = await withSiteLocked(ctx.prisma, site.id, async (tx, current) => {
        const space = await publishableSpace(tx, current, body.spaceId, "request/body/spaceId");
        const tree = await loadSiteTree(tx, current);
        if (body.sectionId !== undefined && !tree.sections.some((section) => section.id === body.sectionId)) {
          throw badRequest("invalid_reference", `request/body/sectionId: ${body.sectionId} is not a section of this site`);
        }
        await refuseSpaceInSite(tx, current, space.id);
        // Without a section: the default one, or the root level of a site without sections.
        const [siteSpace] = await appendSiteSpaces(tx, current, body.sectionId ?? defaultSectionId(tree) ?? null, [space]);
        return siteSpace!;
      });
      return { status: 201, body: await siteSpaceNow(ctx, organization, site.id, created.id) };
    },
  }),

  deleteSiteSpace: defineOperation("deleteSiteSpace", {
    handle: async ({ ctx }, { site, item }) => {
      await withSiteLocked(ctx.prisma, site.id, async (tx, current) => {
        const tree = await loadSiteTree(tx, current);
        const { sectionId } = siteSpaceOf(tree, item.id);
        const siblings = siteSpacesIn(tree, sectionId);
        if (sectionId !== null && siblings.length === 1) {
          throw conflict("last_site_space", "This is the last site space of its section: delete the section instead");
        }
        const wasDefault = defaultSiteSpaceId(tree, sectionId) === item.id;
        await tx.siteSpace.delete({ where: { id: item.id } });
        if (!wasDefault) return;
        // The first remaining one takes over.
        const next = siblings.find((s) => s.id !== item.id)?.id ?? null;
        if (sectionId === null) await tx.site.update({ where: { id: current.id }, data: { defaultSiteSpaceId: next } });
        else await tx.siteSection.update({ where: { id: sectionId }, data: { defaultSiteSpaceId: next } });
      });
      return { status: 205 };
    },
  }),

  updateSiteSpace: defineOperation("updateSiteSpace", {
    handle: async ({ ctx, body }, { site, organization, item }) => {
      assertCondition("request/body/condition", body.condition);
      await withSiteLocked(ctx.prisma, site.id, async (tx, current) => {
        if (body.path !== undefined) {
          const { sectionId } = siteSpaceOf(await loadSiteTree(tx, current), item.id);
          // Among every site space of the same section (or root level), shown or not: a restored space keeps its path.
          const others = await tx.siteSpace.findMany({ where: { siteId: site.id, sectionId, id: { not: item.id } }, select: { path: true } });
          if (
            isTaken(
              body.path,
              others.map((other) => other.path),
            )
          ) {
            throw conflict("name_taken", `The path "${body.path}" is used by another site space of the same ${sectionId ? "section" : "site"}`);
          }
        }
        await tx.siteSpace.update({ where: { id: item.id }, data: { path: body.path, condition: body.condition } });
      });
      return { status: 200, body: await siteSpaceNow(ctx, organization, site.id, item.id) };
    },
  }),

  moveSiteSpace: defineOperation("moveSiteSpace", {
    handle: async ({ ctx, body }, { site, organization, item }) => {
      await withSiteLocked(ctx.prisma, site.id, async (tx, current) => {
        const tree = await loadSiteTree(tx, current);
        const siblings = siteSpacesIn(tree, siteSpaceOf(tree, item.id).sectionId).filter((s) => s.id !== item.id);
        const index = indexNextTo(siblings, body.position, { matches: (ref, s) => s.id === ref.siteSpace, idOf: (ref) => ref.siteSpace, field: "siteSpace" });
        for (const [id, position] of positionsAt(siblings, index, [item.id])) await tx.siteSpace.update({ where: { id }, data: { position } });
      });
      return { status: 200, body: await siteSpaceNow(ctx, organization, site.id, item.id) };
    },
  }),
} satisfies AreaOperations;
