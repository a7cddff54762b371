// The first screen's reads, asked for as this module runs: main.tsx imports it first, so they leave before
// React and the screens' code are evaluated (the bench saw that evaluation take a second on a loaded machine),
// and the user's and organizations' answers, preloaded by index.html, are taken at once.
import { storedOrganization } from "./org";
import { keys, prefetchHome, prefetchOrgs, prefetchSpace, prefetchUser, queryClient } from "./queries";
import { parseRoute } from "./routes";

void prefetchUser();
const orgs = prefetchOrgs();
const route = parseRoute(location.pathname);
if (route.screen === "home") {
  const homeOf = route.organizationId ?? storedOrganization();
  // A first visit shows the first organization: its lists are asked for once the organizations answer.
  if (homeOf) void prefetchHome(homeOf);
  else
    void orgs.then(() => {
      const first = (queryClient.getQueryData(keys.orgs) as { items: { id: string }[] } | undefined)?.items[0]?.id;
      if (first) void prefetchHome(first);
    });
}
if (route.screen === "space") {
  void prefetchSpace(route.spaceId);
  void import("./screens/Space");
}
