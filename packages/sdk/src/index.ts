// The Docstack SDK: a typed client over the whole API, generated from the contract.

import type { components, operations, paths } from "@docstack/contract";
import createFetchClient, { type ClientOptions } from "openapi-fetch";

export type { components, operations, paths };
export type Schemas = components["schemas"];

/** A failed request: the HTTP status and the server's message (and request ID, for support). */
export class DocstackError extends Error {
  readonly status: number;
  readonly requestId: string | undefined;
  constructor(status: number, message: string, requestId?: string) {
    super(message);
    this.name = "DocstackError";
    this.status = status;
    this.requestId = requestId;
  }
}

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
  fetch?: ClientOptions["fetch"];
  headers?: Record<string, string>;
}

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a response, or a DocstackError for a failure. */
export async function unwrap<T>(request: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await request;
  if (response.ok) return data as T;
  const body = error as { error?: { code?: number; message?: string; requestId?: string } } | undefined;
  throw new DocstackError(response.status, body?.error?.message ?? (response.statusText || `HTTP ${response.status}`), body?.error?.requestId);
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
    ...(options.fetch ? { fetch: options.fetch } : {}),
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
