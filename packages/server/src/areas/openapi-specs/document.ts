// One document of a specification: parsed, checked to be OpenAPI 3.0 or 3.1, and
// read for its external `$ref`s. Pure functions: the pipeline (source.ts) calls them.

import type { Schemas } from "@docstack/contract";
import type YAMLModule from "yaml";

export type ProcessErrorCode = Schemas["OpenAPISpecProcessErrorCode"];

/** Why a processing failed: the code the specification shows, and a message for the logs. */
export class ProcessError extends Error {
  constructor(
    readonly code: ProcessErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ProcessError";
  }
}

export type ParsedDocument = Record<string, unknown>;

/** Nesting deeper than this is refused: walking and storing it would exhaust stacks for nothing. */
const MAX_DEPTH = 512;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Parses a document's text, JSON or YAML (JSON is YAML too). Aliases are bounded
 * (the yaml package's default), so an "alias bomb" fails rather than exhausting memory.
 */
export function parseDocument(text: string): unknown {
  // Loaded on the first document parsed, not at start (a twentieth of start-up time).
  const YAML = require("yaml") as typeof YAMLModule;
  try {
    return YAML.parse(text);
  } catch (error) {
    throw new ProcessError("PARSE_ERROR", `neither JSON nor YAML: ${(error as Error).message}`);
  }
}

/** Every value of a parsed document, iteratively (a deep document cannot overflow the stack). */
function* walk(root: unknown): Generator<{ value: unknown; key: string | undefined }> {
  const stack: { value: unknown; key: string | undefined; depth: number }[] = [{ value: root, key: undefined, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.depth > MAX_DEPTH) throw new ProcessError("INVALID_SPEC", `nested deeper than ${MAX_DEPTH} levels`);
    yield item;
    if (Array.isArray(item.value)) for (const value of item.value) stack.push({ value, key: undefined, depth: item.depth + 1 });
    else if (isObject(item.value)) for (const [key, value] of Object.entries(item.value)) stack.push({ value, key, depth: item.depth + 1 });
  }
}

/** U+0000 and unpaired surrogates: valid in JSON, refused by PostgreSQL's jsonb. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A referenced document as the version stores it: an object (the content's `filesystem`
 * holds objects), not too deep, and with text the database can hold.
 */
export function storableDocument(parsed: unknown, url: string): ParsedDocument {
  if (!isObject(parsed)) throw new ProcessError("INVALID_SPEC", `${url}: the document is not an object`);
  for (const { value, key } of walk(parsed)) {
    if ((typeof value === "string" && UNSTORABLE.test(value)) || (key !== undefined && UNSTORABLE.test(key))) {
      throw new ProcessError("INVALID_SPEC", `${url}: the document holds U+0000 or an unpaired surrogate`);
    }
  }
  return parsed;
}

const VERSION = /^3\.[01]\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/**
 * The root document must be OpenAPI 3.0 or 3.1: the `openapi` version, an `info` with
 * `title` and `version`, and what each version requires at the top (3.0: `paths`; 3.1:
 * one of `paths`, `components`, `webhooks`), each an object, paths starting with `/`.
 */
export function checkOpenAPI(document: ParsedDocument): void {
  const invalid = (why: string) => new ProcessError("INVALID_SPEC", why);
  const { openapi, info, paths, components, webhooks } = document;
  if (typeof openapi !== "string" || !VERSION.test(openapi)) throw invalid("`openapi` is not a 3.0.x or 3.1.x version");
  if (!isObject(info) || typeof info.title !== "string" || typeof info.version !== "string") {
    throw invalid("`info` needs a `title` and a `version`, both strings");
  }
  for (const [name, value] of Object.entries({ paths, components, webhooks })) {
    if (value !== undefined && !isObject(value)) throw invalid(`\`${name}\` is not an object`);
  }
  if (openapi.startsWith("3.0") && paths === undefined) throw invalid("an OpenAPI 3.0 document needs `paths`");
  if (paths === undefined && components === undefined && webhooks === undefined) {
    throw invalid("an OpenAPI 3.1 document needs `paths`, `components` or `webhooks`");
  }
  for (const path of Object.keys((paths ?? {}) as object)) {
    if (!path.startsWith("/") && !path.startsWith("x-")) throw invalid(`the path "${path}" does not start with "/"`);
  }
}

/** The `$ref`s of a document that point at another document (not `#...` within it), as written. */
export function externalRefs(document: ParsedDocument): string[] {
  const refs = new Set<string>();
  for (const { value } of walk(document)) {
    if (isObject(value) && typeof value.$ref === "string" && !value.$ref.startsWith("#")) refs.add(value.$ref);
  }
  return [...refs];
}
