// One seed per run, from DOCSTACK_FUZZ_SEED or a fixed default, so a run is
// reproducible; each operation derives its own from it and its operationId, so
// adding an operation to the contract does not change what the others generate.

const DEFAULT_SEED = 20261122;

function parseSeed(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return DEFAULT_SEED;
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed)) throw new Error(`DOCSTACK_FUZZ_SEED must be an integer, got "${raw}"`);
  return seed;
}

export const FUZZ_SEED = parseSeed(process.env.DOCSTACK_FUZZ_SEED);

/** How many times more requests to make than by default (DOCSTACK_FUZZ_SCALE, e.g. 10 for a long run). */
export const FUZZ_SCALE = Math.max(0.1, Number(process.env.DOCSTACK_FUZZ_SCALE ?? "1") || 1);

/** A 32-bit seed for one part of the run (FNV-1a of the run seed and the part's names). */
export function seedFor(...parts: string[]): number {
  let hash = 0x811c9dc5;
  for (const char of `${FUZZ_SEED}:${parts.join(":")}`) {
    hash ^= char.codePointAt(0) as number;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

export const reproduce = (operationId: string) => `DOCSTACK_FUZZ_SEED=${FUZZ_SEED} (operation ${operationId})`;
