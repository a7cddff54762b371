// Prisma's driver adapters log through `@prisma/debug`, which keeps the arguments of its last 100 calls whether or
// not debugging is on (for its crash reports): each query with its parameters. After a bulk write those are the
// bodies of hundreds of pages (about 20 MiB held after an import's batches of 500 pages, measured by a heap snapshot
// in bench/content-io.mjs). `forgetDriverDebugHistory` empties that history; a bulk writer calls it after each batch.
import { createRequire } from "node:module";

type DebugModule = { clearLogs?: () => void };

/** The `@prisma/debug` instance each adapter loads (through its `@prisma/driver-adapter-utils`), where installed. */
function debugModules(): DebugModule[] {
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

let modules: DebugModule[] | undefined;

export function forgetDriverDebugHistory(): void {
  modules ??= debugModules();
  for (const debug of modules) debug.clearLogs?.();
}
