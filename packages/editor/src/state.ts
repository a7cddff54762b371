// The editing state of an opened page, with every plugin that needs no DOM; the app mounts an EditorView on it.
import { history } from "prosemirror-history";
import { EditorState, Plugin, type Transaction } from "prosemirror-state";
import { editorKeymaps, type KeymapOptions, markdownInputRules } from "./commands.js";
import type { OpenedMarkdown } from "./open.js";
import { schema } from "./schema.js";

/** The ranges of the final document that transactions' steps touched (a mark step's range too: its map is empty). */
function changedRanges(transactions: readonly Transaction[], size: number): [number, number][] {
  const ranges: [number, number][] = [];
  transactions.forEach((tr, t) => {
    const later = transactions.slice(t + 1);
    const toEnd = (pos: number, assoc: number, from: number) =>
      later.reduce((mapped, next) => next.mapping.map(mapped, assoc), tr.mapping.slice(from).map(pos, assoc));
    tr.steps.forEach((step, i) => {
      const { from, to } = step as unknown as { from?: number; to?: number };
      if (typeof from === "number" && typeof to === "number") ranges.push([toEnd(from, -1, i), toEnd(to, 1, i)]);
    });
  });
  return ranges.map(([from, to]) => [Math.max(0, Math.min(from, size)), Math.max(0, Math.min(to, size))]);
}

/**
 * What Markdown cannot say is not kept in the document either, where transactions changed it: a code mark on an
 * image, a line break or inline HTML (toggling code over a selection holding an image) is taken off, and an item
 * whose first block is no longer a paragraph is no longer a task (Markdown's box stands before a paragraph).
 */
export function markdownNormalization(): Plugin {
  return new Plugin({
    appendTransaction(transactions, _old, state) {
      if (!transactions.some((tr) => tr.docChanged)) return null;
      const tr = state.tr;
      for (const [from, to] of changedRanges(transactions, state.doc.content.size)) {
        state.doc.nodesBetween(from, to, (node, pos) => {
          if (node.isInline && !node.isText && schema.marks.code.isInSet(node.marks)) tr.removeMark(pos, pos + node.nodeSize, schema.marks.code);
          if (node.type === schema.nodes.list_item && node.attrs.checked !== null && node.firstChild?.type !== schema.nodes.paragraph) {
            tr.setNodeAttribute(pos, "checked", null);
          }
        });
      }
      return tr.docChanged ? tr : null;
    },
  });
}

/** History, Markdown shortcuts, the keymaps, then the marks' normalization (the app's own plugins go before: they see keys first). */
export function editorPlugins(options: KeymapOptions = {}): Plugin[] {
  return [history(), markdownInputRules(), ...editorKeymaps(options), markdownNormalization()];
}

export interface EditorStateOptions extends KeymapOptions {
  /** More plugins, before the editor's own. */
  plugins?: readonly Plugin[];
}

/** The state to edit an opened page in: its document, unchanged, so that saving it untouched writes the same bytes. */
export function createEditorState(opened: OpenedMarkdown, options: EditorStateOptions = {}): EditorState {
  return EditorState.create({ doc: opened.doc, plugins: [...(options.plugins ?? []), ...editorPlugins(options)] });
}
