// The Docstack SDK: a typed client over the whole API, generated from the contract, with
// typed errors, retries of idempotent requests and a timeout.

import type { components, operations, paths } from "@docstack/contract";
import createFetchClient from "openapi-fetch";
import { errorFromResponse } from "./errors.js";
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
   * Retries of idempotent requests (GET, HEAD, OPTIONS by default) rate limited (429, after its
   * `Retry-After`), failed on the server (5xx but 501) or unanswered (the connection failed),
   * with exponential backoff and jitter; `false` turns them off. Default: 2 retries.
   */
  retry?: RetryOptions | false;
  /** How long one attempt may take, in milliseconds (default 30 000; 0: no limit). */
  timeoutMs?: number;
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
export type ListItem<P extends ListPath> = GetResponse<P> extends { items: (infer I)[] } ? I : never;
type GetParameters<P extends ListPath> = paths[P] extends { get: { parameters: infer Params } } ? Params : never;
export type ListParameters<P extends ListPath> = Omit<GetParameters<P>, "query"> & {
  query?: Omit<NonNullable<GetParameters<P> extends { query?: infer Q } ? Q : never>, "page">;
};

export function createClient(options: DocstackClientOptions) {
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers: { ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    fetch: retryingFetch(options.fetch ?? ((request) => globalThis.fetch(request)), {
      ...(options.retry === undefined ? {} : { retry: options.retry }),
      timeoutMs: options.timeoutMs ?? 30_000,
    }),
  });

  /** Every item of a list, page after page, following `next.page`. */
  async function* paginate<P extends ListPath>(path: P, parameters: ListParameters<P>): AsyncGenerator<ListItem<P>> {
    let page: string | undefined;
    do {
      const params = { ...parameters, query: { ...(parameters.query ?? {}), ...(page ? { page } : {}) } };
      const body = (await unwrap((client.GET as (path: string, init: unknown) => Promise<FetchResult<unknown>>)(path, { params }))) as {
        items: ListItem<P>[];
        next?: { page: string };
      };
      yield* body.items;
      page = body.next?.page;
    } while (page);
  }

  return Object.assign(client, { paginate });
}

export type DocstackClient = ReturnType<typeof createClient>;
