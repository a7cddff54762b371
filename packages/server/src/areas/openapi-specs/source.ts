// Reading a specification's source into the documents of a version: the root document
// (given as text, or fetched from a URL) and, for a URL, every document its external
// `$ref`s reach, fetched relative to the document that names them.
import { FetchRefused, fetchSafely } from "../../content/web/fetch-safely";
import { checkOpenAPI, externalRefs, type ParsedDocument, ProcessError, parseDocument, storableDocument } from "./document";

export const SOURCE_LIMITS = {
  /** The contract's limit of a document, applied to all the documents of a version together. */
  characters: 5_000_000,
  /** Documents one version may hold (the root and those its `$ref`s reach). */
  documents: 100,
  /** For fetching every document of a URL source. */
  ms: 30_000,
};

export type SpecSource = { url: string } | { text: string };

export interface ReadSource {
  root: ParsedDocument;
  /** For a URL source: the documents its `$ref`s reach, by absolute URL (no fragment). */
  referenced: Record<string, ParsedDocument>;
}

export interface ReadOptions {
  allowPrivateFetch: boolean;
  now?: () => number;
}

function parseRoot(text: string, where: string): ParsedDocument {
  const root = storableDocument(parseDocument(text), where);
  checkOpenAPI(root);
  return root;
}

/** fetchSafely's refusals (400s meant for imports) as the codes of a processing. */
function fetchFailure(url: string, error: unknown): ProcessError {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof FetchRefused && error.failure === "timeout") return new ProcessError("FETCH_TIMEOUT", message);
  if (error instanceof FetchRefused && error.failure === "too-large") return new ProcessError("TOO_LARGE", message);
  return new ProcessError("FETCH_FAILED", `${url}: ${message}`);
}

/** The absolute URL a `$ref` names (without its fragment), or a failure for what cannot be fetched. */
function resolveRef(ref: string, base: string): string {
  let url: URL;
  try {
    url = new URL(ref, base);
  } catch {
    throw new ProcessError("INVALID_SPEC", `${base}: the $ref "${ref}" is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ProcessError("INVALID_SPEC", `${base}: the $ref "${ref}" is not an http or https URL`);
  url.hash = "";
  return url.toString();
}

async function readUrl(rootUrl: string, options: ReadOptions): Promise<ReadSource> {
  const now = options.now ?? Date.now;
  const deadline = now() + SOURCE_LIMITS.ms;
  let characters = 0;
  const fetchText = async (url: string) => {
    // UTF-8 takes at most 4 bytes a character: past that many bytes, the text is too long for sure.
    const maxBytes = 4 * (SOURCE_LIMITS.characters - characters) + 4;
    const fetched = await fetchSafely(url, { allowPrivate: options.allowPrivateFetch, maxBytes, deadline }).catch((error: unknown) => {
      throw fetchFailure(url, error);
    });
    characters += fetched.body.length;
    if (characters > SOURCE_LIMITS.characters) throw new ProcessError("TOO_LARGE", `the documents are larger than ${SOURCE_LIMITS.characters} characters`);
    return fetched.body;
  };

  const root = parseRoot(await fetchText(rootUrl), rootUrl);
  const referenced: Record<string, ParsedDocument> = {};
  // Documents are keyed by the URL they were asked for: a `$ref` resolves against the key of
  // the document holding it, as a reader of the version's `filesystem` would resolve it.
  const rootKeys = new Set([rootUrl, new URL(rootUrl).toString()]);
  const discovered = new Set<string>();
  const pending: string[] = [];
  const discover = (document: ParsedDocument, base: string) => {
    for (const ref of externalRefs(document)) {
      const url = resolveRef(ref, base);
      if (rootKeys.has(url) || discovered.has(url)) continue;
      discovered.add(url);
      pending.push(url);
    }
    if (1 + discovered.size > SOURCE_LIMITS.documents) throw new ProcessError("TOO_LARGE", `more than ${SOURCE_LIMITS.documents} documents`);
  };
  discover(root, rootUrl);
  for (let url = pending.shift(); url !== undefined; url = pending.shift()) {
    const document = storableDocument(parseDocument(await fetchText(url)), url);
    referenced[url] = document;
    discover(document, url);
  }
  return { root, referenced };
}

/** The documents of a source; a ProcessError says why there are none. */
export async function readSource(source: SpecSource, options: ReadOptions): Promise<ReadSource> {
  if ("url" in source) return readUrl(source.url, options);
  if (source.text.length > SOURCE_LIMITS.characters) throw new ProcessError("TOO_LARGE", `the text is larger than ${SOURCE_LIMITS.characters} characters`);
  const root = parseRoot(source.text, "the text");
  const external = externalRefs(root);
  if (external.length > 0) throw new ProcessError("INVALID_SPEC", `a text source must be self-contained: external $ref "${external[0]}"`);
  return { root, referenced: {} };
}
