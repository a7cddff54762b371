// The editor's commands that need no DOM: Markdown shortcuts typed at a block's start (`# `, `- `, `1. `, `[ ] `,
// three backticks, `> `), the keymap (Ctrl/Cmd+B, I, K, lists, history) and the blocks the `/` menu inserts.
import { baseKeymap, chainCommands, exitCode, setBlockType, toggleMark } from "prosemirror-commands";
import { redo, undo } from "prosemirror-history";
import { InputRule, inputRules, textblockTypeInputRule, wrappingInputRule } from "prosemirror-inputrules";
import { keymap } from "prosemirror-keymap";
import type { Node } from "prosemirror-model";
import { liftListItem, sinkListItem, splitListItem } from "prosemirror-schema-list";
import { type Command, type EditorState, NodeSelection, type Plugin, TextSelection } from "prosemirror-state";
import { findWrapping, insertPoint } from "prosemirror-transform";
import { type HintStyle, schema } from "./schema.js";

const { nodes, marks } = schema;

/** `[ ] ` or `[x] ` at a paragraph's start: a task list. */
const taskRule = new InputRule(/^\[([ xX])\]\s$/, (state, match, start, end) => {
  const tr = state.tr.delete(start, end);
  const range = tr.doc.resolve(start).blockRange();
  const wrapping = range && findWrapping(range, nodes.bullet_list);
  if (!range || !wrapping) return null;
  wrapping[wrapping.length - 1] = { type: nodes.list_item, attrs: { checked: match[1] !== " " } };
  return tr.wrap(range, wrapping);
});

/** Markdown's shortcuts, typed at the start of a paragraph. */
export function markdownInputRules(): Plugin {
  return inputRules({
    rules: [
      textblockTypeInputRule(/^(#{1,6})\s$/, nodes.heading, (match) => ({ level: match[1]!.length })),
      taskRule,
      wrappingInputRule(/^\s*([-+*])\s$/, nodes.bullet_list),
      wrappingInputRule(
        /^(\d+)\.\s$/,
        nodes.ordered_list,
        (match) => ({ start: Number(match[1]) }),
        (match, node) => node.childCount + node.attrs.start === Number(match[1]),
      ),
      wrappingInputRule(/^\s*>\s$/, nodes.blockquote),
      textblockTypeInputRule(/^```([^\s`]*)\s$/, nodes.code_block, (match) => ({ language: match[1] ?? "" })),
    ],
  });
}

/** Adds a link to the selection, or takes the links off it when `href` is null. */
export function setLink(href: string | null): Command {
  return (state, dispatch) => {
    const { from, to, empty } = state.selection;
    if (empty) return false;
    if (dispatch) {
      const tr = state.tr.removeMark(from, to, marks.link);
      if (href) tr.addMark(from, to, marks.link.create({ href }));
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

export interface KeymapOptions {
  /** Asks the writer for a link's target (Ctrl/Cmd+K on a selection without a link); null cancels. */
  promptLink?: (state: EditorState) => string | null;
}

/** Ctrl/Cmd+B, I, K (link), E (code), Shift+X (strike); lists; history; then ProseMirror's base keymap. */
export function editorKeymaps(options: KeymapOptions = {}): Plugin[] {
  const link: Command = (state, dispatch) => {
    const { from, to } = state.selection;
    if (state.doc.rangeHasMark(from, to, marks.link)) return setLink(null)(state, dispatch);
    if (state.selection.empty || !options.promptLink) return false;
    const href = options.promptLink(state);
    return href ? setLink(href)(state, dispatch) : false;
  };
  const hardBreak: Command = chainCommands(exitCode, (state, dispatch) => {
    dispatch?.(state.tr.replaceSelectionWith(nodes.hard_break.create()).scrollIntoView());
    return true;
  });
  return [
    keymap({
      "Mod-b": toggleMark(marks.bold),
      "Mod-i": toggleMark(marks.italic),
      "Mod-e": toggleMark(marks.code),
      "Mod-Shift-x": toggleMark(marks.strike),
      "Mod-k": link,
      "Mod-z": undo,
      "Shift-Mod-z": redo,
      "Mod-y": redo,
      Enter: splitListItem(nodes.list_item),
      "Mod-[": liftListItem(nodes.list_item),
      "Mod-]": sinkListItem(nodes.list_item),
      "Shift-Enter": hardBreak,
      "Mod-Enter": hardBreak,
      "Mod-Alt-0": setBlockType(nodes.paragraph),
    }),
    keymap(baseKeymap),
  ];
}

/** An entry of the `/` block menu: what it shows and the block it inserts. */
export interface BlockMenuItem {
  id: string;
  label: string;
  /** Other words the menu's filter matches. */
  keywords: readonly string[];
  /** The block inserted, filled with what it needs (a hint holds an empty paragraph). */
  create(): Node;
}

const filled = (name: string, attrs?: Record<string, unknown>) => () => nodes[name]!.createAndFill(attrs)!;
const hint = (style: HintStyle, label: string): BlockMenuItem => ({
  id: `hint-${style}`,
  label,
  keywords: ["hint", "callout", style],
  create: filled("hint", { style }),
});

function table(): Node {
  const row = () => nodes.table_row.create(null, [nodes.table_cell.create(), nodes.table_cell.create()]);
  return nodes.table.create(null, [row(), row()]);
}

/** The blocks the `/` menu offers, in its order. */
export const BLOCK_MENU: readonly BlockMenuItem[] = [
  { id: "paragraph", label: "Text", keywords: ["paragraph"], create: filled("paragraph") },
  ...[1, 2, 3].map((level) => ({
    id: `heading-${level}`,
    label: `Heading ${level}`,
    keywords: ["heading", "title", `h${level}`],
    create: filled("heading", { level }),
  })),
  { id: "bullet-list", label: "Bulleted list", keywords: ["list", "unordered"], create: () => nodes.bullet_list.createAndFill()! },
  { id: "ordered-list", label: "Numbered list", keywords: ["list", "ordered"], create: () => nodes.ordered_list.createAndFill()! },
  {
    id: "task-list",
    label: "Task list",
    keywords: ["todo", "checkbox"],
    create: () => nodes.bullet_list.create(null, nodes.list_item.createAndFill({ checked: false })!),
  },
  { id: "quote", label: "Quote", keywords: ["blockquote"], create: filled("blockquote") },
  { id: "code", label: "Code block", keywords: ["code", "snippet"], create: filled("code_block") },
  hint("info", "Info hint"),
  hint("success", "Success hint"),
  hint("warning", "Warning hint"),
  hint("danger", "Danger hint"),
  { id: "tabs", label: "Tabs", keywords: ["tab"], create: () => nodes.tabs.create(null, nodes.tab.createAndFill({ title: "Tab 1" })!) },
  { id: "stepper", label: "Stepper", keywords: ["steps", "step"], create: filled("stepper") },
  { id: "expandable", label: "Expandable", keywords: ["details", "collapse", "toggle"], create: filled("expandable", { title: "Details" }) },
  { id: "content-ref", label: "Page link", keywords: ["content", "reference", "card"], create: filled("content_ref") },
  { id: "embed", label: "Embed URL", keywords: ["video", "youtube", "iframe"], create: filled("embed") },
  { id: "file", label: "File", keywords: ["download", "attachment"], create: filled("file") },
  { id: "image", label: "Image", keywords: ["picture", "figure"], create: filled("image") },
  { id: "table", label: "Table", keywords: ["grid"], create: table },
  { id: "divider", label: "Divider", keywords: ["rule", "hr", "separator"], create: filled("divider") },
  { id: "math", label: "Math", keywords: ["tex", "latex", "formula"], create: filled("math") },
  { id: "openapi", label: "OpenAPI operation", keywords: ["api", "swagger"], create: filled("openapi") },
];

/** The items whose label, id or keywords start with the words typed after `/`. */
export function blockMenuItems(query: string): BlockMenuItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return BLOCK_MENU.filter((item) => {
    const names = [item.id, ...item.label.toLowerCase().split(/\s+/), ...item.keywords];
    return words.every((word) => names.some((name) => name.startsWith(word)));
  });
}

/**
 * Inserts a block: in place of the paragraph the cursor is in when it is empty or holds only the `/` query typed,
 * else after it; the cursor goes into the new block.
 */
export function insertBlock(item: BlockMenuItem): Command {
  return (state, dispatch) => {
    const { $from } = state.selection;
    const block = $from.parent;
    if (!block.isTextblock) return false;
    const node = item.create();
    if (dispatch) {
      const [before, after] = [$from.before(), $from.after()];
      const replace = block.type === nodes.paragraph && (block.childCount === 0 || /^\/\S*(\s\S+)*$/.test(block.textContent));
      const tr = replace ? state.tr.replaceWith(before, after, node) : state.tr.insert(after, node);
      const at = replace ? before : after;
      dispatch(tr.setSelection(TextSelection.near(tr.doc.resolve(Math.min(at + 1, tr.doc.content.size)))).scrollIntoView());
    }
    return true;
  };
}

/** The `/` query being typed: a paragraph that holds only `/` and words, the cursor at its end. */
export function blockMenuQuery(state: EditorState): string | undefined {
  const { $from, empty } = state.selection;
  if (!empty || $from.parent.type !== nodes.paragraph || $from.parentOffset !== $from.parent.content.size) return undefined;
  return /^\/([\w ]*)$/.exec($from.parent.textContent)?.[1];
}

/**
 * Inserts an image block (a file just uploaded) at the block boundary nearest `pos` (the selection's when left out):
 * in place of an empty paragraph, else after the block it falls in; the image is selected, its settings at hand.
 */
export function insertImage(attrs: { src: string; alt?: string; caption?: string }, pos?: number): Command {
  return (state, dispatch) => {
    const image = nodes.image.create(attrs);
    const $pos = state.doc.resolve(pos ?? state.selection.from);
    const block = $pos.parent;
    let at: number;
    let tr = state.tr;
    if (block.type === nodes.paragraph && block.childCount === 0 && $pos.depth > 0) {
      at = $pos.before();
      tr = tr.replaceWith(at, $pos.after(), image);
    } else {
      const point = insertPoint(state.doc, $pos.depth > 0 && block.isTextblock ? $pos.after() : $pos.pos, nodes.image);
      if (point === null) return false;
      at = point;
      tr = tr.insert(at, image);
    }
    dispatch?.(tr.setSelection(NodeSelection.create(tr.doc, at)).scrollIntoView());
    return true;
  };
}
