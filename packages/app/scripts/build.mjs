// Builds the app into dist/: esbuild bundles src/main.tsx (code split: screens load when first opened),
// names every asset by its content's hash (served as immutable), and writes index.html naming them (served
// as no-cache) with no inline script, so the app's content-security policy needs no 'unsafe-inline'. The
// sites' stylesheet comes first: a page in the app looks as it does on its published site. The metafile is
// kept for the JavaScript budget (scripts/budget.mjs). Each asset is compressed here, once and at the highest
// levels, beside it (`<file>.br`, `<file>.gz`): the server sends those bytes (its pipeline/app-assets.ts)
// rather than compressing every request.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import * as esbuild from "esbuild";
import { editorLoad, firstLoad } from "./budget.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist");
const assets = path.join(dist, "assets");
fs.rmSync(dist, { recursive: true, force: true });
fs.mkdirSync(assets, { recursive: true });

// The tree worker first (src/tree-load.ts): its own bundle, whose hashed URL the app is built with.
const worker = await esbuild.build({
  entryPoints: [path.join(root, "src/tree-worker.ts")],
  bundle: true,
  format: "esm",
  minify: true,
  target: "es2022",
  outdir: assets,
  entryNames: "[name]-[hash]",
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
});
const workerFile = Object.keys(worker.metafile.outputs).find((file) => file.endsWith(".js"));

const result = await esbuild.build({
  entryPoints: [path.join(root, "src/main.tsx")],
  bundle: true,
  splitting: true,
  format: "esm",
  minify: true,
  target: "es2022",
  outdir: assets,
  entryNames: "[name]-[hash]",
  chunkNames: "[name]-[hash]",
  assetNames: "[name]-[hash]",
  metafile: true,
  legalComments: "none",
  define: { "process.env.NODE_ENV": '"production"', TREE_WORKER_URL: JSON.stringify(`/app/assets/${path.basename(workerFile)}`) },
  jsx: "automatic",
  logLevel: "warning",
});

const hashed = (name, content) => `${name}-${createHash("sha256").update(content).digest("hex").slice(0, 12)}`;
const require = createRequire(import.meta.url);
const sitesTheme = require("@docstack/sites/dist/theme.js");
const siteCss = `${hashed("site", sitesTheme.STYLESHEET)}.css`;
fs.writeFileSync(path.join(assets, siteCss), sitesTheme.STYLESHEET);

const outputs = Object.entries(result.metafile.outputs);
const [entry, entryOutput] = outputs.find(([file, output]) => output.entryPoint === "src/main.tsx" && file.endsWith(".js")) ?? [];
if (!entry) throw new Error("esbuild made no entry chunk");
// The CSS the entry imports, bundled beside it.
const css = entryOutput.cssBundle;
const url = (file) => `/app/assets/${path.basename(file)}`;
// The entry's static imports are fetched beside it, not after it is parsed (a round trip less).
const preloads = firstLoad(result.metafile)
  .filter((file) => file !== entry)
  .map((file) => `<link rel="modulepreload" href="${url(file)}">`)
  .join("\n");
// The editor screen's chunks (its own and its static imports), named for the app: opening an editor screen preloads
// them all at once (screens/editor/opening.ts), rather than each import once the chunk naming it has arrived.
const editorChunks = editorLoad(result.metafile).map(url).join(" ");
// The first screen's reads (src/queries.ts: the user, the organizations, same URLs) leave with the HTML, beside the
// code, not after it runs: the app's fetch of each takes the preloaded answer (same URL, mode and credentials).
const firstReads = ["/v1/user", "/v1/orgs?limit=100"].map((href) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${href}">`).join("\n");
const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="docstack-editor-chunks" content="${editorChunks}">
<title>Docstack</title>
${firstReads}
<link rel="stylesheet" href="/app/assets/${siteCss}">
${css ? `<link rel="stylesheet" href="${url(css)}">` : ""}
<script type="module" src="${url(entry)}"></script>
${preloads}
</head>
<body>
<div id="root"><p class="boot">Loading Docstack…</p></div>
</body>
</html>
`;
fs.writeFileSync(path.join(dist, "index.html"), html);
await precompress(assets);
fs.writeFileSync(path.join(dist, "meta.json"), JSON.stringify(result.metafile));
console.log(`app built: ${path.relative(process.cwd(), dist)} (entry ${path.basename(entry)})`);

/** Writes `<file>.br` and `<file>.gz` beside every script and stylesheet worth compressing (as the server's 1 KB threshold). */
async function precompress(folder) {
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  const files = fs.readdirSync(folder).filter((name) => /\.(js|css)$/.test(name) && fs.statSync(path.join(folder, name)).size >= 1024);
  await Promise.all(
    files.map(async (name) => {
      const bytes = fs.readFileSync(path.join(folder, name));
      const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
      const [br, gz] = await Promise.all([brotli(bytes, { params }), gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION })]);
      fs.writeFileSync(path.join(folder, `${name}.br`), br);
      fs.writeFileSync(path.join(folder, `${name}.gz`), gz);
    }),
  );
}
