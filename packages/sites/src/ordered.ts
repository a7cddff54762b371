// Work on a list with a few calls in flight, its results in the list's order: a stream
// written as it is produced does not wait for each read in turn.

/** `map` over the items, at most `width` calls in flight, yielding results in order. */
export async function* mapInOrder<T, R>(items: readonly T[], width: number, map: (item: T) => Promise<R>): AsyncGenerator<R> {
  const pending: Promise<R>[] = [];
  let next = 0;
  const start = () => {
    const call = map(items[next++]!);
    // Awaited in its turn; a failure before then is not an unhandled rejection.
    call.catch(() => undefined);
    pending.push(call);
  };
  while (next < items.length && pending.length < width) start();
  while (pending.length) {
    const result = await pending.shift()!;
    if (next < items.length) start();
    yield result;
  }
}
