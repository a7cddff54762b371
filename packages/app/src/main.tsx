// The app's entry: the query client, the theme, and the screens.
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { storedOrganization } from "./org";
import { keys, prefetchHome, prefetchOrgs, prefetchSpace, prefetchUser, queryClient } from "./queries";
import { parseRoute } from "./routes";
import { applyTheme, storedTheme } from "./ui/Theme";
import "./app.css";

applyTheme(storedTheme());
// The first screen's reads leave now, beside the code's set-up: one round trip before it shows, not a chain.
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
createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
