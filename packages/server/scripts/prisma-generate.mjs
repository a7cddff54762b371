// Generates the Prisma client offline. The Prisma CLI wants a schema-engine
// binary it would download; generation itself runs in WebAssembly, so any
// existing file satisfies the documented PRISMA_SCHEMA_ENGINE_BINARY override.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const prismaCli = require.resolve("prisma/build/index.js");
const result = spawnSync(process.execPath, [prismaCli, "generate"], {
  cwd: serverDir,
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
if (result.status !== 0) {
  console.error("prisma generate failed");
  process.exit(result.status ?? 1);
}
compilerFromFile();

/**
 * Start-up: the generated client imports Prisma's query compiler as a 4.5 MB JavaScript file holding the WebAssembly
 * in base64, and decodes it. Importing that file (the ES module loader reads it, scans it for CommonJS exports and
 * compiles it) costs 300-700 ms of every start. The WebAssembly is written here once, next to the client (src/, and
 * dist/ for the build that follows), and the client reads it; without the file it imports the base64 as before.
 *
 * The client loads its compiler at the first query, and compiled the WebAssembly there on the thread
 * (`new WebAssembly.Module`): 150-200 ms of a start's critical path, the thread idle while the runtime's module
 * loaded and then busy compiling. The patched client exports `prepareQueryCompiler()`, which starts both at once,
 * the WebAssembly compiled off the thread (`WebAssembly.compile`); `serve` calls it while it loads the app's modules
 * (src/cli/main.ts), and the first query awaits what it started (or starts it).
 */
function compilerFromFile() {
  const internal = path.join(serverDir, "src", "generated", "prisma", "internal");
  const classFile = path.join(internal, "class.ts");
  const source = fs.readFileSync(classFile, "utf8");
  const generated =
    /config\.compilerWasm = \{\n {2}getRuntime: async \(\) => await import\("([^"]+)"\),\n\n {2}getQueryCompilerWasmModule: async \(\) => \{\n {4}const \{ wasm \} = await import\("(@prisma\/client\/runtime\/query_compiler_\w+\.\w+\.wasm-base64\.js)"\)\n {4}return await decodeBase64AsWasm\(wasm\)\n {2}\},\n/.exec(
      source,
    );
  if (!generated) throw new Error("prisma-generate: the generated client no longer loads its query compiler as compilerFromFile expects");
  const [whole, runtime, base64] = generated;
  const { wasm } = require(base64);
  for (const dir of [internal, path.join(serverDir, "dist", "generated", "prisma", "internal")]) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "query_compiler.wasm"), Buffer.from(wasm, "base64"));
  }
  const patched = `/** Docstack (scripts/prisma-generate.mjs): the query compiler's module and WebAssembly, loading from the first ask. */
let queryCompilerLoad

export function prepareQueryCompiler(): { runtime: Promise<unknown>; module: Promise<WebAssembly.Module> } {
  if (!queryCompilerLoad) {
    queryCompilerLoad = { runtime: import("${runtime}"), module: compileQueryCompiler() }
    // Awaited by the first query, which reports a failure: until then it is not unhandled.
    queryCompilerLoad.runtime.catch(() => {})
    queryCompilerLoad.module.catch(() => {})
  }
  return queryCompilerLoad
}

async function compileQueryCompiler(): Promise<WebAssembly.Module> {
  const file = (await import("node:path")).join(__dirname, "query_compiler.wasm")
  const bytes = await (await import("node:fs/promises")).readFile(file).catch(() => undefined)
  if (bytes) return await WebAssembly.compile(bytes)
  const { wasm } = await import("${base64}")
  return await decodeBase64AsWasm(wasm)
}

config.compilerWasm = {
  getRuntime: async () => await prepareQueryCompiler().runtime,

  getQueryCompilerWasmModule: async () => await prepareQueryCompiler().module,
`;
  fs.writeFileSync(classFile, source.replace(whole, patched));
}
