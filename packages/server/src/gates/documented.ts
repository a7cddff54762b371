// What an operation's description (or its request body's) says it refuses beyond
// its schema: a handler may answer a schema-valid request with 400 only for a rule
// the contract states, e.g. "`visibility: in-collection` needs the space to be in a
// collection (400 otherwise)".
import { deref, type GateOperation, type Schema } from "./contract";

function descriptions(raw: unknown, seen: Set<unknown>, out: string[]): string[] {
  if (raw === null || typeof raw !== "object" || seen.has(raw)) return out;
  seen.add(raw);
  if (Array.isArray(raw)) {
    for (const item of raw) descriptions(item, seen, out);
    return out;
  }
  const schema = deref(raw as Schema);
  if (typeof schema.description === "string") out.push(schema.description);
  for (const [key, value] of Object.entries(schema)) if (key !== "examples" && key !== "example") descriptions(value, seen, out);
  return out;
}

const cache = new Map<string, boolean>();

export function documents400(operation: GateOperation): boolean {
  let documented = cache.get(operation.operationId);
  if (documented === undefined) {
    const texts = [operation.description, ...(operation.body ? descriptions(operation.body.schema, new Set(), []) : [])];
    documented = texts.some((text) => /\b400\b/.test(text));
    cache.set(operation.operationId, documented);
  }
  return documented;
}
