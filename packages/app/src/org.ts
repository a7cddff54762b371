// Which organization the app shows: the one a URL names, else the one last chosen, else the first.
import { useSyncExternalStore } from "react";

const KEY = "docstack.organization";
const listeners = new Set<() => void>();

export function chooseOrganization(organizationId: string): void {
  if (localStorage.getItem(KEY) === organizationId) return;
  localStorage.setItem(KEY, organizationId);
  for (const listener of listeners) listener();
}

/** The chosen organization among `available` (IDs), falling back to the first. */
export function pickOrganization(chosen: string | null, available: readonly string[]): string | undefined {
  return chosen && available.includes(chosen) ? chosen : available[0];
}

/** The organization last chosen in this browser, if any. */
export const storedOrganization = (): string | null => localStorage.getItem(KEY);

export function useChosenOrganization(): string | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, storedOrganization);
}
