// When a failed delivery is tried again: doubling from the base (DOCSTACK_WEBHOOK_RETRY_BASE_MS, 5 s by
// default), capped at 4,096 times it, with ±20% jitter so failing receivers are not hit in step. With the
// default base, 16 attempts span about a day (22.75 h of delays).
export const MAX_ATTEMPTS = 16;
const CAP_DOUBLINGS = 12;

/** The delay before attempt `attempts + 1`, after `attempts` failed ones; `random` in [0, 1). */
export function retryDelayMs(baseMs: number, attempts: number, random: number = Math.random()): number {
  const delay = baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), CAP_DOUBLINGS);
  return Math.round(delay * (0.8 + 0.4 * random));
}

/** A webhook whose deliveries have all failed for this long is turned off. */
export const DISABLE_AFTER_MS = 3 * 24 * 3600 * 1000;
