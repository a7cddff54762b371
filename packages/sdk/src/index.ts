// The Docstack SDK: a typed client over the whole API, generated from the contract, with
// typed errors, retries of idempotent requests (POSTs with an Idempotency-Key) and a timeout.

import type { components, operations, paths } from "@docstack/contract";
import createFetchClient from "openapi-fetch";
import { errorFromResponse } from "./errors.js";
import { etagCachingFetch } from "./etag-cache.js";
import { type RetryOptions, retryingFetch } from "./retry.js";

export type { components, operations, paths };
export type Schemas = components["schemas"];
export {
  AuthenticationError,
  ClientError,
  ConflictError,
  ConnectionError,
  DocstackError,
  type ErrorReason,
  type ErrorType,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from "./errors.js";
export type { RetryOptions } from "./retry.js";

export interface DocstackClientOptions {
  /** Where Docstack runs, e.g. http://localhost:3000 */
  baseUrl: string;
  /**
   * An API token (signing in by e-mail or SAML, `POST /v1/user/tokens`, or
   * `npm run docstack -- token create --email …`). Omitted, only operations that take no token
   * work (signing in by e-mail).
   */
  token?: string;
  /** A fetch implementation (defaults to the global one). */
  fetch?: (request: Request) => Promise<Response>;
  headers?: Record<string, string>;
  /**
   * Retries of idempotent requests (GET, HEAD, OPTIONS by default, and POSTs, made idempotent by an
   * `Idempotency-Key`) rate limited (429, after its
   * `Retry-After`), failed on the server (5xx but 501) or unanswered (the connection failed),
   * with exponential backoff and jitter; `false` turns them off. Default: 2 retries.
   */
  retry?: RetryOptions | false;
  /** How long one attempt may take, in milliseconds (default 30 000; 0: no limit). */
  timeoutMs?: number;
  /**
   * Answers with a strong `ETag` kept (a space's or change request's page tree): sent again with `If-None-Match`,
   * a 304 is answered from them as the 200 it stands for. How many are kept (default 16; 0: none).
   */
  etagCacheEntries?: number;
  /**
   * For a browser signed in to the app (the session cookie, `POST /v1/auth/sessions`) rather than a token:
   * the session's CSRF token, sent as `X-CSRF-Token` with every write (the server refuses a write made with
   * the cookie without it). In the browser, `csrfFromCookie` reads it from the `docstack_csrf` cookie.
   */
  csrfToken?: () => string | undefined;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The session's CSRF token, from the cookie the server set beside the session's (`docstack_csrf`, `__Host-docstack_csrf` behind HTTPS). */
export function csrfFromCookie(cookies: string = globalThis.document?.cookie ?? ""): string | undefined {
  for (const part of cookies.split(";")) {
    const [name, value] = part.trim().split("=");
    if ((name === "__Host-docstack_csrf" || name === "docstack_csrf") && value) return decodeURIComponent(value);
  }
  return undefined;
}

/** Adds the CSRF header to writes, when there is a token to send. */
function csrfAware(fetch: (request: Request) => Promise<Response>, csrfToken: (() => string | undefined) | undefined) {
  if (!csrfToken) return fetch;
  return (request: Request) => {
    const token = SAFE_METHODS.has(request.method) ? undefined : csrfToken();
    if (token) request.headers.set("X-CSRF-Token", token);
    return fetch(request);
  };
}

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a response, or, for a failure, the DocstackError of its kind (NotFoundError, RateLimitError, …). */
export async function unwrap<T>(request: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await request;
  if (response.ok) return data as T;
  throw errorFromResponse(response, error);
}

type GetResponse<P extends keyof paths> = paths[P] extends { get: { responses: { 200: { content: { "application/json": infer B } } } } } ? B : never;
/** The paths whose GET answers a list ({items, next?, count}). */
export type ListPath = { [P in keyof paths]: GetResponse<P> extends { items: unknown[]; count: number } ? P : never }[keyof paths];
/** One page of a list: `{items, next?, count}` as the operation answers it. */
export type ListPage<P extends ListPath> = GetResponse<P>;
export type ListItem<P extends ListPath> = GetResponse<P> extends { items: (infer I)[] } ? I : never;
type GetParameters<P extends ListPath> = paths[P] extends { get: { parameters: infer Params } } ? Params : never;
export type ListParameters<P extends ListPath> = Omit<GetParameters<P>, "query"> & {
  query?: Omit<NonNullable<GetParameters<P> extends { query?: infer Q } ? Q : never>, "page">;
};

export interface PageOptions {
  /** Aborting it stops the iteration: between pages, or by aborting the request in flight. */
  signal?: AbortSignal;
}

export function createClient(options: DocstackClientOptions) {
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers: { ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    fetch: etagCachingFetch(
      retryingFetch(csrfAware(options.fetch ?? ((request) => globalThis.fetch(request)), options.csrfToken), {
        ...(options.retry === undefined ? {} : { retry: options.retry }),
        timeoutMs: options.timeoutMs ?? 30_000,
      }),
      options.etagCacheEntries ?? 16,
    ),
  });

  /**
   * Every page of a list (`{items, next, count}`), following `next.page`. With `signal`, aborting
   * stops between pages and aborts the request in flight (an AbortError is thrown).
   */
  async function* pages<P extends ListPath>(path: P, parameters: ListParameters<P>, options: PageOptions = {}): AsyncGenerator<ListPage<P>> {
    const { signal } = options;
    let page: string | undefined;
    do {
      signal?.throwIfAborted();
      const params = { ...parameters, query: { ...(parameters.query ?? {}), ...(page ? { page } : {}) } };
      const body = (await unwrap((client.GET as (path: string, init: unknown) => Promise<FetchResult<unknown>>)(path, { params, signal }))) as ListPage<P>;
      yield body;
      page = (body as { next?: { page: string } }).next?.page;
    } while (page);
  }

  /** Every item of a list, page after page (see `pages`, and its `signal`). */
  async function* paginate<P extends ListPath>(path: P, parameters: ListParameters<P>, options: PageOptions = {}): AsyncGenerator<ListItem<P>> {
    for await (const page of pages(path, parameters, options)) yield* (page as { items: ListItem<P>[] }).items;
  }

  return Object.assign(client, { paginate, pages });
}

export type DocstackClient = ReturnType<typeof createClient>;
