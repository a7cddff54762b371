// What a bulk write (an import's batches of hundreds of pages) leaves behind, released after each batch, so that a
// large import's memory grows far less with its size (figures in docs/memory.md, "Imports"):
//  - Prisma's driver adapters log through `@prisma/debug`, which keeps the arguments of its last 100 calls whether or
//    not debugging is on (for its crash reports): each query with its parameters, after a batch the bodies of its
//    pages (about 20 MiB measured by a heap snapshot during bench/content-io.mjs);
//  - a batch's transaction keeps its objects alive across many young-generation collections, so V8 promotes them to
//    the old generation, which it collects only once that has grown: 13 MiB more heap a batch of 500 pages, 200 MiB
//    resident over a 5,000-page import, nearly all garbage. A full collection after each batch gives it back.
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

export const BATCH_MEMORY_CHANNEL = "docstack:batch-memory-released";
const releases = channel(BATCH_MEMORY_CHANNEL);

let released: { modules: DebugModule[]; collect: () => void } | undefined;

export function releaseBatchMemory(): void {
  released ??= { modules: driverDebugModules(), collect: fullCollection() };
  for (const debug of released.modules) debug.clearLogs?.();
  released.collect();
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
