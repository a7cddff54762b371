// What a bulk write (an import's batches of hundreds of pages) leaves behind, released after each batch, so that a
// large import's memory grows far less with its size (figures in docs/memory.md, "Imports"): Prisma's driver
// adapters log through `@prisma/debug`, which keeps the arguments of its last 100 calls whether or not debugging is on
// (for its crash reports): each query with its parameters, after a batch the bodies of its pages (about 20 MiB
// measured by a heap snapshot during bench/content-io.mjs).
// A full V8 collection after each batch was dropped (issue 40): forced, it is atomic (not incremental), and at a
// heap of 80-110 MiB each held the thread, and /healthz with it, for 100 ms to 1 s on a loaded 2-core machine (66
// of them, 16.6 s, over bench/content-io.mjs's imports); V8's own incremental collections keep the heap at the same
// size with shorter pauses.
// Every import kind calls it after each batch it writes and after its merge (commands/import-repository.ts,
// imports/run.ts); each release is published on BATCH_MEMORY_CHANNEL (a test counts them).
import { channel } from "node:diagnostics_channel";
import { createRequire } from "node:module";

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

export const BATCH_MEMORY_CHANNEL = "docstack:batch-memory-released";
const releases = channel(BATCH_MEMORY_CHANNEL);

let debugModules: DebugModule[] | undefined;

export function releaseBatchMemory(): void {
  debugModules ??= driverDebugModules();
  for (const debug of debugModules) debug.clearLogs?.();
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
