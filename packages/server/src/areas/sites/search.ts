// GitBook's site search (`POST …/sites/{siteId}/search`): the content search over what a
// reader of the published site finds in its search. What that is comes from the published
// sites (PublishedSites.searchable: the site's audience and the renderer's page lists, the
// rules the site itself applies); the ranking is the organization search's.
import type { Schemas } from "@docstack/contract";
import { searchSpaces } from "../../content/search/search";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { PublishedSites } from "../../site-reader/published-sites";

type Place = Awaited<ReturnType<PublishedSites["searchable"]>>[number];
type Request = Schemas["SearchSiteContentRequest"];

export const siteSearchOperations = {
  searchSiteContent: defineOperation("searchSiteContent", {
    handle: async ({ ctx, body, query }, { site }) => {
      const places = inScope(await ctx.sites.searchable(site, ctx.baseUrl), body);
      const spaces = new Map<string, { id: string; title: string }>();
      for (const place of places) spaces.set(place.variant.content.spaceId, { id: place.variant.content.spaceId, title: place.variant.title });
      // A blank query finds nothing: no space searched (the page's cursor is still checked).
      if (!body.query.trim()) spaces.clear();
      const excluded = places.flatMap((place) => place.excluded);
      // Cursors are bound to the search: its words and the spaces it covers.
      const scope = `site-search:${site.id}:${[...spaces.keys()].sort().join(",")}:${body.query}`;
      return { status: 200, body: await searchSpaces(ctx, [...spaces.values()], body.query, query, scope, excluded) };
    },
  }),
} satisfies AreaOperations;

/** The site spaces the request's scope (or its deprecated `mode`) names, among those the reader sees. */
function inScope(places: Place[], request: Request): Place[] {
  const isDefault = (place: Place) => place.section.defaultVariantId === place.variant.id;
  const only = (ids: readonly string[]) => places.filter((place) => ids.includes(place.variant.id));
  const defaults = (current: string | undefined) => places.filter((place) => isDefault(place) || place.variant.id === current);
  if ("scope" in request) {
    const { scope } = request;
    if (scope.mode === "all") return places;
    if (scope.mode === "specific") return only(scope.siteSpaceIds);
    if (scope.restrictTo === "currentSiteSpace") return only(scope.currentSiteSpace ? [scope.currentSiteSpace] : []);
    if (scope.restrictTo === "otherSiteSpaces") return places.filter((place) => isDefault(place) && place.variant.id !== scope.currentSiteSpace);
    return defaults(scope.currentSiteSpace);
  }
  if ("siteSpaceIds" in request) return only(request.siteSpaceIds);
  if ("siteSpaceId" in request) return defaults(request.siteSpaceId);
  return places;
}
