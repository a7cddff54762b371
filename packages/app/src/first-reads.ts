// The first screen's reads, sent while the rest of the app is still being set up: main.tsx imports this
// module first, so it runs before React's DOM renderer and the screens are evaluated (a third of a second of
// the main thread on a busy machine), not after them. The user and the organizations were preloaded by
// index.html (same URLs); the spaces screen's lists leave as soon as the organization to show is known.
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
