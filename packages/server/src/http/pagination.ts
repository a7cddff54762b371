// Lists page by cursor (keyset), so a deep page costs what the first one does.
// A cursor carries the sort key of the last item, signed with the secret
// every instance shares and bound to the list it came from and to that list's filters: a modified
// cursor, or one replayed under other filters, answers 400. A list of rows of one model is
// described to `listRows` (lists.ts); the helpers here page the others (derived or ranked lists).
import type { SigningKeys } from "../signing";
import { badRequest } from "./errors";

export const DEFAULT_LIMIT = 50;

export type SortValue = string | number | Date;
export interface SortField {
  field: string;
  direction: "asc" | "desc";
}

export class CursorCodec {
  constructor(private readonly keys: SigningKeys) {}

  encode(scope: string, values: readonly SortValue[]): string {
    const payload = Buffer.from(JSON.stringify(values.map((value) => (value instanceof Date ? { d: value.toISOString() } : value)))).toString("base64url");
    return `${payload}.${this.keys.sign(`${scope}\n${payload}`)}`;
  }

  decode(scope: string, cursor: string, length: number): SortValue[] {
    const invalid = () => badRequest("invalid_cursor", "request/query/page is not a cursor this list gave (modified, or from another list)");
    const [payload, signature, extra] = cursor.split(".");
    if (!payload || !signature || extra !== undefined) throw invalid();
    if (!this.keys.verify(`${scope}\n${payload}`, signature)) throw invalid();
    const values = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown;
    if (!Array.isArray(values) || values.length !== length) throw invalid();
    return values.map((value: unknown) => (value !== null && typeof value === "object" && "d" in value ? new Date(String(value.d)) : (value as SortValue)));
  }
}

/** The Prisma `where` selecting rows strictly after `values` in the order of `fields`. */
export function keysetAfter(fields: readonly SortField[], values: readonly SortValue[]): Record<string, unknown> {
  return {
    OR: fields.map((current, i) => ({
      AND: [
        ...fields.slice(0, i).map((previous, j) => ({ [previous.field]: values[j] })),
        { [current.field]: { [current.direction === "asc" ? "gt" : "lt"]: values[i] } },
      ],
    })),
  };
}

/** A list's `where` narrowed to the rows after the cursor's (`after`, from `keysetAfter`; unchanged on the first page). */
export function whereAfter<W extends object>(where: W, after: Record<string, unknown> | undefined): W {
  return after ? ({ AND: [where, after] } as W) : where;
}

export interface ListPage<T> {
  items: T[];
  next?: { page: string };
  count: number;
}

export interface PageRequest {
  page?: string | undefined;
  limit?: number | undefined;
}

/**
 * What a list's cursors are signed for: the list (`scope`) and the request's filters, every
 * query parameter but `page` and `limit`. A cursor given under some filters is then refused
 * under others, where its position would mean another list.
 */
export function boundScope(scope: string, request: PageRequest): string {
  const filters = Object.entries(request)
    .filter(([name, value]) => name !== "page" && name !== "limit" && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return filters.length > 0 ? `${scope}?${JSON.stringify(filters)}` : scope;
}

/** Prisma orderBy from sort fields. */
export function orderBy(fields: readonly SortField[]): Record<string, "asc" | "desc">[] {
  return fields.map(({ field, direction }) => ({ [field]: direction }));
}

/** Where a page of an offset-paged list starts: 0, or the offset its cursor carries. */
function offsetOf(cursors: CursorCodec, scope: string, request: PageRequest): number {
  return request.page ? Number(cursors.decode(scope, request.page, 1)[0]) : 0;
}

/** The `next` of an offset-paged list's page, when there are items after it. */
function nextAfter(cursors: CursorCodec, scope: string, start: number, limit: number, more: boolean): Pick<ListPage<unknown>, "next"> {
  return more ? { next: { page: cursors.encode(scope, [start + limit]) } } : {};
}

/** Pages an in-memory, already ordered array (small derived lists such as a tree's links). */
export function paginateArray<T>(cursors: CursorCodec, listScope: string, request: PageRequest, all: readonly T[]): ListPage<T> {
  const limit = request.limit ?? DEFAULT_LIMIT;
  const scope = boundScope(listScope, request);
  const start = offsetOf(cursors, scope, request);
  return { items: all.slice(start, start + limit), ...nextAfter(cursors, scope, start, limit, start + limit < all.length), count: all.length };
}

/**
 * Pages a list the database orders and counts itself (ranked search results), by
 * offset: `find(offset, limit)` gives up to `limit` items from `offset`, and the count.
 */
export async function paginateByOffset<T>(
  cursors: CursorCodec,
  listScope: string,
  request: PageRequest,
  find: (offset: number, limit: number) => Promise<{ items: T[]; count: number }>,
): Promise<ListPage<T>> {
  const limit = request.limit ?? DEFAULT_LIMIT;
  const scope = boundScope(listScope, request);
  const start = offsetOf(cursors, scope, request);
  const { items, count } = await find(start, limit);
  return { items, ...nextAfter(cursors, scope, start, limit, start + limit < count), count };
}
