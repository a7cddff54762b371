// The JavaScript budget: what a first visit must download before the app runs (the entry chunk and the
// chunks it imports statically, from esbuild's metafile), gzipped, must stay within BUDGET_KB.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const BUDGET_KB = 150;
/** The editor's own code (ProseMirror, @docstack/editor), loaded on the first edit. */
export const EDITOR_BUDGET_KB = 250;
export const EDITOR_SCREEN = "src/screens/editor/EditPage.tsx";
/** The editor's Markdown source view (CodeMirror 6), loaded only when opened. */
export const SOURCE_BUDGET_KB = 200;
export const SOURCE_VIEW = "src/screens/editor/SourceView.tsx";
const root = path.resolve(import.meta.dirname, "..");

/** The files of the first load: the entry and, transitively, its static imports (not the lazy screens). */
export function firstLoad(metafile) {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint === "src/main.tsx" && file.endsWith(".js"));
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of outputs[file]?.imports ?? []) if (imported.kind === "import-statement") visit(imported.path);
  };
  visit(entry);
  return [...seen];
}

export function firstLoadGzipBytes(metafile, cwd = root) {
  return gzipBytes(firstLoad(metafile), cwd);
}

/** The files the first edit downloads beyond the first load: the editor screen's chunk and its static imports. */
export function editorLoad(metafile) {
  return lazyLoad(metafile, EDITOR_SCREEN, firstLoad(metafile));
}

/** The files opening the Markdown source downloads beyond the first load and the editor's. */
export function sourceLoad(metafile) {
  return lazyLoad(metafile, SOURCE_VIEW, [...firstLoad(metafile), ...editorLoad(metafile)]);
}

/** A lazy chunk made from `entryPoint` and its static imports, but those already loaded. */
function lazyLoad(metafile, entryPoint, loaded) {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint === entryPoint && file.endsWith(".js"));
  if (!entry) throw new Error(`esbuild made no chunk for ${entryPoint}: is it still loaded lazily?`);
  const first = new Set(loaded);
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || first.has(file)) return;
    seen.add(file);
    for (const imported of outputs[file]?.imports ?? []) if (imported.kind === "import-statement") visit(imported.path);
  };
  visit(entry);
  return [...seen];
}

const gzipBytes = (files, cwd) => files.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.resolve(cwd, file)), { level: 9 }).length, 0);

export const editorGzipBytes = (metafile, cwd = root) => gzipBytes(editorLoad(metafile), cwd);
export const sourceGzipBytes = (metafile, cwd = root) => gzipBytes(sourceLoad(metafile), cwd);

if (import.meta.url === `file://${process.argv[1]}`) {
  const metafile = JSON.parse(fs.readFileSync(path.join(root, "dist/meta.json"), "utf8"));
  const bytes = firstLoadGzipBytes(metafile);
  const kb = (bytes / 1024).toFixed(1);
  if (bytes > BUDGET_KB * 1024) {
    console.error(`The app's first JavaScript is ${kb} KB gzipped: over its budget of ${BUDGET_KB} KB (docs/app.md)`);
    process.exit(1);
  }
  console.log(`The app's first JavaScript: ${kb} KB gzipped (budget ${BUDGET_KB} KB)`);
  const editorBytes = editorGzipBytes(metafile);
  const editorKb = (editorBytes / 1024).toFixed(1);
  if (editorBytes > EDITOR_BUDGET_KB * 1024) {
    console.error(`The editor's JavaScript is ${editorKb} KB gzipped: over its budget of ${EDITOR_BUDGET_KB} KB (docs/app.md)`);
    process.exit(1);
  }
  console.log(`The editor's JavaScript (loaded on the first edit): ${editorKb} KB gzipped (budget ${EDITOR_BUDGET_KB} KB)`);
  const sourceBytes = sourceGzipBytes(metafile);
  const sourceKb = (sourceBytes / 1024).toFixed(1);
  if (sourceBytes > SOURCE_BUDGET_KB * 1024) {
    console.error(`The Markdown source view's JavaScript is ${sourceKb} KB gzipped: over its budget of ${SOURCE_BUDGET_KB} KB (docs/app.md)`);
    process.exit(1);
  }
  console.log(`The Markdown source view's JavaScript (CodeMirror, loaded when opened): ${sourceKb} KB gzipped (budget ${SOURCE_BUDGET_KB} KB)`);
}
