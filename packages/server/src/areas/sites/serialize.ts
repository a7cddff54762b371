// Sites and their structure as the contract shows them. Values no operation sets
// (features, ads) are computed here, not stored.
import type { Schemas } from "@docstack/contract";
import type { Organization, Site, SiteSection, SiteSectionGroup } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { apiUrl, appUrl } from "../../http/urls";
import { siteType, siteVisibility } from "../../models/contract-enums";
import {
  defaultSectionId,
  defaultSiteSpaceId,
  type SiteFacts,
  type SiteSpaceWithSpace,
  type SiteTree,
  sectionsOfGroup,
  siteSpacesIn,
} from "../../models/sites/store";
import { type Publication, publicationOf, publishedAt, servedAt } from "../../models/sites/urls";
import { siteLevel } from "../../policy/content";
import { grantedBy, tableOf } from "../../policy/factory";
import { serializeSpaces } from "../spaces/serialize";

type Feature = Schemas["SiteFeature"];

/** The features the site uses, by GitBook's ids, each with the site type that includes it (never frozen: every site has them all). */
function featuresOf(site: Site, facts: SiteFacts): Feature[] {
  const used: [boolean, Feature["id"], Feature["plan"]][] = [
    [facts.hasSections, "sites-sections", "ultimate"],
    [site.adaptiveContent, "sites-adaptive-content", "ultimate"],
    [site.proxy !== null, "sites-custom-subdirectory", "ultimate"],
    [site.visibility === "visitor_auth", "sites-visitor-authentication", "ultimate"],
    [site.visibility === "share_link", "sites-share-links", "basic"],
  ];
  return used.filter(([inUse]) => inUse).map(([, id, plan]) => ({ id, plan, frozen: false }));
}

export async function serializeSite(
  ctx: RequestContext,
  site: Site,
  organization: Organization,
  facts: SiteFacts,
  publication: Publication = publicationOf(ctx, site, organization),
): Promise<Schemas["Site"]> {
  const path = `/orgs/${site.organizationId}/sites/${site.id}`;
  const published = publishedAt(publication);
  return {
    object: "site",
    id: site.id,
    type: siteType.value(site.type),
    appliedType: siteType.value(site.type),
    title: site.title,
    icon: site.iconLight && site.iconDark ? { icon: { light: site.iconLight, dark: site.iconDark } } : null,
    ...(site.hostname ? { hostname: site.hostname } : {}),
    basename: site.basename,
    ...(site.proxy ? { proxy: { origin: `https://${site.proxy}`, target: servedAt(ctx, site, organization) } } : {}),
    visibility: siteVisibility.value(site.visibility),
    defaultLevel: "inherit",
    permissions: grantedBy(tableOf("site"), await siteLevel(ctx, site)),
    published: site.published,
    siteSpaces: facts.siteSpaces,
    createdAt: site.createdAt.toISOString(),
    adaptiveContent: { enabled: site.adaptiveContent },
    // No operation asks for ads: `ads` is left out, as for a site that never did (GitBook's `disabled` names an ad zone).
    features: featuresOf(site, facts),
    urls: { location: apiUrl(ctx, path), app: appUrl(ctx, path), preview: servedAt(ctx, site, organization), ...(published ? { published } : {}) },
  };
}

/** Site spaces of a loaded site, each with its space as the caller sees it. */
export async function serializeSiteSpaces(
  ctx: RequestContext,
  tree: SiteTree,
  publication: Publication,
  siteSpaces: readonly SiteSpaceWithSpace[],
): Promise<Schemas["SiteSpace"][]> {
  const spaces = await serializeSpaces(
    ctx,
    siteSpaces.map((siteSpace) => siteSpace.space),
  );
  return siteSpaces.map((siteSpace, index) => {
    const section = tree.sections.find((s) => s.id === siteSpace.sectionId);
    // The default site space's URL is its section's (the site's, in the default section): one URL per page.
    const own = defaultSiteSpaceId(tree, siteSpace.sectionId) === siteSpace.id ? [] : [siteSpace.path];
    const published = section ? publishedAt(publication, section.path, ...own) : publishedAt(publication, ...own);
    const space = spaces[index]!;
    return {
      object: "site-space",
      id: siteSpace.id,
      path: siteSpace.path,
      ...(section ? { section: section.id } : {}),
      // Published by this site: the space is read where the site space is.
      space: published ? { ...space, urls: { ...space.urls, published } } : space,
      title: siteSpace.space.title,
      draft: false,
      default: defaultSiteSpaceId(tree, siteSpace.sectionId) === siteSpace.id,
      ...(siteSpace.condition !== null ? { condition: siteSpace.condition } : {}),
      hasAdvancedCustomizationFeature: true,
      urls: published ? { published } : {},
    };
  });
}

/** Sections of a loaded site, each with its site spaces. */
export async function serializeSections(
  ctx: RequestContext,
  tree: SiteTree,
  publication: Publication,
  sections: readonly SiteSection[],
): Promise<Schemas["SiteSection"][]> {
  const members = sections.map((section) => siteSpacesIn(tree, section.id));
  const serialized = await serializeSiteSpaces(ctx, tree, publication, members.flat());
  const defaultSection = defaultSectionId(tree);
  const grouped = splitAlong(serialized, members);
  return sections.map((section, index) => {
    const siteSpaces = grouped[index]!;
    const published = publishedAt(publication, section.path);
    return {
      object: "site-section",
      id: section.id,
      title: section.title,
      ...(section.description !== null ? { description: section.description } : {}),
      default: section.id === defaultSection,
      path: section.path,
      draft: false,
      ...(section.condition !== null ? { condition: section.condition } : {}),
      ...(section.groupId !== null ? { sectionGroup: section.groupId } : {}),
      ...(section.icon !== null ? { icon: section.icon } : {}),
      siteSpaces,
      urls: published ? { published } : {},
    };
  });
}

/** Section groups of a loaded site, each with its sections. */
export async function serializeSectionGroups(
  ctx: RequestContext,
  tree: SiteTree,
  publication: Publication,
  groups: readonly SiteSectionGroup[],
): Promise<Schemas["SiteSectionGroup"][]> {
  const members = groups.map((group) => sectionsOfGroup(tree, group.id));
  const serialized = await serializeSections(ctx, tree, publication, members.flat());
  const grouped = splitAlong(serialized, members);
  return groups.map((group, index) => ({
    object: "site-section-group",
    id: group.id,
    title: group.title,
    ...(group.icon !== null ? { icon: group.icon } : {}),
    draft: false,
    sections: grouped[index]!,
    children: grouped[index]!,
  }));
}

/** `items` cut into consecutive runs as long as each of `groups` (items serialized in one batch, then regrouped). */
function splitAlong<T>(items: readonly T[], groups: readonly (readonly unknown[])[]): T[][] {
  let start = 0;
  return groups.map((group) => {
    const run = items.slice(start, start + group.length);
    start += group.length;
    return run;
  });
}
