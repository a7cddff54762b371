// A request as the gates generate it, before it meets the database: path, query and
// body, where real resources are placeholders (FixtureRef) filled in when it is
// sent. Generation therefore depends on the seed only, never on the IDs of a run.
import type { GateOperation } from "./contract";

/** Resources every run creates first; the others are derived from the contract (derivations.ts). */
/**
 * `otherSpaceId`: a second space, for a body that needs a space other than one already used (a site's spaces).
 * `pageId`, `pagePath`, `fileId`: content of the first space, which its change requests start from.
 * `revisionId`: the first space's current revision, the one holding that content.
 * `downloadToken`: the signed token of that file's `downloadURL`.
 * `signInEmail`, `signInCode`: a user's address and the sign-in code the server made for it (used up once it works).
 * `sessionId`: an app session of the admin (the caller), one of two, so their list of sessions has a second page.
 * `importRunId`: an import run held in progress until it is cancelled (held-imports.ts), in a space of its own.
 */
export const BASE_FIXTURES = [
  "organizationId",
  "collectionId",
  "spaceId",
  "otherSpaceId",
  "pageId",
  "pagePath",
  "fileId",
  "revisionId",
  "downloadToken",
  "userId",
  "emailDomain",
  "signInEmail",
  "signInCode",
  "sessionId",
  "importRunId",
] as const;
export type BaseFixture = (typeof BASE_FIXTURES)[number];

export class FixtureRef {
  /**
   * @param name the parameter or property it fills, e.g. "commentId"
   * @param key what identifies the resource: a base fixture's name, or for a derived one the
   *   path that names it, e.g. /v1/spaces/{spaceId}/comments/{commentId} (comments of change
   *   requests are other resources than comments of spaces, under the same name).
   */
  constructor(
    readonly name: string,
    readonly key: string = name,
  ) {}
  toString(): string {
    return `<${this.name}>`;
  }
  toJSON(): string {
    return this.toString();
  }
}

/** Property names in bodies that mean a base fixture, beyond the fixture names themselves. */
const ALIASES: Record<string, BaseFixture> = {
  organization: "organizationId",
  collection: "collectionId",
  parent: "collectionId",
  space: "spaceId",
};
/** Body properties that mean a base fixture in one operation only (an `email` elsewhere is anyone's). */
const OPERATION_ALIASES: Record<string, Record<string, BaseFixture>> = {
  verifyEmailSignIn: { email: "signInEmail", code: "signInCode" },
  createSession: { email: "signInEmail", code: "signInCode" },
};
export const operationAlias = (operationId: string, name: string): BaseFixture | undefined => OPERATION_ALIASES[operationId]?.[name];

export function baseFixtureNamed(name: string): BaseFixture | undefined {
  return (BASE_FIXTURES as readonly string[]).includes(name) ? (name as BaseFixture) : ALIASES[name];
}

export type Lookup = (ref: FixtureRef) => string;

/** Stand-ins of the right shape, to check a value against its schema before fixtures exist. */
const SAMPLES: Record<string, string> = {
  emailDomain: "sample.example",
  downloadToken: "c2FtcGxl.c2FtcGxl",
  signInEmail: "sample@sample.example",
  signInCode: "12345678",
};
export const sampleLookup: Lookup = (ref) => SAMPLES[ref.key] ?? "01sample0000000000000000000".slice(0, 26);

/** The value with its placeholders replaced (arrays and plain objects copied). */
export function substitute(value: unknown, lookup: Lookup): unknown {
  if (value instanceof FixtureRef) return lookup(value);
  if (Array.isArray(value)) return value.map((item) => substitute(item, lookup));
  if (value !== null && typeof value === "object") {
    const result: Record<string, unknown> = {};
    // defineProperty keeps a "__proto__" key an own property, as JSON.parse makes it.
    for (const [key, item] of Object.entries(value))
      Object.defineProperty(result, key, { value: substitute(item, lookup), enumerable: true, writable: true, configurable: true });
    return result;
  }
  return value;
}

/** A deep copy of a generated value (placeholders kept). */
export const copy = (value: unknown): unknown => substitute(value, (ref) => ref as unknown as string);

/** The placeholders a plan holds. */
export function refsOf(value: unknown, found: FixtureRef[] = []): FixtureRef[] {
  if (value instanceof FixtureRef) found.push(value);
  else if (Array.isArray(value)) for (const item of value) refsOf(item, found);
  else if (value !== null && typeof value === "object") for (const item of Object.values(value)) refsOf(item, found);
  return found;
}

export type BodyPlan =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; text: string; contentType: string }
  /** A JSON body of `bytes` bytes, made when sent (not kept in the plan). */
  | { kind: "oversized"; bytes: number };

export interface RequestPlan {
  /** "valid", or what was made invalid, e.g. "body/title: longer than maxLength". */
  label: string;
  path: Record<string, unknown>;
  /** Query parameters in order, values as sent (strings or placeholders). */
  query: [string, unknown][];
  body: BodyPlan;
  /**
   * For an invalid request: the status it must get and what its message must name.
   * `afterLookup`: the handler checks it after finding the path's resources (so without them, 404).
   */
  expect?: { status: number; names: string; afterLookup?: true };
}

export interface HttpRequest {
  method: GateOperation["method"];
  url: string;
  contentType?: string;
  text?: string;
}

/** Percent-encoding of RFC 3986: every reserved character, including the `!'()*` encodeURIComponent leaves. */
export const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Path segments are encoded; one made only of dots is escaped too, or URL resolution would eat it. */
function segment(value: string): string {
  const encoded = encode(value);
  return /^\.+$/.test(encoded) ? encoded.replace(/\./g, "%2E") : encoded;
}

export function toHttp(operation: GateOperation, plan: RequestPlan, lookup: Lookup): HttpRequest {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => segment(String(substitute(plan.path[name], lookup))));
  const query = plan.query.map(([name, value]) => `${encode(name)}=${encode(String(substitute(value, lookup)))}`).join("&");
  const url = query ? `${path}?${query}` : path;
  const body = plan.body;
  switch (body.kind) {
    case "none":
      return { method: operation.method, url };
    case "json":
      return { method: operation.method, url, contentType: "application/json", text: JSON.stringify(substitute(body.value, lookup)) };
    case "raw":
      return { method: operation.method, url, contentType: body.contentType, text: body.text };
    case "oversized": {
      const envelope = '{"padding":""}';
      return { method: operation.method, url, contentType: "application/json", text: `{"padding":"${"x".repeat(body.bytes - envelope.length)}"}` };
    }
  }
}
