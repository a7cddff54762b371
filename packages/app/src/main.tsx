// The app's entry: the query client, the theme, and the screens.
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { storedOrganization } from "./org";
import { prefetchHome, prefetchOrgs, queryClient } from "./queries";
import { parseRoute } from "./routes";
import { applyTheme, storedTheme } from "./ui/Theme";
import "./app.css";

applyTheme(storedTheme());
void prefetchOrgs();
const route = parseRoute(location.pathname);
const homeOf = route.screen === "home" ? (route.organizationId ?? storedOrganization()) : undefined;
if (homeOf) void prefetchHome(homeOf);
createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
