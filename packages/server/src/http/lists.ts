// A list operation described, not written out: the model it reads, the rows (`where`), their
// order and how they are serialized. `listRows` pages it by keyset (see pagination.ts), reading
// the cursor's sort values from the order's fields, and binds its cursors to the list they came
// from: the operation, its path parameters, its filters and, for a list of the caller's own
// (a rule `on: caller`), the caller.
import { type OperationId, operationPolicies } from "@docstack/contract";
import type { Prisma } from "../generated/prisma/client";
import type { RequestContext } from "./context";
import { boundScope, DEFAULT_LIMIT, keysetAfter, type ListPage, orderBy, type PageRequest, type SortField, type SortValue, whereAfter } from "./pagination";

/** What a list reads of its operation's request (an `OperationRequest`). */
export interface ListRequest<Query extends PageRequest = PageRequest> {
  ctx: RequestContext;
  operationId: OperationId;
  params: object;
  query: Query;
}

/** A Prisma model (`ctx.prisma.team`, ...): what a list asks of it. */
interface Model {
  findMany(args: object): PromiseLike<unknown[]>;
  count(args: object): PromiseLike<number>;
}

type FindArgs<M> = Prisma.Args<M, "findMany">;
/** What a list may add to its query: the relations to include, or the columns to select. */
type Shape<M> = Partial<Pick<FindArgs<M>, "include" | "select">>;
type Rows<M, S> = Prisma.Result<M, S, "findMany">;

export interface ListDescription<M extends Model, S extends Shape<M>, Item> {
  model: M;
  where: NonNullable<FindArgs<M>["where"]>;
  /** The rows' order; its last field must be unique, and every field a column the rows have. */
  order: readonly SortField[];
  /** The relations to include or the columns to select (the order's columns among them). */
  shape?: S;
  serialize: (rows: Rows<M, S>) => Promise<Item[]> | Item[];
  /** The page size when the request names none (DEFAULT_LIMIT unless the contract says otherwise). */
  defaultLimit?: number;
}

/**
 * The list a request's cursors are signed for, before its filters (see `boundScope`): the operation, its path
 * parameters and, for a rule `on: caller`, the caller.
 * @public (the bench skips deep into a list with it, from dist)
 */
export function listScope(operationId: OperationId, params: object, callerId: () => string): string {
  const path = Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1));
  const caller = operationPolicies[operationId].on === "caller" ? [callerId()] : [];
  return JSON.stringify([operationId, path, ...caller]);
}

/** The sort values of `row` in `order`, which a cursor carries. */
function sortValues(row: unknown, order: readonly SortField[]): SortValue[] {
  return order.map(({ field }) => {
    const value = (row as Record<string, SortValue | undefined>)[field];
    if (value === undefined) throw new Error(`A list's rows lack its sort column ${field}`);
    return value;
  });
}

/** One page of the list `list` describes, for the list operation's `request`. */
export async function listRows<M extends Model, Item, S extends Shape<M> = Record<never, never>>(
  request: ListRequest,
  list: ListDescription<M, S, Item>,
): Promise<ListPage<Item>> {
  const { ctx, query } = request;
  const limit = query.limit ?? list.defaultLimit ?? DEFAULT_LIMIT;
  const scope = boundScope(
    listScope(request.operationId, request.params, () => ctx.actor.userId),
    query,
  );
  const after = query.page ? keysetAfter(list.order, ctx.cursors.decode(scope, query.page, list.order.length)) : undefined;
  const [rows, count] = await Promise.all([
    list.model.findMany({ ...list.shape, where: whereAfter(list.where, after), orderBy: orderBy(list.order), take: limit + 1 }),
    list.model.count({ where: list.where }),
  ]);
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1];
  return {
    items: await list.serialize(pageRows as Rows<M, S>),
    ...(rows.length > limit && last ? { next: { page: ctx.cursors.encode(scope, sortValues(last, list.order)) } } : {}),
    count,
  };
}
