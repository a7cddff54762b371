// How an operation of the contract is implemented: its handler (`handle`), typed from the
// generated `operations`. What it may act on is decided before it runs, by its policy rule,
// which the contract declares (`x-docstack-policy`, see policy/rules.ts): the handler gets
// what that policy found. The registry in ../operations.ts must hold exactly one per operationId.
import type { OperationId, operationPolicies, operations } from "@docstack/contract";
import type { RequestContext } from "./context";
import { notImplemented } from "./errors";
import type { PreparedJson } from "./prepared-json";
import type { RawBody } from "./raw-body";

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
type SuccessStatus<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201 | 202 | 204 | 205>;

/**
 * What a handler returns: one of the operation's success statuses, with its body when it has one; or, for an
 * operation that declares 304, the body's bytes made before (`prepared`, sent with their ETag; 304 to a client
 * that holds them).
 */
export type OperationResult<K extends OperationId> = {
  [S in SuccessStatus<K>]: (JsonContent<Responses<K>[S]> extends undefined
    ? { status: S; raw?: RawBody }
    : { status: S; body: JsonContent<Responses<K>[S]> } | (304 extends keyof Responses<K> ? { status: S; prepared: PreparedJson } : never)) & {
    /** Set-Cookie values (the app's session: areas/sessions). */
    cookies?: string[];
  };
}[SuccessStatus<K>];

export interface OperationRequest<K extends OperationId> {
  /** The operation served (lists bind their cursors to it, see lists.ts). */
  operationId: K;
  params: PathParams<K>;
  query: QueryParams<K>;
  body: RequestBody<K>;
  ctx: RequestContext;
}

/**
 * What the policy of each kind hands the handler of an operation on it. Empty here: wiring/policies.ts, which puts
 * the policies together, fills it in (declaration merging), so the handler kit names no floor above it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by wiring/policies.ts
export interface AccessByPolicyKind {}

/** What the policy of the operation's rule found: the resource, the caller's level there and their permissions. */
export type AccessOf<K extends OperationId> = AccessByPolicyKind[(typeof operationPolicies)[K]["on"]];

export interface OperationDefinition<K extends OperationId> {
  operationId: K;
  /** Runs once the operation's rule has authorized the request (nothing has changed before). */
  handle: (request: OperationRequest<K>, access: AccessOf<K>) => Promise<OperationResult<K>>;
  /** Set on operations answering 501; counted by the coverage command. */
  notImplemented?: true;
}

export function defineOperation<K extends OperationId>(operationId: K, definition: Omit<OperationDefinition<K>, "operationId">): OperationDefinition<K> {
  return { operationId, ...definition };
}

/** An operation of the contract not implemented yet: authorized by its rule, then 501. */
export function pendingOperation<K extends OperationId>(operationId: K): OperationDefinition<K> {
  return {
    operationId,
    notImplemented: true,
    handle: async () => {
      throw notImplemented(operationId);
    },
  };
}

/** What an area exports: some operations, each under its own operationId. */
export type AreaOperations = { [K in OperationId]?: OperationDefinition<K> };
/** The whole registry: every operation of the contract, exactly once. */
export type OperationRegistry = { [K in OperationId]: OperationDefinition<K> };
