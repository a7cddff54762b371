// The admin screens' reads, keyed under their organization so that a write invalidates exactly what it changed.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api";

export const adminKeys = {
  sites: (organizationId: string) => ["org", organizationId, "sites"] as const,
  site: (organizationId: string, siteId: string) => ["org", organizationId, "site", siteId] as const,
  siteSpaces: (organizationId: string, siteId: string) => ["org", organizationId, "site", siteId, "site-spaces"] as const,
  redirects: (organizationId: string, siteId: string) => ["org", organizationId, "site", siteId, "redirects"] as const,
  customization: (organizationId: string, siteId: string) => ["org", organizationId, "site", siteId, "customization"] as const,
  imports: (organizationId: string) => ["org", organizationId, "imports"] as const,
  webhooks: (organizationId: string) => ["org", organizationId, "webhooks"] as const,
  deliveries: (organizationId: string, webhookId: string) => ["org", organizationId, "webhook", webhookId, "deliveries"] as const,
  /** `attempts` (the delivery's count) in the key: a new attempt is fetched as soon as the log shows it. */
  attempts: (organizationId: string, webhookId: string, deliveryId: string, attempts: number) =>
    ["org", organizationId, "webhook", webhookId, "delivery", deliveryId, "attempts", attempts] as const,
  gitSync: (spaceId: string) => ["space", spaceId, "git-sync"] as const,
  saml: (organizationId: string) => ["org", organizationId, "saml"] as const,
  customFields: (organizationId: string) => ["org", organizationId, "custom-fields"] as const,
};

const site = (organizationId: string, siteId: string) => ({ params: { path: { organizationId, siteId } } });

export const useSites = (organizationId: string) =>
  useQuery({
    queryKey: adminKeys.sites(organizationId),
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/sites", { params: { path: { organizationId }, query: { limit: 1000 } } })),
  });
export const useSite = (organizationId: string, siteId: string) =>
  useQuery({
    queryKey: adminKeys.site(organizationId, siteId),
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/sites/{siteId}", site(organizationId, siteId))),
  });
export const useSiteSpaces = (organizationId: string, siteId: string) =>
  useQuery({
    queryKey: adminKeys.siteSpaces(organizationId, siteId),
    queryFn: () =>
      unwrap(api.GET("/v1/orgs/{organizationId}/sites/{siteId}/site-spaces", { params: { path: { organizationId, siteId }, query: { limit: 1000 } } })),
  });
export const useRedirects = (organizationId: string, siteId: string) =>
  useQuery({
    queryKey: adminKeys.redirects(organizationId, siteId),
    queryFn: () =>
      unwrap(api.GET("/v1/orgs/{organizationId}/sites/{siteId}/redirects", { params: { path: { organizationId, siteId }, query: { limit: 1000 } } })),
  });
