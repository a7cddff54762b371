// Block settings and image insertion without a DOM: the block at the cursor and its fields, a setting changed is
// written in GitBook's Markdown (only that block's lines), and an uploaded image goes in as a block of its own.
import { type EditorState, NodeSelection, TextSelection } from "prosemirror-state";
import { blockWithSettings, createEditorState, insertImage, openMarkdown, saveMarkdown, setBlockSetting } from "../src/index.js";

function opened(markdown: string) {
  const page = openMarkdown(markdown);
  let state = createEditorState(page);
  const run = (command: (state: EditorState, dispatch: (tr: import("prosemirror-state").Transaction) => void) => boolean) =>
    command(state, (tr) => {
      state = state.apply(tr);
    });
  const cursorIn = (text: string) => {
    let at = -1;
    state.doc.descendants((node, pos) => {
      if (at < 0 && node.isText && node.text!.includes(text)) at = pos + 1;
    });
    state = state.apply(state.tr.setSelection(TextSelection.create(state.doc, at)));
  };
  return { page, run, cursorIn, state: () => state, saved: () => saveMarkdown(state.doc, page) };
}

it("finds the innermost block with settings around the cursor, and a selected atom", () => {
  const page = opened('Intro.\n\n{% hint style="info" %}\n```js\nlet a;\n```\n{% endhint %}\n\n<figure><img src="a.png" alt="A"></figure>\n');
  page.cursorIn("Intro");
  expect(blockWithSettings(page.state())).toBeUndefined();
  page.cursorIn("let a");
  expect(blockWithSettings(page.state())).toMatchObject({ node: { type: { name: "code_block" } }, settings: { label: "Code block" } });
  let imageAt = -1;
  page.state().doc.forEach((node, offset) => {
    if (node.type.name === "image") imageAt = offset;
  });
  const state = page.state();
  const selected = state.apply(state.tr.setSelection(NodeSelection.create(state.doc, imageAt)));
  expect(blockWithSettings(selected)?.settings.fields.map((field) => field.label)).toEqual(["Caption", "Alternative text", "Image file or URL"]);
});

it("writes a code block's title, language and line numbers and a hint's style, changing only that block's lines", () => {
  const source = 'Intro.\n\n```\nlet a;\n```\n\n{% hint style="info" %}\nNote   *kept*.\n{% endhint %}\n\nEnd.\n';
  const page = opened(source);
  page.cursorIn("let a");
  const code = blockWithSettings(page.state())!;
  expect(page.run(setBlockSetting(code.pos, "title", "setup.js"))).toBe(true);
  page.run(setBlockSetting(code.pos, "language", "js"));
  page.run(setBlockSetting(code.pos, "lineNumbers", true));
  page.cursorIn("Note");
  const hint = blockWithSettings(page.state())!;
  expect(page.run(setBlockSetting(hint.pos, "style", "purple"))).toBe(false);
  page.run(setBlockSetting(hint.pos, "style", "danger"));
  expect(page.saved()).toBe(
    'Intro.\n\n{% code title="setup.js" lineNumbers="true" %}\n```js\nlet a;\n```\n{% endcode %}\n\n{% hint style="danger" %}\nNote   *kept*.\n{% endhint %}\n\nEnd.\n',
  );
  // Reopened, the settings are there.
  const again = openMarkdown(page.saved()).doc.child(1);
  expect(again.attrs).toMatchObject({ title: "setup.js", language: "js", lineNumbers: true });
});

it("inserts an uploaded image in place of an empty paragraph or after the paragraph it is dropped in, selected, with its caption", () => {
  const page = opened("First.\n\nSecond.\n");
  page.cursorIn("First");
  expect(page.run(insertImage({ src: "shot.png", alt: "" }))).toBe(true);
  const state = page.state();
  expect(state.selection).toBeInstanceOf(NodeSelection);
  page.run(setBlockSetting(state.selection.from, "caption", "The <new> screen"));
  expect(page.saved()).toBe('First.\n\n<figure><img src="shot.png" alt=""><figcaption><p>The &lt;new&gt; screen</p></figcaption></figure>\n\nSecond.\n');
  expect(openMarkdown(page.saved()).doc.child(1).attrs).toEqual({ src: "shot.png", alt: "", caption: "The <new> screen" });
  // A page link's target changed: its link text, written for the old target, goes.
  const link = opened('{% content-ref url="old.md" %}\n[old.md](old.md)\n{% endcontent-ref %}\n');
  const ref = link.state();
  link.run((s, d) => {
    d?.(s.tr.setSelection(NodeSelection.create(s.doc, 0)));
    return true;
  });
  expect(ref.doc.child(0).type.name).toBe("content_ref");
  link.run(setBlockSetting(0, "url", "new.md"));
  expect(link.saved()).toBe('{% content-ref url="new.md" %}\n');
});

describe("a heading's level and an ordered list's start", () => {
  const source = [
    "# Setup  ",
    "",
    "Intro   *kept*.",
    "",
    "3) three",
    "4) four _kept_",
    "",
    "> 9. nine",
    ">    more of nine",
    "> 10. ten",
    "",
    "## Next",
    "",
    "* a",
    "  1. nested",
    "  2. nested two",
    "",
  ].join("\n");
  /** The lines of `saved` that differ from the source's (both have as many lines here). */
  const changedLines = (saved: string) => {
    const before = source.split("\n");
    return saved.split("\n").flatMap((line, i) => (line === before[i] ? [] : [[i, line]]));
  };

  it("offers them for the block at the cursor, in their range", () => {
    const page = opened(source);
    page.cursorIn("Setup");
    expect(blockWithSettings(page.state())?.settings).toMatchObject({ label: "Heading", fields: [{ attr: "level", options: ["1", "2", "3"] }] });
    page.cursorIn("four");
    const list = blockWithSettings(page.state())!;
    expect(list).toMatchObject({ node: { attrs: { start: 3 } }, settings: { label: "Numbered list", fields: [{ attr: "start", kind: "number" }] } });
    for (const refused of ["", "-1", "1.5", "x", "1000000000", true]) expect(page.run(setBlockSetting(list.pos, "start", refused))).toBe(false);
    page.cursorIn("Setup");
    const heading = blockWithSettings(page.state())!;
    for (const refused of ["0", "4", 2.5, "h2"]) expect(page.run(setBlockSetting(heading.pos, "level", refused))).toBe(false);
    expect(page.saved()).toBe(source);
  });

  it("writes only the changed block's lines, and set back, the source's own bytes", () => {
    const page = opened(source);
    page.cursorIn("Setup");
    expect(page.run(setBlockSetting(blockWithSettings(page.state())!.pos, "level", "2"))).toBe(true);
    page.cursorIn("four");
    expect(page.run(setBlockSetting(blockWithSettings(page.state())!.pos, "start", "7"))).toBe(true);
    expect(changedLines(page.saved())).toEqual([
      [0, "## Setup"],
      [4, "7) three"],
      [5, "8) four _kept_"],
    ]);
    const reopened = openMarkdown(page.saved()).doc;
    expect(reopened.child(0).attrs.level).toBe(2);
    expect(reopened.child(2).attrs.start).toBe(7);
    // A number of the same width in a quote, and in a list inside an item.
    const other = opened(source);
    other.cursorIn("nine");
    other.run(setBlockSetting(blockWithSettings(other.state())!.pos, "start", 5));
    other.cursorIn("nested two");
    other.run(setBlockSetting(blockWithSettings(other.state())!.pos, "start", 2));
    // A list starting at 2 cannot interrupt its item's paragraph (it would be read as the paragraph's text): a blank line.
    expect(other.saved()).toBe(
      source.replace("> 9. nine", "> 5. nine").replace("> 10. ten", "> 6. ten").replace("* a\n  1. nested\n  2.", "* a\n\n  2. nested\n  3."),
    );
    expect(openMarkdown(other.saved()).doc.child(3).firstChild!.attrs.start).toBe(5);
    // Back to where it was: the source's own bytes.
    other.run(setBlockSetting(blockWithSettings(other.state())!.pos, "start", 1));
    other.cursorIn("nine");
    other.run(setBlockSetting(blockWithSettings(other.state())!.pos, "start", 9));
    expect(other.saved()).toBe(source);
  });

  it("writes an item fresh when its number's width changes and it has lines under its marker", () => {
    const page = opened(source);
    page.cursorIn("nine");
    page.run(setBlockSetting(blockWithSettings(page.state())!.pos, "start", 99));
    const saved = page.saved();
    expect(saved.split("\n").slice(7, 9)).toEqual(["> 99. nine more of nine", "> 100. ten"]);
    expect(saved.replace(/^> .*\n/gm, "")).toBe(source.replace(/^> .*\n/gm, ""));
    const list = openMarkdown(saved).doc.child(3).firstChild!;
    expect(list.attrs.start).toBe(99);
    expect(list.childCount).toBe(2);
    expect(list.child(1).textContent).toBe("ten");
  });
});
