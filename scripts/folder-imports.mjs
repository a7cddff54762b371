#!/usr/bin/env node
// The server's floors import only downwards: no folder of packages/server/src imports a folder that imports it
// back. Reads the dependency tree dpdm wrote (`lint()` in root.mjs runs it with --output), so imports are resolved as
// the import-circle check resolves them, type-only ones included. A folder is a top folder of src/, except that each
// room of areas/ and models/ is a folder of its own; a file directly in src/ is its own. Tests are left out: a test
// may drive the whole server. The pairs that still import each other are listed in
// packages/server/folder-back-imports.txt, which may only shrink: a new pair fails, and so does a listed one that
// is gone (remove its line).
//   node scripts/folder-imports.mjs <dpdm.json>
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SRC = "packages/server/src/";
const LIST = path.join(root, "packages", "server", "folder-back-imports.txt");

/** The folder a source file of the server belongs to, or undefined for a test or a file elsewhere. */
function folderOf(file) {
  if (!file?.startsWith(SRC) || file.endsWith(".test.ts")) return undefined;
  const parts = file.slice(SRC.length).split("/");
  if (parts.length === 1) return parts[0];
  return (parts[0] === "areas" || parts[0] === "models") && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

const { tree } = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
/** "from -> to": the files of `from` importing `to`. */
const edges = new Map();
for (const [file, dependencies] of Object.entries(tree)) {
  const from = folderOf(file);
  if (!from) continue;
  for (const dependency of dependencies ?? []) {
    const to = folderOf(dependency.id);
    if (!to || to === from) continue;
    const key = `${from} -> ${to}`;
    edges.set(key, (edges.get(key) ?? new Set()).add(file.slice(SRC.length)));
  }
}

const found = new Map();
for (const key of edges.keys()) {
  const [a, b] = key.split(" -> ");
  if (a < b && edges.has(`${b} -> ${a}`)) found.set(`${a} <-> ${b}`, [key, `${b} -> ${a}`]);
}
const listed = new Set(
  fs
    .readFileSync(LIST, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#")),
);

let failed = false;
for (const [pair, directions] of found) {
  if (listed.has(pair)) continue;
  failed = true;
  console.error(`Folders importing each other: ${pair}`);
  for (const direction of directions) console.error(`  ${direction}: ${[...edges.get(direction)].sort().join(", ")}`);
}
for (const pair of listed) {
  if (found.has(pair)) continue;
  failed = true;
  console.error(`No longer import each other: ${pair} (remove its line from ${path.relative(root, LIST)})`);
}
if (failed) {
  console.error("The server's folders import only downwards: see docs/server-folders.md.");
  process.exit(1);
}
console.log(`Folder imports: ${found.size} pair(s) still importing each other, all listed; no new one.`);
