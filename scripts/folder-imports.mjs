#!/usr/bin/env node
// The server's floors import only downwards: no folder of packages/server/src imports a folder that imports it back,
// directly or through other folders. Reads the dependency tree dpdm wrote (`lint()` in root.mjs runs it with
// --output), so imports are resolved as the import-circle check resolves them, type-only ones included. A folder is a
// top folder of src/, except that each room of areas/, models/ and content/ is a folder of its own (files directly in
// one of those belong to the folder itself); a file directly in src/ is its own. Tests are left out: a test may drive
// the whole server. Fails on any loop of folders, naming the imports that close it.
//   node scripts/folder-imports.mjs <dpdm.json>
import fs from "node:fs";

const SRC = "packages/server/src/";
const ROOMED = new Set(["areas", "models", "content"]);

/** The folder a source file of the server belongs to, or undefined for a test or a file elsewhere. */
function folderOf(file) {
  if (!file?.startsWith(SRC) || file.endsWith(".test.ts")) return undefined;
  const parts = file.slice(SRC.length).split("/");
  if (parts.length === 1) return parts[0];
  return ROOMED.has(parts[0]) && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

const { tree } = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
/** folder -> folder it imports -> the files of the first importing the second. */
const edges = new Map();
for (const [file, dependencies] of Object.entries(tree)) {
  const from = folderOf(file);
  if (!from) continue;
  for (const dependency of dependencies ?? []) {
    const to = folderOf(dependency.id);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const files = edges.get(from).get(to) ?? new Set();
    edges.get(from).set(to, files.add(file.slice(SRC.length)));
  }
}

/** The loops of folders: strongly connected components of more than one folder (Tarjan's algorithm). */
function loops() {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  let next = 0;
  const visit = (folder) => {
    index.set(folder, next);
    low.set(folder, next++);
    stack.push(folder);
    for (const to of edges.get(folder)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder), low.get(to)));
      } else if (stack.includes(to)) low.set(folder, Math.min(low.get(folder), index.get(to)));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      component.push(member);
    } while (member !== folder);
    if (component.length > 1) found.push(component.sort());
  };
  for (const folder of edges.keys()) if (!index.has(folder)) visit(folder);
  return found;
}

const found = loops();
for (const component of found) {
  console.error(`Folders importing each other: ${component.join(", ")}`);
  for (const from of component)
    for (const [to, files] of edges.get(from) ?? []) if (component.includes(to)) console.error(`  ${from} -> ${to}: ${[...files].sort().join(", ")}`);
}
if (found.length) {
  console.error("The server's folders import only downwards: see docs/server-folders.md.");
  process.exit(1);
}
console.log(`Folder imports: ${edges.size} folders of the server, none importing one that imports it back.`);
