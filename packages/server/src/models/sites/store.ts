// Reading a site's structure: its section groups, sections and site spaces, in the
// site's order, and which section and site spaces are the defaults. Sites are small
// (a few sections and site spaces), so operations read a site's whole structure at
// once and work on it in memory.
import type { Db, Tx } from "../../db/database";
import type { Prisma, Site, SiteSection, SiteSectionGroup, SiteSpace, Space } from "../../generated/prisma/client";
import { notFound } from "../../http/errors";

export type SiteSpaceWithSpace = SiteSpace & { space: Space };

/**
 * The site spaces that are shown: their space is not deleted and still belongs to the
 * site's organization (a space transferred elsewhere is not published by it any more,
 * and nothing of it is shown to this organization's members). The rows are kept, so a
 * restored space is published again.
 */
export const shownSiteSpace = (organizationId: string) => ({ space: { deletedAt: null, organizationId } }) satisfies Prisma.SiteSpaceWhereInput;

export interface SiteTree {
  site: Site;
  /** In the site's order. */
  groups: SiteSectionGroup[];
  /** In the site's order: the top-level items in order, a group standing for its sections in their order. */
  sections: SiteSection[];
  /** The shown ones, in the site's order: section by section, then by position. */
  siteSpaces: SiteSpaceWithSpace[];
}

/** An item at the top of the site: a section outside groups, or a group (they share one order). */
export interface TopLevelItem {
  kind: "section" | "group";
  id: string;
  position: number;
}

const byPosition = <T extends { position: number; id: string }>(a: T, b: T) => a.position - b.position || (a.id < b.id ? -1 : 1);

export function topLevel(tree: Pick<SiteTree, "groups" | "sections">): TopLevelItem[] {
  return [
    ...tree.sections.filter((section) => section.groupId === null).map((s) => ({ kind: "section" as const, id: s.id, position: s.position })),
    ...tree.groups.map((g) => ({ kind: "group" as const, id: g.id, position: g.position })),
  ].sort(byPosition);
}

/** A group's sections, in order. */
export const sectionsOfGroup = (tree: Pick<SiteTree, "sections">, groupId: string) =>
  tree.sections.filter((section) => section.groupId === groupId).sort(byPosition);

/** The shown site spaces of a section, or of the site's root level (`null`), in order. */
export const siteSpacesIn = (tree: Pick<SiteTree, "siteSpaces">, sectionId: string | null) =>
  tree.siteSpaces.filter((siteSpace) => siteSpace.sectionId === sectionId);

export async function loadSiteTree(db: Db | Tx, site: Site): Promise<SiteTree> {
  // One after the other: inside a transaction, queries share one connection.
  const groups = await db.siteSectionGroup.findMany({ where: { siteId: site.id }, orderBy: [{ position: "asc" }, { id: "asc" }] });
  const allSections = await db.siteSection.findMany({ where: { siteId: site.id }, orderBy: [{ position: "asc" }, { id: "asc" }] });
  const siteSpaces = await db.siteSpace.findMany({
    where: { siteId: site.id, ...shownSiteSpace(site.organizationId) },
    include: { space: true },
    orderBy: [{ position: "asc" }, { id: "asc" }],
  });
  const sections = topLevel({ groups, sections: allSections }).flatMap((item) =>
    item.kind === "section" ? allSections.filter((s) => s.id === item.id) : sectionsOfGroup({ sections: allSections }, item.id),
  );
  const sectionIndex = new Map(sections.map((section, index) => [section.id, index]));
  const indexOf = (siteSpace: SiteSpace) => (siteSpace.sectionId === null ? -1 : (sectionIndex.get(siteSpace.sectionId) ?? -1));
  siteSpaces.sort((a, b) => indexOf(a) - indexOf(b) || byPosition(a, b));
  return { site, groups, sections, siteSpaces };
}

/** The default section: the one stored, or the first one (undefined when the site has no sections). */
export function defaultSectionId(tree: Pick<SiteTree, "site" | "sections">): string | undefined {
  return (tree.sections.find((section) => section.id === tree.site.defaultSectionId) ?? tree.sections[0])?.id;
}

/**
 * The default site space of a section (or of the root level): the one stored, or the
 * first shown one when the stored one is not shown (its space was deleted).
 */
export function defaultSiteSpaceId(tree: SiteTree, sectionId: string | null): string | undefined {
  const members = siteSpacesIn(tree, sectionId);
  const stored = sectionId === null ? tree.site.defaultSiteSpaceId : tree.sections.find((section) => section.id === sectionId)?.defaultSiteSpaceId;
  return (members.find((siteSpace) => siteSpace.id === stored) ?? members[0])?.id;
}

/**
 * Locks the site's row until the transaction ends and returns it fresh: writes to a
 * site's structure (paths unique per site, positions, defaults) happen one at a time.
 */
export async function lockSite(tx: Tx, siteId: string): Promise<Site> {
  await tx.$executeRaw`SELECT 1 FROM "Site" WHERE id = ${siteId} FOR NO KEY UPDATE`;
  const site = await tx.site.findUnique({ where: { id: siteId } });
  if (!site) throw notFound("Site");
  return site;
}

/** A write to a site's structure, in a transaction holding the site's lock; `fn` gets the fresh site. */
export function withSiteLocked<T>(prisma: Db, siteId: string, fn: (tx: Tx, site: Site) => Promise<T>): Promise<T> {
  return prisma.$transaction(async (tx) => fn(tx, await lockSite(tx, siteId)));
}

export interface SiteFacts {
  /** Shown site spaces. */
  siteSpaces: number;
  hasSections: boolean;
}

/** What a site's serialization counts, for many sites of one organization in two queries. */
export async function siteFacts(db: Db, organizationId: string, siteIds: string[]): Promise<Map<string, SiteFacts>> {
  const [siteSpaces, sections] = await Promise.all([
    db.siteSpace.groupBy({ by: ["siteId"], where: { siteId: { in: siteIds }, ...shownSiteSpace(organizationId) }, _count: true }),
    db.siteSection.groupBy({ by: ["siteId"], where: { siteId: { in: siteIds } }, _count: true }),
  ]);
  const facts = new Map(siteIds.map((id) => [id, { siteSpaces: 0, hasSections: false }]));
  for (const row of siteSpaces) facts.get(row.siteId)!.siteSpaces = row._count;
  for (const row of sections) facts.get(row.siteId)!.hasSections = row._count > 0;
  return facts;
}

/** A site's facts read from its loaded structure. */
export const factsOf = (tree: SiteTree): SiteFacts => ({ siteSpaces: tree.siteSpaces.length, hasSections: tree.sections.length > 0 });

/** The site read again (after a write changed it) with its structure. */
export async function reloadSiteTree(db: Db, siteId: string): Promise<SiteTree> {
  return loadSiteTree(db, await db.site.findUniqueOrThrow({ where: { id: siteId } }));
}

/** A section of the loaded site (404 otherwise: a write may have removed it since the policy found it). */
export function sectionOf(tree: Pick<SiteTree, "sections">, sectionId: string): SiteSection {
  const section = tree.sections.find((s) => s.id === sectionId);
  if (!section) throw notFound("Section");
  return section;
}
