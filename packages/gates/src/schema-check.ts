// A small JSON Schema checker for the subset the contract uses. The gates use it
// as their own oracle, independent of the server's validator: every generated
// "valid" value must pass it and every mutated "invalid" value must fail it, so a
// mutation that happens to stay valid (a union's other branch accepting it, say)
// is never sent with a wrong expectation.
import { deref, type Schema } from "./contract";

// The `email` format as ajv-formats checks it.
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;
// Looser than RFC 3986: the gates only send URIs they made or strings that are plainly not URIs.
const URI = /^[a-z][a-z0-9+.-]*:[^\s"<>\\^`{|}]*$/i;

const patterns = new Map<string, RegExp>();
function pattern(source: string): RegExp {
  let re = patterns.get(source);
  if (!re) {
    re = new RegExp(source, "u");
    patterns.set(source, re);
  }
  return re;
}

export function jsonType(value: unknown): "null" | "boolean" | "integer" | "number" | "string" | "array" | "object" {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value as "boolean" | "string" | "object";
}

/** JSON equality (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}
export function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(",")}}`;
}

function typeMatches(type: unknown, value: unknown): boolean {
  const actual = jsonType(value);
  const allowed = Array.isArray(type) ? type : [type];
  return allowed.some((t) => t === actual || (t === "number" && actual === "integer"));
}

/** Whether `value` is valid against `schema`. */
export function isValid(raw: Schema | boolean, value: unknown): boolean {
  if (raw === true) return true;
  if (raw === false) return false;
  const s = deref(raw);
  if (s.type !== undefined && !typeMatches(s.type, value)) return false;
  if ("const" in s && !jsonEqual(s.const, value)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((option) => jsonEqual(option, value))) return false;
  if (Array.isArray(s.allOf) && !s.allOf.every((sub: Schema) => isValid(sub, value))) return false;
  if (Array.isArray(s.anyOf) && !s.anyOf.some((sub: Schema) => isValid(sub, value))) return false;
  if (Array.isArray(s.oneOf) && s.oneOf.filter((sub: Schema) => isValid(sub, value)).length !== 1) return false;
  if (s.not !== undefined && isValid(s.not as Schema, value)) return false;

  if (typeof value === "string") {
    const length = [...value].length;
    if (typeof s.minLength === "number" && length < s.minLength) return false;
    if (typeof s.maxLength === "number" && length > s.maxLength) return false;
    if (typeof s.pattern === "string" && !pattern(s.pattern).test(value)) return false;
    if (s.format === "email" && !EMAIL.test(value)) return false;
    if (s.format === "date-time" && (!DATE_TIME.test(value) || Number.isNaN(Date.parse(value)))) return false;
    if (s.format === "uri" && !URI.test(value)) return false;
  }
  if (typeof value === "number") {
    if (typeof s.minimum === "number" && value < s.minimum) return false;
    if (typeof s.maximum === "number" && value > s.maximum) return false;
    if (typeof s.exclusiveMinimum === "number" && value <= s.exclusiveMinimum) return false;
    if (typeof s.exclusiveMaximum === "number" && value >= s.exclusiveMaximum) return false;
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === "number" && value.length < s.minItems) return false;
    if (typeof s.maxItems === "number" && value.length > s.maxItems) return false;
    if (s.uniqueItems === true && new Set(value.map(canonical)).size !== value.length) return false;
    if (s.items !== undefined && !value.every((item) => isValid(s.items as Schema, item))) return false;
  }
  if (jsonType(value) === "object") {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object);
    const properties = (s.properties ?? {}) as Record<string, Schema>;
    if (typeof s.minProperties === "number" && keys.length < s.minProperties) return false;
    if (typeof s.maxProperties === "number" && keys.length > s.maxProperties) return false;
    if (Array.isArray(s.required) && !s.required.every((key: string) => Object.hasOwn(object, key))) return false;
    for (const key of keys) {
      if (s.propertyNames !== undefined && !isValid(s.propertyNames as Schema, key)) return false;
      if (Object.hasOwn(properties, key)) {
        if (!isValid(properties[key] as Schema, object[key])) return false;
      } else if (s.additionalProperties !== undefined && !isValid(s.additionalProperties as Schema | boolean, object[key])) {
        return false;
      }
    }
  }
  return true;
}
