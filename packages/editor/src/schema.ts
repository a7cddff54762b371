// The editor's schema: one node type per block GitBook writes (and the API's `format=document` reads), so that
// what the writer sees and edits is what the Markdown holds. What it cannot edit is a `raw` block, kept verbatim.
// `toDOM` specs are plain data: the schema loads in Node, where the editor's core runs without a DOM.
import { type MarkSpec, type NodeSpec, Schema } from "prosemirror-model";

export const HINT_STYLES = ["info", "success", "warning", "danger"] as const;
export type HintStyle = (typeof HINT_STYLES)[number];

const text = (tag: string) => [tag, 0] as const;

const nodes = {
  doc: { content: "block+" },
  paragraph: { group: "block", content: "inline*", toDOM: () => text("p") },
  heading: {
    group: "block",
    content: "inline*",
    defining: true,
    attrs: { level: { default: 1, validate: "number" } },
    toDOM: (node) => text(`h${node.attrs.level}`),
  },
  blockquote: { group: "block", content: "block+", defining: true, toDOM: () => text("blockquote") },
  bullet_list: { group: "block", content: "list_item+", toDOM: () => text("ul") },
  ordered_list: {
    group: "block",
    content: "list_item+",
    attrs: { start: { default: 1, validate: "number" } },
    toDOM: (node) => ["ol", { start: node.attrs.start }, 0],
  },
  /** `checked` is null for an ordinary item, a boolean for a task (`* [ ] `, `* [x] `). */
  list_item: {
    content: "block+",
    defining: true,
    attrs: { checked: { default: null } },
    toDOM: (node) => ["li", node.attrs.checked === null ? {} : { "data-checked": String(node.attrs.checked) }, 0],
  },
  /** A fenced block, and GitBook's `{% code %}` options around it (empty title and unset options: none). */
  code_block: {
    group: "block",
    content: "text*",
    marks: "",
    code: true,
    defining: true,
    attrs: {
      language: { default: "", validate: "string" },
      title: { default: "", validate: "string" },
      lineNumbers: { default: false, validate: "boolean" },
      wrap: { default: false, validate: "boolean" },
    },
    toDOM: (node) => ["pre", { "data-language": node.attrs.language }, ["code", 0]],
  },
  hint: {
    group: "block",
    content: "block+",
    defining: true,
    attrs: { style: { default: "info", validate: "string" } },
    toDOM: (node) => ["div", { class: `hint hint-${node.attrs.style}`, role: "note" }, 0],
  },
  tabs: { group: "block", content: "tab+", toDOM: () => ["div", { class: "tabs" }, 0] },
  tab: { content: "block+", defining: true, attrs: { title: { default: "", validate: "string" } }, toDOM: () => ["section", { class: "tab" }, 0] },
  stepper: { group: "block", content: "step+", toDOM: () => ["ol", { class: "stepper" }, 0] },
  step: { content: "block+", defining: true, toDOM: () => ["li", { class: "step" }, 0] },
  /** `<details><summary>title</summary>` … `</details>`. */
  expandable: {
    group: "block",
    content: "block+",
    defining: true,
    attrs: { title: { default: "", validate: "string" } },
    toDOM: () => ["details", 0],
  },
  /** `{% content-ref url %}` with its link (`body`, Markdown as written). */
  content_ref: {
    group: "block",
    atom: true,
    attrs: { url: { default: "", validate: "string" }, body: { default: "", validate: "string" } },
    toDOM: (node) => ["nav", { class: "content-ref", "data-url": node.attrs.url }],
  },
  /** `{% embed url %}`, its caption (Markdown as written) when it has an end. */
  embed: {
    group: "block",
    atom: true,
    attrs: { url: { default: "", validate: "string" }, caption: { default: "", validate: "string" } },
    toDOM: (node) => ["figure", { class: "embed", "data-url": node.attrs.url }],
  },
  /** `{% file src %}`, its caption as for embeds. */
  file: {
    group: "block",
    atom: true,
    attrs: { src: { default: "", validate: "string" }, caption: { default: "", validate: "string" } },
    toDOM: (node) => ["figure", { class: "file", "data-src": node.attrs.src }],
  },
  /** GitBook's image block: `<figure><img src alt><figcaption><p>caption</p></figcaption></figure>`. */
  image: {
    group: "block",
    atom: true,
    attrs: { src: { default: "", validate: "string" }, alt: { default: "", validate: "string" }, caption: { default: "", validate: "string" } },
    toDOM: (node) => ["figure", ["img", { src: node.attrs.src, alt: node.attrs.alt }], ["figcaption", node.attrs.caption]],
  },
  /** A GitHub table; its first row is the header. Cells hold inline content, as Markdown's do. */
  table: { group: "block", content: "table_row+", isolating: true, toDOM: () => ["table", ["tbody", 0]] },
  table_row: { content: "table_cell+", toDOM: () => text("tr") },
  table_cell: {
    content: "inline*",
    isolating: true,
    attrs: { align: { default: null } },
    toDOM: (node) => ["td", node.attrs.align ? { class: `align-${node.attrs.align}` } : {}, 0],
  },
  divider: { group: "block", atom: true, toDOM: () => ["hr"] },
  /** A `$$` block: its TeX, edited as code. */
  math: { group: "block", content: "text*", marks: "", code: true, toDOM: () => ["div", { class: "math" }, ["code", 0]] },
  /** `{% include "…" %}`: GitBook's reusable content, named. */
  include: { group: "block", atom: true, attrs: { src: { default: "", validate: "string" } }, toDOM: () => ["div", { class: "include" }] },
  /** `{% openapi src path method %}` (or `{% swagger %}`), its content kept as written (`body`). */
  openapi: {
    group: "block",
    atom: true,
    attrs: {
      src: { default: "", validate: "string" },
      path: { default: "", validate: "string" },
      method: { default: "", validate: "string" },
      body: { default: "", validate: "string" },
    },
    toDOM: () => ["section", { class: "api-operation" }],
  },
  /** What the editor cannot edit (an unknown `{% %}` block, raw HTML, front matter): its Markdown, verbatim. */
  raw: {
    group: "block",
    atom: true,
    attrs: { markdown: { default: "", validate: "string" } },
    toDOM: (node) => ["pre", { class: "raw-block" }, node.attrs.markdown],
  },
  text: { group: "inline" },
  hard_break: { group: "inline", inline: true, selectable: false, toDOM: () => ["br"] },
  inline_image: {
    group: "inline",
    inline: true,
    atom: true,
    attrs: { src: { default: "", validate: "string" }, alt: { default: "", validate: "string" }, title: { default: "", validate: "string" } },
    toDOM: (node) => ["img", { src: node.attrs.src, alt: node.attrs.alt }],
  },
  /** Inline HTML (`<kbd>`, `<br>`…), kept verbatim. */
  html_inline: {
    group: "inline",
    inline: true,
    atom: true,
    attrs: { html: { default: "", validate: "string" } },
    toDOM: (node) => ["code", { class: "raw-inline" }, node.attrs.html],
  },
} satisfies Record<string, NodeSpec>;

const marks = {
  link: {
    attrs: { href: { validate: "string" }, title: { default: "", validate: "string" } },
    inclusive: false,
    toDOM: (mark) => ["a", { href: mark.attrs.href, title: mark.attrs.title || null }, 0],
  },
  bold: { toDOM: () => ["strong", 0] },
  italic: { toDOM: () => ["em", 0] },
  strike: { toDOM: () => ["s", 0] },
  code: { toDOM: () => ["code", 0] },
} satisfies Record<string, MarkSpec>;

export const schema = new Schema({ nodes, marks });
