// Cursors are signed and bound to their list and its filters: a modified one, one from
// another list, or one replayed under another filter answers 400. A real cursor is taken from the operation's first page of one
// item (the base fixtures give the lists of organizations, members, collections and
// spaces two items; lists of derived resources get two made), then altered.
import fc from "fast-check";
import { validArbitrary } from "./arbitraries";
import { deref, type GateOperation, isCursor } from "./contract";
import { derivations } from "./derivations";
import type { Fixtures } from "./fixtures";
import type { Exchange } from "./http";
import type { RequestPlan } from "./plan";
import { fixturePath, queryArbitrary } from "./requests";
import { seedFor } from "./seed";

/** One real cursor per list operation seen so far, replayed on the others. */
const seen = new Map<string, string>();

const flip = (text: string, at: number) => {
  const i = Math.max(0, Math.min(text.length - 1, at));
  const replacement = text[i] === "A" ? "B" : "A";
  return text.slice(0, i) + replacement + text.slice(i + 1);
};

export type CursorCheck = { plan: RequestPlan; result: Exchange } | { uncovered: string; detail?: string };

export async function* cursorTampering(
  operation: GateOperation,
  fixtures: Fixtures,
  exchange: (plan: RequestPlan) => Promise<Exchange>,
): AsyncGenerator<CursorCheck> {
  const cursorName = (operation.parameters.find(isCursor) as { name: string }).name;
  const path = fixturePath(operation);
  if (!path) return yield { uncovered: "a path parameter has no fixture, so there is no real list to take a cursor from" };
  if (!operation.parameters.some((p) => p.in === "query" && p.name === "limit")) return yield { uncovered: "no limit parameter to make a second page" };
  const required: [string, unknown][] = operation.parameters
    .filter((p) => p.in === "query" && p.required && !isCursor(p))
    .map((p) => [p.name, String(fc.sample(validArbitrary(deref(p.schema)), { seed: seedFor(operation.operationId, p.name), numRuns: 1 })[0])]);
  const base: RequestPlan = { label: "first page of one item", path, query: [...required, ["limit", "1"]], body: { kind: "none" } };
  // A list of derived resources (comments, change requests, ...) gets two of them, made by their creator.
  const listed = [...derivations.values()].find((d) => d.creator.path === operation.path);
  if (listed) {
    await fixtures.lookupFor(base);
    for (let i = 0; i < 2; i++) await fixtures.make(listed.key);
  }
  const first = await exchange(base);
  const cursor = (first.body as { next?: { page?: string } } | undefined)?.next?.page;
  if (first.status !== 200 || typeof cursor !== "string") {
    return yield { uncovered: "the fixtures give this list no second page", detail: `first page of one item: ${first.status} ${first.text.slice(0, 200)}` };
  }
  const page = (label: string, value: string, expectRefusal = true): RequestPlan => ({
    ...base,
    label,
    query: [...base.query, [cursorName, value]],
    ...(expectRefusal ? { expect: { status: 400, names: `request/query/${cursorName}` } } : {}),
  });
  const untouched = page("second page, cursor untouched", cursor, false);
  yield { plan: untouched, result: await exchange(untouched) };

  const [payload = "", signature = ""] = cursor.split(".");
  const variants: [string, string][] = [
    ["cursor payload modified", `${flip(payload, payload.length - 2)}.${signature}`],
    ["cursor payload modified at its start", `${flip(payload, 0)}.${signature}`],
    ["cursor signature modified", `${payload}.${flip(signature, 5)}`],
    ["cursor without its signature", payload],
    ["cursor with a part too many", `${cursor}.x`],
  ];
  for (const [other, foreign] of seen) if (other !== operation.operationId) variants.push([`cursor of ${other}`, foreign]);
  for (const [label, value] of variants) {
    const plan = page(label, value);
    yield { plan, result: await exchange(plan) };
  }
  // The cursor, untouched, under a filter it was not given with (other than the default, which it had): another list, refused too.
  for (const filter of operation.parameters.filter((p) => p.in === "query" && !p.required && !isCursor(p) && p.name !== "limit")) {
    const { default: fallback } = deref(filter.schema);
    const other = queryArbitrary(filter).filter((entries) => fallback === undefined || entries.length !== 1 || String(entries[0]?.[1]) !== String(fallback));
    const entries = fc.sample(other, { seed: seedFor(operation.operationId, "filter", filter.name), numRuns: 1 })[0] ?? [];
    const plan = page(`cursor replayed with the filter ${filter.name}`, cursor);
    plan.query.splice(-1, 0, ...entries);
    yield { plan, result: await exchange(plan) };
  }
  seen.set(operation.operationId, cursor);
}
