// Resources no screen manages yet (OpenAPI specs, integrations) and people: what they are.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../api";
import type { Route } from "../routes";
import { QueryState } from "../ui/QueryState";

type ResourceRoute = Extract<Route, { screen: "spec" | "integration" | "user" }>;

function read(route: ResourceRoute): Promise<{ title: string; link?: string }> {
  switch (route.screen) {
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
