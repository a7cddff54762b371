// Per-token rate limiting (per client address for requests without a token), in
// fixed windows, with the RateLimit-* headers of the IETF draft on every response.
import type { RequestHandler } from "express";
import { bearerToken } from "../auth/authenticate";
import { hashToken } from "../auth/tokens";
import type { Clock } from "../clock";
import { ApiError } from "./errors";

export function rateLimit(options: { max: number; windowMs: number; clock: Clock }): RequestHandler {
  const windows = new Map<string, { start: number; used: number }>();
  let lastSweep = 0;
  return (req, res, next) => {
    if (options.max === 0) return next();
    const now = options.clock.now().getTime();
    if (now - lastSweep > options.windowMs) {
      // Forget finished windows so memory stays bounded by the active clients.
      for (const [key, window] of windows) if (now - window.start >= options.windowMs) windows.delete(key);
      lastSweep = now;
    }
    const token = bearerToken(req.headers.authorization);
    const key = token ? `t:${hashToken(token)}` : `a:${req.ip}`;
    let window = windows.get(key);
    if (!window || now - window.start >= options.windowMs) {
      window = { start: now, used: 0 };
      windows.set(key, window);
    }
    window.used++;
    const reset = Math.max(1, Math.ceil((window.start + options.windowMs - now) / 1000));
    res.setHeader("RateLimit-Limit", String(options.max));
    res.setHeader("RateLimit-Remaining", String(Math.max(0, options.max - window.used)));
    res.setHeader("RateLimit-Reset", String(reset));
    if (window.used > options.max) {
      return next(new ApiError(429, `Too many requests: retry in ${reset} seconds`, { "Retry-After": String(reset) }));
    }
    next();
  };
}
