// The typed client of the contract the tests send requests with (openapi-fetch, as the SDK's), and what reads its
// answers: apart from the harness, so that a test driving a server process of its own needs none of the app.
import type { paths } from "@docstack/contract";
import createClient, { type Client } from "openapi-fetch";

/** A client of the contract's operations, typed from its paths (openapi-fetch, as the SDK is). */
export type ApiClient = Client<paths>;

/**
 * A client of the contract sending `token` to a server of another process at `baseUrl` (`docstack serve` started by
 * a test): what `h.as(user)` is for the harness's own app.
 */
export const clientAt = (baseUrl: string, token: string): ApiClient => createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });

interface Answer {
  response: Response;
  data?: unknown;
  error?: unknown;
}

/** What a request of `h.as(user)` got, after checking its status is `status` (as supertest's `.expect(status)`). */
async function withStatus<R extends Answer>(request: Promise<R>, status: number): Promise<R> {
  const answer = await request;
  if (answer.response.status !== status) {
    throw new Error(`expected ${status}, got ${answer.response.status}: ${JSON.stringify(answer.error ?? answer.data)}`.slice(0, 2000));
  }
  return answer;
}

/** The body of a success answered with `status`. */
export const answered = async <R extends Answer>(request: Promise<R>, status: 200 | 201 | 202 | 204 | 205) =>
  (await withStatus(request, status)).data as NonNullable<R["data"]>;

/** The error body of a failure answered with `status`. */
export const refused = async <R extends Answer>(request: Promise<R>, status: number) => (await withStatus(request, status)).error as NonNullable<R["error"]>;

/** The path parameters of a request of `h.as(user)`: `admin.GET("/v1/spaces/{spaceId}", at({ spaceId }))`. */
export const at = <P extends Record<string, string>>(path: P) => ({ params: { path } });

/** A body or parameter the contract refuses, sent as it is (the request is meant to fail validation). */
export const untyped = (value: unknown) => value as never;
