// A site's reads beyond those in queries.ts (its sections, section groups, share links, visitor authentication),
// keyed under the site's key so that a write invalidates exactly what it changed.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api";
import { adminKeys } from "./queries";

export const siteKeys = {
  sections: (organizationId: string, siteId: string) => [...adminKeys.site(organizationId, siteId), "sections"] as const,
  groups: (organizationId: string, siteId: string) => [...adminKeys.site(organizationId, siteId), "section-groups"] as const,
  shareLinks: (organizationId: string, siteId: string) => [...adminKeys.site(organizationId, siteId), "share-links"] as const,
  publishingAuth: (organizationId: string, siteId: string) => [...adminKeys.site(organizationId, siteId), "publishing-auth"] as const,
};

const listOf = (organizationId: string, siteId: string) => ({ params: { path: { organizationId, siteId }, query: { limit: 1000 } } });

export const useSiteSections = (organizationId: string, siteId: string) =>
  useQuery({
    queryKey: siteKeys.sections(organizationId, siteId),
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/sites/{siteId}/sections", listOf(organizationId, siteId))),
  });
export const useSectionGroups = (organizationId: string, siteId: string) =>
  useQuery({
    queryKey: siteKeys.groups(organizationId, siteId),
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/sites/{siteId}/section-groups", listOf(organizationId, siteId))),
  });
export const useShareLinks = (organizationId: string, siteId: string) =>
  useQuery({
    queryKey: siteKeys.shareLinks(organizationId, siteId),
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/sites/{siteId}/share-links", listOf(organizationId, siteId))),
  });
/** Reading the settings makes the site's key when it has none yet: asked for only on a `visitor-auth` site. */
export const usePublishingAuth = (organizationId: string, siteId: string) =>
  useQuery({
    queryKey: siteKeys.publishingAuth(organizationId, siteId),
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth", { params: { path: { organizationId, siteId } } })),
  });

/**
 * After a write to the site's structure: the site (its counts), its spaces, sections and groups are read again,
 * and the organization's list of sites (its counts); not its redirects, links or customization.
 */
export function useRefreshStructure(organizationId: string, siteId: string) {
  const queries = useQueryClient();
  return () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: adminKeys.site(organizationId, siteId), exact: true }),
      queries.invalidateQueries({ queryKey: adminKeys.siteSpaces(organizationId, siteId) }),
      queries.invalidateQueries({ queryKey: siteKeys.sections(organizationId, siteId) }),
      queries.invalidateQueries({ queryKey: siteKeys.groups(organizationId, siteId) }),
      queries.invalidateQueries({ queryKey: adminKeys.sites(organizationId) }),
    ]);
}
