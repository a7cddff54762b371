// A paragraph's (heading's, cell's) content as Markdown that reads back as the same nodes and marks: text escaped,
// marks as `**`, `*`, `~~`, code spans and links, whitespace that Markdown would drop (at a block's edges or a mark's)
// written as character references, and a delimiter that would not open or close where it stands (`a**"b"**`) made
// to by writing the letter beside it as a character reference.
import type { Mark, Node } from "prosemirror-model";

const DELIMITERS: Record<string, string> = { bold: "**", italic: "*", strike: "~~" };

/** A part of the written line; a delimiter knows the index of the one closing it (`pair`). */
type Piece = { text: string; delimiter?: "open" | "close"; pair?: number; plain?: boolean };

const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/u;
const reference = (char: string) => `&#${char.codePointAt(0)};`;

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
  // Within `<…>` a destination may hold spaces and parentheses; `<`, `>` and `\\` are escaped, a line break encoded.
  const plain = /^[^\s<>()\\]*$/.test(href) ? href : `<${href.replace(/[<>\\]/g, "\\$&").replace(/\n/g, "%0A")}>`;
  return `(${plain}${title ? ` "${title.replace(/["\\]/g, "\\$&")}"` : ""})`;
}

/** The inline content of a textblock as Markdown (one line, but for its hard breaks); in a table cell, code's `|` escaped. */
export function writeInline(block: Node, cell = false): string {
  const pieces: Piece[] = [];
  /** The marks open, outermost first, with the piece that opened each. */
  const open: { mark: Mark; piece: number }[] = [];
  let lineStart = true;
  const closeTo = (depth: number) => {
    while (open.length > depth) {
      const { mark, piece } = open.pop()!;
      if (mark.type.name === "link") pieces.push({ text: `]${destination(mark.attrs.href, mark.attrs.title)}` });
      else {
        pieces[piece]!.pair = pieces.length;
        pieces.push({ text: DELIMITERS[mark.type.name]!, delimiter: "close" });
      }
    }
  };
  block.forEach((node) => {
    const marks = node.marks.filter((mark) => mark.type.name !== "code");
    // Marks that go on stay open (whatever their rank): closing and opening again would make runs like `****`.
    let keep = 0;
    while (keep < open.length && open[keep]!.mark.isInSet(marks)) keep++;
    closeTo(keep);
    for (const mark of marks) {
      if (open.some((entry) => entry.mark.eq(mark))) continue;
      open.push({ mark, piece: pieces.length });
      if (mark.type.name === "link") pieces.push({ text: "[" });
      else pieces.push({ text: DELIMITERS[mark.type.name]!, delimiter: "open" });
    }
    if (node.isText) {
      const code = node.marks.some((mark) => mark.type.name === "code");
      pieces.push(
        code ? { text: cell ? codeSpan(node.text!).replace(/\|/g, "\\|") : codeSpan(node.text!) } : { text: escapeText(node.text!, lineStart), plain: true },
      );
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
  // A `!` ending a text right before a link would make the link an image.
  pieces.forEach((piece, i) => {
    if (piece.plain && piece.text.endsWith("!") && pieces[i + 1]?.text.startsWith("[")) piece.text = `${piece.text.slice(0, -1)}\\!`;
  });
  separateRuns(pieces);
  // A reference made for one delimiter is punctuation beside another: again until nothing changes.
  while (flank(pieces));
  const text = pieces.map((piece) => piece.text).join("");
  // Markdown drops the spaces a block ends with.
  return text.replace(/\s$/u, reference);
}

/**
 * A mark opening right where another closes, with the same character (`*a***b**`), would make one run of both: the
 * opening one and its closing one are written with `_` instead (`*a*__b__`), which `flank` makes open and close.
 */
function separateRuns(pieces: Piece[]): void {
  pieces.forEach((piece, index) => {
    const before = pieces[index - 1];
    if (piece.delimiter !== "open" || piece.pair === undefined || before?.delimiter !== "close" || before.text[0] !== piece.text[0]) return;
    if (piece.text[0] !== "*") return;
    piece.text = piece.text.replace(/\*/g, "_");
    pieces[piece.pair]!.text = piece.text;
  });
}

/**
 * Makes each emphasis delimiter open or close where it stands (CommonMark's flanking rules): the whitespace beside it
 * inside its mark, and a letter beside it when punctuation (or another delimiter) is on its other side, become
 * character references. Delimiters are punctuation: only text pieces are ever changed.
 */
function flank(pieces: Piece[]): boolean {
  let changed = false;
  // The pieces beside a delimiter: delimiters of its own character are one run with it (`**` then `*`), others count.
  const sameRun = (i: number, index: number) => pieces[i]!.delimiter !== undefined && pieces[i]!.text[0] === pieces[index]!.text[0];
  const textBefore = (index: number) => {
    for (let i = index - 1; i >= 0; i--) if (pieces[i]!.text && !sameRun(i, index)) return i;
    return -1;
  };
  const textAfter = (index: number) => {
    for (let i = index + 1; i < pieces.length; i++) if (pieces[i]!.text && !sameRun(i, index)) return i;
    return -1;
  };
  const lastChar = (i: number) => (i < 0 ? "" : [...pieces[i]!.text].at(-1)!);
  const firstChar = (i: number) => (i < 0 ? "" : String.fromCodePoint(pieces[i]!.text.codePointAt(0)!));
  // Only text may change (a reference for its character): not a line break, code span or link beside a delimiter.
  const encodeLast = (i: number) => {
    if (!pieces[i]?.plain) return;
    changed = true;
    const char = lastChar(i);
    pieces[i]!.text = pieces[i]!.text.slice(0, -char.length) + reference(char);
  };
  const encodeFirst = (i: number) => {
    if (!pieces[i]?.plain) return;
    changed = true;
    const char = firstChar(i);
    pieces[i]!.text = reference(char) + pieces[i]!.text.slice(char.length);
  };
  const isWord = (char: string) => char !== "" && !WHITESPACE.test(char) && !PUNCTUATION.test(char);
  pieces.forEach((piece, index) => {
    if (!piece.delimiter) return;
    const [before, after] = [textBefore(index), textAfter(index)];
    // `_` neither opens nor closes inside a word.
    const underscore = piece.text[0] === "_";
    if (piece.delimiter === "open") {
      if (WHITESPACE.test(firstChar(after))) encodeFirst(after);
      if ((underscore || PUNCTUATION.test(firstChar(after))) && isWord(lastChar(before))) encodeLast(before);
    } else {
      if (WHITESPACE.test(lastChar(before))) encodeLast(before);
      if ((underscore || PUNCTUATION.test(lastChar(before))) && isWord(firstChar(after))) encodeFirst(after);
    }
  });
  return changed;
}
