// How soon V8 recompiles WebAssembly (the embedded database, Prisma's query compiler) with its optimizing compiler:
// only for functions that keep running hot, at 50 times V8's default budget (docs/memory.md). By default, PostgreSQL's
// own start and the first queries' catalog reads, run once, were compiled twice: 30-50 MiB resident and a third of a
// start's CPU. Set by the process itself, so that any way of running `docstack` gets it (the package's bin, a
// container's `node …/main.js`), as V8's flags are read when WebAssembly is compiled, not only when Node.js starts.
import v8 from "node:v8";

/** V8's default WebAssembly tiering budget (1,800,000 in Node.js 20), times 50. */
export const WASM_TIERING_BUDGET = 1_800_000 * 50;

const FLAG = "--wasm-tiering-budget";

/**
 * The budget's flag this process is to set: DOCSTACK_WASM_TIERING_BUDGET (a whole number; `default` leaves V8's own),
 * else ours; none when Node.js was started with the flag (it wins). Throws on any other value.
 */
export function wasmTieringFlag(env: NodeJS.ProcessEnv, execArgv: readonly string[]): string | undefined {
  if (execArgv.some((arg) => arg === FLAG || arg.startsWith(`${FLAG}=`))) return undefined;
  const budget = env.DOCSTACK_WASM_TIERING_BUDGET ?? String(WASM_TIERING_BUDGET);
  if (budget === "default") return undefined;
  if (!/^[1-9]\d*$/.test(budget) || Number(budget) > 2 ** 31 - 1) {
    throw new Error(`DOCSTACK_WASM_TIERING_BUDGET must be a whole number or "default", not ${JSON.stringify(budget)}`);
  }
  return `${FLAG}=${budget}`;
}

/** Sets the budget in this process, before any WebAssembly is compiled (the command line's start, a test worker's). */
export function applyWasmTieringBudget(env: NodeJS.ProcessEnv = process.env, execArgv: readonly string[] = process.execArgv): void {
  const flag = wasmTieringFlag(env, execArgv);
  if (flag) v8.setFlagsFromString(flag);
}
