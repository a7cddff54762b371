// The compatibility suite's harness: GitBook's own client (`@gitbook/api`) pointed at the live Docstack server,
// every answer it receives checked against GitBook's published contract (the `spec/openapi.json` its package
// ships), and the list of operations Docstack shares with that contract.

import docstackSpec from "@docstack/contract/openapi.json";
import { GitBookAPI } from "@gitbook/api";
import gitbookSpec from "@gitbook/api/spec/openapi.json";
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

type Json = Record<string, unknown>;
const METHODS = ["get", "put", "post", "delete", "patch"] as const;

interface Operation {
  operationId: string;
  method: string;
  path: string;
  /** Matches the operation's path; literal segments count first, so `/versions/latest` wins over `/versions/{versionId}`. */
  pattern: RegExp;
  literalSegments: number;
}

function operationsOf(spec: { paths: Record<string, Record<string, unknown>> }, prefix = ""): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as { operationId?: string } | undefined;
      if (!operation?.operationId) continue;
      const bare = path.slice(prefix.length);
      const segments = bare.split("/").filter(Boolean);
      // A page path is a path: it may hold slashes (GitBook's client puts it in the URL as it is).
      const source = segments.map((segment) =>
        segment.startsWith("{") ? (segment === "{pagePath}" ? ".+" : "[^/]+") : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      );
      operations.push({
        operationId: operation.operationId,
        method,
        path: bare,
        pattern: new RegExp(`^/${source.join("/")}/?$`),
        literalSegments: segments.filter((segment) => !segment.startsWith("{")).length,
      });
    }
  }
  return operations.sort((a, b) => b.literalSegments - a.literalSegments);
}

const gitbookOperations = operationsOf(gitbookSpec as never);
const shapeKey = (operation: Operation) => `${operation.method} ${operation.path.replace(/\{[^}]+\}/g, "{}")}`;

/**
 * The operations Docstack shares with GitBook (same method and path, parameters' names aside), by GitBook's
 * operationId: computed from both contracts, so an operation either side adds shows up here on the next run.
 */
export function sharedOperations(): { gitbook: string; docstack: string; method: string; path: string }[] {
  const ours = new Map(operationsOf(docstackSpec as never, "/v1").map((operation) => [shapeKey(operation), operation]));
  return gitbookOperations.flatMap((operation) => {
    const docstack = ours.get(shapeKey(operation));
    return docstack ? [{ gitbook: operation.operationId, docstack: docstack.operationId, method: operation.method.toUpperCase(), path: operation.path }] : [];
  });
}

/** GitBook's operation serving a request to `pathname` (without `/v1`), or undefined. */
function gitbookOperationFor(method: string, pathname: string): Operation | undefined {
  return gitbookOperations.find((operation) => operation.method === method && operation.pattern.test(pathname));
}

// GitBook's contract is OpenAPI 3.1: its schemas are JSON Schema 2020-12. The whole document is added under one
// `$id`, so that each response schema is compiled where it stands and its `#/components/...` references resolve.
// Not strict: OpenAPI's own keywords (`discriminator`, `example`, `deprecated`) sit among the schemas' keywords.
// `additionalProperties` is taken as GitBook wrote it: Docstack's extra fields pass unless GitBook forbids them.
const SPEC_ID = "https://gitbook.invalid/openapi.json";
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
for (const format of ["emoji", "icon"]) ajv.addFormat(format, true); // GitBook's own formats, undocumented
ajv.addSchema({ ...(readableCompositions(structuredClone(gitbookSpec)) as Json), $id: SPEC_ID });

/**
 * Two readings of GitBook's contract, where taken literally no answer (GitBook's own included) could match:
 * - a `oneOf` member that is an empty object closed by `additionalProperties: false` (GitBook's `Document` is
 *   `{markdown}`, `{document}` or "Empty") sits in an `allOf` with the page's own fields, so no page without a body
 *   (a page in a tree) could match it: it is read as meant, "none of the properties the other members require";
 * - a `oneOf` whose members are all open objects requiring nothing (the attribute sets of a `page_edited` change,
 *   for document, group and link pages, all with `title`) matches any such object more than once: it is read as
 *   `anyOf`.
 */
function readableCompositions(node: unknown, root = node): unknown {
  if (Array.isArray(node)) {
    for (const item of node) readableCompositions(item, root);
  } else if (node && typeof node === "object") {
    const schema = node as Json;
    const members = schema.oneOf as Json[] | undefined;
    if (Array.isArray(members)) {
      const resolved = members.map((member) => resolveLocal(member, root));
      const isEmpty = (member: Json) => member.additionalProperties === false && Object.keys((member.properties as Json) ?? {}).length === 0;
      const isOpen = (member: Json) => member.type === "object" && !(member.required as unknown[] | undefined)?.length && member.additionalProperties !== false;
      if (resolved.every(isOpen)) {
        schema.anyOf = members;
        delete schema.oneOf;
      } else {
        const required = resolved.filter((member) => !isEmpty(member)).map((member) => (member.required as string[] | undefined) ?? []);
        schema.oneOf = members.map((member, i) => (isEmpty(resolved[i] as Json) ? { not: { anyOf: required.map((names) => ({ required: names })) } } : member));
      }
    }
    for (const value of Object.values(schema)) readableCompositions(value, root);
  }
  return node;
}

function resolveLocal(schema: Json, root: unknown): Json {
  if (typeof schema.$ref !== "string" || !schema.$ref.startsWith("#/")) return schema;
  return schema.$ref
    .slice(2)
    .split("/")
    .reduce((at: unknown, part) => (at as Json)[part.replace(/~1/g, "/").replace(/~0/g, "~")], root) as Json;
}

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
const validators = new Map<string, ValidateFunction | null>();

/** The schema GitBook gives the body of `operationId`'s answer with `status` (null: no body; undefined: GitBook never answers that). */
function validatorFor(operationId: string, status: number): ValidateFunction | null | undefined {
  const key = `${operationId} ${status}`;
  const known = validators.get(key);
  if (known !== undefined) return known;
  const operation = gitbookOperations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`${operationId} is not an operation of GitBook's contract`);
  const paths = (gitbookSpec as unknown as { paths: Record<string, Record<string, { responses: Record<string, Json> }>> }).paths;
  const responses = paths[operation.path]?.[operation.method]?.responses ?? {};
  const declared = [String(status), `${String(status)[0]}XX`, "default"].find((candidate) => responses[candidate]);
  if (!declared) return undefined;
  let location = `#/${pointer("paths", operation.path, operation.method, "responses", declared)}`;
  let response = responses[declared] as Json;
  if (typeof response.$ref === "string") {
    location = response.$ref;
    const name = location.split("/").pop() as string;
    response = (gitbookSpec as unknown as { components: { responses: Record<string, Json> } }).components.responses[name] as Json;
  }
  const content = response.content as Record<string, { schema?: Json }> | undefined;
  const validator = content?.["application/json"]?.schema
    ? ajv.compile({ $ref: `${SPEC_ID}${location}/${pointer("content", "application/json", "schema")}` })
    : null;
  validators.set(key, validator);
  return validator;
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 12)
    .map(
      (error) =>
        `  ${error.instancePath || "(body)"} ${error.message}${error.params && Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : ""}`,
    )
    .join("\n");
}

/**
 * Throws unless `body` is what GitBook's contract says `operationId` (GitBook's operationId) answers with `status`.
 * Every answer the client of `gitbook()` receives goes through it already; call it for answers read otherwise.
 */
export function expectGitBookShape(operationId: string, status: number, body: unknown): void {
  const validator = validatorFor(operationId, status);
  if (validator === undefined) {
    throw new Error(`${operationId} answered ${status}, which GitBook's contract never answers for it`);
  }
  if (validator && !validator(body)) {
    throw new Error(
      `${operationId} answered ${status} in a shape GitBook's contract does not allow:\n${describeErrors(validator.errors)}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}

/** GitBook operationIds answered with a success (checked against GitBook's schema) during the current test. */
export const answeredInThisTest = new Set<string>();

/**
 * What GitBook's client fetches with: the request goes to the live server, and the answer, before the client sees it,
 * is matched to GitBook's operation for its method and path and checked against GitBook's schema for its status. A
 * request to a path GitBook does not have, or an answer GitBook's contract does not allow, fails the call.
 */
async function checkedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toLowerCase();
  const pathname = url.pathname.replace(/^\/v1/, "");
  const operation = gitbookOperationFor(method, decodeURI(pathname));
  if (!operation) throw new Error(`${method.toUpperCase()} ${pathname} is not a path of GitBook's contract`);
  const response = await fetch(input, init);
  const text = await response.clone().text();
  const body = text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text || undefined;
  if (response.ok) {
    expectGitBookShape(operation.operationId, response.status, body);
    answeredInThisTest.add(operation.operationId);
  } else if (validatorFor(operation.operationId, response.status) !== undefined) {
    // An error GitBook's contract declares for the operation must have its shape too; the others (most of them:
    // GitBook declares few) reach the client, which throws `GitBookAPIError` with the body's `error.message`.
    expectGitBookShape(operation.operationId, response.status, body);
  }
  return response;
}

/** The live server's address and the first admin's token and organization (set by the global setup). */
export const server = {
  get url(): string {
    return process.env.DOCSTACK_COMPAT_URL as string;
  },
  get token(): string {
    return process.env.DOCSTACK_COMPAT_TOKEN as string;
  },
  get organizationId(): string {
    return process.env.DOCSTACK_COMPAT_ORGANIZATION as string;
  },
};

/**
 * GitBook's client on the live server (or on another one at `endpoint`), as a GitBook user's script makes it
 * (`authToken` and `endpoint`), authenticated with `token`.
 */
export function gitbook(token: string = server.token, endpoint: string = server.url): GitBookAPI {
  return new GitBookAPI({ authToken: token, endpoint, serviceBinding: { fetch: checkedFetch } });
}

/** The HTTP status of a call GitBook's client refused (it throws `GitBookAPIError` for any non-2xx). */
export async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (error) {
    const response = (error as { response?: Response }).response;
    if (response) return response.status;
    throw error;
  }
  throw new Error("the call succeeded");
}

/**
 * A request to the live server outside GitBook's client, for setting up what a test reads (its answer is not checked
 * against GitBook's contract: the operation's own compat test does that). Throws on a status other than 2xx.
 */
export async function docstack<T = Json>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${server.token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Unique names for what a test creates, so that tests sharing the server do not collide. */
let sequence = 0;
export const unique = (prefix: string) => `${prefix}-${process.pid}-${++sequence}`;
