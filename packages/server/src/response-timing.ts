// When a request came, kept for its response: the metrics and the request log time it from the same moment, without a
// closure per request to hold it. Kept beside the response rather than on it: a property added to each response cost
// more of the profile than the map (issue 40).
import type { ServerResponse } from "node:http";

const started = new WeakMap<ServerResponse, number>();

/** Marks the request's start for its response; the first mark stays. */
export function markStarted(res: ServerResponse): void {
  if (!started.has(res)) started.set(res, performance.now());
}

/** Milliseconds since the response's mark. */
export function msSinceStarted(res: ServerResponse): number {
  const now = performance.now();
  return now - (started.get(res) ?? now);
}
