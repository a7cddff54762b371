// A gate's operations dealt among a few test files, so that jest's two workers share a long gate and finish together
// (one file per gate left a core idle for minutes). Dealt in turn, not in blocks: neighbours in the contract (one
// resource's operations) cost alike, so each file gets its share of the costly ones.
import { operations } from "./contract";

/** Which file of a gate this is: `index` from 1 to `of`. */
export interface Shard {
  index: number;
  of: number;
}

export function operationsOf(shard: Shard): typeof operations {
  return operations.filter((_, i) => i % shard.of === shard.index - 1);
}

const ALL_IDS = new Set<string>(operations.map((o) => o.operationId));

/**
 * Whether a not-covered line (src/not-covered.ts) is the shard's to answer for: a line naming one of its operations.
 * Lines naming no operation (a fixture no create operation could make) may come from any shard, so none owns them.
 */
export function ownsLine(shard: Shard): (line: string) => boolean {
  if (shard.of === 1) return () => true;
  const mine = new Set<string>(operationsOf(shard).map((o) => o.operationId));
  return (line) => {
    const name = /^[^\s:(]+/.exec(line)?.[0] ?? "";
    return ALL_IDS.has(name) && mine.has(name);
  };
}

/** The harness options of a gate's files: thousands of requests share one token, and rate limiting (tested elsewhere) would answer 429. */
export const NO_RATE_LIMIT = { rateLimit: { max: 0, windowMs: 60_000 } };
