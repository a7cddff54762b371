// When a request came, kept on its response: the metrics and the request log time it from the same moment, without a
// closure per request to hold it.
import type { ServerResponse } from "node:http";

const STARTED = Symbol("started");
type Timed = ServerResponse & { [STARTED]?: number };

/** Marks the request's start on its response; the first mark stays. */
export function markStarted(res: ServerResponse): void {
  (res as Timed)[STARTED] ??= performance.now();
}

/** Milliseconds since the response's mark. */
export function msSinceStarted(res: ServerResponse): number {
  const now = performance.now();
  return now - ((res as Timed)[STARTED] ?? now);
}
