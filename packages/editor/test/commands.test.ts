// The editor's commands without a DOM: Markdown shortcuts through the input rules' own handler, keys through the
// keymap's, the `/` menu's blocks; each saved, so what the writer does is what the Markdown says.
import type { EditorState, Plugin, Transaction } from "prosemirror-state";
import { TextSelection } from "prosemirror-state";
import { blockMenuItems, blockMenuQuery, createEditorState, insertBlock, openMarkdown, saveMarkdown, schema } from "../src/index.js";

/** Just what the input rules and keymaps read of a view: its state and a dispatch. */
class FakeView {
  composing = false;
  constructor(public state: EditorState) {}
  // Bound: commands are given `view.dispatch` alone.
  dispatch = (tr: Transaction) => {
    this.state = this.state.apply(tr);
  };
  /** Types text at the cursor, as a view does: the input rules first. */
  type(text: string) {
    for (const char of text) {
      const { from, to } = this.state.selection;
      const handled = this.state.plugins.some((plugin: Plugin) =>
        (plugin.props.handleTextInput as ((view: unknown, from: number, to: number, text: string) => boolean) | undefined)?.call(plugin, this, from, to, char),
      );
      if (!handled) this.dispatch(this.state.tr.insertText(char, from, to));
    }
  }
  /** Presses a key (`Mod` is Ctrl off a Mac). */
  press(key: string, modifiers: { ctrl?: boolean; shift?: boolean } = {}) {
    const event = { key, ctrlKey: Boolean(modifiers.ctrl), shiftKey: Boolean(modifiers.shift), altKey: false, metaKey: false, keyCode: 0 };
    return this.state.plugins.some((plugin: Plugin) =>
      (plugin.props.handleKeyDown as ((view: unknown, event: unknown) => boolean) | undefined)?.call(plugin, this, event),
    );
  }
  select(from: number, to = from) {
    this.dispatch(this.state.tr.setSelection(TextSelection.create(this.state.doc, from, to)));
  }
}

/** A page holding one empty paragraph after `markdown`, the cursor in it. */
function pageWithCursor(markdown = "Intro.", options: Parameters<typeof createEditorState>[1] = {}) {
  const opened = openMarkdown(markdown);
  const view = new FakeView(createEditorState(opened, options));
  const end = view.state.doc.content.size;
  view.dispatch(view.state.tr.insert(end, schema.nodes.paragraph.create()));
  view.select(end + 1);
  return { view, save: () => saveMarkdown(view.state.doc, opened) };
}

describe("Markdown shortcuts", () => {
  it.each([
    ["# ", "Title", "# Title"],
    ["### ", "Small", "### Small"],
    ["- ", "item", "* item"],
    ["1. ", "first", "1. first"],
    ["[ ] ", "todo", "* [ ] todo"],
    ["[x] ", "done", "* [x] done"],
    ["> ", "quoted", "> quoted"],
    ["```ts ", "const a = 1;", "```ts\nconst a = 1;\n```"],
  ])("%j makes the block it starts", (shortcut, text, markdown) => {
    const { view, save } = pageWithCursor();
    view.type(shortcut + text);
    expect(save()).toBe(`Intro.\n\n${markdown}`);
  });
});

describe("the keymap", () => {
  it("makes the selection bold with Ctrl+B and italic with Ctrl+I, and toggles them off", () => {
    const { view, save } = pageWithCursor();
    view.type("make it bold");
    const end = view.state.selection.from;
    view.select(end - 4, end);
    expect(view.press("b", { ctrl: true })).toBe(true);
    expect(save()).toBe("Intro.\n\nmake it **bold**");
    view.press("i", { ctrl: true });
    expect(save()).toBe("Intro.\n\nmake it ***bold***");
    view.press("b", { ctrl: true });
    view.press("i", { ctrl: true });
    expect(save()).toBe("Intro.\n\nmake it bold");
  });

  it("links the selection with Ctrl+K (the target asked for), and unlinks it with Ctrl+K again", () => {
    const { view, save } = pageWithCursor("Intro.", { promptLink: () => "https://example.com/docs" });
    view.type("read the docs");
    const end = view.state.selection.from;
    view.select(end - 4, end);
    view.press("k", { ctrl: true });
    expect(save()).toBe("Intro.\n\nread the [docs](https://example.com/docs)");
    view.press("k", { ctrl: true });
    expect(save()).toBe("Intro.\n\nread the docs");
  });

  it("undoes with Ctrl+Z back to the bytes opened", () => {
    const opened = openMarkdown("Some   *odd*  spacing.\n");
    const view = new FakeView(createEditorState(opened));
    view.select(3);
    view.type("X");
    expect(saveMarkdown(view.state.doc, opened)).not.toBe(opened.source);
    view.press("z", { ctrl: true });
    expect(saveMarkdown(view.state.doc, opened)).toBe(opened.source);
  });
});

describe("the / block menu", () => {
  it("lists the insertable blocks, filtered by what is typed after /", () => {
    expect(blockMenuItems("").length).toBeGreaterThanOrEqual(20);
    expect(blockMenuItems("hint").map((item) => item.id)).toEqual(["hint-info", "hint-success", "hint-warning", "hint-danger"]);
    expect(blockMenuItems("warn").map((item) => item.id)).toEqual(["hint-warning"]);
    expect(blockMenuItems("nothing like this")).toEqual([]);
  });

  it("replaces the /query typed with the block chosen, and saves it in GitBook's Markdown", () => {
    const { view, save } = pageWithCursor();
    view.type("/hint warn");
    expect(blockMenuQuery(view.state)).toBe("hint warn");
    const [item] = blockMenuItems(blockMenuQuery(view.state)!);
    expect(insertBlock(item!)(view.state, (tr) => view.dispatch(tr))).toBe(true);
    view.type("Careful.");
    expect(save()).toBe('Intro.\n\n{% hint style="warning" %}\nCareful.\n{% endhint %}');
  });

  it.each(blockMenuItems("").map((item) => [item.id, item] as const))("inserts %s as a block that saves and opens back as itself", (_id, item) => {
    const { view, save } = pageWithCursor();
    insertBlock(item)(view.state, (tr) => view.dispatch(tr));
    const saved = save();
    expect(openMarkdown(saved).doc.toJSON()).toEqual(view.state.doc.toJSON());
  });
});
