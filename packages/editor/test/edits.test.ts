// Saving after an edit changes only the edited block's lines: every other block, and the text between blocks,
// keeps its bytes (compared as lines: what the edit changed is one run of lines).
import type { Node } from "prosemirror-model";
import { EditorState, type Transaction } from "prosemirror-state";
import { createEditorState, openMarkdown, type Span, saveMarkdown, schema } from "../src/index.js";
import { fixturePages } from "./fixtures.js";

const BLOCKS = fixturePages().find(([file]) => file.endsWith("guides/blocks.md"))![1];

/** The lines removed and added between two texts, as the one run that differs (common lines at both ends kept out). */
function lineDiff(before: string, after: string): { removed: string[]; added: string[] } {
  const [a, b] = [before.split("\n"), after.split("\n")];
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return { removed: a.slice(start, a.length - end), added: b.slice(start, b.length - end) };
}

/** The position of the first textblock whose text is `text`. */
function positionOf(doc: Node, text: string): number {
  let found = -1;
  doc.descendants((node, pos) => {
    if (found < 0 && node.isTextblock && node.textContent === text) found = pos;
    return found < 0;
  });
  if (found < 0) throw new Error(`no block says ${text}`);
  return found;
}

function edit(markdown: string, change: (state: EditorState) => Transaction): string {
  const opened = openMarkdown(markdown);
  const state = createEditorState(opened);
  return saveMarkdown(state.apply(change(state)).doc, opened);
}

/** The paragraphs that have lines of their own (at the top level, in quotes, hints, tabs, steps), with their position. */
function paragraphSpans(span: Span, pos: number, out: { span: Span; pos: number }[] = []): { span: Span; pos: number }[] {
  if (span.node.type.name === "paragraph") out.push({ span, pos });
  let offset = pos + (span.node.type.name === "doc" ? 0 : 1);
  for (const child of span.inner?.children ?? []) {
    paragraphSpans(child, offset, out);
    offset += child.node.nodeSize;
  }
  return out;
}

describe("saving after typing in any paragraph of the GitBook fixtures", () => {
  it("finds paragraphs in them, in hints, tabs and steps too", () => {
    const all = fixturePages().flatMap(([, markdown]) => paragraphSpans(openMarkdown(markdown).root, 0));
    expect(all.length).toBeGreaterThanOrEqual(20);
  });

  it.each(fixturePages())("%s: only that paragraph's lines change", (_file, markdown) => {
    const opened = openMarkdown(markdown);
    const paragraphs = paragraphSpans(opened.root, 0);
    for (const { span, pos } of paragraphs) {
      const state = createEditorState(opened);
      const saved = saveMarkdown(state.apply(state.tr.insertText("Typed ", pos + 1)).doc, opened);
      const lines = markdown.slice(span.from, span.to).split("\n");
      const diff = lineDiff(markdown, saved);
      expect(diff.removed).toEqual(lines);
      expect(diff.added).toHaveLength(1);
      expect(diff.added[0]).toContain("Typed ");
    }
  });
});

describe("saving after an edit", () => {
  it("changes only the lines of the paragraph typed in, at the top level", () => {
    const markdown = "# Title\n\nFirst paragraph.\n\nSecond paragraph\nwrapped on two lines.\n\n\nThird, after two blank lines.\n";
    const saved = edit(markdown, (state) => state.tr.insertText(" Edited", positionOf(state.doc, "First paragraph.") + 1 + "First paragraph".length));
    expect(lineDiff(markdown, saved)).toEqual({ removed: ["First paragraph."], added: ["First paragraph Edited."] });
  });

  it("changes only the edited lines inside GitBook's blocks (a step, a hint, a tab), not the block around them", () => {
    const inStep = edit(BLOCKS, (state) => state.tr.insertText("now ", positionOf(state.doc, "Run the installer.") + 1 + "Run the ".length));
    expect(lineDiff(BLOCKS, inStep)).toEqual({ removed: ["Run the installer."], added: ["Run the now installer."] });
    const inTab = edit(BLOCKS, (state) => state.tr.insertText("!", positionOf(state.doc, 'print("hello")') + 1 + 'print("hello")'.length));
    expect(lineDiff(BLOCKS, inTab)).toEqual({ removed: ['print("hello")'], added: ['print("hello")!'] });
  });

  it("makes a word bold, and changes its line only", () => {
    const saved = edit(BLOCKS, (state) => {
      const at = positionOf(state.doc, "A success hint.") + 1;
      return state.tr.addMark(at + 2, at + 9, schema.marks.bold.create());
    });
    expect(lineDiff(BLOCKS, saved)).toEqual({ removed: ["A success hint."], added: ["A **success** hint."] });
  });

  it("adds only the lines of an inserted hint, and removes only those of a deleted block", () => {
    const markdown = "Intro.\n\n* one\n* two\n\nOutro.\n";
    const hint = schema.nodes.hint.create({ style: "warning" }, schema.nodes.paragraph.create(null, schema.text("Careful.")));
    const inserted = edit(markdown, (state) => state.tr.insert(positionOf(state.doc, "Outro."), hint));
    expect(inserted).toBe('Intro.\n\n* one\n* two\n\n{% hint style="warning" %}\nCareful.\n{% endhint %}\n\nOutro.\n');
    const deleted = edit(markdown, (state) => {
      const list = state.doc.child(1);
      const from = positionOf(state.doc, "one") - 2;
      return state.tr.delete(from, from + list.nodeSize);
    });
    expect(deleted).toBe("Intro.\n\nOutro.\n");
  });

  it("changes only the item edited in a list, keeping the list's marker for a new item", () => {
    const markdown = "- one\n- two\n- three\n";
    const edited = edit(markdown, (state) => state.tr.insertText("2", positionOf(state.doc, "two") + 4));
    expect(lineDiff(markdown, edited)).toEqual({ removed: ["- two"], added: ["- two2"] });
    const added = edit(markdown, (state) => {
      const item = schema.nodes.list_item.create(null, schema.nodes.paragraph.create(null, schema.text("four")));
      return state.tr.insert(state.doc.child(0).nodeSize - 1, item);
    });
    expect(added).toBe("- one\n- two\n- three\n- four\n");
  });

  it("writes back the original bytes after an edit is undone", () => {
    const markdown = "Some   *odd*    spacing\\\nand __strong__ text.\n";
    const opened = openMarkdown(markdown);
    const state = EditorState.create({ doc: opened.doc });
    const edited = state.apply(state.tr.insertText("X", 1)).doc;
    expect(saveMarkdown(edited, opened)).not.toBe(markdown);
    const undone = edited.type.create(null, edited.child(0).copy(edited.child(0).content.cut(1)));
    expect(saveMarkdown(undone, opened)).toBe(markdown);
  });

  it("saves each version of a page as itself, whichever version was saved before (autosave saves one version many times)", () => {
    const markdown = "One.\n\n> Two.\n\nThree.\n";
    const opened = openMarkdown(markdown);
    let state = createEditorState(opened);
    const first = state.apply(state.tr.insertText("A", 1)).doc;
    state = createEditorState(opened);
    const second = state.apply(state.tr.insertText("B", positionOf(state.doc, "Two.") + 1)).doc;
    for (let round = 0; round < 2; round++) {
      expect(saveMarkdown(first, opened)).toBe("AOne.\n\n> Two.\n\nThree.\n");
      expect(saveMarkdown(second, opened)).toBe("One.\n\n> BTwo.\n\nThree.\n");
      expect(saveMarkdown(opened.doc, opened)).toBe(markdown);
    }
  });

  it("keeps what stands between blocks (link reference definitions) when the blocks around it go", () => {
    const markdown = "Intro with [a link][ref].\n\nGone.\n\n[ref]: https://example.com\n\nAlso gone.\n\nEnd.\n";
    const saved = edit(markdown, (state) => {
      const [gone, alsoGone] = [positionOf(state.doc, "Gone.") - 1, positionOf(state.doc, "Also gone.") - 1];
      return state.tr.delete(alsoGone, alsoGone + state.doc.child(2).nodeSize).delete(gone, gone + state.doc.child(1).nodeSize);
    });
    expect(saved).toBe("Intro with [a link][ref].\n\n[ref]: https://example.com\n\nEnd.\n");
    expect(openMarkdown(saved).doc.child(0).child(1).marks[0]?.attrs.href).toBe("https://example.com");
  });

  it("keeps an edited paragraph inside a quote quoted", () => {
    const markdown = "> Quoted.\n>\n> Another.\n";
    const saved = edit(markdown, (state) => state.tr.insertText("!", positionOf(state.doc, "Another.") + 1 + "Another.".length));
    expect(saved).toBe("> Quoted.\n>\n> Another.!\n");
  });
});
