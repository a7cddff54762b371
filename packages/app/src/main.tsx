// The app's entry: the query client, the theme, and the screens.
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { prefetchOrgs, queryClient } from "./queries";
import { applyTheme, storedTheme } from "./ui/Theme";
import "./app.css";

applyTheme(storedTheme());
void prefetchOrgs();
createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
