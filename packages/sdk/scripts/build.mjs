// Builds the SDK twice: ES modules (dist/esm) and CommonJS (dist/cjs), each with its .d.ts
// and the contract's generated types beside them.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL("..", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
fs.rmSync(new URL("../dist", import.meta.url), { recursive: true, force: true });
for (const project of ["tsconfig.json", "tsconfig.cjs.json"]) {
  const result = spawnSync(process.execPath, [tsc, "-p", project], { cwd: dir, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// Node reads dist/cjs as CommonJS whatever the package's "type".
fs.writeFileSync(new URL("../dist/cjs/package.json", import.meta.url), '{ "type": "commonjs" }\n');
// The SDK uses only the contract's types: they ship with it (contract.d.ts, the generated types),
// so installing the SDK does not install the contract package and its 600 KB document.
const contractTypes = createRequire(import.meta.url).resolve("@docstack/contract/dist/schema.d.ts");
for (const format of ["esm", "cjs"]) {
  const dist = new URL(`../dist/${format}/`, import.meta.url);
  fs.copyFileSync(contractTypes, new URL("contract.d.ts", dist));
  for (const name of fs.readdirSync(dist).filter((file) => file.endsWith(".d.ts") && file !== "contract.d.ts")) {
    const file = new URL(name, dist);
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replaceAll('"@docstack/contract"', '"./contract.js"'));
  }
}
