// What a site publishes: the site, its structure and its customizations.
import type { Schemas } from "@docstack/contract";
import type { Organization } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { customizationOf } from "../../models/sites/customization";
import { factsOf, type SiteTree, siteSpacesIn } from "../../models/sites/store";
import { publicationOf } from "../../models/sites/urls";
import { serializeSections, serializeSite, serializeSiteSpaces } from "./serialize";

export async function publishedSite(
  ctx: RequestContext,
  tree: SiteTree,
  organization: Organization,
  shareKey: string | undefined,
): Promise<Schemas["PublishedSite"]> {
  const publication = publicationOf(ctx, tree.site, organization, shareKey);
  const customization = customizationOf(tree.site);
  const structure: Schemas["PublishedSiteStructure"] =
    tree.sections.length > 0
      ? { type: "sections", structure: await serializeSections(ctx, tree, publication, tree.sections) }
      : { type: "siteSpaces", structure: await serializeSiteSpaces(ctx, tree, publication, siteSpacesIn(tree, null)) };
  return {
    object: "published-content-site",
    site: await serializeSite(ctx, tree.site, organization, factsOf(tree), publication),
    structure,
    // GitBook's integration scripts: Docstack sites load none.
    scripts: [],
    // Docstack has site-wide customization only.
    customizations: { site: { ...customization, title: customization.title ?? tree.site.title }, siteSpaces: {} },
  };
}
