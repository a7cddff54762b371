// Whether a 400 to a schema-valid request is for a rule the contract states: a handler may
// refuse such a request only for a rule written down, e.g. "`visibility: in-collection` needs
// the space to be in a collection (400 otherwise)". The 400's message names the field
// (request/body/visibility); the rule must be stated, with "400", in a sentence of the
// operation's description (or a parameter's) naming that field, or in the description of that
// field (or of a field holding it) in the request body's schema. "400" anywhere else does not count.
import { deref, type GateOperation, type Schema } from "./contract";

/** A description in the request body's schema, with the property names leading to it. */
interface Described {
  at: string[];
  text: string;
}

function describedIn(raw: unknown, at: string[], seen: Set<unknown>, out: Described[]): Described[] {
  if (raw === null || typeof raw !== "object" || seen.has(raw)) return out;
  seen.add(raw);
  if (Array.isArray(raw)) {
    for (const item of raw) describedIn(item, at, seen, out);
    return out;
  }
  const schema = deref(raw as Schema);
  if (typeof schema.description === "string") out.push({ at, text: schema.description });
  for (const [key, value] of Object.entries(schema)) {
    if (key === "examples" || key === "example") continue;
    if (key === "properties" && value && typeof value === "object") {
      for (const [name, property] of Object.entries(value)) describedIn(property, [...at, name], seen, out);
    } else describedIn(value, at, seen, out);
  }
  return out;
}

/** The field names a message's leading path holds: "request/body/position/before: ..." → position, before. */
function fieldsNamed(message: string): string[] {
  const path = /request\/(?:body|query|path|params)((?:\/[^\s:;,/]+)*)/.exec(message)?.[1] ?? "";
  return path.split("/").filter((segment) => segment !== "" && !/^\d+$/.test(segment));
}

const states400 = (text: string) => /\b400\b/.test(text);
/** Sentences (or clauses) of a text: a rule is where "400" and the field it is about meet. */
const sentences = (text: string) => text.split(/(?<=\.)\s+/);
/** Whether one sentence of the text states a 400 about one of the fields. */
const rules400 = (text: string, fields: string[]) =>
  sentences(text).some((sentence) => states400(sentence) && fields.some((field) => mentions(sentence, field)));
const mentions = (text: string, name: string) => new RegExp(`(^|[^A-Za-z0-9_])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^A-Za-z0-9_]|$)`).test(text);

const bodyDescriptions = new Map<string, Described[]>();

export function documents400(operation: GateOperation, message: string): boolean {
  const fields = fieldsNamed(message);
  if (fields.length === 0) return false;
  const prose = [operation.description, ...operation.parameters.map((p) => p.description)];
  if (prose.some((text) => rules400(text, fields))) return true;
  let described = bodyDescriptions.get(operation.operationId);
  if (!described) {
    described = operation.body ? describedIn(operation.body.schema, [], new Set(), []) : [];
    bodyDescriptions.set(operation.operationId, described);
  }
  // On the field's own description (or a field holding it), "400" is enough; elsewhere the sentence names the field.
  return described.some(({ at, text }) => (states400(text) && fields.some((field) => at.includes(field))) || rules400(text, fields));
}
