// Writes of many rows go to the database a bounded run of them per statement: one statement of a whole import
// holds the embedded database, and the event loop with it, for as long as it runs.

/** Consecutive runs of `items` of at most `budget` in `size` each; an item larger than the budget goes alone. */
export function runsOf<T>(items: readonly T[], size: (item: T) => number, budget: number): T[][] {
  const runs: T[][] = [];
  let used = 0;
  for (const item of items) {
    // The first item opens a run even when its size is 0 (a page with no Markdown yet).
    if (runs.length === 0 || used + size(item) > budget) {
      runs.push([]);
      used = 0;
    }
    runs.at(-1)!.push(item);
    used += size(item);
  }
  return runs;
}
