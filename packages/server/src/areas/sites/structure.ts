// Writes to a site's structure shared by the areas of sites, sections, section groups
// and site spaces. Each runs in a transaction holding the site's lock (store.ts).
import type { Tx } from "../../db/database";
import { newId } from "../../db/ids";
import type { Site, SiteSpace, Space } from "../../generated/prisma/client";
import { badRequest, conflict } from "../../http/errors";
import { shownSiteSpace, type TopLevelItem } from "../../models/sites/store";
import { positionAfterLast } from "./ordering";
import { freeSegment, segmentFrom } from "./paths";

/** A space the site may publish: one of its organization's, not deleted (400 otherwise, naming `field`). */
export async function publishableSpace(tx: Tx, site: Site, spaceId: string, field: string): Promise<Space> {
  const space = await tx.space.findFirst({ where: { id: spaceId, organizationId: site.organizationId, deletedAt: null } });
  if (!space) throw badRequest("invalid_reference", `${field}: ${spaceId} is not a space of this organization (or it is deleted)`);
  return space;
}

/** 409 when the space is already in the site: a space appears at most once in a site. */
export async function refuseSpaceInSite(tx: Tx, site: Site, spaceId: string): Promise<void> {
  if (await tx.siteSpace.findFirst({ where: { siteId: site.id, spaceId }, select: { id: true } })) {
    throw conflict("space_already_in_site", `The space ${spaceId} is already in this site`);
  }
}

/**
 * Adds site spaces for `spaces`, in order, last in a section (or at the site's root
 * level, `null`), each with a path made from its space's title. The first becomes the
 * default when the section (or root level) had no shown site space.
 */
export async function appendSiteSpaces(tx: Tx, site: Site, sectionId: string | null, spaces: readonly Space[]): Promise<SiteSpace[]> {
  // Paths and positions of every row, shown or not: a restored space comes back with its own.
  const siblings = await tx.siteSpace.findMany({ where: { siteId: site.id, sectionId }, select: { id: true, path: true, position: true } });
  const hadShown = (await tx.siteSpace.count({ where: { siteId: site.id, sectionId, ...shownSiteSpace(site.organizationId) } })) > 0;
  const taken = siblings.map((sibling) => sibling.path);
  let position = positionAfterLast(siblings) - 1;
  const created: SiteSpace[] = [];
  for (const space of spaces) {
    const path = freeSegment(segmentFrom(space.title, "space"), taken);
    taken.push(path);
    created.push(await tx.siteSpace.create({ data: { id: newId(), siteId: site.id, sectionId, spaceId: space.id, path, position: ++position } }));
  }
  const first = created[0];
  if (first && !hadShown) {
    if (sectionId === null) await tx.site.update({ where: { id: site.id }, data: { defaultSiteSpaceId: first.id } });
    else await tx.siteSection.update({ where: { id: sectionId }, data: { defaultSiteSpaceId: first.id } });
  }
  return created;
}

/** Writes positions of items at the top of the site, each to its table (sections and groups share that order). */
export async function writeTopLevelPositions(
  tx: Tx,
  items: readonly Pick<TopLevelItem, "kind" | "id">[],
  positions: ReadonlyMap<string, number>,
): Promise<void> {
  const kinds = new Map(items.map((item) => [item.id, item.kind]));
  for (const [id, position] of positions) {
    if (kinds.get(id) === "group") await tx.siteSectionGroup.update({ where: { id }, data: { position } });
    else await tx.siteSection.update({ where: { id }, data: { position } });
  }
}
