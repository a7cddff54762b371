// Resources the admin screens will manage (sites, OpenAPI specs, integrations) and people: what they are,
// with their links, until those screens come.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../api";
import type { Route } from "../routes";
import { QueryState } from "../ui/QueryState";

type ResourceRoute = Extract<Route, { screen: "site" | "spec" | "integration" | "user" }>;

function read(route: ResourceRoute): Promise<{ title: string; link?: string }> {
  switch (route.screen) {
    case "site":
      return unwrap(
        api.GET("/v1/orgs/{organizationId}/sites/{siteId}", { params: { path: { organizationId: route.organizationId, siteId: route.siteId } } }),
      ).then((site) => ({ title: `Site: ${site.title}`, ...(site.urls.published ? { link: site.urls.published } : {}) }));
    case "spec":
      return unwrap(
        api.GET("/v1/orgs/{organizationId}/openapi/{specSlug}", { params: { path: { organizationId: route.organizationId, specSlug: route.slug } } }),
      ).then((spec) => ({ title: `OpenAPI spec: ${spec.slug}` }));
    case "integration":
      return unwrap(api.GET("/v1/integrations/{integrationName}", { params: { path: { integrationName: route.name } } })).then((integration) => ({
        title: `Integration: ${integration.title}`,
      }));
    case "user":
      return unwrap(api.GET("/v1/users/{userId}", { params: { path: { userId: route.userId } } })).then((user) => ({ title: user.displayName }));
  }
}

export default function Resource({ route }: { route: ResourceRoute }) {
  const resource = useQuery({ queryKey: ["resource", route], queryFn: () => read(route) });
  return (
    <QueryState query={resource} what="it">
      {({ title, link }) => (
        <main id="main" className="home">
          <h1>{title}</h1>
          {link ? (
            <p>
              Published at <a href={link}>{link}</a>
            </p>
          ) : null}
        </main>
      )}
    </QueryState>
  );
}
