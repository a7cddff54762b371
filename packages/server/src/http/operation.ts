// How an operation of the contract is implemented: a policy rule (`authorize`)
// and a handler (`handle`), both typed from the generated `operations`. The
// registry in ../operations.ts must hold exactly one per operationId.
import type { OperationId, operations } from "@docstack/contract";
import type { RequestContext } from "./context";
import { notImplemented } from "./errors";

export type { OperationId };

type Op<K extends OperationId> = operations[K];

type ParamsOf<K extends OperationId, Where extends "path" | "query"> = Op<K>["parameters"] extends infer P
  ? P extends Record<Where, infer X>
    ? [X] extends [never]
      ? Record<string, never>
      : NonNullable<X>
    : P extends Partial<Record<Where, infer X>>
      ? [X] extends [never]
        ? Record<string, never>
        : NonNullable<X>
      : Record<string, never>
  : never;

export type PathParams<K extends OperationId> = ParamsOf<K, "path">;
export type QueryParams<K extends OperationId> = ParamsOf<K, "query">;

type JsonContent<T> = T extends { content: { "application/json": infer B } } ? B : undefined;
export type RequestBody<K extends OperationId> =
  Op<K> extends { requestBody: infer R } ? JsonContent<R> : Op<K> extends { requestBody?: infer R } ? JsonContent<NonNullable<R>> | undefined : undefined;

type Responses<K extends OperationId> = Op<K>["responses"];
type SuccessStatus<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201 | 204 | 205>;

/** Bytes to send as they are (a download), for a success response whose content is not JSON. */
export interface RawBody {
  data: Buffer;
  contentType: string;
  /** Sent as Content-Disposition's file name. */
  fileName?: string;
}

/** What a handler returns: one of the operation's success statuses, with its body when it has one. */
export type OperationResult<K extends OperationId> = {
  [S in SuccessStatus<K>]: JsonContent<Responses<K>[S]> extends undefined ? { status: S; raw?: RawBody } : { status: S; body: JsonContent<Responses<K>[S]> };
}[SuccessStatus<K>];

export interface OperationRequest<K extends OperationId> {
  params: PathParams<K>;
  query: QueryParams<K>;
  body: RequestBody<K>;
  ctx: RequestContext;
}

export interface OperationDefinition<K extends OperationId, Resource = unknown> {
  operationId: K;
  /**
   * The policy rule: loads what the operation acts on and refuses (404 when the caller
   * cannot see it, 403 when their role is too low) before anything changes.
   */
  authorize: (request: OperationRequest<K>) => Promise<Resource>;
  handle: (request: OperationRequest<K>, resource: Resource) => Promise<OperationResult<K>>;
  /** Set on operations answering 501; counted by the coverage command. */
  notImplemented?: true;
}

export function defineOperation<K extends OperationId, Resource>(
  operationId: K,
  definition: Omit<OperationDefinition<K, Resource>, "operationId">,
): OperationDefinition<K, Resource> {
  return { operationId, ...definition };
}

/** An operation of the contract not implemented yet: authenticated, then 501. */
export function pendingOperation<K extends OperationId>(operationId: K): OperationDefinition<K, void> {
  return {
    operationId,
    notImplemented: true,
    authorize: async () => undefined,
    handle: async () => {
      throw notImplemented(operationId);
    },
  };
}

/** What an area exports: some operations, each under its own operationId. */
// biome-ignore lint/suspicious/noExplicitAny: each operation loads its own kind of resource
export type AreaOperations = { [K in OperationId]?: OperationDefinition<K, any> };
/** The whole registry: every operation of the contract, exactly once. */
// biome-ignore lint/suspicious/noExplicitAny: each operation loads its own kind of resource
export type OperationRegistry = { [K in OperationId]: OperationDefinition<K, any> };
