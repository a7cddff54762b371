// Rate limiting in fixed windows, with the RateLimit-* headers of the IETF draft and GitBook's
// X-RateLimit-* ones on every response. A request is counted against its token only once that token has authenticated;
// until then (no token, a malformed header, a token never seen to work) against the client's
// address. So made-up tokens share their address's budget, and once it is spent they are
// refused before any database lookup. Counting is behind `RateLimitStore`: in PostgreSQL when
// instances share it (the limit holds across them), in memory on the embedded database (one process
// owns it, so its memory is the whole count).
import type { RequestHandler } from "express";
import { credentialHash } from "../auth/authenticate";
import type { Clock } from "../clock";
import type { Db } from "../db/database";
import { ApiError } from "../http/errors";

/** Where requests are counted: per key, in windows of `windowMs` aligned on the clock's epoch. */
export interface RateLimitStore {
  /** Counts one more request for `key` in the current window; returns how many that window holds now. */
  hit(key: string, windowMs: number): Promise<number>;
}

/**
 * Counts in the database, one row per key and window: one statement per request (an upsert on the
 * primary key, no WAL: the table is unlogged). A scheduled job deletes finished windows.
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  constructor(
    private readonly prisma: Db,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, windowMs: number): Promise<number> {
    const window = windowStart(this.clock, windowMs);
    const rows = await this.prisma.$queryRaw<{ count: number }[]>`
      INSERT INTO "RateLimitCounter" (key, "window", count) VALUES (${key}, ${window}, 1)
      ON CONFLICT (key, "window") DO UPDATE SET count = "RateLimitCounter".count + 1
      RETURNING count`;
    return Number(rows[0]?.count ?? 1);
  }
}

/** Deletes the counters of finished windows; returns how many. */
export async function forgetFinishedWindows(prisma: Db, clock: Clock, windowMs: number): Promise<number> {
  return prisma.rateLimitCounter.deleteMany({ where: { window: { lt: windowStart(clock, windowMs) } } }).then((result) => result.count);
}

const windowStart = (clock: Clock, windowMs: number) => BigInt(Math.floor(clock.now().getTime() / windowMs) * windowMs);

/** Counts in this process's memory, forgetting finished windows. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { window: number; count: number }>();
  private lastSweep = 0;

  constructor(private readonly clock: Clock) {}

  async hit(key: string, windowMs: number): Promise<number> {
    const window = Math.floor(this.clock.now().getTime() / windowMs);
    if (window !== this.lastSweep) {
      // Memory stays bounded by the clients of the current window.
      for (const [stale, entry] of this.windows) if (entry.window !== window) this.windows.delete(stale);
      this.lastSweep = window;
    }
    const entry = this.windows.get(key);
    if (entry?.window === window) return ++entry.count;
    this.windows.set(key, { window, count: 1 });
    return 1;
  }
}

/** Tokens remembered as authenticated, at most: the oldest is forgotten first (its requests then count per address until it authenticates again). */
const REMEMBERED_TOKENS = 100_000;

export class RateLimiter {
  /** Hashes of tokens that authenticated: their requests count against the token. */
  private readonly authenticated = new Set<string>();

  constructor(private readonly options: { max: number; windowMs: number; clock: Clock; store: RateLimitStore }) {}

  /** Authentication succeeded with this token: count its requests against it from now on. */
  tokenAuthenticated(tokenHash: string): void {
    if (this.options.max === 0 || this.authenticated.has(tokenHash)) return;
    if (this.authenticated.size >= REMEMBERED_TOKENS) this.authenticated.delete(this.authenticated.values().next().value as string);
    this.authenticated.add(tokenHash);
  }

  /** Authentication failed with this token (revoked since): back to its address's budget. */
  tokenRefused(tokenHash: string): void {
    this.authenticated.delete(tokenHash);
  }

  /** Counts the request, sets the headers, and refuses it with 429 beyond the budget. */
  middleware(): RequestHandler {
    const { max, windowMs, clock, store } = this.options;
    return (req, res, next) => {
      if (max === 0) return next();
      const tokenHash = credentialHash(req);
      const key = tokenHash && this.authenticated.has(tokenHash) ? `t:${tokenHash}` : `a:${req.ip}`;
      store.hit(key, windowMs).then((count) => {
        const now = clock.now().getTime();
        const windowEnd = (Math.floor(now / windowMs) + 1) * windowMs;
        const reset = Math.max(1, Math.ceil((windowEnd - now) / 1000));
        const remaining = String(Math.max(0, max - count));
        res.setHeader("RateLimit-Limit", String(max));
        res.setHeader("RateLimit-Remaining", remaining);
        res.setHeader("RateLimit-Reset", String(reset));
        // GitBook's headers, for its clients: the same budget, the reset as a UTC epoch time in seconds.
        res.setHeader("X-RateLimit-Limit", String(max));
        res.setHeader("X-RateLimit-Remaining", remaining);
        res.setHeader("X-RateLimit-Reset", String(Math.ceil(windowEnd / 1000)));
        if (count > max) return next(new ApiError("rate_limited", `Too many requests: retry in ${reset} seconds`, { "Retry-After": String(reset) }));
        next();
      }, next);
    };
  }
}
