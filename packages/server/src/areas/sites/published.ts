// What a site publishes: the site, its structure and its customizations. Docstack has
// no customization operation, so every customization is the contract's default.
import type { Schemas } from "@docstack/contract";
import type { Organization } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { serializeSections, serializeSite, serializeSiteSpaces } from "./serialize";
import { factsOf, type SiteTree, siteSpacesIn } from "./store";
import { publicationOf } from "./urls";

const both = (color: string) => ({ light: color, dark: color });

const DEFAULT_STYLING: Schemas["PublishedSiteStyling"] = {
  theme: "clean",
  primaryColor: both("#346ddb"),
  infoColor: both("#787878"),
  successColor: both("#02a84a"),
  warningColor: both("#f59e0b"),
  dangerColor: both("#dc2626"),
  corners: "rounded",
  links: "default",
  font: "Inter",
  icons: "regular",
  sidebar: { background: "default", list: "default" },
  search: "subtle",
};

export async function publishedSite(
  ctx: RequestContext,
  tree: SiteTree,
  organization: Organization,
  shareKey: string | undefined,
): Promise<Schemas["PublishedSite"]> {
  const publication = publicationOf(ctx, tree.site, organization, shareKey);
  const structure: Schemas["PublishedSiteStructure"] =
    tree.sections.length > 0
      ? { type: "sections", structure: await serializeSections(ctx, tree, publication, tree.sections) }
      : { type: "siteSpaces", structure: await serializeSiteSpaces(ctx, tree, publication, siteSpacesIn(tree, null)) };
  return {
    object: "published-content-site",
    site: serializeSite(ctx, tree.site, organization, factsOf(tree), publication),
    structure,
    customizations: {
      site: { title: tree.site.title, styling: DEFAULT_STYLING, internationalization: { locale: "en" }, favicon: null },
    },
  };
}
