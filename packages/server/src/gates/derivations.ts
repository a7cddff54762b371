// Which resources the gates can make for a path parameter, read from the contract:
// `{commentId}` in /v1/spaces/{spaceId}/comments/{commentId} is made by the
// implemented POST (or PUT) on /v1/spaces/{spaceId}/comments, whose answer carries
// its `id`. So an operation implemented later on a new resource is aimed at a real
// one without anyone adding a fixture for it.
import { operations, type GateOperation } from "./contract";
import { FixtureRef, baseFixtureNamed } from "./plan";

export interface Derivation {
  /** The path naming the resource, up to its parameter: /v1/spaces/{spaceId}/comments/{commentId} */
  key: string;
  parameter: string;
  creator: GateOperation;
  /** The field of the creator's answer that holds the parameter's value (id, name, slug). */
  field: string;
}

/** `commentId` → id, `fieldName` → name, `specSlug` → slug. */
const fieldFor = (parameter: string) => (parameter.match(/[A-Z][a-z]*$/)?.[0] ?? "Id").toLowerCase();

function derive(): Map<string, Derivation> {
  const found = new Map<string, Derivation>();
  for (const operation of operations) {
    const segments = operation.path.split("/");
    segments.forEach((segment, i) => {
      const parameter = /^\{(.+)\}$/.exec(segment)?.[1];
      if (!parameter || baseFixtureNamed(parameter)) return;
      const key = segments.slice(0, i + 1).join("/");
      const collection = segments.slice(0, i).join("/");
      if (found.has(key)) return;
      const creator = operations.find((o) => o.path === collection && (o.method === "post" || o.method === "put") && !o.notImplemented);
      if (creator) found.set(key, { key, parameter, creator, field: fieldFor(parameter) });
    });
  }
  return found;
}

export const derivations: ReadonlyMap<string, Derivation> = derive();

/** The placeholder for a path parameter of an operation: a base fixture, a derived one, or none. */
export function fixtureRefFor(operation: GateOperation, parameter: string): FixtureRef | undefined {
  const base = baseFixtureNamed(parameter);
  if (base) return new FixtureRef(base);
  const key = operation.path.slice(0, operation.path.indexOf(`{${parameter}}`) + parameter.length + 2);
  return derivations.has(key) ? new FixtureRef(parameter, key) : undefined;
}
