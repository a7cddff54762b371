// The editor's core in Node (no DOM): a 5,000-block page of GitBook's blocks (about 400 KB of Markdown) opened,
// made an editing state, saved unchanged (the same bytes) and saved after typing in one paragraph (one line
// changed). Figures are medians of a few runs, after one to warm up; the browser's figure (issue 38: ready to edit
// within 2 s) adds the view's first render. Writes results/editor.json.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createEditorState, openMarkdown, saveMarkdown } from "@docstack/editor";
import { pageOfBlocks } from "./editor-page.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const BLOCKS = Number(process.env.BENCH_EDITOR_BLOCKS || 5000);
const RUNS = Number(process.env.BENCH_EDITOR_RUNS || 5);

const markdown = pageOfBlocks(BLOCKS);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const timed = (run) => {
  const started = process.hrtime.bigint();
  const result = run();
  return [Number(process.hrtime.bigint() - started) / 1e6, result];
};

const samples = { openMs: [], stateMs: [], saveUnchangedMs: [], editAndSaveMs: [] };
let changedLines = 0;
for (let run = 0; run <= RUNS; run++) {
  const [openMs, opened] = timed(() => openMarkdown(markdown));
  const [stateMs, state] = timed(() => createEditorState(opened));
  const [saveUnchangedMs, unchanged] = timed(() => saveMarkdown(state.doc, opened));
  if (unchanged !== markdown) throw new Error("an unchanged page was not saved byte for byte");
  // Types a word at the start of the 2,501st block (a paragraph), then saves.
  const [editAndSaveMs, saved] = timed(() => {
    let pos = 0;
    for (let i = 0; i < Math.floor(BLOCKS / 2) + 1; i++) pos += state.doc.child(i).nodeSize;
    return saveMarkdown(state.apply(state.tr.insertText("Edited ", pos + 1)).doc, opened);
  });
  const [before, after] = [markdown.split("\n"), saved.split("\n")];
  changedLines = before.filter((line, i) => line !== after[i]).length;
  if (run === 0) continue; // warming up
  for (const [name, value] of Object.entries({ openMs, stateMs, saveUnchangedMs, editAndSaveMs })) samples[name].push(value);
}

const figures = {
  blocks: BLOCKS,
  markdownKB: Math.round(Buffer.byteLength(markdown) / 1024),
  runs: RUNS,
  ...Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, Math.round(median(values))])),
  changedLines,
};
console.log(`\neditor core (Node, no DOM): a ${figures.blocks}-block page, ${figures.markdownKB} KB of Markdown (medians of ${RUNS} runs)`);
console.log(
  `  open ${figures.openMs} ms, editing state ${figures.stateMs} ms (ready to edit: ${figures.openMs + figures.stateMs} ms; goal in the browser ≤ 2,000 ms)`,
);
console.log(
  `  save unchanged ${figures.saveUnchangedMs} ms (byte for byte); type in one paragraph and save ${figures.editAndSaveMs} ms, ${changedLines} line changed`,
);
fs.mkdirSync(path.join(here, "results"), { recursive: true });
fs.writeFileSync(path.join(here, "results", "editor.json"), `${JSON.stringify(figures, null, 2)}\n`);
