// A paragraph's (heading's, cell's) content as Markdown that reads back as the same nodes and marks: text escaped,
// marks as `**`, `*`, `~~`, code spans and links, whitespace that Markdown would drop (at a block's edges or a mark's)
// written as character references, and a delimiter that would not open or close where it stands (`a**"b"**`) made
// to by writing the letter beside it as a character reference.
import type { Mark, Node } from "prosemirror-model";

const DELIMITERS: Record<string, string> = { bold: "**", italic: "*", strike: "~~" };

type Piece = { text: string; delimiter?: "open" | "close" };

const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/u;
const reference = (char: string) => `&#x${char.codePointAt(0)!.toString(16)};`;

/** Characters Markdown acts on anywhere in a text. */
const ESCAPED = /[\\`*_[\]<>~|&#]|\{(?=%)/g;

/** Escapes a text; `lineStart` when it begins a line (a block's first, or after a hard break). */
function escapeText(text: string, lineStart: boolean): string {
  let escaped = text.replace(ESCAPED, "\\$&");
  if (lineStart) {
    escaped = escaped
      .replace(/^([-+=$])/, "\\$1")
      .replace(/^(\d+)([.)])/, "$1\\$2")
      .replace(/^\s/u, reference);
  }
  return escaped;
}

function codeSpan(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const ticks = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") || (text.startsWith(" ") && text.endsWith(" ") && text.trim() !== "") ? " " : "";
  return ticks + pad + text + pad + ticks;
}

/** A link's or image's destination and title. */
function destination(href: string, title: string): string {
  const plain = /^[^\s<>()\\]*$/.test(href) ? href : `<${href.replace(/[<>\n\\]/g, (c) => encodeURIComponent(c))}>`;
  return `(${plain}${title ? ` "${title.replace(/["\\]/g, "\\$&")}"` : ""})`;
}

const sameMark = (a: Mark | undefined, b: Mark | undefined) => Boolean(a && b && a.eq(b));

/** The inline content of a textblock as Markdown (one line, but for its hard breaks). */
export function writeInline(block: Node): string {
  const pieces: Piece[] = [];
  const open: Mark[] = [];
  let lineStart = true;
  const closeTo = (depth: number) => {
    while (open.length > depth) {
      const mark = open.pop()!;
      if (mark.type.name === "link") pieces.push({ text: `]${destination(mark.attrs.href, mark.attrs.title)}` });
      else if (DELIMITERS[mark.type.name]) pieces.push({ text: DELIMITERS[mark.type.name]!, delimiter: "close" });
    }
  };
  block.forEach((node) => {
    const marks = node.marks.filter((mark) => mark.type.name !== "code");
    let keep = 0;
    while (keep < open.length && sameMark(open[keep], marks[keep])) keep++;
    closeTo(keep);
    for (const mark of marks.slice(keep)) {
      open.push(mark);
      if (mark.type.name === "link") pieces.push({ text: "[" });
      else pieces.push({ text: DELIMITERS[mark.type.name]!, delimiter: "open" });
    }
    if (node.isText) {
      const code = node.marks.some((mark) => mark.type.name === "code");
      pieces.push({ text: code ? codeSpan(node.text!) : escapeText(node.text!, lineStart) });
      lineStart = false;
    } else if (node.type.name === "hard_break") {
      pieces.push({ text: "\\\n" });
      lineStart = true;
    } else if (node.type.name === "inline_image") {
      pieces.push({ text: `![${escapeText(node.attrs.alt, false)}]${destination(node.attrs.src, node.attrs.title)}` });
      lineStart = false;
    } else if (node.type.name === "html_inline") {
      pieces.push({ text: node.attrs.html });
      lineStart = false;
    }
  });
  closeTo(0);
  flank(pieces);
  const text = pieces.map((piece) => piece.text).join("");
  // Markdown drops the spaces a block ends with.
  return text.replace(/\s$/u, reference);
}

/**
 * Makes each emphasis delimiter open or close where it stands (CommonMark's flanking rules): the whitespace beside it
 * inside its mark, and a letter beside it when punctuation is on its other side, become character references.
 */
function flank(pieces: Piece[]): void {
  const textBefore = (index: number) => {
    for (let i = index - 1; i >= 0; i--) if (!pieces[i]!.delimiter && pieces[i]!.text) return i;
    return -1;
  };
  const textAfter = (index: number) => {
    for (let i = index + 1; i < pieces.length; i++) if (!pieces[i]!.delimiter && pieces[i]!.text) return i;
    return -1;
  };
  const lastChar = (i: number) => (i < 0 ? "" : [...pieces[i]!.text].at(-1)!);
  const firstChar = (i: number) => (i < 0 ? "" : String.fromCodePoint(pieces[i]!.text.codePointAt(0)!));
  const encodeLast = (i: number) => {
    const char = lastChar(i);
    pieces[i]!.text = pieces[i]!.text.slice(0, -char.length) + reference(char);
  };
  const encodeFirst = (i: number) => {
    const char = firstChar(i);
    pieces[i]!.text = reference(char) + pieces[i]!.text.slice(char.length);
  };
  const isWord = (char: string) => char !== "" && !WHITESPACE.test(char) && !PUNCTUATION.test(char);
  pieces.forEach((piece, index) => {
    if (!piece.delimiter) return;
    const [before, after] = [textBefore(index), textAfter(index)];
    if (piece.delimiter === "open") {
      if (WHITESPACE.test(firstChar(after))) encodeFirst(after);
      if (PUNCTUATION.test(firstChar(after)) && isWord(lastChar(before))) encodeLast(before);
    } else {
      if (WHITESPACE.test(lastChar(before))) encodeLast(before);
      if (PUNCTUATION.test(lastChar(before)) && isWord(firstChar(after))) encodeFirst(after);
    }
  });
}
