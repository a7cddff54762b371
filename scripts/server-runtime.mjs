// How the server's Node.js process runs for a small machine (docs/memory.md): `npm start` and
// `npm run docstack` use these, and so do the benchmark's targets, so the bench measures what users run.
//  - glibc's malloc keeps one arena per thread that allocated (V8's compiler threads among them) and
//    gives little back: one arena saves 40–70 MiB resident;
//  - a young generation of 8 MiB semi-spaces (V8's default is 16): less heap than the default, and half the
//    scavenges of 4 MiB ones, which took a sixth of a published page's cold render (docs/memory.md).
// Each can be overridden: a MALLOC_ARENA_MAX in the environment wins, and so does a --max-semi-space-size in
// NODE_OPTIONS. WebAssembly's tiering budget the server sets itself, however it is started
// (packages/server/src/wasm-tiering.ts).

/** Node.js flags for the server's process. */
export function serverNodeFlags(env = process.env) {
  const options = env.NODE_OPTIONS ?? "";
  const flags = /--max-semi-space-size/.test(options) ? [] : ["--max-semi-space-size=8"];
  // Opt-in: WebAssembly (the embedded database) stays on its baseline compiler, 60–90 MiB less for slower queries.
  if (env.DOCSTACK_LIFTOFF_ONLY === "true") flags.push("--liftoff-only");
  return flags;
}

/** Environment for the server's process (what the environment sets already wins). */
export function serverEnv(env) {
  return { MALLOC_ARENA_MAX: "1", ...env };
}
