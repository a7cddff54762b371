// The parts of Markdown that Docstack reads: link and image targets (outside code),
// and headings, which split a page into sections and give anchors. Every scan here is
// linear in the page (pages hold up to a million characters, written by any editor):
// no regular expression that can backtrack over a line, links found by ./link-scanner.
import { replaceInlineLinks } from "./link-scanner";

/** Splits markdown into code (fenced blocks and inline code) and the rest; only the rest holds links. */
function segments(markdown: string): { text: string; code: boolean }[] {
  const parts: { text: string; code: boolean }[] = [];
  const pattern = /(^|\n)( {0,3})(```|~~~)[^\n]*\n[\s\S]*?(\n\2?\3[^\n]*(?=\n|$)|$)|`+[^`\n]*?`+/g;
  let last = 0;
  for (let match = pattern.exec(markdown); match; match = pattern.exec(markdown)) {
    if (match.index > last) parts.push({ text: markdown.slice(last, match.index), code: false });
    parts.push({ text: match[0], code: true });
    last = match.index + match[0].length;
  }
  if (last < markdown.length) parts.push({ text: markdown.slice(last), code: false });
  return parts;
}

export interface LinkTarget {
  target: string;
  /** An image (embedded) rather than a link. */
  image: boolean;
}

const DEFINITION = /^( {0,3}\[[^\]\n]+\]:[ \t]*)(<[^>\n]*>|\S+)/gm;

/** Rewrites every link and image target outside code; `map` returns the new target. */
export function mapTargets(markdown: string, map: (link: LinkTarget) => string): string {
  return segments(markdown)
    .map(({ text, code }) => {
      if (code) return text;
      const unwrap = (target: string) => (target.startsWith("<") ? target.slice(1, -1) : target);
      return replaceInlineLinks(text, (link) => {
        const mapped = map({ target: unwrap(link.target), image: link.bang === "!" });
        return `${link.bang}[${link.label}](${/\s/.test(mapped) ? `<${mapped}>` : mapped}${link.title})`;
      }).replace(DEFINITION, (_all, head: string, target: string) => head + map({ target: unwrap(target), image: false }));
    })
    .join("");
}

export function linkTargets(markdown: string): LinkTarget[] {
  const found: LinkTarget[] = [];
  mapTargets(markdown, (link) => {
    found.push(link);
    return link.target;
  });
  return found;
}

/**
 * Heading anchors, unique in a page: from the heading as written, `-1`, `-2`… on
 * repeats. Where that would still repeat an anchor (`A`, `A`, `A 1` gives `a`, `a-1`,
 * `a-1`) the count goes on, since the contract has anchors unique in the page.
 */
export class HeadingAnchors {
  private readonly repeats = new Map<string, number>();
  private readonly taken = new Set<string>();

  next(heading: string): string {
    const base = anchorOf(heading);
    let count = this.repeats.get(base) ?? 0;
    let anchor = count ? `${base}-${count}` : base;
    while (this.taken.has(anchor)) anchor = `${base}-${++count}`;
    this.repeats.set(base, count + 1);
    this.taken.add(anchor);
    return anchor;
  }
}

export interface Section {
  index: number;
  anchor: string;
  title: string;
  body: string;
}

/** An anchor from heading text, as headings get them on the published site. */
export function anchorOf(heading: string): string {
  return (
    heading
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9\s-]/g, "")
      .trim()
      .replace(/\s+/g, "-") || "section"
  );
}

/** An ATX heading's opening: its level, and the spaces after it (its text is the rest of the line). */
const HEADING = /^ {0,3}(#{1,6})\s+/;

/**
 * A heading's text without the spaces and `#`s closing it (`Title ##` is `Title`), trimmed
 * from the end by hand: `(.*?)\s*#*\s*$` tries every split of a long line of spaces.
 */
export function withoutClosingSequence(text: string): string {
  let end = text.trimEnd().length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x23 /* # */) end--;
  return text.slice(0, end).trimEnd();
}

/** The page split at its headings: the text before the first heading, then one section per heading. */
export function sections(markdown: string, pageTitle: string): Section[] {
  const result: Section[] = [];
  const anchorsOf = new HeadingAnchors();
  let current = { title: pageTitle, anchor: "", lines: [] as string[] };
  const flush = () => {
    const body = current.lines.join("\n").trim();
    if (body || current.anchor) result.push({ index: result.length, anchor: current.anchor, title: current.title, body });
  };
  let fence: string | null = null;
  for (const line of markdown.split("\n")) {
    const fenceMatch = /^ {0,3}(```|~~~)/.exec(line);
    if (fenceMatch) fence = fence === fenceMatch[1] ? null : (fence ?? fenceMatch[1]!);
    const heading = fence ? null : HEADING.exec(line);
    if (heading) {
      flush();
      const title = withoutClosingSequence(line.slice(heading[0].length));
      current = { title, anchor: anchorsOf.next(title), lines: [] };
    } else {
      current.lines.push(line);
    }
  }
  flush();
  return result;
}
