// The app's entry: the first screen's reads (first, so that they leave before the rest is evaluated), the
// query client, the theme, and the screens.
import "./first-reads";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { queryClient } from "./queries";
import { applyTheme, storedTheme } from "./ui/Theme";
import "./app.css";

applyTheme(storedTheme());
createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
