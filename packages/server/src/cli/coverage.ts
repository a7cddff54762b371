// Which operations of the contract are implemented, per area (the operation's tag).
import { HTTP_METHODS, loadOpenapiDocument } from "@docstack/contract";
import type { OperationId } from "../http/operation";
import { registry } from "../wiring/operations";

export interface AreaCoverage {
  area: string;
  implemented: number;
  total: number;
  pending: string[];
}

export function coverage(): AreaCoverage[] {
  const document = loadOpenapiDocument();
  const areas = new Map<string, AreaCoverage>((document.tags ?? []).map((tag) => [tag.name, { area: tag.name, implemented: 0, total: 0, pending: [] }]));
  for (const item of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const area = operation.tags?.[0] ?? "untagged";
      const row = areas.get(area) ?? { area, implemented: 0, total: 0, pending: [] };
      areas.set(area, row);
      row.total++;
      if (registry[operation.operationId as OperationId]?.notImplemented) row.pending.push(operation.operationId);
      else row.implemented++;
    }
  }
  return [...areas.values()];
}

export function formatCoverage(rows: AreaCoverage[]): string {
  const total = rows.reduce((sum, row) => sum + row.total, 0);
  const implemented = rows.reduce((sum, row) => sum + row.implemented, 0);
  const lines = rows.map(
    (row) =>
      `  ${row.area.padEnd(26)} ${String(row.implemented).padStart(3)} / ${String(row.total).padEnd(3)}${row.implemented === row.total ? "  complete" : ""}`,
  );
  return `Operations implemented, per area:\n${lines.join("\n")}\n  ${"all".padEnd(26)} ${String(implemented).padStart(3)} / ${total}\n`;
}
