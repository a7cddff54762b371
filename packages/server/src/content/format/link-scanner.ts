// Inline links and images (`[label](target "title")`, `![alt](target)`) found in linear
// time. The regular expression this replaces,
//   (!?)\[((?:[^\][]|\[[^\]]*\])*)\]\(\s*(<[^>\n]*>|[^\s)]+)((?:\s+(?:"[^"]*"|'[^']*'))?\s*)\)
// is kept as the grammar, but a backtracking engine retries it at every `[`, each try
// scanning to the end of the text when nothing closes (120 KB of `[` took seconds). Here
// every "where is the next X from here" is remembered for every position its search passed,
// and so is a label's end, so each character is looked at a bounded number of times
// whatever the input.

export interface InlineLink {
  /** `!` for an image, else empty. */
  bang: string;
  /** The label as written, without its brackets. */
  label: string;
  /** The target as written (`<…>` included). */
  target: string;
  /** What stands between the target and `)`: spaces and an optional quoted title. */
  title: string;
}

/** JavaScript's `\s`. */
function isSpace(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]

/**
 * Positions of the next character of a kind, found on demand: a search walks forward from where it is asked to the
 * first match or to a position whose answer is known, and every position it passed keeps that answer. Each position
 * is walked at most once per kind, however many searches pass it (linear time, as a table made in one pass from the
 * end would be), and text no search reaches is never read: most of a page lies between its links.
 */
class NextIndex {
  /** Per kind, each position's answer plus one; 0 while not known. */
  private readonly tables = new Map<string, Int32Array>();
  constructor(private readonly text: string) {}

  of(kind: string, test: (code: number) => boolean, from: number): number {
    const n = this.text.length;
    if (from >= n) return n;
    let table = this.tables.get(kind);
    if (!table) {
      table = new Int32Array(n);
      this.tables.set(kind, table);
    }
    let at = from;
    while (at < n && table[at] === 0 && !test(this.text.charCodeAt(at))) at++;
    const answer = at >= n ? n : table[at] !== 0 ? table[at]! - 1 : at;
    for (let i = from; i <= at && i < n; i++) table[i] = answer + 1;
    return answer;
  }
}

class LinkScanner {
  private readonly next: NextIndex;
  /** Where a label continuing at a position ends (its `]`), plus two: 0 not known yet, 1 none. */
  private labelEnds: Int32Array | undefined;

  constructor(private readonly text: string) {
    this.next = new NextIndex(text);
  }

  private bracket = (from: number) => this.next.of("bracket", (c) => c === OPEN || c === CLOSE, from);
  private close = (from: number) => this.next.of("close", (c) => c === CLOSE, from);
  private nonSpace = (from: number) => this.next.of("nonSpace", (c) => !isSpace(c), from);
  private spaceOrParen = (from: number) => this.next.of("spaceOrParen", (c) => isSpace(c) || c === 0x29, from);
  private angleEnd = (from: number) => this.next.of("angleEnd", (c) => c === 0x3e || c === 0x0a, from);
  private quote = (from: number, code: number) => this.next.of(`quote${code}`, (c) => c === code, from);

  /**
   * The `]` ending a label whose text continues at `from`: text, and `[…]` groups holding
   * no `]`, up to a `]`. Each position's answer is kept, so chains of groups are walked once.
   */
  labelEnd(from: number): number {
    const n = this.text.length;
    this.labelEnds ??= new Int32Array(n + 1);
    const ends = this.labelEnds;
    const walked: number[] = [];
    let at = from;
    let end = -1;
    for (;;) {
      if (at >= n) break;
      if (ends[at] !== 0) {
        end = ends[at]! - 2;
        break;
      }
      walked.push(at);
      const bracket = this.bracket(at);
      if (bracket >= n) break;
      if (this.text.charCodeAt(bracket) === CLOSE) {
        end = bracket;
        break;
      }
      const groupEnd = this.close(bracket + 1);
      if (groupEnd >= n) break;
      at = groupEnd + 1;
    }
    for (const position of walked) ends[position] = end + 2;
    return end;
  }

  /** The link whose `[` is at `open`, and where it ends; undefined when there is none. */
  linkAt(open: number): { end: number; label: string; target: string; title: string } | undefined {
    const labelEnd = this.labelEnd(open + 1);
    if (labelEnd < 0 || this.text.charCodeAt(labelEnd + 1) !== 0x28 /* ( */) return undefined;
    const start = this.nonSpace(labelEnd + 2);
    const label = this.text.slice(open + 1, labelEnd);
    // `<…>` first, then a bare target, as the expression's alternation tries them.
    for (const targetEnd of [this.angleTarget(start), this.bareTarget(start)]) {
      if (targetEnd < 0) continue;
      const end = this.tail(targetEnd);
      if (end >= 0) return { end: end + 1, label, target: this.text.slice(start, targetEnd), title: this.text.slice(targetEnd, end) };
    }
    return undefined;
  }

  /** After `<target>`, or -1. */
  private angleTarget(start: number): number {
    if (this.text.charCodeAt(start) !== 0x3c /* < */) return -1;
    const end = this.angleEnd(start + 1);
    return this.text.charCodeAt(end) === 0x3e ? end + 1 : -1;
  }

  /** After a bare target (at least one character, no space nor `)`), or -1. */
  private bareTarget(start: number): number {
    const end = this.spaceOrParen(start);
    return end > start ? end : -1;
  }

  /** The `)` closing a link whose target ends at `from` (an optional title first), or -1. */
  private tail(from: number): number {
    const afterSpaces = this.nonSpace(from);
    const code = this.text.charCodeAt(afterSpaces);
    if (afterSpaces > from && (code === 0x22 || code === 0x27)) {
      const closing = this.quote(afterSpaces + 1, code);
      if (closing < this.text.length) {
        const paren = this.nonSpace(closing + 1);
        if (this.text.charCodeAt(paren) === 0x29) return paren;
      }
    }
    return code === 0x29 ? afterSpaces : -1;
  }
}

/** The text with every inline link and image replaced by `replace`'s answer, left to right, as `String.replace` with /g would. */
export function replaceInlineLinks(text: string, replace: (link: InlineLink) => string): string {
  if (!text.includes("](")) return text;
  const scanner = new LinkScanner(text);
  const parts: string[] = [];
  let copied = 0;
  for (let open = text.indexOf("[", 0); open >= 0; open = text.indexOf("[", open + 1)) {
    const link = scanner.linkAt(open);
    if (!link) continue;
    const start = open > copied && text.charCodeAt(open - 1) === 0x21 /* ! */ ? open - 1 : open;
    parts.push(text.slice(copied, start), replace({ bang: start < open ? "!" : "", label: link.label, target: link.target, title: link.title }));
    copied = link.end;
    open = link.end - 1;
  }
  parts.push(text.slice(copied));
  return parts.join("");
}
