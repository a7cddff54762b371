// How the server's Node.js process runs for a small machine (docs/memory.md): `npm start` and
// `npm run docstack` use these, and so do the benchmark's targets, so the bench measures what users run.
//  - glibc's malloc keeps one arena per thread that allocated (V8's compiler threads among them) and
//    gives little back: one arena saves 40–70 MiB resident;
//  - a young generation of 4 MiB semi-spaces (V8's default is 16): about 25 MiB less heap;
//  - WebAssembly (the embedded database, Prisma's query compiler) recompiled with TurboFan only once a function has
//    run 50 times longer than V8's default (`--wasm-tiering-budget`): the start's one-off code (PostgreSQL's own
//    start, the first queries' catalog reads) stays on the baseline compiler, which saves 30-50 MiB resident and about
//    a third of the start's CPU; code that keeps running hot still gets the optimizing compiler.
// Each can be overridden: a MALLOC_ARENA_MAX in the environment wins, and so does a --max-semi-space-size in
// NODE_OPTIONS; DOCSTACK_WASM_TIERING_BUDGET sets the budget (`default`: V8's own), as Node.js refuses V8's
// WebAssembly flags in NODE_OPTIONS.

/** V8's default WebAssembly tiering budget (1,800,000 in Node.js 20), times 50. */
const WASM_TIERING_BUDGET = 1_800_000 * 50;

/** The `--wasm-tiering-budget` flag, if any: DOCSTACK_WASM_TIERING_BUDGET (a whole number, or `default`), else ours. */
function tieringBudgetFlags(env) {
  const budget = env.DOCSTACK_WASM_TIERING_BUDGET ?? String(WASM_TIERING_BUDGET);
  if (budget === "default") return [];
  if (!/^[1-9]\d*$/.test(budget)) throw new Error(`DOCSTACK_WASM_TIERING_BUDGET must be a whole number or "default", not ${JSON.stringify(budget)}`);
  return [`--wasm-tiering-budget=${budget}`];
}

/** Node.js flags for the server's process. */
export function serverNodeFlags(env = process.env) {
  const options = env.NODE_OPTIONS ?? "";
  const flags = /--max-semi-space-size/.test(options) ? [] : ["--max-semi-space-size=4"];
  flags.push(...tieringBudgetFlags(env));
  // Opt-in: WebAssembly (the embedded database) stays on its baseline compiler, 60–90 MiB less for slower queries.
  if (env.DOCSTACK_LIFTOFF_ONLY === "true") flags.push("--liftoff-only");
  return flags;
}

/** Environment for the server's process (what the environment sets already wins). */
export function serverEnv(env) {
  return { MALLOC_ARENA_MAX: "1", ...env };
}
