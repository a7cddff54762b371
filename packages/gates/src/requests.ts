// Requests for an operation of the contract, generated from its parameters and body:
// valid ones (path parameters naming real fixtures where the name is known), and
// invalid ones that each break one thing and say what answer they must get.
import fc from "fast-check";
import { type Hints, typesOf, validArbitrary } from "./arbitraries";
import { deref, type GateOperation, type GateParameter, isCursor, type Schema } from "./contract";
import { bodyReferencesFor, fixtureRefFor } from "./derivations";
import { type MutationOptions, mutationArbitrary } from "./mutations";
import { parameterMutation } from "./parameters";
import { type BodyPlan, type FixtureRef, type RequestPlan, sampleLookup } from "./plan";
import { isValid } from "./schema-check";

/** A real resource most of the time, an unknown well-formed value otherwise. */
const mostlyReal = (refs: FixtureRef[], schema: Schema, hints: Hints) =>
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...refs) }, { weight: 1, arbitrary: validArbitrary(schema, hints) });

/** Body properties naming a resource (organization, parent, spaceId, a section of the same site, ...) get a real one. */
function hintsFor(operation: GateOperation, extra: Hints = {}): Hints {
  const hints: Hints = {
    ...extra,
    property: (name, schema) => {
      const refs = bodyReferencesFor(operation, name).filter((ref) => isValid(schema, sampleLookup(ref)));
      return refs.length > 0 ? mostlyReal(refs, schema, hints) : undefined;
    },
  };
  return hints;
}

const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** Each operation's arbitraries, by kind: built once (fixtures are made, and races sampled, over and over). */
const built = new WeakMap<GateOperation, Map<string, fc.Arbitrary<unknown>>>();
/** The operation's arbitrary of that kind, built on first use: arbitraries hold no state, so a seed still gives the same values. */
function once<T>(operation: GateOperation, kind: string, build: () => fc.Arbitrary<T>): fc.Arbitrary<T> {
  const kinds = built.get(operation) ?? new Map<string, fc.Arbitrary<unknown>>();
  built.set(operation, kinds);
  const arbitrary = kinds.get(kind) ?? build();
  kinds.set(kind, arbitrary);
  return arbitrary as fc.Arbitrary<T>;
}

/**
 * Path parameters: mostly every one naming a real resource (so handlers are reached past
 * their lookups), sometimes one of them an unknown well-formed value (so 404s are too).
 */
function pathArbitrary(operation: GateOperation): fc.Arbitrary<Record<string, unknown>> {
  const parameters = operation.parameters.filter((p) => p.in === "path");
  const real = realPathParts(operation);
  const withUnknown = parameters.map((parameter) => fc.record({ ...real, [parameter.name]: unknownValue(parameter) }));
  return withUnknown.length === 0
    ? fc.constant({})
    : fc.oneof({ weight: 6, arbitrary: fc.record(real) }, ...withUnknown.map((arbitrary) => ({ weight: 1, arbitrary })));
}

const unknownValue = (parameter: GateParameter) =>
  validArbitrary(parameter.schema)
    .map(text)
    .filter((value) => value !== "");

/** Each path parameter naming a real resource where one can be had, an unknown value otherwise. */
function realPathParts(operation: GateOperation): Record<string, fc.Arbitrary<unknown>> {
  const real: Record<string, fc.Arbitrary<unknown>> = {};
  for (const parameter of operation.parameters.filter((p) => p.in === "path")) {
    const ref = fixtureRefFor(operation, parameter.name);
    real[parameter.name] = ref ? fc.constant(ref) : unknownValue(parameter);
  }
  return real;
}
export const realPathArbitrary = (operation: GateOperation) => fc.record(realPathParts(operation));

/** Query values as sent: strings, an array as the parameter repeated. Empty values are refused by the contract's rules. */
export function queryArbitrary(parameter: GateParameter): fc.Arbitrary<[string, unknown][]> {
  const schema = deref(parameter.schema);
  if (typesOf(schema).includes("array")) {
    const items = validArbitrary((schema.items ?? {}) as Schema)
      .map(text)
      .filter((value) => value !== "");
    const min = Math.max(1, typeof schema.minItems === "number" ? schema.minItems : 0);
    const max = Math.min(typeof schema.maxItems === "number" ? schema.maxItems : min + 3, min + 3);
    return fc.array(items, { minLength: min, maxLength: max }).map((values) => values.map((value) => [parameter.name, value] as [string, unknown]));
  }
  const value = validArbitrary(parameter.schema)
    .filter((v) => v !== "" && v !== null)
    .map(text);
  return value.map((v) => [[parameter.name, v]]);
}

export interface ValidParts {
  path: Record<string, unknown>;
  query: [string, unknown][];
  body: BodyPlan;
}

/** A valid request. The list cursor is left out: only a previous response can give one. */
export function validRequest(operation: GateOperation): fc.Arbitrary<RequestPlan> {
  return once(operation, "valid", () => validParts(operation).map((parts) => ({ label: "valid", ...parts })));
}

/**
 * The smallest valid request, aimed at real resources: required parameters only, and the
 * body with its required fields only (none at all when it is optional), e.g. `{}` for an update.
 */
export function minimalRequest(operation: GateOperation): fc.Arbitrary<RequestPlan> {
  return once(operation, "minimal", () => buildMinimalRequest(operation));
}

function buildMinimalRequest(operation: GateOperation): fc.Arbitrary<RequestPlan> {
  const required = operation.parameters.filter((p) => p.in === "query" && p.required);
  const query: Record<string, fc.Arbitrary<[string, unknown][]>> = {};
  for (const parameter of required) query[parameter.name] = queryArbitrary(parameter);
  const body: fc.Arbitrary<BodyPlan> = operation.body?.required
    ? validArbitrary(operation.body.schema, hintsFor(operation, { minimal: true })).map((value) => ({ kind: "json", value }))
    : fc.constant({ kind: "none" });
  return fc
    .record({ path: realPathArbitrary(operation), query: fc.record(query).map((chosen) => Object.values(chosen).flat()), body })
    .map((parts) => ({ label: "minimal", ...parts }));
}

function validParts(operation: GateOperation): fc.Arbitrary<ValidParts> {
  return once(operation, "valid parts", () => buildValidParts(operation));
}

function buildValidParts(operation: GateOperation): fc.Arbitrary<ValidParts> {
  const queryParameters = operation.parameters.filter((p) => p.in === "query" && !isCursor(p));
  const query: Record<string, fc.Arbitrary<[string, unknown][]>> = {};
  for (const parameter of queryParameters) query[parameter.name] = queryArbitrary(parameter);
  const required = queryParameters.filter((p) => p.required).map((p) => p.name);
  let body: fc.Arbitrary<BodyPlan> = fc.constant({ kind: "none" });
  if (operation.body) {
    const json = validArbitrary(operation.body.schema, hintsFor(operation)).map((value): BodyPlan => ({ kind: "json", value }));
    body = operation.body.required ? json : fc.option(json, { nil: { kind: "none" } as BodyPlan, freq: 4 });
  }
  return fc.record({
    path: pathArbitrary(operation),
    query: fc.record(query, { requiredKeys: required }).map((chosen) => Object.values(chosen).flat()),
    body,
  });
}

/** Path parameters all naming real resources (but those `given`), or undefined when one cannot be made. */
export function fixturePath(operation: GateOperation, given: Record<string, string> = {}): Record<string, unknown> | undefined {
  const path: Record<string, unknown> = { ...given };
  for (const parameter of operation.parameters.filter((p) => p.in === "path" && !(p.name in given))) {
    const ref = fixtureRefFor(operation, parameter.name);
    if (!ref) return undefined;
    path[parameter.name] = ref;
  }
  return path;
}

export interface InvalidOptions extends MutationOptions {
  /** Whether the operation gets past validation to a handler (cursors are checked there). */
  implemented: boolean;
  bodyLimit: number;
}

const MALFORMED_JSON = ["{", '{"title":', "{'single': 1}", '{"a":1,}', "[1,2", "nul", '{"a":"\\x"}', "{}}", '{"a" 1}'];
const NOT_JSON_TYPES = ["text/plain", "application/xml", "application/x-www-form-urlencoded"];

/** An invalid request: one thing broken, with the status and the message it must get. */
export function invalidRequest(operation: GateOperation, options: InvalidOptions): fc.Arbitrary<RequestPlan> {
  return once(operation, `invalid ${JSON.stringify(options)}`, () => buildInvalidRequest(operation, options));
}

function buildInvalidRequest(operation: GateOperation, options: InvalidOptions): fc.Arbitrary<RequestPlan> {
  const kinds: fc.WeightedArbitrary<RequestPlan>[] = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<RequestPlan>) => kinds.push({ weight, arbitrary });
  const valid = validParts(operation);
  const bodyLess = operation.method === "get";

  if (operation.body) {
    const schema = operation.body.schema;
    const mutated = validArbitrary(schema, hintsFor(operation)).chain((value) => mutationArbitrary(schema, value, options) ?? fc.constant(undefined));
    add(
      24,
      fc
        .tuple(valid, mutated)
        .filter(([, m]) => m !== undefined)
        .map(([parts, m]) => {
          const mutation = m as NonNullable<typeof m>;
          // A bare string or number is refused by the JSON parser (objects and arrays only), as invalid JSON.
          const root = mutation.value === null || typeof mutation.value !== "object";
          return {
            label: `body${mutation.names}: ${mutation.rule}`,
            ...parts,
            body: { kind: "json", value: mutation.value },
            expect: { status: 400, names: root && mutation.names === "" ? "body" : `request/body${mutation.names}` },
          };
        }),
    );
    const refusedTypes = NOT_JSON_TYPES.filter((type) => !operation.body!.mediaTypes.includes(type));
    add(
      3,
      fc.tuple(valid, fc.constantFrom(...refusedTypes)).map(([parts, contentType]) => ({
        label: `body sent as ${contentType}`,
        ...parts,
        body: { kind: "raw", text: parts.body.kind === "json" ? JSON.stringify(parts.body.value) : "{}", contentType },
        expect: { status: 415, names: "media type" },
      })),
    );
    if (operation.body.required) {
      add(
        3,
        valid.map((parts) => ({ label: "required body missing", ...parts, body: { kind: "none" }, expect: { status: 400, names: "request/body" } })),
      );
    }
  }
  if (!bodyLess) {
    add(
      3,
      fc.tuple(valid, fc.constantFrom(...MALFORMED_JSON)).map(([parts, raw]) => ({
        label: "malformed JSON body",
        ...parts,
        body: { kind: "raw", text: raw, contentType: "application/json" },
        expect: { status: 400, names: "JSON" },
      })),
    );
    add(
      1,
      fc.tuple(valid, fc.integer({ min: 1, max: 4096 })).map(([parts, over]) => ({
        label: "body over the limit",
        ...parts,
        body: { kind: "oversized", bytes: options.bodyLimit + over },
        expect: { status: 413, names: "larger than" },
      })),
    );
  }

  for (const parameter of operation.parameters.filter((p) => p.in === "path")) {
    const bad = parameterMutation(parameter, options);
    if (bad)
      add(
        6,
        fc.tuple(valid, bad).map(([parts, [rule, value]]) => ({
          label: `path ${parameter.name}: ${rule}`,
          ...parts,
          path: { ...parts.path, [parameter.name]: value },
          expect: { status: 400, names: `request/params/${parameter.name}` },
        })),
      );
  }
  const queryParameters = operation.parameters.filter((p) => p.in === "query");
  for (const parameter of queryParameters) {
    const bad = parameterMutation(parameter, options);
    const others = (parts: ValidParts) => parts.query.filter(([name]) => name !== parameter.name);
    if (bad)
      add(
        6,
        fc.tuple(valid, bad).map(([parts, [rule, value]]) => ({
          label: `query ${parameter.name}: ${rule}`,
          ...parts,
          query: [
            ...others(parts),
            ...(Array.isArray(value) ? value.map((v) => [parameter.name, v] as [string, unknown]) : [[parameter.name, value] as [string, unknown]]),
          ],
          expect: { status: 400, names: `request/query/${parameter.name}` },
        })),
      );
    if (parameter.required)
      add(
        3,
        valid.map((parts) => ({
          label: `query ${parameter.name}: required, missing`,
          ...parts,
          query: others(parts),
          expect: { status: 400, names: `request/query/${parameter.name}` },
        })),
      );
    // The cursor is read by the handler, after the list's resource is found: aim at real fixtures.
    const realPath = fixturePath(operation);
    if (isCursor(parameter) && options.implemented && realPath) {
      add(
        6,
        fc
          .tuple(valid, fc.oneof(fc.string({ minLength: 1, maxLength: 80 }), fc.stringMatching(/^[A-Za-z0-9_-]{1,40}\.[A-Za-z0-9_-]{1,43}$/)))
          .map(([parts, cursor]) => ({
            label: `query ${parameter.name}: not a cursor of this list`,
            ...parts,
            path: realPath,
            query: [...others(parts), [parameter.name, cursor]],
            expect: { status: 400, names: `request/query/${parameter.name}`, afterLookup: true },
          })),
      );
    }
  }
  const known = new Set(queryParameters.map((p) => p.name));
  add(
    3,
    fc
      .tuple(
        valid,
        fc.stringMatching(/^[a-z][A-Za-z0-9_]{0,15}$/).filter((name) => !known.has(name)),
      )
      .map(([parts, name]) => ({
        label: `unknown query parameter ${name}`,
        ...parts,
        query: [...parts.query, [name, "1"]],
        expect: { status: 400, names: `request/query/${name}` },
      })),
  );
  return fc.oneof(...kinds);
}
