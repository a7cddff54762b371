// `format=document`: a page's body as the contract's structured document (a tree of
// block, inline and text nodes), from its markdown as users read it.
//
// markdown-it parses the markdown (CommonMark, with GitHub's tables and
// strikethrough; task lists are read here from the list items' first text), and its
// token stream is folded into nodes. Where the contract's tree is narrower than
// Markdown (an inline holds only texts), the content is kept and the nesting given up:
// see `LinkInProgress`.
import type { Schemas } from "@docstack/contract";
import { type BlockTag, gitbookBlocks, htmlImages, integrationLink, TokenCursor } from "@docstack/sites";
import type MarkdownIt from "markdown-it";
import { HeadingAnchors } from "./markdown";

type Document = Schemas["PageDocument"];
type Block = Schemas["PageDocumentBlock"];
type Inline = Schemas["PageDocumentInline"];
type Text = Schemas["PageDocumentText"];
type NodeData = Schemas["PageDocumentNodeData"];
type MarkType = Text["leaves"][number]["marks"][number]["type"];
type InlineNode = Text | Inline;
type Token = MarkdownIt.Token;

export type ContentReference = Schemas["ContentReference"];
/** Turns a link or image target as written (`/path#anchor`, `diagram.png`) into what it names, if anything. */
export type ReferenceResolver = (target: string) => ContentReference | undefined;

/** Made with the first document asked for, not at start: markdown-it (and its entity tables) is not loaded until then. */
let parser: MarkdownIt | undefined;

function createParser(): MarkdownIt {
  const created = new (require("markdown-it") as typeof MarkdownIt)("default", { html: true, linkify: false, typographer: false });
  // Keep targets as written (`my file.png`, not `my%20file.png`): resolvers look pages
  // and files up by the path or name users write, and URL references are "as written".
  // Unsafe schemes (`javascript:`…) are still refused by markdown-it's validateLink.
  created.normalizeLink = (url: string) => url;
  // GitBook's blocks (`{% hint %}`, `{% tabs %}`…, `$$` math) as tokens of their own (rendering options are not used here).
  created.use(gitbookBlocks, { resolve: () => ({ kind: "broken" }) });
  return created;
}

/** The document of a page: its markdown as blocks, inlines and texts with marks. */
export function markdownToDocument(markdown: string, resolve?: ReferenceResolver): Document {
  parser ??= createParser();
  const cursor = new TokenCursor(parser.parse(markdown, {}));
  return { object: "document", nodes: new DocumentBuilder(resolve).blocks(cursor) };
}

class DocumentBuilder {
  private readonly anchors = new HeadingAnchors();
  constructor(private readonly resolve: ReferenceResolver | undefined) {}

  /** The blocks up to the end of the current container, which is left unread. */
  blocks(cursor: TokenCursor): Block[] {
    const blocks: Block[] = [];
    while (!cursor.atClose()) blocks.push(...this.block(cursor));
    return blocks;
  }

  private block(cursor: TokenCursor): Block[] {
    const token = cursor.next();
    switch (token.type) {
      case "paragraph_open":
        return [block("paragraph", this.inlineContent(cursor))];
      case "heading_open":
        return [this.heading(token, cursor)];
      case "blockquote_open":
        return [block("blockquote", this.children(cursor))];
      case "bullet_list_open":
        return [block("list-unordered", this.children(cursor))];
      case "ordered_list_open":
        // markdown-it sets `start` only when it is not 1.
        return [block("list-ordered", this.children(cursor), { start: Number(token.attrGet("start") ?? 1) })];
      case "list_item_open":
        return [this.listItem(cursor)];
      case "fence":
        return [codeBlock(token.content, syntaxOf(token.info))];
      case "code_block":
        return [codeBlock(token.content, undefined)];
      case "hr":
        return [block("divider", [])];
      case "html_block":
        if (/^<details[\s>]/i.test(token.content)) return [this.expandable(token, cursor)];
        return [this.imagesBlock(token.content) ?? block("html", [], { html: withoutFinalNewline(token.content) })];
      case "gitbook_open":
        return this.gitbookBlock(token, this.children(cursor));
      case "gitbook_tag":
        return this.gitbookBlock(token, []);
      case "gitbook_math":
        return [block("math", [], { formula: token.content })];
      case "table_open":
        return [block("table", this.tableRows(cursor))];
      default:
        // No other block rule is enabled; should one appear, keep what it holds.
        return token.nesting === 1 ? this.children(cursor) : [];
    }
  }

  /** HTML made only of images (GitBook's `<figure><img>`): an `images` block, each image's source resolved as Markdown's are. */
  private imagesBlock(html: string): Block | undefined {
    const images = htmlImages(html);
    if (!images) return undefined;
    const inlines: Inline[] = [];
    for (const { src, alt, caption } of images) {
      const ref = referenceTo(src, this.resolve);
      if (!ref) return undefined;
      inlines.push({ object: "inline", type: "image", data: { ref, alt, ...(caption ? { caption } : {}) }, nodes: [] });
    }
    return block("images", inlines);
  }

  /** A GitBook block (its tag, and the blocks it holds) as GitBook's node; a tag it has none for gives its content. */
  private gitbookBlock(token: Token, nodes: Block[]): Block[] {
    const { name, attrs, arg } = (token.meta as { tag: BlockTag }).tag;
    const reference = (target: string | undefined) => (target ? referenceTo(target, this.resolve) : undefined);
    const withRef = (ref: ContentReference | undefined) => (ref ? { ref } : {});
    // An integration's block (`@github-files/github-code-block`): its URL, as an embed.
    const integration = name.startsWith("@") ? integrationLink((token.meta as { tag: BlockTag }).tag) : undefined;
    if (integration) return [block("embed", [], { url: integration.url })];
    switch (name) {
      case "hint":
        return [block("hint", nodes, { style: HINT_STYLES.has(attrs.style ?? "") ? (attrs.style as NonNullable<NodeData["style"]>) : "info" })];
      case "tabs":
        return [block("tabs", nodes)];
      case "tab":
        return [block("tabs-item", nodes, { title: attrs.title ?? "" })];
      case "stepper":
        return [block("stepper", nodes)];
      case "step":
        return [block("stepper-step", nodes)];
      case "content-ref":
        return [block("content-ref", nodes, withRef(reference(attrs.url)))];
      case "embed":
        return [block("embed", nodes, { url: attrs.url ?? "" })];
      case "file":
        return [block("file", nodes, withRef(reference(attrs.src)))];
      case "include":
        return [block("include", [], { src: arg ?? attrs.src ?? "" })];
      case "openapi":
      case "swagger":
        return [block("openapi", nodes, { ...pick(attrs, ["src", "path", "method"]) })];
      case "code": {
        const [code] = nodes;
        if (nodes.length !== 1 || code?.type !== "code") return nodes;
        const options = { ...pick(attrs, ["title", "overflow"]), ...(attrs.lineNumbers ? { lineNumbers: attrs.lineNumbers === "true" } : {}) };
        return [{ ...code, data: { ...code.data, ...options } }];
      }
      default:
        return nodes;
    }
  }

  /** `<details>` (with its `<summary>`), the blocks up to `</details>`: GitBook's expandable block. */
  private expandable(open: Token, cursor: TokenCursor): Block {
    const summaryOf = (html: string) => /<summary>([^<]*)<\/summary>/i.exec(html)?.[1]?.trim();
    let title = summaryOf(open.content);
    const nodes: Block[] = [];
    while (!cursor.atClose()) {
      const next = cursor.peek()!;
      if (next.type === "html_block" && /^<\/details>/i.test(next.content.trim())) {
        cursor.next();
        break;
      }
      if (title === undefined && next.type === "html_block" && /^<summary>/i.test(next.content.trim())) {
        title = summaryOf(cursor.next().content);
        continue;
      }
      nodes.push(...this.block(cursor));
    }
    return block("expandable", nodes, title === undefined ? undefined : { title });
  }

  /** The blocks of the container just opened; reads its closing token too. */
  private children(cursor: TokenCursor): Block[] {
    const blocks = this.blocks(cursor);
    cursor.next();
    return blocks;
  }

  /** The `inline` token of a paragraph, heading or cell as nodes; reads the closing token too. */
  private inlineContent(cursor: TokenCursor): InlineNode[] {
    const inline = cursor.next();
    cursor.next();
    return this.inlines(inline.children ?? []);
  }

  private heading(open: Token, cursor: TokenCursor): Block {
    const level = Number(open.tag.slice(1));
    // The anchor comes from the heading as written (`inline.content`), as `sections()` makes it.
    const anchor = this.anchors.next(cursor.peek()?.content ?? "");
    return block(`heading-${level}` as Block["type"], this.inlineContent(cursor), { anchor });
  }

  private listItem(cursor: TokenCursor): Block {
    const checked = takeTaskMarker(cursor.peek(), cursor.peek(1));
    const nodes = this.children(cursor);
    return block("list-item", nodes, checked === undefined ? undefined : { checked });
  }

  private tableRows(cursor: TokenCursor): Block[] {
    const rows: Block[] = [];
    let header = false;
    for (let token = cursor.next(); token.type !== "table_close"; token = cursor.next()) {
      if (token.type === "thead_open") header = true;
      else if (token.type === "tbody_open") header = false;
      else if (token.type === "tr_open") rows.push(this.tableRow(cursor, header));
    }
    return rows;
  }

  private tableRow(cursor: TokenCursor, header: boolean): Block {
    const cells: Block[] = [];
    // Each cell is `th_open`/`td_open`, `inline`, close; GitHub table cells hold inline content only.
    for (let cell = cursor.next(); cell.type !== "tr_close"; cell = cursor.next()) {
      const align = alignmentOf(cell);
      cells.push(block("table-cell", this.inlineContent(cursor), align ? { align } : undefined));
    }
    return block("table-row", cells, header ? { header: true } : undefined);
  }

  /** Inline tokens as text nodes (leaves with marks) and link, image and HTML inlines. */
  private inlines(tokens: readonly Token[]): InlineNode[] {
    const reader = new InlineReader((target) => referenceTo(target, this.resolve));
    for (const token of tokens) reader.read(token);
    return reader.nodes;
  }
}

const HINT_STYLES = new Set(["info", "success", "warning", "danger"]);

/** The attributes of a tag that are set, of those named. */
function pick<Name extends string>(attrs: Record<string, string>, names: readonly Name[]): Partial<Record<Name, string>> {
  return Object.fromEntries(names.flatMap((name) => (attrs[name] !== undefined ? [[name, attrs[name]]] : []))) as Partial<Record<Name, string>>;
}

/** What a link or image target refers to; undefined when it cannot be a contract reference. */
function referenceTo(target: string, resolve: ReferenceResolver | undefined): ContentReference | undefined {
  const resolved = resolve?.(target);
  if (resolved) return resolved;
  // The contract's URLs are 1 to 2048 characters (so not `[x]()`, nor a long `data:` image).
  return target.length >= 1 && target.length <= 2048 ? { kind: "url", url: target } : undefined;
}

/** Folds a paragraph's (or heading's, or cell's) inline tokens into nodes. */
class InlineReader {
  readonly nodes: InlineNode[] = [];
  private readonly marks = new ActiveMarks();
  private link: LinkInProgress | undefined;

  constructor(private readonly referenceOf: (target: string) => ContentReference | undefined) {}

  read(token: Token): void {
    switch (token.type) {
      case "text":
        this.addText(token.content);
        break;
      case "code_inline":
        this.addText(token.content, "code");
        break;
      case "softbreak":
        // A soft line break is a space: only hard breaks are `\n` in the contract.
        this.addText(" ");
        break;
      case "hardbreak":
        this.addText("\n");
        break;
      case "link_open":
        this.openLink(token);
        break;
      case "link_close":
        this.link?.close();
        this.link = undefined;
        break;
      case "image":
        this.addImage(token);
        break;
      case "html_inline":
        this.addHtml(token.content);
        break;
      default:
        this.readMark(token);
    }
  }

  private readMark(token: Token): void {
    const opened = MARK_OPENERS[token.type];
    const closed = MARK_CLOSERS[token.type];
    if (opened) this.marks.open(opened);
    else if (closed) this.marks.close(closed);
    // No other inline rule is enabled; should one appear, keep its text.
    else if (token.content) this.addText(token.content);
  }

  /** Texts go into the open link, if any. */
  private addText(text: string, extra?: MarkType): void {
    appendText(this.link ? this.link.texts : this.nodes, text, this.marks.current(extra));
  }

  /** Images and HTML stand beside the open link, if any (inlines hold only texts). */
  private addInline(inline: Inline): void {
    this.link?.interrupt();
    this.nodes.push(inline);
  }

  private openLink(token: Token): void {
    const ref = this.referenceOf(String(token.attrGet("href") ?? ""));
    const title = token.attrGet("title");
    // A link whose target cannot be a reference keeps its text, without the link.
    this.link = ref ? new LinkInProgress(title ? { ref, title: String(title) } : { ref }, this.nodes) : undefined;
  }

  /** Inline HTML: an `<img>` is an image inline, as Markdown's image syntax gives; other HTML stays HTML. */
  private addHtml(html: string): void {
    const [image] = /^<img\b/i.test(html) ? (htmlImages(html) ?? []) : [];
    const ref = image && this.referenceOf(image.src);
    if (image && ref) this.addInline({ object: "inline", type: "image", data: { ref, alt: image.alt }, nodes: [] });
    else this.addInline({ object: "inline", type: "html", data: { html }, nodes: [] });
  }

  /** An image inline, or its alternative text as text when its source cannot be a reference. */
  private addImage(token: Token): void {
    const alt = plainText(token.children ?? []);
    const ref = this.referenceOf(String(token.attrGet("src") ?? ""));
    if (!ref) {
      this.addText(alt);
      return;
    }
    const title = token.attrGet("title");
    this.addInline({ object: "inline", type: "image", data: title ? { ref, alt, title: String(title) } : { ref, alt }, nodes: [] });
  }
}

function block(type: Block["type"], nodes: Block["nodes"], data?: NodeData): Block {
  return data ? { object: "block", type, data, nodes } : { object: "block", type, nodes };
}

function codeBlock(content: string, syntax: string | undefined): Block {
  // A code block always holds one text, empty for an empty block.
  const nodes: Text[] = [{ object: "text", leaves: [{ text: withoutFinalNewline(content), marks: [] }] }];
  return block("code", nodes, syntax ? { syntax } : undefined);
}

/** The language of a fenced block: the first word of its info string (`ts title="x"` → `ts`). */
function syntaxOf(info: string): string | undefined {
  const word = info.trim().split(/\s+/)[0];
  return word ? word.slice(0, 100) : undefined;
}

function withoutFinalNewline(content: string): string {
  return content.endsWith("\n") ? content.slice(0, -1) : content;
}

/** A cell's alignment, which markdown-it gives as `style="text-align:center"`. */
function alignmentOf(cell: Token): NodeData["align"] {
  const style = String(cell.attrGet("style") ?? "");
  const align = style.replace(/^text-align:/, "");
  return align === "left" || align === "center" || align === "right" ? align : undefined;
}

const TASK_MARKER = /^\[([ xX])\][ \t]+/;

/**
 * GitHub task lists: an item whose first paragraph starts with `[ ] ` or `[x] `.
 * Removes the marker from the item's text and tells whether it is checked;
 * undefined for an ordinary item.
 */
function takeTaskMarker(first: Token | undefined, inline: Token | undefined): boolean | undefined {
  if (first?.type !== "paragraph_open" || inline?.type !== "inline") return undefined;
  const text = inline.children?.[0];
  const marker = text?.type === "text" ? TASK_MARKER.exec(text.content) : null;
  if (!text || !marker) return undefined;
  text.content = text.content.slice(marker[0].length);
  return marker[1] !== " ";
}

const MARK_OPENERS: Record<string, MarkType> = { strong_open: "bold", em_open: "italic", s_open: "strikethrough" };
const MARK_CLOSERS: Record<string, MarkType> = { strong_close: "bold", em_close: "italic", s_close: "strikethrough" };
const MARK_ORDER: readonly MarkType[] = ["bold", "italic", "strikethrough", "code"];

/** The marks around the current text; nested marks add up, and `**a **b** c**` is bold once. */
class ActiveMarks {
  private readonly depth = new Map<MarkType, number>();

  open(mark: MarkType): void {
    this.depth.set(mark, (this.depth.get(mark) ?? 0) + 1);
  }

  close(mark: MarkType): void {
    this.depth.set(mark, Math.max(0, (this.depth.get(mark) ?? 0) - 1));
  }

  /** In a fixed order, so that equal formatting always reads the same. */
  current(extra?: MarkType): MarkType[] {
    return MARK_ORDER.filter((mark) => mark === extra || (this.depth.get(mark) ?? 0) > 0);
  }
}

/** Adds text at the end of `nodes`: into the last leaf when its marks are the same, else a new leaf or text node. */
function appendText(nodes: InlineNode[], text: string, marks: readonly MarkType[]): void {
  if (!text) return;
  const last = nodes.at(-1);
  const leaves = last?.object === "text" ? last.leaves : pushText(nodes);
  const leaf = leaves.at(-1);
  if (leaf && leaf.marks.map((mark) => mark.type).join() === marks.join()) leaf.text += text;
  else leaves.push({ text, marks: marks.map((type) => ({ type })) });
}

function pushText(nodes: InlineNode[]): Text["leaves"] {
  const text: Text = { object: "text", leaves: [] };
  nodes.push(text);
  return text.leaves;
}

/**
 * A link being read. The contract's inlines hold only texts, so an image or inline HTML
 * inside a link ends the link's current part and stands beside it; the link goes on
 * after it as another `link` inline with the same target. A link holding only an image
 * (`[![badge](ci.svg)](https://ci)`) leaves just the image.
 */
class LinkInProgress {
  /** The texts of the link's current part. */
  texts: Text[] = [];
  private interrupted = false;

  constructor(
    private readonly data: NodeData,
    private readonly outer: InlineNode[],
  ) {}

  interrupt(): void {
    if (this.texts.length) this.emit();
    this.interrupted = true;
  }

  /** Ends the link; a link with no content at all (`[](/page)`) is still kept, empty. */
  close(): void {
    if (this.texts.length || !this.interrupted) this.emit();
  }

  private emit(): void {
    this.outer.push({ object: "inline", type: "link", data: this.data, nodes: this.texts });
    this.texts = [];
  }
}

/** An image's alternative text: its description without formatting. */
function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === "text" || token.type === "code_inline") return token.content;
      if (token.type === "softbreak") return " ";
      if (token.type === "hardbreak") return "\n";
      if (token.type === "image") return plainText(token.children ?? []);
      return "";
    })
    .join("");
}
