// Block settings: the attributes of GitBook's blocks that are not typed in the text (a code block's title,
// language and line numbers, a hint's style, an image's caption and alt text, an embed's URL…), described as
// fields the app shows for the block at the cursor, and the command that sets one. No DOM: the app draws the form.
// A heading's level and an ordered list's start number are settings too: numbers, checked against their range.
import type { Node } from "prosemirror-model";
import { type Command, type EditorState, NodeSelection } from "prosemirror-state";
import { HINT_STYLES } from "./schema.js";

export interface SettingField {
  attr: string;
  label: string;
  kind: "text" | "checkbox" | "select" | "number";
  /** A select's values. */
  options?: readonly string[];
  /** A number's range, and a select whose values are numbers (a heading's level): stored as a number. */
  min?: number;
  max?: number;
  /** Attributes emptied when this one changes (a page link's link text, written for the old target). */
  clears?: readonly string[];
}

export interface BlockSettings {
  /** What the block is called in the form's name ("Code block settings"). */
  label: string;
  fields: readonly SettingField[];
}

/** GitBook's editor writes three levels of heading (a Markdown `####` opened keeps its level until changed). */
export const HEADING_LEVELS = ["1", "2", "3"] as const;
/** CommonMark reads at most nine digits as a list's number. */
const MAX_LIST_START = 999_999_999;

const text = (attr: string, label: string, clears?: readonly string[]): SettingField => ({ attr, label, kind: "text", ...(clears ? { clears } : {}) });

/** The blocks with settings, by node type. */
export const BLOCK_SETTINGS: Readonly<Record<string, BlockSettings>> = {
  heading: { label: "Heading", fields: [{ attr: "level", label: "Level", kind: "select", options: HEADING_LEVELS, min: 1, max: 3 }] },
  ordered_list: { label: "Numbered list", fields: [{ attr: "start", label: "Start number", kind: "number", min: 0, max: MAX_LIST_START }] },
  code_block: {
    label: "Code block",
    fields: [
      text("title", "Title"),
      text("language", "Language"),
      { attr: "lineNumbers", label: "Line numbers", kind: "checkbox" },
      { attr: "wrap", label: "Wrap long lines", kind: "checkbox" },
    ],
  },
  hint: { label: "Hint", fields: [{ attr: "style", label: "Style", kind: "select", options: HINT_STYLES }] },
  image: { label: "Image", fields: [text("caption", "Caption"), text("alt", "Alternative text"), text("src", "Image file or URL")] },
  embed: { label: "Embed", fields: [text("url", "URL"), text("caption", "Caption")] },
  file: { label: "File", fields: [text("src", "File name or URL"), text("caption", "Caption")] },
  content_ref: { label: "Page link", fields: [text("url", "Page path or URL", ["body"])] },
  tab: { label: "Tab", fields: [text("title", "Tab title")] },
  expandable: { label: "Expandable", fields: [text("title", "Summary")] },
  include: { label: "Reusable content", fields: [text("src", "Reusable content")] },
  openapi: {
    label: "OpenAPI operation",
    fields: [
      text("src", "Specification"),
      text("path", "Path"),
      { attr: "method", label: "Method", kind: "select", options: ["", "get", "post", "put", "patch", "delete", "head", "options"] },
    ],
  },
};

/** The block whose settings apply at the selection: a selected block, else the innermost block around the cursor that has some. */
export function blockWithSettings(state: EditorState): { pos: number; node: Node; settings: BlockSettings } | undefined {
  const { selection } = state;
  if (selection instanceof NodeSelection && BLOCK_SETTINGS[selection.node.type.name]) {
    return { pos: selection.from, node: selection.node, settings: BLOCK_SETTINGS[selection.node.type.name]! };
  }
  const { $from } = selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    const settings = BLOCK_SETTINGS[node.type.name];
    if (settings) return { pos: $from.before(depth), node, settings };
  }
  return undefined;
}

/** Sets one setting of the block at `pos` (and empties what depends on it); refused when the block has no such field. */
export function setBlockSetting(pos: number, attr: string, value: string | number | boolean): Command {
  return (state, dispatch) => {
    const node = state.doc.nodeAt(pos);
    const field = node && BLOCK_SETTINGS[node.type.name]?.fields.find((candidate) => candidate.attr === attr);
    if (!node || !field) return false;
    if (field.options && !field.options.includes(String(value))) return false;
    const stored = isNumeric(field) ? numberIn(field, value) : value;
    if (stored === undefined) return false;
    // The same value again is no change (no undo step, nothing to save).
    if (node.attrs[attr] === stored) return true;
    if (dispatch) {
      const tr = state.tr.setNodeAttribute(pos, attr, stored);
      for (const cleared of field.clears ?? []) tr.setNodeAttribute(pos, cleared, "");
      // A selected atom stays selected (its form stays open).
      if (state.selection instanceof NodeSelection && state.selection.from === pos) tr.setSelection(NodeSelection.create(tr.doc, pos));
      dispatch(tr);
    }
    return true;
  };
}

const isNumeric = (field: SettingField) => field.kind === "number" || field.min !== undefined;

/** A whole number in the field's range (from a form's text or a number), else nothing. */
function numberIn(field: SettingField, value: string | number | boolean): number | undefined {
  if (typeof value === "boolean" || (typeof value === "string" && !/^\s*\d+\s*$/.test(value))) return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number)) return undefined;
  if ((field.min !== undefined && number < field.min) || (field.max !== undefined && number > field.max)) return undefined;
  return number;
}
