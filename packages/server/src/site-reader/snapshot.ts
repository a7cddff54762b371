// A site as it stands (its row, structure, spaces' current revisions, customization and
// published URL, the conditions of adaptive content), and as one audience may see it: the
// renderer's PublishedSite.
import { createHash } from "node:crypto";
import type { Audience, PublishedSite, SiteSection } from "@docstack/sites";
import type { Config } from "../config";
import type { ContentStoreDeps } from "../content/reads/deps";
import { contentStore } from "../content/reads/reads";
import { existingRevisionIndex } from "../content/store/revisions";
import type { Organization, Site } from "../generated/prisma/client";
import { siteVisibility } from "../models/contract-enums";
import { customizationOf } from "../models/sites/customization";
import { defaultSectionId, defaultSiteSpaceId, loadSiteTree, type SiteTree, siteSpacesIn } from "../models/sites/store";
import { readAt } from "../models/sites/urls";
import { type AudienceFacts, hashShareKey } from "./audience";

export interface SiteSnapshot extends AudienceFacts {
  site: Site;
  organization: Organization;
  tree: SiteTree;
  publishedUrl: string;
  /** The site as each audience sees it, made once per audience. */
  views: Map<string, PublishedSite | undefined>;
}

export type SnapshotServices = ContentStoreDeps & { config: Config };

export async function loadSnapshot(services: SnapshotServices, site: Site, baseUrl: string): Promise<SiteSnapshot> {
  const { prisma, config } = services;
  const tree = await loadSiteTree(prisma, site);
  const organization = await prisma.organization.findUniqueOrThrow({ where: { id: site.organizationId } });
  const links = site.visibility === "share_link" ? await prisma.shareLink.findMany({ where: { siteId: site.id, active: true }, select: { key: true } }) : [];
  const structure = [...tree.sections, ...tree.siteSpaces].flatMap((item) => (item.condition ? [item.condition] : []));
  // Conditions only count with adaptive content on: without it, no page's condition is read.
  const pages = site.adaptiveContent ? await pageConditions(services, tree) : [];
  const conditions = [...new Set([...structure, ...pages])].sort();
  return {
    site,
    organization,
    tree,
    publishedUrl: readAt({ baseUrl, config }, site, organization),
    views: new Map(),
    shareKeyHashes: new Set(links.map((link) => hashShareKey(link.key))),
    conditions,
  };
}

/** The conditions of the pages of the site's spaces, as of the revisions the snapshot shows. */
async function pageConditions(services: SnapshotServices, tree: SiteTree): Promise<string[]> {
  const revisions = [...new Set(tree.siteSpaces.map((siteSpace) => siteSpace.space.revisionId))];
  const indexes = await Promise.all(revisions.map((revisionId) => existingRevisionIndex(contentStore(services), revisionId)));
  return indexes.flatMap((index) => index.pages.flatMap((page) => (page.condition ? [page.condition] : [])));
}

const ROOT = "root";

/** The site as this audience may see it: the sections and site spaces it admits; undefined when that is nothing. */
export function siteFor(snapshot: SiteSnapshot, audience: Audience): PublishedSite | undefined {
  if (snapshot.views.has(audience.key)) return snapshot.views.get(audience.key);
  const { tree, site } = snapshot;
  const sectionRows = tree.sections.length ? tree.sections.filter((section) => audience.admits(section.condition)) : [undefined];
  const sections: SiteSection[] = [];
  for (const row of sectionRows) {
    const members = siteSpacesIn(tree, row?.id ?? null).filter((siteSpace) => audience.admits(siteSpace.condition));
    if (!members.length) continue;
    const stored = defaultSiteSpaceId(tree, row?.id ?? null);
    sections.push({
      id: row?.id ?? ROOT,
      title: row?.title ?? site.title,
      path: row?.path ?? "",
      ...(row?.description ? { description: row.description } : {}),
      ...(row?.groupId ? { group: tree.groups.find((group) => group.id === row.groupId)?.title ?? "" } : {}),
      variants: members.map((siteSpace) => ({
        id: siteSpace.id,
        title: siteSpace.space.title,
        path: siteSpace.path,
        content: { organizationId: site.organizationId, spaceId: siteSpace.spaceId, revisionId: siteSpace.space.revisionId },
      })),
      defaultVariantId: members.find((siteSpace) => siteSpace.id === stored)?.id ?? members[0]!.id,
    });
  }
  const storedDefault = defaultSectionId(tree) ?? ROOT;
  const view: PublishedSite | undefined = sections.length
    ? withVersion({
        id: site.id,
        organizationId: site.organizationId,
        title: site.title,
        visibility: siteVisibility.value(site.visibility),
        publishedUrl: snapshot.publishedUrl,
        hasSections: tree.sections.length > 0,
        sections,
        defaultSectionId: sections.find((section) => section.id === storedDefault)?.id ?? sections[0]!.id,
        customization: customizationOf(site),
      })
    : undefined;
  snapshot.views.set(audience.key, view);
  return view;
}

/** The site with its version: a hash of everything it holds (revisions included), so any change makes new cache keys. */
function withVersion(site: Omit<PublishedSite, "version">): PublishedSite {
  return { ...site, version: createHash("sha256").update(JSON.stringify(site)).digest("base64url").slice(0, 22) };
}
