// The actions audit events can have: one per write operation of the contract, labelled by its summary.
import { loadOpenapiDocument } from "@docstack/contract";
import { contractRoutes } from "../../pipeline/routes";

let cached: { id: string; label: string }[] | undefined;

export function auditActions(): { id: string; label: string }[] {
  if (cached) return cached;
  const document = loadOpenapiDocument();
  const labels = new Map<string, string>();
  for (const route of contractRoutes(document)) {
    if (!route.audit || labels.has(route.audit.action)) continue;
    const operation = (document.paths[route.path] as Record<string, { summary?: string }>)[route.method];
    labels.set(route.audit.action, operation?.summary ?? route.audit.action);
  }
  cached = [...labels].map(([id, label]) => ({ id, label })).sort((a, b) => a.id.localeCompare(b.id));
  return cached;
}
