// Moving between screens without reloading: the History API, and a store React reads the current path from.
import { useSyncExternalStore } from "react";
import { parseRoute, type Route } from "./routes";

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
globalThis.addEventListener?.("popstate", notify);

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  notify();
  if (!path.includes("#")) window.scrollTo(0, 0);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

let last: { path: string; route: Route } | undefined;
function current(): { path: string; route: Route } {
  const path = location.pathname;
  if (last?.path !== path) last = { path, route: parseRoute(path) };
  return last;
}

export function useRoute(): Route {
  return useSyncExternalStore(subscribe, current).route;
}

/** The current query string (`?a=1`, or ""): a screen's state kept in its URL, to bookmark and survive a reload. */
export function useSearch(): string {
  return useSyncExternalStore(subscribe, () => location.search);
}
