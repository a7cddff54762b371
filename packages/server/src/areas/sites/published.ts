// What a site publishes: the site, its structure and its customizations.
import type { Schemas } from "@docstack/contract";
import type { Organization } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { customizationOf, DEFAULT_CUSTOMIZATION } from "../site-customization/settings";
import { serializeSections, serializeSite, serializeSiteSpaces } from "./serialize";
import { factsOf, type SiteTree, siteSpacesIn } from "./store";
import { publicationOf } from "./urls";

/** The customization's styling in the shape of a published site's (which predates customization operations). */
function publishedStyling(settings: Schemas["SiteCustomizationSettings"]): Schemas["PublishedSiteStyling"] {
  const s = { ...DEFAULT_CUSTOMIZATION.styling, ...settings.styling } as Required<NonNullable<Schemas["SiteCustomizationSettings"]["styling"]>>;
  const hex = (color: string) => (color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join("")}` : color);
  const themed = (color: { light: string; dark: string }) => ({ light: hex(color.light), dark: hex(color.dark) });
  return {
    theme: s.theme,
    primaryColor: themed(s.primaryColor),
    infoColor: themed(s.infoColor),
    successColor: themed(s.successColor),
    warningColor: themed(s.warningColor),
    dangerColor: themed(s.dangerColor),
    ...(s.tint ? { tint: { color: themed(s.tint.color) } } : {}),
    corners: s.corners === "straight" ? "straight" : "rounded",
    links: s.links,
    font: s.font,
    icons: s.icons,
    sidebar: { background: s.sidebar.background ?? "default", list: s.sidebar.list ?? "default" },
    search: s.search,
  };
}

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
    site: serializeSite(ctx, tree.site, organization, factsOf(tree), publication),
    structure,
    customizations: {
      site: {
        title: customization.title ?? tree.site.title,
        styling: publishedStyling(customization),
        internationalization: { locale: customization.internationalization.locale ?? "en" },
        favicon: customization.favicon && "icon" in customization.favicon ? { icon: customization.favicon.icon } : null,
      },
    },
  };
}
