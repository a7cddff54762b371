#!/usr/bin/env node
// The `docstack` command line: `npm run docstack -- <command>` from the repository root.
import { setImmediate as nextTurn } from "node:timers/promises";
import { loadConfig } from "../config";
import { startEmbedded } from "../db/embedded-start";
import { applyWasmTieringBudget } from "../wasm-tiering";

/** Loaded with the client (the first of the modules below), not before. */
const prepareQueryCompiler = () =>
  (require("../generated/prisma/internal/class") as typeof import("../generated/prisma/internal/class")).prepareQueryCompiler();

/** The commands that serve (commands.ts): on the embedded database, they start it before loading the app's modules. */
const SERVING = new Set(["start", "serve", "worker"]);

/**
 * The app's heaviest module graphs, loaded one after the other with a turn of the event loop between: a `require` of
 * them all at once would hold the thread for half a second, and PGlite's start (its file reads, its WebAssembly's
 * compile, which the event loop's turns move on) would wait for it instead of going on meanwhile.
 */
const PRISMA_CLIENT = "../generated/prisma/client";
const HEAVY_MODULES = [PRISMA_CLIENT, "express", "../app", "../wiring/operations", "../wiring/services"];

async function loadTakingTurns(): Promise<void> {
  for (const name of HEAVY_MODULES) {
    await nextTurn();
    require(name);
    // Prisma's query compiler loads, its WebAssembly compiled off this thread, while the other modules load: at the
    // first query it held the start 150-200 ms (scripts/prisma-generate.mjs, compilerFromFile).
    if (name === PRISMA_CLIENT) prepareQueryCompiler();
  }
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  // Before PGlite's or Prisma's WebAssembly compiles.
  applyWasmTieringBudget();
  const serving = name !== undefined && SERVING.has(name) ? loadConfig() : undefined;
  // PGlite compiles its WebAssembly off this thread while the modules below load (all of the app's: half a second).
  const embedded =
    serving && !serving.databaseUrl
      ? startEmbedded({ dataDir: serving.dataDir, sharedBuffersMb: serving.embeddedSharedBuffersMb, compileAtOnce: true })
      : undefined;
  if (embedded) await loadTakingTurns();
  const { commands, usage } = require("./commands") as typeof import("./commands");
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(usage());
    return name && name !== "help" && name !== "--help" ? 2 : 0;
  }
  return command.run(args, serving ?? loadConfig(), embedded);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: Error) => {
    process.stderr.write(`docstack: ${error.message}\n`);
    process.exitCode = 1;
  },
);
