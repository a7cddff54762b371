// The look of the published site a space is in (its colors, fonts and corners: the site's customization, through
// the sites package's own mapping to CSS custom properties), for a change request's preview. Applied as the
// element's style properties (CSSOM, which the app's strict CSP allows; no <style>, no inline script). A space no
// site publishes, or a site the reader cannot see, keeps the sites' default look.
import { siteFonts, sitePalette } from "@docstack/sites/dist/site-palette.js";
import { useQuery } from "@tanstack/react-query";
import type { CSSProperties } from "react";
import { api, unwrap } from "../api";

/** The customization of the site publishing the space (a published site first), or null when none does. */
async function customizationOf(spaceId: string) {
  const space = await unwrap(api.GET("/v1/spaces/{spaceId}", { params: { path: { spaceId } } }));
  const organizationId = space.organization;
  const sites = await unwrap(api.GET("/v1/orgs/{organizationId}/sites", { params: { path: { organizationId } } }));
  const candidates = sites.items.filter((site) => site.siteSpaces > 0).sort((a, b) => Number(b.published) - Number(a.published));
  for (const site of candidates) {
    const path = { organizationId, siteId: site.id };
    const siteSpaces = await unwrap(api.GET("/v1/orgs/{organizationId}/sites/{siteId}/site-spaces", { params: { path } }));
    if (siteSpaces.items.some((siteSpace) => siteSpace.space.id === spaceId))
      return unwrap(api.GET("/v1/orgs/{organizationId}/sites/{siteId}/customization", { params: { path } }));
  }
  return null;
}

/** The app's theme: the preview sits on the app's background, so it takes the site's colors for that theme. */
const appTheme = (): "light" | "dark" => (window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light");

/** The style that dresses a preview in its site's look; undefined until known, and for a space in no site. */
export function useSiteLook(spaceId: string): CSSProperties | undefined {
  const look = useQuery({ queryKey: ["space", spaceId, "site-look"], queryFn: () => customizationOf(spaceId), retry: false });
  if (!look.data) return undefined;
  return { ...siteFonts(look.data), ...sitePalette(look.data, appTheme()), fontFamily: "var(--font)" } as CSSProperties;
}
