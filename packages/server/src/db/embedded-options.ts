// How every embedded database is started: the extensions the migrations create, and memory settings for a small
// machine. Apart from database.ts so the tests' per-worker database (test/support/embedded-pool.ts) starts the same
// way without loading the rest of the server.
import type { PGliteOptions } from "@electric-sql/pglite";
import { EMBEDDED_SHARED_BUFFERS_MB } from "../config";
import { pgliteExtensions } from "./pglite-extensions";

/**
 * PGlite's start parameters with memory settings for a small machine. `maintenance_work_mem` (64 MB by
 * default) is what an index build or a vacuum may take: the WebAssembly memory it grows never shrinks.
 * `wal_init_zero=off`: a new 16 MB WAL file gets its last byte written, not 16 MB of zeros. The embedded database
 * writes its files through this process's thread, so each new WAL file held the statement that needed it, and every
 * request with it, for 100–170 ms (a large merge's search index: /healthz p99 124–154 ms, 22.5 ms after; issue 40).
 */
export function embeddedStartOptions(defaultStartParams: readonly string[], sharedBuffersMb = EMBEDDED_SHARED_BUFFERS_MB): PGliteOptions {
  return {
    extensions: pgliteExtensions(),
    startParams: [
      ...defaultStartParams,
      "-c",
      `shared_buffers=${Math.max(1, sharedBuffersMb)}MB`,
      "-c",
      "maintenance_work_mem=16MB",
      "-c",
      "wal_init_zero=off",
    ],
  };
}
