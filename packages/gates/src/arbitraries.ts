// JSON Schema (the subset the contract uses) → fast-check arbitraries of values
// the schema accepts. Strings reach their limits and beyond ASCII; what a schema
// does not bound stays small so that thousands of requests remain cheap.
import fc from "fast-check";
import { deref, type Schema } from "./contract";
import { canonical, isValid } from "./schema-check";

export interface Hints {
  /** The smallest values: objects with their required properties only, arrays with their fewest items. */
  minimal?: boolean;
  /** An arbitrary to use for an object property instead of its schema's (e.g. IDs of real fixtures). */
  property?: (name: string, schema: Schema) => fc.Arbitrary<unknown> | undefined;
}

/**
 * Characters a valid string never holds: PostgreSQL text cannot store U+0000, and
 * the server refuses it with 400 (http/validator.ts) although the contract does not
 * say so yet. The fuzz gate sends it as an invalid input instead.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is what this looks for
export const FORBIDDEN_CHARACTERS = /\u0000/g;
const clean = (value: string) => value.replace(FORBIDDEN_CHARACTERS, "\uFFFD");

/** How many items or entries an unbounded array or map gets at most. */
const SMALL = 4;
/** How far past its minimum an unbounded string grows. */
const TEXT = 40;
/** The longest string limit worth generating exactly (several such fields fit one request). */
const MAX_REACHABLE_LENGTH = 4096;

const smallJson: fc.Arbitrary<unknown> = fc.oneof(fc.string({ maxLength: 10 }).map(clean), fc.integer(), fc.boolean(), fc.constant(null));

/** Keywords of a union's parent that apply to each branch, merged into it. */
export function mergeBranch(parent: Schema, branch: Schema): Schema {
  const b = deref(branch);
  const merged: Schema = { ...parent, ...b };
  if (parent.properties && b.properties) merged.properties = { ...(parent.properties as object), ...(b.properties as object) };
  if (Array.isArray(parent.required) && Array.isArray(b.required)) merged.required = [...new Set([...parent.required, ...b.required])];
  return merged;
}

export function typesOf(s: Schema): string[] {
  if (Array.isArray(s.type)) return s.type as string[];
  if (typeof s.type === "string") return [s.type];
  if (s.properties || s.additionalProperties !== undefined || s.propertyNames || s.required) return ["object"];
  if (s.items) return ["array"];
  if (s.pattern || s.minLength !== undefined || s.maxLength !== undefined || s.format) return ["string"];
  return [];
}

export function validArbitrary(raw: Schema, hints: Hints = {}): fc.Arbitrary<unknown> {
  const s = deref(raw);
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const union = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (Array.isArray(union)) {
    const { oneOf, anyOf, discriminator, ...parent } = s;
    const any = fc.oneof(...union.map((branch) => validArbitrary(mergeBranch(parent, branch), hints)));
    // oneOf needs exactly one branch to match: drop the values two branches accept.
    return oneOf ? any.filter((value) => union.filter((branch) => isValid(mergeBranch(parent, branch), value)).length === 1) : any;
  }
  const types = typesOf(s);
  if (types.length === 0) return smallJson;
  if (types.length > 1) return fc.oneof(...types.map((type) => validArbitrary({ ...s, type }, hints)));
  switch (types[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return integerArbitrary(s);
    case "number":
      return numberArbitrary(s);
    case "string":
      return stringArbitrary(s);
    case "array":
      return arrayArbitrary(s, hints);
    case "object":
      return objectArbitrary(s, hints);
    default:
      throw new Error(`Unsupported schema type ${String(types[0])}`);
  }
}

function bounds(s: Schema, integer: boolean): { min: number; max: number } {
  const step = integer ? 1 : Number.EPSILON;
  const min = typeof s.minimum === "number" ? s.minimum : typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum + step : Number.MIN_SAFE_INTEGER;
  const max = typeof s.maximum === "number" ? s.maximum : typeof s.exclusiveMaximum === "number" ? s.exclusiveMaximum - step : Number.MAX_SAFE_INTEGER;
  return { min, max };
}

function integerArbitrary(s: Schema): fc.Arbitrary<number> {
  const { min, max } = bounds(s, true);
  const lo = Math.ceil(min);
  const hi = Math.floor(max);
  // Mostly small values, sometimes the edges of the range (which is where bugs live).
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: Math.max(lo, -100), max: Math.max(Math.min(hi, 100), Math.max(lo, -100)) }) },
    { weight: 1, arbitrary: fc.integer({ min: lo, max: hi }) },
    { weight: 1, arbitrary: fc.constantFrom(lo, hi) },
  );
}

function numberArbitrary(s: Schema): fc.Arbitrary<number> {
  const { min, max } = bounds(s, false);
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
}

const length = (value: string) => [...value].length;

const matchingArbitraries = new Map<string, fc.Arbitrary<string>>();

/**
 * Strings matching a pattern, made once per pattern: making one (fast-check reads the regular expression and
 * prepares each repetition) cost more than a request, and mutations rebuild the arbitraries of a whole body for
 * every invalid request.
 */
function matching(pattern: string): fc.Arbitrary<string> {
  let arbitrary = matchingArbitraries.get(pattern);
  if (!arbitrary) {
    arbitrary = fc.stringMatching(new RegExp(pattern));
    matchingArbitraries.set(pattern, arbitrary);
  }
  return arbitrary;
}

function stringArbitrary(s: Schema): fc.Arbitrary<string> {
  const min = typeof s.minLength === "number" ? s.minLength : 0;
  const max = typeof s.maxLength === "number" ? s.maxLength : Infinity;
  const pattern = typeof s.pattern === "string" ? new RegExp(s.pattern, "u") : undefined;
  const fits = (value: string) => length(value) >= min && length(value) <= max && (!pattern || pattern.test(value));
  switch (s.format) {
    case "date-time":
      return fc
        .date({ min: new Date("1970-01-01T00:00:00.000Z"), max: new Date("2999-12-31T23:59:59.999Z"), noInvalidDate: true })
        .map((date) => date.toISOString())
        .filter(fits);
    case "email":
      return matching("^[a-z0-9]{1,16}(?:[.+_-][a-z0-9]{1,8})?@[a-z0-9]{1,16}(?:-[a-z0-9]{1,8})?\\.(?:example|test|com)$").filter(fits);
    case "uri":
      return fc.webUrl({ validSchemes: ["https", "http"], withQueryParameters: true, withFragments: true }).filter(fits);
  }
  if (pattern) return matching(s.pattern as string).filter(fits);
  const upTo = Math.min(max, min + TEXT);
  const choices: fc.WeightedArbitrary<string>[] = [
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: upTo }) },
    // Any code point (astral ones count as one character, as the validator counts them).
    { weight: 2, arbitrary: fc.string({ unit: "binary", minLength: min, maxLength: upTo }) },
  ];
  // Exactly at the limit, where a column narrower than the contract would break (limits
  // far beyond the 1 MiB body limit cannot be reached in one request).
  if (Number.isFinite(max) && max > upTo && max <= MAX_REACHABLE_LENGTH)
    choices.push({ weight: 1, arbitrary: fc.string({ unit: "binary", minLength: max, maxLength: max }) });
  return fc.oneof(...choices).map(clean);
}

function arrayArbitrary(s: Schema, hints: Hints): fc.Arbitrary<unknown[]> {
  const minLength = typeof s.minItems === "number" ? s.minItems : 0;
  const maxLength = hints.minimal ? minLength : Math.min(typeof s.maxItems === "number" ? s.maxItems : Infinity, minLength + SMALL);
  const items = s.items ? validArbitrary(s.items as Schema, hints) : smallJson;
  return s.uniqueItems === true ? fc.uniqueArray(items, { minLength, maxLength, selector: canonical }) : fc.array(items, { minLength, maxLength });
}

function objectArbitrary(s: Schema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const names = Object.keys(properties);
  const required = ((s.required ?? []) as string[]).filter((name) => names.includes(name));
  const optional = names.filter((name) => !required.includes(name));
  const minProperties = typeof s.minProperties === "number" ? s.minProperties : 0;
  const maxProperties = typeof s.maxProperties === "number" ? s.maxProperties : Infinity;
  const arbitraries: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) arbitraries[name] = hints.property?.(name, properties[name] as Schema) ?? validArbitrary(properties[name] as Schema, hints);

  const clamp = (n: number) => Math.max(0, Math.min(n, optional.length));
  const declared = fc
    .subarray(optional, {
      minLength: clamp(minProperties - required.length),
      maxLength: clamp((hints.minimal ? minProperties : maxProperties) - required.length),
    })
    .chain((chosen) => {
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const name of [...required, ...chosen]) model[name] = arbitraries[name] as fc.Arbitrary<unknown>;
      return fc.record(model);
    });

  // Maps (`additionalProperties` a schema, or an open object without properties): a few more entries.
  const extra = s.additionalProperties;
  const isMap = (typeof extra === "object" && extra !== null) || (names.length === 0 && extra !== false);
  if (!isMap) return declared;
  const keySchema: Schema = { type: "string", ...(s.propertyNames ? deref(s.propertyNames as Schema) : { minLength: 1, maxLength: 12 }) };
  const keys = validArbitrary(keySchema, hints).filter((key) => typeof key === "string" && !names.includes(key) && key !== "__proto__");
  const values = typeof extra === "object" && extra !== null ? validArbitrary(extra as Schema, hints) : smallJson;
  return fc
    .tuple(declared, fc.dictionary(keys as fc.Arbitrary<string>, values, { maxKeys: hints.minimal ? minProperties : SMALL }))
    .map(([fixed, more]) => {
      const merged: Record<string, unknown> = { ...fixed };
      for (const [key, value] of Object.entries(more)) if (Object.keys(merged).length < maxProperties) merged[key] = value;
      return merged;
    })
    .filter((value) => Object.keys(value).length >= minProperties);
}
