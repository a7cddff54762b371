// A page's Markdown opened for editing: markdown-it's tokens (./parser) folded into the schema's nodes, each block
// remembering the lines it came from (`Span`), so that saving (./save) writes back byte for byte every block the
// writer did not change. What the schema cannot hold is a `raw` block: its lines, verbatim.
import type { BlockTag } from "@docstack/sites/dist/gitbook-structure.js";
import { TokenCursor } from "@docstack/sites/dist/token-cursor.js";
import type { Mark, Node, NodeType } from "prosemirror-model";
import { parseTokens, type Token } from "./parser.js";
import { HINT_STYLES, schema } from "./schema.js";

/** The lines a node was opened from. */
export interface Span {
  node: Node;
  /** Offsets in the source: from the start of the block's first line to the end of its last (without its line break). */
  from: number;
  to: number;
  /**
   * For containers whose children stand on lines of their own (the page, quotes, lists, GitBook's blocks): the
   * children's spans, and what starts each line written fresh inside (`> ` in a quote).
   */
  inner?: { children: Span[]; prefix: string };
}

/** What `openMarkdown` gives: the document to edit, and what saving needs to write unchanged blocks back as they were. */
export interface OpenedMarkdown {
  readonly source: string;
  readonly doc: Node;
  /** The page's span: all of the source, its blocks as children. */
  readonly root: Span;
}

/** Takes a container's marker off a line (a quote's `>`, a list item's marker or indentation), given the line's number. */
type Stripper = (text: string, line: number) => string;

interface Context {
  prefix: string;
  strip: readonly Stripper[];
}

const FRONT_MATTER = /^---[ \t]*\r?\n(?:[\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** Opens a page's Markdown for editing. */
export function openMarkdown(source: string): OpenedMarkdown {
  const opener = new Opener(source);
  // Front matter (a file of GitBook's layout) is kept as written; markdown-it reads blank lines in its place.
  const front = FRONT_MATTER.exec(source)?.[0];
  const frontLines = front ? front.split(/\r\n?|\n/).length - (/\r?\n$/.test(front) ? 1 : 0) : 0;
  const parsed = front ? "\n".repeat(frontLines) + source.slice(front.length) : source;
  const cursor = new TokenCursor(parseTokens(parsed));
  const children = opener.blocks(cursor, { prefix: "", strip: [] });
  if (front) children.unshift(opener.raw(0, frontLines, { prefix: "", strip: [] }));
  const content = children.length ? children.map((span) => span.node) : [schema.nodes.paragraph.create()];
  const doc = schema.nodes.doc.create(null, content);
  // A page without blocks opens with an empty paragraph, not one of its own: it is written only once it holds something.
  return { source, doc, root: { node: doc, from: 0, to: source.length, inner: { children, prefix: "" } } };
}

const HINTS = new Set<string>(HINT_STYLES);
const TASK_MARKER = /^\[([ xX])\][ \t]+/;
const LIST_MARKER = /^ {0,3}(?:[*+-]|\d{1,9}[.)])(?:[ \t]+|$)/;
const EMPTY_PARAGRAPH = "&#x20;";
const LF = 10;
const CR = 13;

class Opener {
  /** Where each line starts, as markdown-it numbers lines (`\r\n`, `\r` and `\n` end one). */
  private readonly starts: number[] = [0];

  constructor(private readonly source: string) {
    // A loop over character codes: `matchAll` took a tenth of a 5,000-block page's opening (a match object a line).
    for (let at = 0; at < source.length; at++) {
      const code = source.charCodeAt(at);
      if (code === LF) this.starts.push(at + 1);
      else if (code === CR) {
        if (source.charCodeAt(at + 1) === LF) at++;
        this.starts.push(at + 1);
      }
    }
  }

  /** The end of a line's text, before its line break. */
  private lineEnd(line: number): number {
    const next = this.starts[line + 1];
    if (next === undefined) return this.source.length;
    return this.source[next - 2] === "\r" && this.source[next - 1] === "\n" ? next - 2 : next - 1;
  }

  private lineText(line: number): string {
    return this.source.slice(this.starts[line], this.lineEnd(line));
  }

  /** Lines `[first, end)` as a span's offsets, blank lines at their end left to the gap after them. */
  private span(node: Node, first: number, end: number, inner?: Span["inner"]): Span {
    let last = Math.min(end, this.starts.length) - 1;
    while (last > first && this.lineText(last).trim() === "") last--;
    return { node, from: this.starts[first]!, to: this.lineEnd(last), ...(inner ? { inner } : {}) };
  }

  /** The lines `[first, end)` without the markers of the containers they stand in. */
  private text(first: number, end: number, context: Context): string {
    const lines: string[] = [];
    for (let line = first; line < end && line < this.starts.length; line++) {
      lines.push(context.strip.reduce((text, strip) => strip(text, line), this.lineText(line)));
    }
    return lines.join("\n");
  }

  /** A raw block of lines `[first, end)`. */
  raw(first: number, end: number, context: Context): Span {
    let last = end;
    while (last - 1 > first && this.lineText(last - 1).trim() === "") last--;
    return this.span(schema.nodes.raw.create({ markdown: this.text(first, last, context) }), first, end);
  }

  blocks(cursor: TokenCursor, context: Context): Span[] {
    const spans: Span[] = [];
    while (!cursor.atClose()) {
      const span = this.block(cursor, context);
      if (span) spans.push(span);
    }
    return spans;
  }

  /** The children of the container just opened; reads its closing token too. */
  private children(cursor: TokenCursor, context: Context): Span[] {
    const spans = this.blocks(cursor, context);
    cursor.next();
    return spans;
  }

  private block(cursor: TokenCursor, context: Context): Span | undefined {
    const token = cursor.next();
    const [first, end] = token.map ?? [0, 0];
    if (!token.map) {
      if (token.nesting === 1) cursor.skipContainer();
      return undefined;
    }
    // A block the schema refuses (a tab outside tabs…) is kept as written.
    const made = (make: () => Span | undefined, lines = end): Span => {
      try {
        const span = make();
        if (span) return span;
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
      }
      return this.raw(first, lines, context);
    };
    switch (token.type) {
      case "paragraph_open": {
        const inline = cursor.next();
        cursor.next();
        const empty = inline.content.trim() === EMPTY_PARAGRAPH;
        return made(() => this.span(schema.nodes.paragraph.createChecked(null, empty ? [] : inlines(inline.children ?? [])), first, end));
      }
      case "heading_open": {
        const inline = cursor.next();
        cursor.next();
        const level = Number(token.tag.slice(1));
        return made(() => this.span(schema.nodes.heading.createChecked({ level }, inlines(inline.children ?? [])), first, end));
      }
      case "blockquote_open": {
        const prefix = `${context.prefix}> `;
        const children = this.children(cursor, { prefix, strip: [...context.strip, (text) => text.replace(/^ {0,3}> ?/, "")] });
        return made(() => this.container(schema.nodes.blockquote, null, children, first, end, prefix));
      }
      case "bullet_list_open":
      case "ordered_list_open":
        return made(() => this.list(token, cursor, context));
      case "fence":
        return made(() => this.span(codeBlock(token.content, token.info.trim()), first, end));
      case "code_block":
        return made(() => this.span(codeBlock(token.content, ""), first, end));
      case "hr":
        return this.span(schema.nodes.divider.create(), first, end);
      case "html_block":
        return this.html(token, cursor, context);
      case "gitbook_open": {
        // The tag's map ends on its end's line.
        const spans = this.children(cursor, context);
        return made(() => this.gitbookBlock(token, spans, first, end + 1, context), end + 1);
      }
      case "gitbook_tag":
        return made(() => this.gitbookTag(token, first, end));
      case "gitbook_math": {
        // The TeX as written between the `$$` lines (the parser trims it); `$$…$$` on one line, as parsed.
        const tex = end - first > 1 ? this.text(first + 1, end - 1, context) : token.content;
        return made(() => this.span(schema.nodes.math.create(null, tex ? schema.text(tex) : null), first, end));
      }
      case "table_open": {
        const tokens: Token[] = [];
        for (let next = cursor.next(); next.type !== "table_close"; next = cursor.next()) tokens.push(next);
        return made(() => this.span(tableNode(tokens), first, end));
      }
      default:
        if (token.nesting === 1) cursor.skipContainer();
        return this.raw(first, end, context);
    }
  }

  private container(type: NodeType, attrs: Record<string, unknown> | null, children: Span[], first: number, end: number, prefix: string): Span {
    const node = type.createChecked(
      attrs,
      children.map((span) => span.node),
    );
    return this.span(node, first, end, { children, prefix });
  }

  private list(open: Token, cursor: TokenCursor, context: Context): Span {
    const [first, end] = open.map!;
    const items: Span[] = [];
    // The whole list is read before any refusal, so that a list kept raw leaves none of its tokens behind.
    let refused: RangeError | undefined;
    while (!cursor.atClose()) {
      const item = cursor.next();
      if (item.type !== "list_item_open" || !item.map) {
        refused = new RangeError(`a list holds items, not ${item.type}`);
        if (item.nesting === 1) cursor.skipContainer();
        continue;
      }
      const [itemFirst, itemEnd] = item.map;
      const marker = LIST_MARKER.exec(this.text(itemFirst, itemFirst + 1, context))?.[0] ?? "";
      const indent = marker.length;
      const strip: Stripper = (text, line) => (line === itemFirst ? text.slice(indent) : text.replace(new RegExp(`^ {0,${indent}}`), ""));
      const checked = takeTaskMarker(cursor.peek(), cursor.peek(1));
      const children = this.children(cursor, { prefix: context.prefix, strip: [...context.strip, strip] });
      try {
        const node = schema.nodes.list_item.createChecked(
          { checked },
          children.map((span) => span.node),
        );
        items.push(this.span(node, itemFirst, itemEnd));
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        refused = error;
      }
    }
    cursor.next();
    if (refused) throw refused;
    const indent = /^\s*/.exec(this.text(first, first + 1, context))![0];
    const type = open.type === "ordered_list_open" ? schema.nodes.ordered_list : schema.nodes.bullet_list;
    const attrs = open.type === "ordered_list_open" ? { start: Number(open.attrGet("start") ?? 1) } : null;
    return this.container(type, attrs, items, first, end, context.prefix + indent);
  }

  /** Raw HTML: GitBook's `<details>` (expandable) and `<figure><img>` (image) blocks, anything else kept as written. */
  private html(token: Token, cursor: TokenCursor, context: Context): Span {
    const [first, end] = token.map!;
    const html = token.content.trim();
    const details = /^<details>\s*(?:<summary>([^<]*)<\/summary>)?$/i.exec(html);
    if (details) return this.expandable(details[1], first, cursor, context) ?? this.raw(first, end, context);
    const image = imageOf(html);
    if (image) return this.span(schema.nodes.image.create(image), first, end);
    return this.raw(first, end, context);
  }

  /** The blocks after `<details>` up to its `</details>`, when it has one among them (a `<details>` inside has its own). */
  private expandable(summary: string | undefined, first: number, cursor: TokenCursor, context: Context): Span | undefined {
    if (!closesDetails(cursor)) return undefined;
    let title = summary;
    const children: Span[] = [];
    let last = first + 1;
    while (!cursor.atClose()) {
      const next = cursor.peek()!;
      if (next.type === "html_block" && /^<\/details>$/i.test(next.content.trim())) {
        cursor.next();
        const end = next.map![1];
        if (title === undefined || !children.length) return this.raw(first, end, context);
        return this.container(schema.nodes.expandable, { title: decodeHtml(title.trim()) }, children, first, end, context.prefix);
      }
      const summaryOnly = /^<summary>([^<]*)<\/summary>$/i.exec(next.content.trim());
      if (title === undefined && !children.length && next.type === "html_block" && summaryOnly) {
        title = summaryOnly[1];
        last = cursor.next().map![1];
        continue;
      }
      const span = this.block(cursor, context);
      if (span) children.push(span);
      last = next.map?.[1] ?? last;
    }
    // Its end was taken by a block inside: the whole is kept as written.
    return this.raw(first, last, context);
  }

  /** A GitBook block with an end: `first` its tag's line, `end` the line after its end's. */
  private gitbookBlock(token: Token, children: Span[], first: number, end: number, context: Context): Span | undefined {
    const { name, attrs } = (token.meta as { tag: BlockTag }).tag;
    const inner = () => this.text(first + 1, end - 1, context);
    const only = (names: string[]) => Object.keys(attrs).every((key) => names.includes(key));
    switch (name) {
      case "hint":
        return HINTS.has(attrs.style ?? "") && only(["style"])
          ? this.container(schema.nodes.hint, { style: attrs.style }, children, first, end, context.prefix)
          : undefined;
      case "tabs":
        return only([]) ? this.container(schema.nodes.tabs, null, children, first, end, context.prefix) : undefined;
      case "tab":
        return only(["title"]) ? this.container(schema.nodes.tab, { title: attrs.title ?? "" }, children, first, end, context.prefix) : undefined;
      case "stepper":
        return only([]) ? this.container(schema.nodes.stepper, null, children, first, end, context.prefix) : undefined;
      case "step":
        return only([]) ? this.container(schema.nodes.step, null, children, first, end, context.prefix) : undefined;
      case "content-ref":
        return only(["url"]) ? this.span(schema.nodes.content_ref.create({ url: attrs.url ?? "", body: inner() }), first, end) : undefined;
      case "embed":
        return only(["url"]) ? this.span(schema.nodes.embed.create({ url: attrs.url ?? "", caption: inner() }), first, end) : undefined;
      case "file":
        return only(["src"]) ? this.span(schema.nodes.file.create({ src: attrs.src ?? "", caption: inner() }), first, end) : undefined;
      case "openapi":
        return only(["src", "path", "method"]) ? this.span(schema.nodes.openapi.create({ ...attrs, body: inner() }), first, end) : undefined;
      case "code": {
        const code = children[0]?.node;
        if (children.length !== 1 || code?.type !== schema.nodes.code_block || !only(["title", "lineNumbers", "overflow"])) return undefined;
        if ((attrs.lineNumbers ?? "true") !== "true" && attrs.lineNumbers !== "false") return undefined;
        if (attrs.overflow !== undefined && attrs.overflow !== "wrap") return undefined;
        const options = { title: attrs.title ?? "", lineNumbers: attrs.lineNumbers === "true", wrap: attrs.overflow === "wrap" };
        return this.span(schema.nodes.code_block.create({ ...code.attrs, ...options }, code.content), first, end);
      }
      default:
        return undefined;
    }
  }

  /** A GitBook tag standing alone. */
  private gitbookTag(token: Token, first: number, end: number): Span | undefined {
    const { name, attrs, arg } = (token.meta as { tag: BlockTag }).tag;
    const only = (names: string[]) => Object.keys(attrs).every((key) => names.includes(key));
    switch (name) {
      case "content-ref":
        return only(["url"]) ? this.span(schema.nodes.content_ref.create({ url: attrs.url ?? "" }), first, end) : undefined;
      case "embed":
        return only(["url"]) ? this.span(schema.nodes.embed.create({ url: attrs.url ?? "" }), first, end) : undefined;
      case "file":
        return only(["src"]) ? this.span(schema.nodes.file.create({ src: attrs.src ?? "" }), first, end) : undefined;
      case "openapi":
        return only(["src", "path", "method"]) ? this.span(schema.nodes.openapi.create(attrs), first, end) : undefined;
      case "include":
        return arg !== undefined && only([]) ? this.span(schema.nodes.include.create({ src: arg }), first, end) : undefined;
      default:
        return undefined;
    }
  }
}

/** Whether a `</details>` closes the `<details>` just read, in the same container (nested ones paired). */
function closesDetails(cursor: TokenCursor): boolean {
  for (let ahead = 0, depth = 0, open = 0; ; ahead++) {
    const token = cursor.peek(ahead);
    if (!token || (depth === 0 && token.nesting === -1)) return false;
    depth += token.nesting;
    if (depth !== 0 || token.type !== "html_block") continue;
    if (/^<details[\s>]/i.test(token.content.trim())) open++;
    else if (/^<\/details>$/i.test(token.content.trim()) && open-- === 0) return true;
  }
}

/** A table from its tokens (between `table_open` and `table_close`). */
function tableNode(tokens: readonly Token[]): Node {
  const rows: Node[] = [];
  let cells: Node[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === "tr_open") cells = [];
    else if (token.type === "tr_close") rows.push(schema.nodes.table_row.createChecked(null, cells));
    else if (token.type === "th_open" || token.type === "td_open") {
      const align = /text-align:(left|center|right)/.exec(String(token.attrGet("style") ?? ""))?.[1] ?? null;
      cells.push(schema.nodes.table_cell.createChecked({ align }, inlines(tokens[i + 1]?.children ?? [])));
    }
  }
  return schema.nodes.table.createChecked(null, rows);
}

function codeBlock(content: string, language: string): Node {
  const code = content.endsWith("\n") ? content.slice(0, -1) : content;
  return schema.nodes.code_block.create({ language }, code ? schema.text(code) : null);
}

/** GitBook's image block, when the HTML is exactly one `<figure><img src alt><figcaption><p>…</p></figcaption></figure>`. */
function imageOf(html: string): { src: string; alt: string; caption: string } | undefined {
  const figure = /^<figure><img src="([^"]*)" alt="([^"]*)"(?: ?\/)?>(?:<figcaption><p>([^<]*)<\/p><\/figcaption>)?<\/figure>$/.exec(html);
  if (!figure) return undefined;
  return { src: decodeHtml(figure[1]!), alt: decodeHtml(figure[2]!), caption: decodeHtml(figure[3] ?? "") };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** HTML's character references in a text (the ones GitBook writes). */
export function decodeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** A task item's `[ ] ` or `[x] `, taken off its first paragraph's text: whether it is checked, null for an ordinary item. */
function takeTaskMarker(first: Token | undefined, inline: Token | undefined): boolean | null {
  if (first?.type !== "paragraph_open" || inline?.type !== "inline") return null;
  const text = inline.children?.[0];
  const marker = text?.type === "text" ? TASK_MARKER.exec(text.content) : null;
  if (!text || !marker) return null;
  text.content = text.content.slice(marker[0].length);
  return marker[1] !== " ";
}

const MARKS: Record<string, [string, boolean]> = {
  strong_open: ["bold", true],
  strong_close: ["bold", false],
  em_open: ["italic", true],
  em_close: ["italic", false],
  s_open: ["strike", true],
  s_close: ["strike", false],
};

/** A paragraph's (heading's, cell's) inline tokens as text with marks, images, breaks and inline HTML. */
export function inlines(tokens: readonly Token[]): Node[] {
  const nodes: Node[] = [];
  const marks: Mark[] = [];
  const links: Mark[] = [];
  const active = () => [...links.slice(-1), ...marks].reduce<readonly Mark[]>((set, mark) => mark.addToSet(set), []);
  const addText = (text: string, extra?: Mark) => {
    if (text) nodes.push(schema.text(text, extra ? extra.addToSet(active()) : active()));
  };
  for (const token of tokens) {
    switch (token.type) {
      case "text":
        addText(token.content);
        break;
      case "code_inline":
        addText(token.content, schema.marks.code.create());
        break;
      case "softbreak":
        addText(" ");
        break;
      case "hardbreak":
        nodes.push(schema.nodes.hard_break.create(null, null, active()));
        break;
      case "link_open":
        links.push(schema.marks.link.create({ href: String(token.attrGet("href") ?? ""), title: String(token.attrGet("title") ?? "") }));
        break;
      case "link_close":
        links.pop();
        break;
      case "image":
        nodes.push(
          schema.nodes.inline_image.create(
            { src: String(token.attrGet("src") ?? ""), alt: plainText(token.children ?? []), title: String(token.attrGet("title") ?? "") },
            null,
            active(),
          ),
        );
        break;
      case "html_inline":
        nodes.push(schema.nodes.html_inline.create({ html: token.content }, null, active()));
        break;
      default: {
        const mark = MARKS[token.type];
        if (!mark) addText(token.content);
        else if (mark[1]) marks.push(schema.marks[mark[0]]!.create());
        else {
          const at = marks.findLastIndex((open) => open.type.name === mark[0]);
          if (at >= 0) marks.splice(at, 1);
        }
      }
    }
  }
  return nodes;
}

function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === "softbreak") return " ";
      if (token.type === "hardbreak") return "\n";
      if (token.type === "image") return plainText(token.children ?? []);
      return token.content;
    })
    .join("");
}
