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
