// Starting the embedded database apart from the rest of opening it. PGlite's start first compiles its WebAssembly
// off this thread and reads its files: `serve` starts it before loading the app's modules (cli/main.ts), so the
// two overlap instead of following each other (issue 40: a second of a start).
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { embeddedStartOptions } from "./embedded-options";
import { templateFor } from "./embedded-template";
import { acquireDirectoryLock, type DirectoryLock } from "./lock";

export interface EmbeddedStartOptions {
  /** The embedded database's directory; "memory://" keeps it in memory. */
  dataDir: string;
  /** A dump (from PGlite's dumpDataDir) to start an in-memory database from. */
  loadDataDir?: Blob | undefined;
  /** The buffer cache in MiB (`shared_buffers`). */
  sharedBuffersMb?: number | undefined;
  /**
   * Compile PGlite's WebAssembly here, at once (the command line, before it loads the app's modules). Not under jest:
   * its modules' realm does not take a module compiled in another as a `WebAssembly.Module`.
   */
  compileAtOnce?: boolean;
}

/** A start under way: the database once started, and the directory's lock (released if the start fails). */
export interface EmbeddedStart {
  dataDir: string;
  pglite: Promise<PGlite>;
  lock: DirectoryLock | undefined;
}

export const pgliteClass = () => (require("@electric-sql/pglite") as typeof import("@electric-sql/pglite")).PGlite;

// Node 20's WebAssembly global, which lib "ES2023" does not describe.
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssemblyModule> };
type WebAssemblyModule = NonNullable<import("@electric-sql/pglite").PGliteOptions["pgliteWasmModule"]>;

/** PGlite's WebAssembly, compiled. */
function compilePglite(): Promise<WebAssemblyModule> {
  const wasm = path.join(path.dirname(require.resolve("@electric-sql/pglite")), "pglite.wasm");
  return WebAssembly.compile(fs.readFileSync(wasm));
}

/** Takes the directory's lock (throws if another process holds it) and starts PGlite on it. */
export function startEmbedded(options: EmbeddedStartOptions): EmbeddedStart {
  const inMemory = options.dataDir.startsWith("memory://");
  let lock: DirectoryLock | undefined;
  if (!inMemory) {
    // PGlite's mkdir is not recursive: create the parents first.
    fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
    lock = acquireDirectoryLock(options.dataDir);
  }
  try {
    const PGlite = pgliteClass();
    // A given dump is loaded in memory too (the tests' migrated template); a new directory starts from the build's.
    const template = options.loadDataDir || inMemory ? undefined : templateFor(options.dataDir);
    if (template && "copy" in template) template.copy();
    const loadDataDir = options.loadDataDir ?? (template && "dump" in template ? template.dump : undefined);
    // Compiled from here: V8 compiles on its own threads while this one goes on (loading the app's modules), where
    // PGlite's own compile would begin only after reading the file once the event loop turns.
    const compiled = options.compileAtOnce ? compilePglite() : Promise.resolve(undefined);
    const pglite = compiled.then((pgliteWasmModule) =>
      PGlite.create({
        ...embeddedStartOptions(PGlite.defaultStartParams, options.sharedBuffersMb),
        ...(inMemory ? {} : { dataDir: options.dataDir }),
        ...(loadDataDir ? { loadDataDir } : {}),
        ...(pgliteWasmModule ? { pgliteWasmModule } : {}),
      }),
    );
    // Awaited by whoever opens the database; until then a failure is not "unhandled".
    pglite.catch(() => {});
    return { dataDir: options.dataDir, pglite, lock };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
