// Which resources the gates can make for a path parameter, read from the contract:
// `{commentId}` in /v1/spaces/{spaceId}/comments/{commentId} is made by the
// implemented POST (or PUT) on /v1/spaces/{spaceId}/comments, whose answer carries
// its `id`. Where no operation creates it from the collection, a POST or PUT on its own
// path does, under a name the client picks (`POST /v1/integrations/{integrationName}`).
// So an operation implemented later on a new resource is aimed at a real one without
// anyone adding a fixture for it.
import { type GateOperation, operations } from "./contract";
import { type BaseFixture, baseFixtureNamed, FixtureRef, operationAlias } from "./plan";

export interface Derivation {
  /** The path naming the resource, up to its parameter: /v1/spaces/{spaceId}/comments/{commentId} */
  key: string;
  parameter: string;
  creator: GateOperation;
  /** The field of the creator's answer that holds the parameter's value (id, name, slug). */
  field: string;
  /** The creator is on the resource's own path: the gates pick the parameter's value. */
  named: boolean;
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
      // A creator answers the new resource, whose field names it (inviting people by e-mail makes no invite).
      const creates = (o: GateOperation, path: string) =>
        o.path === path && (o.method === "post" || o.method === "put") && !o.notImplemented && o.answerFields.includes(fieldFor(parameter));
      const fromCollection = operations.find((o) => creates(o, collection));
      const named = fromCollection ? undefined : operations.find((o) => creates(o, key));
      const creator = fromCollection ?? named;
      if (creator) found.set(key, { key, parameter, creator, field: fieldFor(parameter), named: named !== undefined });
    });
  }
  return found;
}

export const derivations: ReadonlyMap<string, Derivation> = derive();

/** The path a derived resource lives under: /v1/orgs/{organizationId}/sites/{siteId} for a section of a site. */
const ownerOf = (key: string) => key.split("/").slice(0, -2).join("/");

/**
 * A resource of the same parameter name made elsewhere, under base fixtures only: `{teamId}` in
 * /v1/spaces/{spaceId}/permissions/teams/{teamId} (nothing creates one there) is a team of the
 * organization, /v1/orgs/{organizationId}/teams/{teamId}; `{inviteId}` of the invite a link joins
 * is one made by POST .../link-invites.
 */
function madeElsewhere(parameter: string): Derivation | undefined {
  return [...derivations.values()].find(
    (d) =>
      d.parameter === parameter &&
      ownerOf(d.key)
        .split("/")
        .every((segment) => !segment.startsWith("{") || baseFixtureNamed(segment.slice(1, -1)) !== undefined),
  );
}

/** The placeholder for a path parameter of an operation: a base fixture, a derived one, or none. */
export function fixtureRefFor(operation: GateOperation, parameter: string): FixtureRef | undefined {
  const base = baseFixtureNamed(parameter);
  if (base) return new FixtureRef(base);
  const key = operation.path.slice(0, operation.path.indexOf(`{${parameter}}`) + parameter.length + 2);
  if (derivations.has(key)) return new FixtureRef(parameter, key);
  const elsewhere = madeElsewhere(parameter);
  return elsewhere ? new FixtureRef(parameter, elsewhere.key) : undefined;
}

/** Base fixtures of which there are more than one, so that a second use of a reference can find a free one. */
const ALTERNATIVES: Partial<Record<BaseFixture, BaseFixture[]>> = { spaceId: ["spaceId", "otherSpaceId"] };

/**
 * The fixtures a body property of an operation may name: base fixtures by name (`spaceId`, `parent`, ...),
 * else the nearest derived resource whose parameter ends like it, under a path the operation is under too:
 * `sectionId` in a request to /v1/orgs/{organizationId}/sites/{siteId}/section-groups/... names a
 * `{siteSectionId}` of /v1/orgs/{organizationId}/sites/{siteId}/sections, the same site's section.
 */
export function bodyReferencesFor(operation: GateOperation, property: string): FixtureRef[] {
  const base = operationAlias(operation.operationId, property) ?? baseFixtureNamed(property);
  if (base) return (ALTERNATIVES[base] ?? [base]).map((key) => new FixtureRef(property, key));
  const stem = /^([a-z][A-Za-z]*)Id$/.exec(property)?.[1];
  if (!stem) return [];
  const ending = `${stem[0]?.toUpperCase()}${stem.slice(1)}Id`;
  const candidates = [...derivations.values()].filter(
    (d) =>
      d.creator.operationId !== operation.operationId &&
      (d.parameter === property || d.parameter.endsWith(ending)) &&
      operation.path.startsWith(`${ownerOf(d.key)}/`),
  );
  const nearest = candidates.sort((a, b) => ownerOf(b.key).length - ownerOf(a.key).length)[0];
  return nearest ? [new FixtureRef(property, nearest.key)] : [];
}
