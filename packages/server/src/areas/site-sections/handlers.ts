// Sections of a site: its top-level parts, each holding site spaces.
import type { Schemas } from "@docstack/contract";
import { assertCondition } from "../../content/format/conditions";
import { newId } from "../../db/ids";
import type { Organization } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { badRequest, conflict } from "../../http/errors";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { paginateArray } from "../../http/pagination";
import {
  defaultSectionId,
  defaultSiteSpaceId,
  loadSiteTree,
  reloadSiteTree,
  sectionOf,
  sectionsOfGroup,
  siteSpacesIn,
  topLevel,
  withSiteLocked,
} from "../../models/sites/store";
import { checkedShareKey, publicationOf } from "../../models/sites/urls";
import { indexNextTo, positionAfterLast, positionsAt } from "../sites/ordering";
import { freeSegment, isTaken, segmentFrom } from "../sites/paths";
import { serializeSections } from "../sites/serialize";
import { appendSiteSpaces, publishableSpace, refuseSpaceInSite, writeTopLevelPositions } from "../sites/structure";

/** One section as it is after a write. */
async function sectionNow(ctx: RequestContext, organization: Organization, siteId: string, sectionId: string): Promise<Schemas["SiteSection"]> {
  const tree = await reloadSiteTree(ctx.prisma, siteId);
  const [serialized] = await serializeSections(ctx, tree, publicationOf(ctx, tree.site, organization), [sectionOf(tree, sectionId)]);
  return serialized!;
}

export const siteSectionsOperations = {
  listSiteSections: defineOperation("listSiteSections", {
    handle: async ({ ctx, query }, { site, organization }) => {
      const tree = await loadSiteTree(ctx.prisma, site);
      const page = paginateArray(ctx.cursors, `site-sections:${site.id}`, query, tree.sections);
      // After the page: a cursor that is not one of this list is named first.
      const shareKey = await checkedShareKey(ctx, site.id, query.shareKey);
      const items = await serializeSections(ctx, tree, publicationOf(ctx, site, organization, shareKey), page.items);
      return { status: 200, body: { ...page, items } };
    },
  }),

  addSiteSection: defineOperation("addSiteSection", {
    handle: async ({ ctx, body }, { site, organization }) => {
      const sectionId = await withSiteLocked(ctx.prisma, site.id, async (tx, current) => {
        const space = await publishableSpace(tx, current, body.spaceId, "request/body/spaceId");
        const tree = await loadSiteTree(tx, current);
        // The first section, for the one space the site shows: that site space becomes the section's (as GitBook
        // turns sections on), rather than a 409 for a space already in the site.
        const sole = tree.sections.length === 0 && tree.siteSpaces.length === 1 && tree.siteSpaces[0]!.spaceId === space.id ? tree.siteSpaces[0] : undefined;
        if (!sole) await refuseSpaceInSite(tx, current, space.id);
        const paths = tree.sections.map((section) => section.path);
        let position = positionAfterLast(topLevel(tree));
        let defaultSection: string | undefined = defaultSectionId(tree);
        // A site has sections or none: its site spaces at the root level are first gathered in a section of their own.
        const rootLevel =
          tree.sections.length === 0 ? await tx.siteSpace.findMany({ where: { siteId: current.id, sectionId: null }, select: { id: true } }) : [];
        if (rootLevel.length > 0 && !sole) {
          const gathered = await tx.siteSection.create({
            data: {
              id: newId(),
              siteId: current.id,
              title: current.title,
              path: freeSegment(segmentFrom(current.title, "section"), paths),
              position: position++,
              defaultSiteSpaceId: defaultSiteSpaceId(tree, null) ?? rootLevel[0]!.id,
            },
          });
          paths.push(gathered.path);
          await tx.siteSpace.updateMany({ where: { siteId: current.id, sectionId: null }, data: { sectionId: gathered.id } });
          defaultSection = gathered.id;
        }
        const title = body.title ?? (space.title.length >= 2 ? space.title : "Untitled");
        const section = await tx.siteSection.create({
          data: { id: newId(), siteId: current.id, title, path: freeSegment(segmentFrom(title, "section"), paths), position, defaultSiteSpaceId: sole?.id },
        });
        // The root level's rows (hidden ones too) move into it, keeping their paths.
        if (sole) await tx.siteSpace.updateMany({ where: { siteId: current.id, sectionId: null }, data: { sectionId: section.id } });
        else await appendSiteSpaces(tx, current, section.id, [space]);
        // The first section of an empty site is its default; the root level has no default any more.
        await tx.site.update({ where: { id: current.id }, data: { defaultSectionId: defaultSection ?? section.id, defaultSiteSpaceId: null } });
        return section.id;
      });
      return { status: 201, body: await sectionNow(ctx, organization, site.id, sectionId) };
    },
  }),

  deleteSiteSection: defineOperation("deleteSiteSection", {
    handle: async ({ ctx }, { site, item }) => {
      await withSiteLocked(ctx.prisma, site.id, async (tx, current) => {
        const tree = await loadSiteTree(tx, current);
        const section = sectionOf(tree, item.id);
        const wasDefault = defaultSectionId(tree) === section.id;
        // Its site spaces go with it (cascade); their spaces stay.
        await tx.siteSection.delete({ where: { id: section.id } });
        if (wasDefault) {
          const next = tree.sections.find((other) => other.id !== section.id)?.id ?? null;
          await tx.site.update({ where: { id: current.id }, data: { defaultSectionId: next } });
        }
      });
      return { status: 205 };
    },
  }),

  updateSiteSection: defineOperation("updateSiteSection", {
    handle: async ({ ctx, body }, { site, organization, item }) => {
      assertCondition("request/body/condition", body.condition);
      await withSiteLocked(ctx.prisma, site.id, async (tx, current) => {
        const tree = await loadSiteTree(tx, current);
        const section = sectionOf(tree, item.id);
        if (body.defaultSiteSpace !== undefined && !siteSpacesIn(tree, section.id).some((siteSpace) => siteSpace.id === body.defaultSiteSpace)) {
          throw badRequest("invalid_reference", `request/body/defaultSiteSpace: ${body.defaultSiteSpace} is not a site space of this section`);
        }
        const otherPaths = tree.sections.filter((other) => other.id !== section.id).map((other) => other.path);
        if (body.path !== undefined && isTaken(body.path, otherPaths)) {
          throw conflict("name_taken", `The path "${body.path}" is used by another section of this site`);
        }
        await tx.siteSection.update({
          where: { id: section.id },
          data: {
            title: body.title,
            path: body.path,
            defaultSiteSpaceId: body.defaultSiteSpace,
            condition: body.condition,
            icon: body.icon,
            description: body.description,
          },
        });
      });
      return { status: 200, body: await sectionNow(ctx, organization, site.id, item.id) };
    },
  }),

  moveSiteSection: defineOperation("moveSiteSection", {
    handle: async ({ ctx, body }, { site, organization, item }) => {
      await withSiteLocked(ctx.prisma, site.id, async (tx, current) => {
        const tree = await loadSiteTree(tx, current);
        const section = sectionOf(tree, item.id);
        const reference = { idOf: (ref: Schemas["SiteSectionPositionReference"]) => ref.siteSection, field: "siteSection" };
        if (section.groupId !== null) {
          // Among the sections of its group.
          const siblings = sectionsOfGroup(tree, section.groupId).filter((other) => other.id !== section.id);
          const index = indexNextTo(siblings, body.position, { ...reference, matches: (ref, sibling) => sibling.id === ref.siteSection });
          for (const [id, position] of positionsAt(siblings, index, [section.id])) await tx.siteSection.update({ where: { id }, data: { position } });
          return;
        }
        // At the top of the site, where groups stand too; only a section outside groups is a reference.
        const items = topLevel(tree);
        const siblings = items.filter((other) => other.id !== section.id);
        const index = indexNextTo(siblings, body.position, {
          ...reference,
          matches: (ref, sibling) => sibling.kind === "section" && sibling.id === ref.siteSection,
        });
        await writeTopLevelPositions(tx, items, positionsAt(siblings, index, [section.id]));
      });
      return { status: 200, body: await sectionNow(ctx, organization, site.id, item.id) };
    },
  }),
} satisfies AreaOperations;
