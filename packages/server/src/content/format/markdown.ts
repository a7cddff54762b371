// The parts of Markdown that Docstack reads: link and image targets (outside code),
// and headings, which split a page into sections and give anchors. Every scan here is
// linear in the page (pages hold up to a million characters, written by any editor):
// no regular expression that can backtrack over a line, links found by ./link-scanner.
import { rewriteHtmlTargets } from "@docstack/sites";
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

/** Rewrites every link (`href`) of raw HTML outside code (GitBook's cards link pages so); `map` returns undefined to keep one. */
export function mapHtmlLinks(markdown: string, map: (target: string) => string | undefined): string {
  if (!/\bhref\s*=/i.test(markdown)) return markdown;
  return segments(markdown)
    .map(({ text, code }) => (code ? text : rewriteHtmlTargets(text, (target, image) => (image ? undefined : map(target)))))
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

/** Anchors unique in a page: `-1`, `-2`… on repeats, the count going on where that would still repeat one (`A`, `A`, `A 1`). */
class UniqueAnchors {
  private readonly repeats = new Map<string, number>();
  readonly taken = new Set<string>();

  next(base: string): string {
    let count = this.repeats.get(base) ?? 0;
    let anchor = count ? `${base}-${count}` : base;
    while (this.taken.has(anchor)) anchor = `${base}-${++count}`;
    this.repeats.set(base, count + 1);
    this.taken.add(anchor);
    return anchor;
  }
}

/**
 * Heading anchors, unique in a page, from the heading as written: GitBook's (`### **4. Set Up**` is
 * `id-4.-set-up`), the one its links and readers' bookmarks use, and as an alias the form Docstack gave
 * before (`4-set-up`), which still resolves.
 */
export class HeadingAnchors {
  private readonly primary = new UniqueAnchors();
  private readonly former = new UniqueAnchors();
  private readonly aliases = new Map<string, string[]>();

  next(heading: string): string {
    const anchor = this.primary.next(gitbookAnchorOf(heading));
    const alias = this.former.next(anchorOf(heading));
    if (alias !== anchor && !this.primary.taken.has(alias)) this.aliases.set(anchor, [alias]);
    return anchor;
  }

  /** The other anchors of the heading `next` gave this anchor to. */
  aliasesOf(anchor: string): readonly string[] {
    return this.aliases.get(anchor) ?? [];
  }
}

/**
 * GitBook's anchor of a heading: its text without Markdown's emphasis, lower-case, letters, digits, dots,
 * hyphens and underscores kept, spaces as hyphens, `id-` before a leading digit (an HTML id starts with a letter).
 */
export function gitbookAnchorOf(heading: string): string {
  const anchor = heading
    .toLowerCase()
    .replace(/[*`~]/g, "")
    .replace(/[^\p{L}\p{N}\s._-]/gu, "")
    .trim()
    .replace(/\s+/g, "-");
  if (!anchor) return "section";
  return /^\p{N}/u.test(anchor) ? `id-${anchor}` : anchor;
}

export interface Section {
  index: number;
  anchor: string;
  /** The heading's other anchors (HeadingAnchors.aliasesOf). */
  aliases: readonly string[];
  title: string;
  body: string;
}

/** The anchor Docstack gave a heading before GitBook's (kept as an alias): ASCII letters and digits, hyphens. */
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

/** Every anchor of headings with these titles (in the page's order), aliases included: what links to the page may name. */
export function anchorsOfHeadings(titles: readonly string[]): Set<string> {
  const anchors = new HeadingAnchors();
  return new Set(
    titles.flatMap((title) => {
      const anchor = anchors.next(title);
      return [anchor, ...anchors.aliasesOf(anchor)];
    }),
  );
}

/** The page split at its headings: the text before the first heading, then one section per heading. */
export function sections(markdown: string, pageTitle: string): Section[] {
  const result: Section[] = [];
  const anchorsOf = new HeadingAnchors();
  let current = { title: pageTitle, anchor: "", lines: [] as string[] };
  const flush = () => {
    const body = current.lines.join("\n").trim();
    if (body || current.anchor)
      result.push({ index: result.length, anchor: current.anchor, aliases: anchorsOf.aliasesOf(current.anchor), title: current.title, body });
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
