// Invalid variants of a valid value: each breaks one rule of the schema at one place
// (a wrong type, a missing required field, a string past its limit, a pattern or enum
// violation, an unknown field on a closed object, ...). Each comes with the JSON
// pointer the server's error message must name; inside a union (anyOf/oneOf) that is
// the union's own place, since the validator reports every branch from there.
import fc from "fast-check";
import { mergeBranch, typesOf, validArbitrary } from "./arbitraries";
import { deref, type Schema } from "./contract";
import { copy, sampleLookup, substitute } from "./plan";
import { isValid, jsonType } from "./schema-check";

export interface Mutation {
  /** What was broken, for the failure message. */
  rule: string;
  /** The JSON pointer (relative to the root value) the error message must name. */
  names: string;
  /** The whole root value, mutated. */
  value: unknown;
}

interface Change {
  rule: string;
  path: string[];
  /** The new value at `path`, unless `remove`. */
  value?: unknown;
  /** Remove the property at `path`. */
  remove?: true;
  names: string[];
  /** A rule of the server, not of the schema (so the schema still accepts the value). */
  serverRule?: true;
}

/** A value of each JSON type, and strings that look like other types (no coercion may accept them); those the schema refuses are sent. */
const WRONG_TYPES: unknown[] = [null, true, 0, -1, 1.5, "", "x", "1", "true", [], ["x"], {}, { x: 1 }];
const UNKNOWN_FIELDS = ["unknownField", "x", "__proto__", "constructor", "Title", "id"];
/** Longest string a "too long" mutation sends (a limit beyond it is out of reach of the body limit). */
const MAX_TOO_LONG = 100_000;

export const pointer = (path: readonly string[]) => path.map((part) => `/${part.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

export interface MutationOptions {
  /** Also send U+0000 in strings (the server refuses what PostgreSQL cannot store). */
  nul?: boolean;
}

/** An arbitrary of mutations of `value`, or undefined when the schema offers nothing to break. */
export function mutationArbitrary(schema: Schema, value: unknown, options: MutationOptions = {}): fc.Arbitrary<Mutation> | undefined {
  const changes: fc.Arbitrary<Change>[] = [];
  walk(schema, value, [], undefined, changes, options);
  if (changes.length === 0) return undefined;
  return (
    fc
      .oneof(...changes)
      .map((change) => ({ change, mutated: apply(value, change) }))
      // The checker decides, not the mutation's intent: a change another union branch accepts is dropped.
      .filter(({ change, mutated }) => change.serverRule === true || !isValid(schema, substitute(mutated, sampleLookup)))
      .map(({ change, mutated }) => ({ rule: change.rule, names: pointer(change.names), value: mutated }))
  );
}

function apply(root: unknown, change: Change): unknown {
  if (change.path.length === 0) return change.value;
  const result = copy(root) as Record<string, unknown>;
  let parent: Record<string, unknown> = result;
  for (const part of change.path.slice(0, -1)) parent = parent[part] as Record<string, unknown>;
  const last = change.path[change.path.length - 1] as string;
  if (change.remove) delete parent[last];
  else Object.defineProperty(parent, last, { value: change.value, enumerable: true, writable: true, configurable: true });
  return result;
}

function walk(raw: Schema, value: unknown, path: string[], anchor: string[] | undefined, out: fc.Arbitrary<Change>[], options: MutationOptions): void {
  const s = deref(raw);
  const names = (at: string[]) => anchor ?? at;
  const set = (rule: string, arbitrary: fc.Arbitrary<unknown>, at = path, extra: Partial<Change> = {}) =>
    out.push(arbitrary.map((v) => ({ rule, path: at, value: v, names: names(at), ...extra })));

  const wrong = WRONG_TYPES.filter((candidate) => !isValid(s, candidate));
  if (wrong.length > 0) out.push(fc.constantFrom(...wrong).map((v) => ({ rule: `the value ${JSON.stringify(v)}`, path, value: v, names: names(path) })));

  const union = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (Array.isArray(union)) {
    const { oneOf, anyOf, discriminator, ...parent } = s;
    for (const branch of union.map((b) => mergeBranch(parent, b))) {
      // Break the branch the value is in (or, for an absent value, each branch's own rules).
      if (value === undefined || isValid(branch, substitute(value, sampleLookup))) walk(branch, value, path, anchor ?? path, out, options);
    }
    return;
  }
  if ("const" in s) {
    if (typeof s.const === "string") set("not the constant", fc.constant(`${s.const}~other`));
    return;
  }
  if (Array.isArray(s.enum)) {
    const allowed = s.enum as unknown[];
    if (allowed.every((option) => typeof option === "string")) {
      set(
        "not one of the enum",
        fc.string({ minLength: 1, maxLength: 12 }).filter((candidate) => !allowed.includes(candidate)),
      );
    }
    return;
  }
  const type = jsonType(value === undefined ? null : value);
  const declared = typesOf(s);
  if (declared.includes("string")) strings(s, path, set, options);
  if (declared.includes("integer") || declared.includes("number")) numbers(s, declared.includes("integer"), set);
  if (declared.includes("array")) arrays(s, value, path, anchor, set, out, options, type === "array");
  if (declared.includes("object")) objects(s, value, path, anchor, set, out, options, type === "object");
}

type Setter = (rule: string, arbitrary: fc.Arbitrary<unknown>, at?: string[], extra?: Partial<Change>) => void;

function strings(s: Schema, path: string[], set: Setter, options: MutationOptions): void {
  const min = typeof s.minLength === "number" ? s.minLength : 0;
  const max = typeof s.maxLength === "number" ? s.maxLength : Infinity;
  if (max < MAX_TOO_LONG) set("longer than maxLength", fc.string({ minLength: max + 1, maxLength: max + 20 }));
  if (min > 0) set("shorter than minLength", fc.string({ minLength: min - 1, maxLength: min - 1 }));
  if (typeof s.pattern === "string") {
    const re = new RegExp(s.pattern, "u");
    set(
      "not matching the pattern",
      fc.string({ minLength: Math.max(min, 1), maxLength: Math.min(max, Math.max(min, 1) + 20) }).filter((v) => !re.test(v)),
    );
  }
  const badFormats: Record<string, string[]> = {
    uri: ["not a uri", "example.com/no-scheme", "http://exa mple.example/"],
    email: ["no-at-sign.example", "someone@", "@example.com"],
    "date-time": ["2024-13-45T25:61:00Z", "yesterday", "2024-01-01"],
  };
  const bad = badFormats[String(s.format)];
  if (bad) set(`not a valid ${String(s.format)}`, fc.constantFrom(...bad));
  if (options.nul && !s.pattern && !s.format && max >= 1) {
    const around = Math.max(0, Math.min(max - 1, Math.max(min - 1, 2)));
    set("contains U+0000", fc.constant(`${"a".repeat(Math.floor(around / 2))}\u0000${"a".repeat(Math.ceil(around / 2))}`), path, { serverRule: true });
  }
}

function numbers(s: Schema, integer: boolean, set: Setter): void {
  if (typeof s.minimum === "number") set("below the minimum", fc.constantFrom(s.minimum - 1, s.minimum - 1000));
  if (typeof s.maximum === "number") set("above the maximum", fc.constantFrom(s.maximum + 1, s.maximum + 1000));
  if (integer) set("not an integer", fc.constant((typeof s.minimum === "number" ? s.minimum : 0) + 0.5));
}

function arrays(
  s: Schema,
  value: unknown,
  path: string[],
  anchor: string[] | undefined,
  set: Setter,
  out: fc.Arbitrary<Change>[],
  options: MutationOptions,
  present: boolean,
): void {
  const items = (s.items ?? {}) as Schema;
  const min = typeof s.minItems === "number" ? s.minItems : 0;
  if (typeof s.maxItems === "number" && s.maxItems <= 1000) {
    set("more items than maxItems", fc.array(validArbitrary(items), { minLength: s.maxItems + 1, maxLength: s.maxItems + 1 }));
  }
  if (min > 0) set("fewer items than minItems", fc.array(validArbitrary(items), { minLength: min - 1, maxLength: min - 1 }));
  if (!present) return;
  const list = value as unknown[];
  if (s.uniqueItems === true && list.length > 0) set("duplicate items", fc.constant([...list, list[0]]));
  for (const [i, item] of list.entries()) walk(items, item, [...path, String(i)], anchor, out, options);
}

function objects(
  s: Schema,
  value: unknown,
  path: string[],
  anchor: string[] | undefined,
  set: Setter,
  out: fc.Arbitrary<Change>[],
  options: MutationOptions,
  present: boolean,
): void {
  if (!present) return;
  const object = value as Record<string, unknown>;
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  // With a bound on the number of properties the validator may report the bound first, at the object.
  const counted = s.minProperties !== undefined || s.maxProperties !== undefined;
  const at = (key: string) => (counted ? path : [...path, key]);

  for (const key of (s.required ?? []) as string[]) {
    if (Object.hasOwn(object, key)) out.push(fc.constant({ rule: `missing required ${key}`, path: [...path, key], remove: true, names: anchor ?? at(key) }));
  }
  if (s.additionalProperties === false) {
    for (const key of UNKNOWN_FIELDS.filter((name) => !Object.hasOwn(properties, name))) {
      set(`unknown field ${key}`, fc.constantFrom<unknown>("x", 1, null, {}), [...path, key], { names: anchor ?? at(key) });
    }
  }
  const extra = s.additionalProperties;
  if (s.propertyNames !== undefined && typeof extra === "object" && extra !== null) {
    const badKey = badPropertyName(deref(s.propertyNames as Schema));
    if (badKey) {
      out.push(
        fc
          .tuple(badKey, validArbitrary(extra as Schema))
          .map(([key, v]) => ({ rule: "property name breaks propertyNames", path: [...path, key], value: v, names: anchor ?? path })),
      );
    }
  }
  for (const [key, schema] of Object.entries(properties)) {
    // Adding an absent property to a counted object may break the count first, reported at the object.
    const absentAnchor = counted && !Object.hasOwn(object, key) ? (anchor ?? path) : anchor;
    walk(schema, object[key], [...path, key], absentAnchor, out, options);
  }
  if (typeof extra === "object" && extra !== null) {
    for (const key of Object.keys(object).filter((name) => !Object.hasOwn(properties, name)))
      walk(extra as Schema, object[key], [...path, key], anchor, out, options);
  }
}

/**
 * Keys `names` refuses: fixed candidates (empty, past maxLength) and, with a pattern, random ones.
 * Never a bare filter over random strings: a schema that only bounds the length would make it loop forever.
 */
function badPropertyName(names: Schema): fc.Arbitrary<string> | undefined {
  const max = typeof names.maxLength === "number" && names.maxLength < MAX_TOO_LONG ? names.maxLength : undefined;
  const fixed = ["", ...(max === undefined ? [] : ["k".repeat(max + 1)])].filter((key) => !isValid(names, key));
  const options: fc.Arbitrary<string>[] = fixed.length > 0 ? [fc.constantFrom(...fixed)] : [];
  if (typeof names.pattern === "string") {
    const re = new RegExp(names.pattern, "u");
    options.push(fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !re.test(key) && key !== "__proto__" && !isValid(names, key)));
  }
  return options.length > 0 ? fc.oneof(...options) : undefined;
}
