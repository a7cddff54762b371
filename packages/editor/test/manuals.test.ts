// Real manuals, not written for GitBook: the READMEs of the editor's own dependencies (up to 40 KB of Markdown each,
// with badges, HTML, reference links, nested lists and tables). Saved unchanged they are the same bytes; written fresh
// block by block they read back as the same document.
import fs from "node:fs";
import path from "node:path";
import type { Node } from "prosemirror-model";
import { openMarkdown, saveMarkdown, schema } from "../src/index.js";
import { writeBlocks } from "../src/write.js";

const MANUALS = ["fast-check", "markdown-it", "@swc/core", "typescript", "jest"].map((name) => {
  const file = path.join(path.dirname(require.resolve(`${name}/package.json`)), "README.md");
  return [name, fs.readFileSync(file, "utf8")] as const;
});

describe("real manuals", () => {
  it.each(MANUALS)("%s's README is saved back byte for byte, and written fresh reads back the same", (_name, markdown) => {
    const opened = openMarkdown(markdown);
    expect(saveMarkdown(schema.nodeFromJSON(opened.doc.toJSON()), opened)).toBe(markdown);
    const blocks: Node[] = [];
    opened.doc.forEach((block) => {
      blocks.push(block);
    });
    expect(openMarkdown(writeBlocks(blocks)).doc.toJSON()).toEqual(opened.doc.toJSON());
  });
});
