import { createEditorState, openMarkdown, saveMarkdown, setBlockSetting } from "@docstack/editor";
import type { EditorState } from "prosemirror-state";
import { codeHighlight, tokenRanges } from "./highlight";
import { grammarOf, tokenize } from "./prism";

const PAGE = "# Title\n\nSome prose.\n\n```ts\nconst answer = 42;\n```\n\n```\nconst plain = 1;\n```\n";

/** The highlighted words of the state's code blocks, as `class:text`. */
function tokens(state: EditorState, plugin: ReturnType<typeof codeHighlight>): string[] {
  return plugin
    .getState(state)!
    .find()
    .map((decoration) => `${decoration.spec.token}:${state.doc.textBetween(decoration.from, decoration.to)}`);
}

function open(markdown: string) {
  const plugin = codeHighlight();
  const opened = openMarkdown(markdown);
  return { plugin, opened, state: createEditorState(opened, { plugins: [plugin] }) };
}

const codeStart = (state: EditorState, text: string) => {
  let at = -1;
  state.doc.descendants((node, pos) => {
    if (node.type.name === "code_block" && node.textContent.startsWith(text)) at = pos;
  });
  return at;
};

/** The state after the code block at `at` is given the language (empty: none) through the block's settings. */
function withLanguage(state: EditorState, at: number, language: string): EditorState {
  let next = state;
  setBlockSetting(
    at,
    "language",
    language,
  )(state, (tr) => {
    next = state.apply(tr);
  });
  return next;
}

it("turns Prism's tokens into ranges of the code, nested ones inside their token, in the site's classes", () => {
  const interpolation = ["$", "{name}"].join("");
  const code = `const greet = (name: string) => \`hi ${interpolation}\`;`;
  const ranges = tokenRanges(tokenize(code, grammarOf("typescript")!), 10);
  const text = (from: number, to: number) => code.slice(from - 10, to - 10);
  const named = ranges.map((range) => `${range.className}:${text(range.from, range.to)}`);
  expect(named).toContain("hljs-keyword:const");
  expect(named).toContain("hljs-built_in:string");
  expect(named).toContain(`hljs-string:\`hi ${interpolation}\``);
  // The template's interpolation is a token inside the string's.
  const outer = ranges.find((range) => range.className === "hljs-string")!;
  const inner = ranges.find((range) => range.className === "hljs-interpolation")!;
  expect(inner.from).toBeGreaterThan(outer.from);
  expect(inner.to).toBeLessThan(outer.to);
  expect(text(inner.from, inner.to)).toBe(interpolation);
});

it("knows languages by Prism's aliases and the first word of the fence's info, and none it does not load", () => {
  expect(grammarOf("TS")).toBe(grammarOf("typescript"));
  expect(grammarOf("sh title")).toBe(grammarOf("bash"));
  expect(grammarOf("")).toBeUndefined();
  expect(grammarOf("extend")).toBeUndefined();
  expect(grammarOf("cobol")).toBeUndefined();
});

it("decorates a code block by its language, leaves a block without one plain, and changes nothing saved", () => {
  const { plugin, opened, state } = open(PAGE);
  expect(tokens(state, plugin)).toEqual(["hljs-keyword:const", "hljs-operator:=", "hljs-number:42", "hljs-punctuation:;"]);
  expect(saveMarkdown(state.doc, opened)).toBe(PAGE);
});

it("re-highlights the code block a transaction touched and maps the others", () => {
  const { plugin, state } = open(PAGE);
  // Typing in prose moves the code's decorations with it.
  const typed = state.apply(state.tr.insertText("More ", 11));
  expect(tokens(typed, plugin)).toEqual(tokens(state, plugin));
  expect(plugin.getState(typed)!.find()[0]!.from).toBe(plugin.getState(state)!.find()[0]!.from + 5);
  // Typing in the code highlights what was typed.
  const end = codeStart(typed, "const answer") + 1 + "const answer = 42;".length;
  const edited = typed.apply(typed.tr.insertText(" return true;", end));
  expect(tokens(edited, plugin)).toEqual([
    "hljs-keyword:const",
    "hljs-operator:=",
    "hljs-number:42",
    "hljs-punctuation:;",
    "hljs-keyword:return",
    "hljs-literal:true",
    "hljs-punctuation:;",
  ]);
});

it("highlights a code block once its language is set, and takes the highlighting off when it is cleared", () => {
  const { plugin, state } = open(PAGE);
  const plain = codeStart(state, "const plain");
  const python = withLanguage(state, plain, "python");
  expect(tokens(python, plugin)).toEqual([
    "hljs-keyword:const",
    "hljs-operator:=",
    "hljs-number:42",
    "hljs-punctuation:;",
    "hljs-operator:=",
    "hljs-number:1",
    "hljs-punctuation:;",
  ]);
  const cleared = withLanguage(python, codeStart(python, "const answer"), "");
  expect(tokens(cleared, plugin)).toEqual(["hljs-operator:=", "hljs-number:1", "hljs-punctuation:;"]);
});
