// Resources no screen manages yet (OpenAPI specs, integrations) and people: what they are.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../api";
import type { Route } from "../routes";
import { Loading, Problem } from "../ui/states";

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
  if (resource.isError)
    return (
      <main id="main">
        <Problem error={resource.error} retry={() => resource.refetch()} />
      </main>
    );
  if (resource.isPending)
    return (
      <main id="main">
        <Loading what="it" />
      </main>
    );
  return (
    <main id="main" className="home">
      <h1>{resource.data.title}</h1>
      {resource.data.link ? (
        <p>
          Published at <a href={resource.data.link}>{resource.data.link}</a>
        </p>
      ) : null}
    </main>
  );
}
