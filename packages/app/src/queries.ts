// Server state: one TanStack Query hook per read, keyed so that a write invalidates exactly what it changed.
import type { Schemas } from "@docstack/sdk";
import { QueryClient, useQuery } from "@tanstack/react-query";
import { api, failureOf, unwrap } from "./api";
import { loadTree } from "./tree-load";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // A 4xx will not change by asking again; a lost connection may.
      retry: (count, error) => failureOf(error) === "offline" && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

export const keys = {
  user: ["user"] as const,
  orgs: ["orgs"] as const,
  org: (organizationId: string) => ["org", organizationId] as const,
  spaces: (organizationId: string) => ["org", organizationId, "spaces"] as const,
  collections: (organizationId: string) => ["org", organizationId, "collections"] as const,
  deletedSpaces: (organizationId: string) => ["org", organizationId, "deleted-spaces"] as const,
  members: (organizationId: string) => ["org", organizationId, "members"] as const,
  teams: (organizationId: string) => ["org", organizationId, "teams"] as const,
  collection: (collectionId: string) => ["collection", collectionId] as const,
  space: (spaceId: string) => ["space", spaceId] as const,
  tree: (spaceId: string) => ["space", spaceId, "tree"] as const,
  page: (spaceId: string, pageId: string) => ["space", spaceId, "page", pageId] as const,
  changeRequests: (spaceId: string, status: string) => ["space", spaceId, "change-requests", status] as const,
  changeRequest: (spaceId: string, number: string) => ["space", spaceId, "change-request", number] as const,
  tokens: ["user", "tokens"] as const,
  sessions: ["user", "sessions"] as const,
};

const path = <T extends Record<string, string>>(values: T) => ({ params: { path: values } });

// The user's and the organizations' URLs are preloaded by index.html (scripts/build.mjs): keep them the same.
const userQuery = { queryKey: keys.user, queryFn: () => unwrap(api.GET("/v1/user")), retry: false };
export const useUser = () => useQuery(userQuery);
/** Asked for at start, before React renders: the first screen's requests leave while the screens' code is set up. */
export const prefetchUser = () => queryClient.prefetchQuery(userQuery);
const orgsQuery = { queryKey: keys.orgs, queryFn: () => unwrap(api.GET("/v1/orgs", { params: { query: { limit: 100 } } })) };
export const useOrgs = () => useQuery(orgsQuery);
/** Asked for at start, beside the user: the first screen waits for one round trip, not two. */
export const prefetchOrgs = () => queryClient.prefetchQuery(orgsQuery);
export const useOrg = (organizationId: string) =>
  useQuery({ queryKey: keys.org(organizationId), queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}", path({ organizationId }))) });
const spacesQuery = (organizationId: string) => ({
  queryKey: keys.spaces(organizationId),
  queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/spaces", { params: { path: { organizationId }, query: { limit: 1000 } } })),
});
const collectionsQuery = (organizationId: string) => ({
  queryKey: keys.collections(organizationId),
  queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/collections", { params: { path: { organizationId }, query: { limit: 1000 } } })),
});
export const useSpaces = (organizationId: string) => useQuery(spacesQuery(organizationId));
export const useCollections = (organizationId: string) => useQuery(collectionsQuery(organizationId));
export const useDeletedSpaces = (organizationId: string) =>
  useQuery({
    queryKey: keys.deletedSpaces(organizationId),
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/deleted-spaces", { params: { path: { organizationId }, query: { limit: 1000 } } })),
  });
/**
 * The spaces screen's lists of the organization last shown, asked for at start beside the user and the
 * organizations: a returning user's first screen waits for one round trip, not three.
 */
export const prefetchHome = (organizationId: string) =>
  Promise.all([queryClient.prefetchQuery(spacesQuery(organizationId)), queryClient.prefetchQuery(collectionsQuery(organizationId))]);
export const useCollection = (collectionId: string) =>
  useQuery({ queryKey: keys.collection(collectionId), queryFn: () => unwrap(api.GET("/v1/collections/{collectionId}", path({ collectionId }))) });
const spaceQuery = (spaceId: string) => ({ queryKey: keys.space(spaceId), queryFn: () => unwrap(api.GET("/v1/spaces/{spaceId}", path({ spaceId }))) });
export const useSpace = (spaceId: string) => useQuery(spaceQuery(spaceId));
const treeQuery = (spaceId: string) => ({
  queryKey: keys.tree(spaceId),
  // Parsed and cut down off the main thread (src/tree-load.ts): thousands of pages are megabytes of JSON.
  queryFn: () => loadTree(spaceId),
  // Its pages are new objects every load: comparing thousands of them deeply to keep the old ones is not worth it.
  structuralSharing: false,
});
export const useTree = (spaceId: string) => useQuery(treeQuery(spaceId));
/** A space opened by its URL: the space and its tree asked for at start, beside the user (not after the screen's code). */
export const prefetchSpace = (spaceId: string) => Promise.all([queryClient.prefetchQuery(spaceQuery(spaceId)), queryClient.prefetchQuery(treeQuery(spaceId))]);
export const useRenderedPage = (spaceId: string, pageId: string) =>
  useQuery({
    queryKey: keys.page(spaceId, pageId),
    queryFn: () => unwrap(api.GET("/v1/spaces/{spaceId}/content/page/{pageId}/rendered", path({ spaceId, pageId }))),
  });
export const useMembers = (organizationId: string) =>
  useQuery({
    queryKey: keys.members(organizationId),
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/members", { params: { path: { organizationId }, query: { limit: 1000 } } })),
  });
export const useTeams = (organizationId: string) =>
  useQuery({
    queryKey: keys.teams(organizationId),
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/teams", { params: { path: { organizationId }, query: { limit: 1000 } } })),
  });
export const useTokens = () => useQuery({ queryKey: keys.tokens, queryFn: () => unwrap(api.GET("/v1/user/tokens", { params: { query: { limit: 100 } } })) });
export const useSessions = () =>
  useQuery({ queryKey: keys.sessions, queryFn: () => unwrap(api.GET("/v1/user/sessions", { params: { query: { limit: 100 } } })) });

/** Content is changed through a change request, merged at once (the editor issue brings review before merging). */
export async function changeContent(spaceId: string, subject: string, changes: Schemas["UpdateChangeRequestContentRequest"]["changes"]): Promise<void> {
  const cr = await unwrap(api.POST("/v1/spaces/{spaceId}/change-requests", { params: { path: { spaceId } }, body: { subject } }));
  await unwrap(
    api.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content", { params: { path: { spaceId, changeRequestId: cr.id } }, body: { changes } }),
  );
  const merged = await unwrap(
    api.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge", { params: { path: { spaceId, changeRequestId: cr.id } } }),
  );
  if (merged.result !== "merge") throw new Error("The change could not be merged: the space changed meanwhile. Try again.");
}
