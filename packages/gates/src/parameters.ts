// Invalid values of path and query parameters, as a URL carries them: text, which the
// validator coerces to the parameter's type before checking it (so "1" is no wrong
// type for a string, while "1.5" is for an integer).
import fc from "fast-check";
import { typesOf } from "./arbitraries";
import { deref, type GateParameter, type Schema } from "./contract";
import type { MutationOptions } from "./mutations";
import { isValid } from "./schema-check";

/**
 * A value the parameter's schema refuses, as sent in a URL: text, after the
 * validator's coercion from text to the parameter's type (so "1" is no wrong type for a string).
 */
export function parameterMutation(parameter: GateParameter, options: MutationOptions): fc.Arbitrary<[string, unknown]> | undefined {
  const schema = deref(parameter.schema);
  const type = typesOf(schema);
  const candidates: fc.Arbitrary<[string, unknown]>[] = [];
  const refused = (value: unknown) => {
    const values = Array.isArray(value) ? value : [value];
    return values.some((v) => v === "") || !isValid(schema, type.includes("array") ? values.map(coerce) : coerce(values[0]));
    function coerce(v: unknown): unknown {
      if (typeof v !== "string" || type.includes("string") || type.includes("array")) return v;
      if (type.includes("boolean") && (v === "true" || v === "false")) return v === "true";
      return /^\s*-?\d+(\.\d+)?(e-?\d+)?\s*$/i.test(v) ? Number(v) : v;
    }
  };
  if (parameter.in === "query") candidates.push(fc.constant(["empty value", ""]));
  if (type.includes("integer") || type.includes("number")) {
    const min = typeof schema.minimum === "number" ? schema.minimum : undefined;
    const max = typeof schema.maximum === "number" ? schema.maximum : undefined;
    candidates.push(fc.constantFrom<[string, unknown]>(["not a number", "abc"], ["not a number", "1x"], ["two values", ["1", "2"]]));
    if (type.includes("integer")) candidates.push(fc.constant(["not an integer", "1.5"]));
    if (min !== undefined) candidates.push(fc.integer({ min: min - 1000, max: min - 1 }).map((n) => ["below the minimum", String(n)]));
    if (max !== undefined) candidates.push(fc.integer({ min: max + 1, max: max + 100000 }).map((n) => ["above the maximum", String(n)]));
  }
  if (type.includes("boolean"))
    candidates.push(fc.constantFrom<[string, unknown]>(["not a boolean", "maybe"], ["not a boolean", "yes"], ["not a boolean", "2"]));
  if (type.includes("string")) {
    const max = typeof schema.maxLength === "number" ? schema.maxLength : undefined;
    if (max !== undefined) candidates.push(fc.string({ minLength: max + 1, maxLength: max + 30 }).map((v) => ["longer than maxLength", v]));
    if (typeof schema.pattern === "string") {
      const re = new RegExp(schema.pattern, "u");
      candidates.push(
        fc
          .string({ minLength: 1, maxLength: 20 })
          .filter((v) => !re.test(v))
          .map((v) => ["not matching the pattern", v]),
      );
    }
    if (Array.isArray(schema.enum)) candidates.push(fc.string({ minLength: 1, maxLength: 12 }).map((v) => ["not one of the enum", v]));
    if (parameter.in === "query") candidates.push(fc.constant(["two values", ["a", "b"]]));
    if (options.nul && !schema.pattern && !schema.enum) candidates.push(fc.constant(["contains U+0000", "a\u0000b"]));
  }
  if (type.includes("array") && schema.items) {
    const items = deref(schema.items as Schema);
    if (typeof items.maxLength === "number")
      candidates.push(fc.string({ minLength: items.maxLength + 1, maxLength: items.maxLength + 10 }).map((v) => ["an item longer than maxLength", [v]]));
  }
  if (candidates.length === 0) return undefined;
  return fc.oneof(...candidates).filter(([rule, value]) => rule === "contains U+0000" || refused(value));
}
