// Fetching URLs on a user's behalf (imports, files by URL, OpenAPI specs) within a size and a time budget. The
// address check (no loopback, private, link-local or otherwise internal address, in any spelling, on the address
// connected to and on every redirect) is safeFetch's; a setting allows them (tests against a local server).
import { ApiError, badRequest } from "../../http/errors";
import { internalAddress, ipLiteral } from "../../outbound/address-rule";
import { fetchFollowingRedirects, RedirectRefused } from "../../outbound/follow-redirects";
import { AddressRefused } from "../../outbound/safe-fetch";

/** Why a fetch failed, for callers that answer differently (a 400 to the requester either way). */
export type FetchFailure = "timeout" | "too-large" | "internal-address" | "unreachable" | "status" | "scheme" | "redirects";

export class FetchRefused extends ApiError {
  constructor(
    readonly failure: FetchFailure,
    message: string,
  ) {
    super("url_fetch_failed", `request/body/url: ${message}`);
  }
}

export interface FetchOptions {
  allowPrivate: boolean;
  maxBytes: number;
  deadline: number;
  maxRedirects?: number;
}

export interface Fetched {
  readonly url: string;
  readonly contentType: string;
  /** The body as text (UTF-8), read from `bytes` when first asked for. */
  readonly body: string;
  /** The body as received (files are not text). */
  readonly bytes: Buffer;
}

/** An answer's body is decoded only when read as text: a 3.6 MB zip's decoding took 70 ms of the thread, for nothing. */
class FetchedAnswer implements Fetched {
  #body: string | undefined;

  constructor(
    readonly url: string,
    readonly contentType: string,
    readonly bytes: Buffer,
  ) {}

  get body(): string {
    this.#body ??= this.bytes.toString("utf8");
    return this.#body;
  }
}

const HEADERS = { "User-Agent": "Docstack-Import/1", Accept: "text/html, text/markdown, text/plain;q=0.9, */*;q=0.1" };

/** The `code` of an error or of one of its causes (ECONNREFUSED behind undici's "fetch failed"). */
function codeOf(error: unknown): string | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (typeof code === "string") return code;
  }
  return error instanceof Error ? error.message : undefined;
}

function failure(url: URL, error: unknown, signal: AbortSignal): FetchRefused {
  if (error instanceof FetchRefused) return error;
  if (error instanceof RedirectRefused) {
    return error.kind === "scheme" ? new FetchRefused("scheme", "only http and https URLs can be imported") : new FetchRefused("redirects", error.message);
  }
  if (error instanceof AddressRefused) return new FetchRefused("internal-address", error.message);
  if (signal.aborted) return new FetchRefused("timeout", `${url} did not answer in time`);
  return new FetchRefused("unreachable", `${url} could not be fetched (${codeOf(error)})`);
}

async function readLimited(url: URL, body: AsyncIterable<Uint8Array> | null, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new FetchRefused("too-large", `${url} is larger than ${maxBytes} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** GETs a URL, following up to 5 redirects, each checked like the first. */
export async function fetchSafely(target: string, options: FetchOptions): Promise<Fetched> {
  const start = new URL(target);
  const remaining = options.deadline - Date.now();
  if (remaining <= 0) throw new FetchRefused("timeout", `${start} did not answer in time`);
  const signal = AbortSignal.timeout(remaining);
  let url = start;
  try {
    const followed = await fetchFollowingRedirects(start, {
      allowPrivate: options.allowPrivate,
      signal,
      headers: HEADERS,
      ...(options.maxRedirects === undefined ? {} : { maxRedirects: options.maxRedirects }),
    });
    url = followed.url;
    const { response } = followed;
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel();
      throw new FetchRefused("status", `${url} answered HTTP ${response.status}`);
    }
    const bytes = await readLimited(url, response.body, options.maxBytes);
    return new FetchedAnswer(url.toString(), response.headers.get("content-type") ?? "", bytes);
  } catch (error) {
    throw failure(url, error, signal);
  }
}

/**
 * A URL a request names, checked when the request comes: http(s), and a host that is not an internal address written
 * literally (a name's DNS answers are checked when the job connects). `field` names it in the 400; `scheme` says
 * what is fetched, when another scheme is given.
 */
export function fetchableUrl(raw: string, options: { allowPrivate: boolean; field: string; scheme: string }): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest("invalid_request", `${options.field}: not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchRefused("scheme", options.scheme);
  const literal = ipLiteral(url.hostname);
  const refusal = options.allowPrivate || literal === undefined ? undefined : internalAddress(literal);
  if (refusal) throw new FetchRefused("internal-address", `${url.hostname} is ${refusal.rule}: the server fetches no internal address`);
  return url;
}
