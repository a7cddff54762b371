// Where the server's log lines go: standard output, written in batches. A request's line written on its own cost the
// server's one thread a write handed to libuv's pool and its callback, about 6 µs a request (issue 40's profile);
// batched, one write carries a dozen lines. An information line waits at most LOG_FLUSH_MS; a warning or an error is
// written at once, with what waits before it; what is still held when the process exits is written then (pino
// flushes its destinations on exit, a crash's too).
import pino from "pino";

/** A batch is written once it holds this much. */
export const LOG_BATCH_BYTES = 4096;
/** No line waits longer than this to be written, however quiet the server. */
export const LOG_FLUSH_MS = 250;
/** pino's level number of warnings: from here up, a line is written at once. */
const WARN = 40;

export interface LogDestination extends pino.DestinationStream {
  flush(): void;
  flushSync(): void;
}

/** Lines written to `fd` in batches: at LOG_BATCH_BYTES, every `flushMs`, at once from a warning up, and on exit. */
export function batchedLogDestination(fd: number, flushMs = LOG_FLUSH_MS): LogDestination {
  const destination = pino.destination({ dest: fd, minLength: LOG_BATCH_BYTES, sync: false });
  let held = false;
  const flush = () => {
    if (!held) return;
    held = false;
    destination.flush();
  };
  setInterval(flush, flushMs).unref();
  return {
    // pino tells a stream that asks for it each line's level (as `lastLevel`) before writing the line.
    [pino.symbols.needsMetadataGsym]: true,
    lastLevel: 0,
    write(this: { lastLevel: number }, line: string) {
      held = true;
      destination.write(line);
      if (this.lastLevel >= WARN) flush();
    },
    flush,
    flushSync: () => destination.flushSync(),
  } as LogDestination;
}

let standardOutput: LogDestination | undefined;

/** The process's standard output as a batched destination, one for every logger of the process. */
export function standardOutputLog(): LogDestination {
  standardOutput ??= batchedLogDestination(1);
  return standardOutput;
}
