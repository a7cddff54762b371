// A per-request memo, so that a list resolving many resources loads each parent once.
export interface Memo {
  memo: Map<string, Promise<unknown>>;
}

export function memoize<T>(ctx: Memo, key: string, load: () => Promise<T>): Promise<T> {
  let value = ctx.memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    ctx.memo.set(key, value);
  }
  return value;
}
