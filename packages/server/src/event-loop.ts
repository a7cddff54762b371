// The server's one thread serves every request, and the embedded database runs on it too. Long work
// done in one go (a page of a million characters stored, indexed and merged) would hold every other
// request, /healthz included, until it ended. Such work calls `eventLoop.turnIfBusy()` between its
// steps: once the thread has worked `TURN_AFTER_MS` since the loop last turned here, the call waits one
// turn, so other requests are served between the steps. Short work pays nothing.
import { setImmediate as nextTurn } from "node:timers/promises";

/** Milliseconds of work after which the next step waits for the event loop to turn. */
export const TURN_AFTER_MS = 10;

/** When the event loop last turned, as far as the steps that ask know. */
export class Turns {
  private last = performance.now();

  constructor(private readonly afterMs = TURN_AFTER_MS) {}

  /** Resolves at once, or after the event loop turned when it has worked `afterMs` since it last did. */
  async turnIfBusy(): Promise<void> {
    if (performance.now() - this.last < this.afterMs) return;
    await nextTurn();
    this.last = performance.now();
  }
}

/** The process's event loop (there is one): shared by the database's statements and long steps of work. */
export const eventLoop = new Turns();
