// Section groups: sections of a site shown together under a title. Groups and the
// sections outside groups share one order at the top of the site.
import type { Schemas } from "@docstack/contract";
import { newId } from "../../db/ids";
import type { Organization, SiteSectionGroup } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { badRequest, notFound } from "../../http/errors";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { paginateArray } from "../../http/pagination";
import { loadSiteTree, reloadSiteTree, type SiteTree, sectionOf, sectionsOfGroup, topLevel, withSiteLocked } from "../../models/sites/store";
import { publicationOf } from "../../models/sites/urls";
import { indexNextTo, positionAfterLast, positionsAt } from "../sites/ordering";
import { serializeSectionGroups } from "../sites/serialize";
import { writeTopLevelPositions } from "../sites/structure";

/** The group in the site as read (a write may have removed it since the policy found it). */
function groupOf(tree: SiteTree, groupId: string): SiteSectionGroup {
  const group = tree.groups.find((g) => g.id === groupId);
  if (!group) throw notFound("Section group");
  return group;
}

/** One group as it is after a write. */
async function groupNow(ctx: RequestContext, organization: Organization, siteId: string, groupId: string): Promise<Schemas["SiteSectionGroup"]> {
  const tree = await reloadSiteTree(ctx.prisma, siteId);
  const [serialized] = await serializeSectionGroups(ctx, tree, publicationOf(ctx, tree.site, organization), [groupOf(tree, groupId)]);
  return serialized!;
}

/** A section of the site named in a request body (400 otherwise). */
function bodySection(tree: SiteTree, sectionId: string, field: string) {
  const section = tree.sections.find((s) => s.id === sectionId);
  if (!section) throw badRequest("invalid_reference", `request/body/${field}: ${sectionId} is not a section of this site`);
  return section;
}

export const sectionGroupsOperations = {
  listSiteSectionGroups: defineOperation("listSiteSectionGroups", {
    handle: async ({ ctx, query }, { site, organization }) => {
      const tree = await loadSiteTree(ctx.prisma, site);
      const page = paginateArray(ctx.cursors, `site-section-groups:${site.id}`, query, tree.groups);
      const items = await serializeSectionGroups(ctx, tree, publicationOf(ctx, site, organization), page.items);
      return { status: 200, body: { ...page, items } };
    },
  }),

  addSiteSectionGroup: defineOperation("addSiteSectionGroup", {
    handle: async ({ ctx, body }, { site, organization }) => {
      const groupId = newId();
      await withSiteLocked(ctx.prisma, site.id, async (tx, current) => {
        const tree = await loadSiteTree(tx, current);
        const sections = (body.sections ?? []).map((id, index) => bodySection(tree, id, `sections/${index}`));
        const items = topLevel(tree);
        // The sections put in the group leave the top of the site (or their groups).
        const moved = new Set(sections.map((section) => section.id));
        const remaining = items.filter((item) => !moved.has(item.id));
        // The group takes the place of its first section: where it stands, or right after its former group. Without sections, last.
        const first = sections[0];
        const index = !first
          ? remaining.length
          : first.groupId === null
            ? items
                .slice(
                  0,
                  items.findIndex((item) => item.id === first.id),
                )
                .filter((item) => !moved.has(item.id)).length
            : remaining.findIndex((item) => item.id === first.groupId) + 1;
        const positions = positionsAt(remaining, index, [groupId]);
        await tx.siteSectionGroup.create({
          data: { id: groupId, siteId: current.id, title: body.title, icon: body.icon ?? null, position: positions.get(groupId)! },
        });
        positions.delete(groupId);
        await writeTopLevelPositions(tx, remaining, positions);
        for (const [index, section] of sections.entries()) {
          await tx.siteSection.update({ where: { id: section.id }, data: { groupId, position: index + 1 } });
        }
      });
      return { status: 201, body: await groupNow(ctx, organization, site.id, groupId) };
    },
  }),

  deleteSiteSectionGroup: defineOperation("deleteSiteSectionGroup", {
    handle: async ({ ctx }, { site, item }) => {
      await withSiteLocked(ctx.prisma, site.id, async (tx, current) => {
        const tree = await loadSiteTree(tx, current);
        const group = groupOf(tree, item.id);
        // Its sections stand, in their order, where the group stood.
        const items = topLevel(tree);
        const remaining = items.filter((other) => other.id !== group.id);
        const members = sectionsOfGroup(tree, group.id);
        const positions = positionsAt(
          remaining,
          items.findIndex((other) => other.id === group.id),
          members.map((section) => section.id),
        );
        for (const section of members) {
          await tx.siteSection.update({ where: { id: section.id }, data: { groupId: null, position: positions.get(section.id)! } });
          positions.delete(section.id);
        }
        await writeTopLevelPositions(tx, remaining, positions);
        await tx.siteSectionGroup.delete({ where: { id: group.id } });
      });
      return { status: 205 };
    },
  }),

  updateSiteSectionGroup: defineOperation("updateSiteSectionGroup", {
    handle: async ({ ctx, body }, { site, organization, item }) => {
      await ctx.prisma.siteSectionGroup.updateMany({ where: { id: item.id }, data: { title: body.title, icon: body.icon } });
      return { status: 200, body: await groupNow(ctx, organization, site.id, item.id) };
    },
  }),

  addSiteSectionToGroup: defineOperation("addSiteSectionToGroup", {
    handle: async ({ ctx, body }, { site, organization, item }) => {
      await withSiteLocked(ctx.prisma, site.id, async (tx, current) => {
        const tree = await loadSiteTree(tx, current);
        const group = groupOf(tree, item.id);
        const section = bodySection(tree, body.sectionId, "sectionId");
        // One already in this group stays where it is; one elsewhere goes last in it.
        if (section.groupId === group.id) return;
        const position = positionAfterLast(sectionsOfGroup(tree, group.id));
        await tx.siteSection.update({ where: { id: section.id }, data: { groupId: group.id, position } });
      });
      return { status: 201, body: await groupNow(ctx, organization, site.id, item.id) };
    },
  }),

  removeSiteSectionFromGroup: defineOperation("removeSiteSectionFromGroup", {
    handle: async ({ ctx, params }, { site, item }) => {
      await withSiteLocked(ctx.prisma, site.id, async (tx, current) => {
        const tree = await loadSiteTree(tx, current);
        const group = groupOf(tree, item.id);
        const section = sectionOf(tree, params.siteSectionId);
        if (section.groupId !== group.id) throw notFound("Section");
        // It stands at the top of the site, right after the group.
        const items = topLevel(tree);
        const positions = positionsAt(items, items.findIndex((other) => other.id === group.id) + 1, [section.id]);
        await tx.siteSection.update({ where: { id: section.id }, data: { groupId: null, position: positions.get(section.id)! } });
        positions.delete(section.id);
        await writeTopLevelPositions(tx, items, positions);
      });
      return { status: 205 };
    },
  }),

  moveSiteSectionGroup: defineOperation("moveSiteSectionGroup", {
    handle: async ({ ctx, body }, { site, organization, item }) => {
      await withSiteLocked(ctx.prisma, site.id, async (tx, current) => {
        const tree = await loadSiteTree(tx, current);
        const group = groupOf(tree, item.id);
        const items = topLevel(tree);
        const siblings = items.filter((other) => other.id !== group.id);
        // A section outside groups, or another group.
        const index = indexNextTo(siblings, body.position, {
          matches: (ref: Schemas["SiteSectionGroupPositionReference"], sibling) =>
            sibling.id === ref.id && sibling.kind === (ref.type === "site-section" ? "section" : "group"),
          idOf: (ref) => ref.id,
          field: "id",
        });
        await writeTopLevelPositions(tx, items, positionsAt(siblings, index, [group.id]));
      });
      return { status: 200, body: await groupNow(ctx, organization, site.id, item.id) };
    },
  }),
} satisfies AreaOperations;
