// What a bulk write (an import's batches of hundreds of pages) leaves behind, released after each batch, so that a
// large import's memory grows far less with its size (figures in docs/memory.md, "Imports"):
//  - Prisma's driver adapters log through `@prisma/debug`, which keeps the arguments of its last 100 calls whether or
//    not debugging is on (for its crash reports): each query with its parameters, after a batch the bodies of its
//    pages (about 20 MiB measured by a heap snapshot during bench/content-io.mjs);
//  - a batch's transaction keeps its objects alive across many young-generation collections, so V8 promotes them to
//    the old generation, which it collects only once that has grown (with the buffers they hold outside the heap).
//    A full collection gives it back; but a forced one is atomic (not incremental): with a heap of 80-110 MiB each
//    held the thread, and every request with it, for 100 ms to 1 s on a loaded 2-core machine, and one after every
//    batch made 66 of them (16.6 s) over bench/content-io.mjs's imports (issue 40). So it runs only once the heap
//    and its outside buffers have grown by COLLECT_AFTER_GROWTH_BYTES since the last one.
// Every import kind calls it after each batch it writes and after its merge (commands/import-repository.ts,
// imports/run.ts); each release is published on BATCH_MEMORY_CHANNEL (a test counts them).
import { channel } from "node:diagnostics_channel";
import { createRequire } from "node:module";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

type DebugModule = { clearLogs?: () => void; getLogs?: () => string };

/** The `@prisma/debug` instance each adapter loads (through its `@prisma/driver-adapter-utils`), where installed. */
export function driverDebugModules(): DebugModule[] {
  const modules: DebugModule[] = [];
  for (const adapter of ["pglite-prisma-adapter", "@prisma/adapter-pg"]) {
    try {
      const fromAdapter = createRequire(require.resolve(adapter));
      const fromUtils = createRequire(fromAdapter.resolve("@prisma/driver-adapter-utils"));
      const debug = fromUtils("@prisma/debug") as DebugModule;
      if (!modules.includes(debug)) modules.push(debug);
    } catch {
      // Not installed this way: nothing of it to empty.
    }
  }
  return modules;
}

/** V8's full collection, without exposing `gc` to every module (`--expose-gc` for a fresh context only). */
function fullCollection(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

/** Growth of the heap and its outside buffers (bytes) after which a release runs a full collection. */
const COLLECT_AFTER_GROWTH_BYTES = 64 * 1024 * 1024;

const held = () => {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

export const BATCH_MEMORY_CHANNEL = "docstack:batch-memory-released";
const releases = channel(BATCH_MEMORY_CHANNEL);

let released: { modules: DebugModule[]; collect: () => void; after: number } | undefined;

export function releaseBatchMemory(): void {
  released ??= { modules: driverDebugModules(), collect: fullCollection(), after: held() };
  for (const debug of released.modules) debug.clearLogs?.();
  // Growth from the lowest level seen since the last collection (V8's own collections lower it too).
  const now = held();
  released.after = Math.min(released.after, now);
  if (now - released.after >= COLLECT_AFTER_GROWTH_BYTES) {
    released.collect();
    released.after = held();
  }
  releases.publish(undefined);
}

/**
 * For a loop of bulk statements inside one transaction (a merge's search index of thousands of pages): a release every
 * `every` calls, none for a loop shorter than that (an edit's merge runs it once or twice).
 */
export function releaseEvery(every: number): () => void {
  let calls = 0;
  return () => {
    if (++calls % every === 0) releaseBatchMemory();
  };
}
