// Content in and out at size: a repository of 5,000 pages in GitBook's layout (SUMMARY.md, a folder per chapter, each
// page linking to pages of other chapters by relative path, a cover and layout front matter on the chapters) is zipped,
// served on 127.0.0.1 and imported through an import run (`POST /v1/org/{org}/imports`, a `zip` source: fetched, read,
// written through a change request and merged), then exported (`GET /v1/spaces/{spaceId}/export`, the zip streamed).
// Figures: seconds for each (goals: import ≤ 60 s, export ≤ 30 s), a second client's /healthz p99 while the import runs
// (goal < 100 ms), and the server's resident memory (VmRSS) and peak
// (VmHWM) before, after the import, after the export and after a second import of the repository into a second space
// (goal: flat, memory and peak not growing with the pages: the second 5,000 pages add nothing to what the first left,
// which is caches filling to their bounds).
// `BENCH_ONLY=content-io node bench/run.mjs` runs it alone; BENCH_CONTENT_IO_PAGES sets the size.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ZipFile } from "yazl";
import { client } from "./content.mjs";
import { prober } from "./healthz-prober.mjs";
import { phaseFigures, startTarget } from "./lib.mjs";
import { pageMarkdown } from "./pages.cjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const PAGES = Number(process.env.BENCH_CONTENT_IO_PAGES || 5000);
const PER_CHAPTER = 100;

/** The repository: README.md, then chapters of 100 pages (`chapter-c/README.md` and 99 parts), PAGES pages in all. */
function repository() {
  const files = new Map();
  const summary = ["# Table of contents", "", "* [Home](README.md)"];
  const fileOf = [];
  for (let i = 1; i < PAGES; i++) {
    const chapter = Math.floor((i - 1) / PER_CHAPTER);
    fileOf[i] = (i - 1) % PER_CHAPTER === 0 ? `chapter-${chapter}/README.md` : `chapter-${chapter}/part-${i}.md`;
  }
  // Links to other pages, relative from a chapter's folder.
  const body = (i) => pageMarkdown(i, (offset) => `@@${fileOf[1 + ((i + offset) % (PAGES - 1))]}`).replaceAll("/@@", "../");
  files.set("README.md", `# Home\n\nThe manual, ${PAGES} pages.\n`);
  for (let i = 1; i < PAGES; i++) {
    const chapterStart = (i - 1) % PER_CHAPTER === 0;
    const title = chapterStart ? `Chapter ${Math.floor((i - 1) / PER_CHAPTER)}` : `Part ${i}`;
    const head = chapterStart ? "---\ncover: ../.gitbook/assets/cover.png\ncoverY: 0\nlayout:\n  width: wide\n  title:\n    visible: true\n---\n\n" : "";
    files.set(fileOf[i], `${head}# ${title}\n\n${body(i)}`);
    summary.push(`${chapterStart ? "*" : "  *"} [${title}](${fileOf[i]})`);
  }
  files.set("SUMMARY.md", `${summary.join("\n")}\n`);
  files.set(".gitbook/assets/cover.png", Buffer.from("not really a png"));
  return files;
}

async function zipOf(files) {
  const zip = new ZipFile();
  for (const [name, data] of files) zip.addBuffer(Buffer.from(data), name, { mtime: new Date(946684800000) });
  zip.end();
  const chunks = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A /proc/<pid>/status field in MiB (VmRSS, VmHWM). */
function statusMiB(pid, field) {
  const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
  return line ? Math.round(Number(line[1]) / 1024) : undefined;
}
const memory = (pid) => ({ rssMiB: statusMiB(pid, "VmRSS"), peakMiB: statusMiB(pid, "VmHWM") });

export async function contentIo() {
  const archive = await zipOf(repository());
  const files = http.createServer((_req, res) => res.writeHead(200, { "content-type": "application/zip" }).end(archive));
  await new Promise((resolve) => files.listen(0, "127.0.0.1", resolve));
  const zipUrl = `http://127.0.0.1:${files.address().port}/manual.zip`;
  const { child, info } = await startTarget({ BENCH_CONTENT_SIZES: "10", BENCH_WORK_JOBS: "1", DOCSTACK_ALLOW_PRIVATE_FETCH: "true" });
  try {
    const call = client(info.full, info.token);
    /** Imports the repository into a new space through an import run; the space and the ended run. */
    const importInto = async (title) => {
      const space = await call("POST", `/v1/orgs/${info.organizationId}/spaces`, { title });
      let run = await call("POST", `/v1/org/${info.organizationId}/imports`, { source: { type: "zip", url: zipUrl }, target: { space: space.id } });
      while (run.status === "pending" || run.status === "in-progress") {
        await new Promise((resolve) => setTimeout(resolve, 200));
        run = await call("GET", `/v1/org/${info.organizationId}/imports/${run.id}`);
      }
      if (run.status !== "completed") throw new Error(`the import run ended ${run.status}: ${run.reason}`);
      return { space, run };
    };
    const before = memory(child.pid);
    // A second client's GET /healthz, one every 10 ms, while the import runs (issue 40: goal p99 < 100 ms).
    const probe = prober(info.full, ["idle", "import", "export", "after"]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    probe.phase = "import";
    const importStarted = performance.now();
    const { space, run } = await importInto("Manual");
    const importSeconds = (performance.now() - importStarted) / 1000;
    const afterImport = memory(child.pid);

    probe.phase = "export";
    const exportStarted = performance.now();
    const response = await fetch(`${info.full}/v1/spaces/${space.id}/export`, { headers: { authorization: `Bearer ${info.token}` } });
    if (!response.ok) throw new Error(`export: ${response.status}`);
    let exportBytes = 0;
    for await (const chunk of response.body) exportBytes += chunk.byteLength;
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    probe.phase = "after";
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { figures: healthz } = phaseFigures(await probe.stop());
    const afterExport = memory(child.pid);
    await importInto("Manual, again");
    const afterSecondImport = memory(child.pid);
    return {
      pages: run.importedPages,
      zipBytes: archive.byteLength,
      importSeconds: Number(importSeconds.toFixed(1)),
      exportSeconds: Number(exportSeconds.toFixed(1)),
      exportBytes,
      healthz,
      memory: { before, afterImport, afterExport, afterSecondImport },
    };
  } finally {
    child.send("stop");
    files.close();
  }
}

export function printContentIo(result) {
  const { before, afterImport, afterExport, afterSecondImport } = result.memory;
  console.log(`\ncontent in and out: a ${result.pages}-page repository in GitBook's layout (zip of ${(result.zipBytes / 1048576).toFixed(1)} MiB)`);
  console.log(`  import run (zip fetched, read, written through a change request, merged): ${result.importSeconds} s  (goal ≤ 60 s)`);
  console.log(`  export (zip streamed, ${(result.exportBytes / 1048576).toFixed(1)} MiB): ${result.exportSeconds} s  (goal ≤ 30 s)`);
  for (const [name, f] of Object.entries(result.healthz))
    console.log(`  /healthz ${name.padEnd(7)} ${String(f.requests).padStart(6)} requests  p50 ${f.p50ms} ms  p99 ${f.p99ms} ms  max ${f.maxMs} ms`);
  console.log(`  /healthz p99 while the import runs and merges: ${result.healthz.import.p99ms} ms  (goal < 100 ms)`);
  console.log(
    `  server memory, VmRSS / peak VmHWM (MiB): before ${before.rssMiB} / ${before.peakMiB}, after the import ${afterImport.rssMiB} / ${afterImport.peakMiB}, after the export ${afterExport.rssMiB} / ${afterExport.peakMiB}, after a second import ${afterSecondImport.rssMiB} / ${afterSecondImport.peakMiB}`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await contentIo();
  printContentIo(result);
  fs.mkdirSync(path.join(here, "results"), { recursive: true });
  fs.writeFileSync(path.join(here, "results", "content-io.json"), `${JSON.stringify(result, null, 2)}\n`);
}
