// Property tests: random edits (typing, deleting, marks, splitting and joining blocks, inserting a hint) on real
// pages; what is saved opens back as the edited document, and saving that again changes nothing.
import fc from "fast-check";
import { joinBackward } from "prosemirror-commands";
import type { Node } from "prosemirror-model";
import { EditorState, TextSelection } from "prosemirror-state";
import { canSplit } from "prosemirror-transform";
import { createEditorState, openMarkdown, saveMarkdown, schema } from "../src/index.js";
import { fixturePages } from "./fixtures.js";

const RICH = [
  "# Heading with `code`",
  'A paragraph with **bold**, *italic*, ~~strike~~, `code` and [a link](https://example.com "Title").',
  "* [ ] a task\n* [x] done\n  * nested",
  "1. first\n2. second",
  "> A quote\n> on two lines.",
  '{% hint style="info" %}\nInside a hint.\n{% endhint %}',
  "| a | b |\n| :-: | --- |\n| c | `d` |",
  "```ts\nconst x = 1;\n```",
  "Text after.",
].join("\n\n");
const SOURCES = [RICH, ...fixturePages().map(([, markdown]) => markdown)];

/** Characters Markdown acts on, and plain ones. */
const CHARS = [..."abcXYZ019  *_`#[]()!<>&\\~|-+=.:{}%$\"'/\u00e9"];
const text = fc.array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 6 }).map((chars) => chars.join(""));

type Edit =
  | { kind: "insert"; block: number; at: number; text: string }
  | { kind: "delete"; block: number; at: number; length: number }
  | { kind: "mark"; block: number; at: number; length: number; mark: "bold" | "italic" | "strike" | "code" }
  | { kind: "split"; block: number; at: number }
  | { kind: "join"; block: number }
  | { kind: "hint"; block: number; style: "info" | "success" | "warning" | "danger"; text: string };

const index = fc.nat({ max: 1000 });
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant("insert" as const), block: index, at: index, text }),
  fc.record({ kind: fc.constant("delete" as const), block: index, at: index, length: fc.integer({ min: 1, max: 8 }) }),
  fc.record({
    kind: fc.constant("mark" as const),
    block: index,
    at: index,
    length: fc.integer({ min: 1, max: 8 }),
    mark: fc.constantFrom("bold" as const, "italic" as const, "strike" as const, "code" as const),
  }),
  fc.record({ kind: fc.constant("split" as const), block: index, at: index }),
  fc.record({ kind: fc.constant("join" as const), block: index }),
  fc.record({
    kind: fc.constant("hint" as const),
    block: index,
    style: fc.constantFrom("info" as const, "success" as const, "warning" as const, "danger" as const),
    text,
  }),
);

/** The textblocks of a document (start of their content, size), in order. */
function textblocks(doc: Node): { pos: number; size: number; node: Node }[] {
  const found: { pos: number; size: number; node: Node }[] = [];
  doc.descendants((node, pos) => {
    if (node.isTextblock) found.push({ pos: pos + 1, size: node.content.size, node });
    return !node.isTextblock;
  });
  return found;
}

function apply(state: EditorState, step: Edit): EditorState {
  const blocks = textblocks(state.doc);
  if (!blocks.length) return state;
  const block = blocks[step.block % blocks.length]!;
  const at = block.pos + (step.kind === "join" || step.kind === "hint" ? 0 : step.at % (block.size + 1));
  const tr = state.tr;
  switch (step.kind) {
    case "insert":
      tr.insertText(step.text, at);
      break;
    case "delete":
      tr.delete(at, Math.min(at + step.length, block.pos + block.size));
      break;
    case "mark":
      tr.addMark(at, Math.min(at + step.length, block.pos + block.size), schema.marks[step.mark].create());
      break;
    case "split":
      if (!block.node.type.spec.code && canSplit(tr.doc, at)) tr.split(at);
      break;
    case "join": {
      const joined = state.apply(tr.setSelection(TextSelection.create(tr.doc, block.pos)));
      let result = joined;
      joinBackward(joined, (transaction) => {
        result = joined.apply(transaction);
      });
      return result;
    }
    case "hint": {
      // Before the top-level block the chosen textblock is in.
      const top = state.doc.resolve(block.pos).before(1);
      tr.insert(top, schema.nodes.hint.create({ style: step.style }, schema.nodes.paragraph.create(null, schema.text(step.text))));
      break;
    }
  }
  return state.apply(tr);
}

/**
 * The one difference Markdown cannot hold: spaces at the start of a task's text, which GitHub's task syntax
 * (`* [ ] text`) reads as part of the box's marker, in the editor as in the API.
 */
function withoutTaskSpaces(doc: Node): Node {
  let tr = EditorState.create({ doc }).tr;
  doc.descendants((node, pos) => {
    if (node.type.name !== "list_item" || node.attrs.checked === null || node.firstChild?.type.name !== "paragraph") return true;
    const spaces = /^\s*/.exec(node.firstChild.textContent)![0].length;
    if (spaces) tr = tr.delete(tr.mapping.map(pos + 2), tr.mapping.map(pos + 2 + spaces));
    return true;
  });
  return tr.doc;
}

/** Replays a counterexample (DEBUG_EDITS='[source, edits]'), printing the Markdown saved. */
if (process.env.DEBUG_EDITS) {
  it("replays", () => {
    const [source, edits] = JSON.parse(process.env.DEBUG_EDITS!) as [number, Edit[]];
    const opened = openMarkdown(SOURCES[source]!);
    const edited = edits.reduce(apply, createEditorState(opened)).doc;
    console.log(saveMarkdown(edited, opened));
  });
}

describe("random edits", () => {
  it("save, open back as the edited document, and save again unchanged", () => {
    fc.assert(
      fc.property(fc.nat({ max: SOURCES.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 8 }), (source, edits) => {
        const opened = openMarkdown(SOURCES[source]!);
        const edited = edits.reduce(apply, createEditorState(opened)).doc;
        const saved = saveMarkdown(edited, opened);
        const reopened = openMarkdown(saved);
        expect(reopened.doc.toJSON()).toEqual(withoutTaskSpaces(edited).toJSON());
        expect(saveMarkdown(reopened.doc, reopened)).toBe(saved);
      }),
      { numRuns: Number(process.env.EDITOR_PROPERTY_RUNS ?? 300) },
    );
  });
});
