// Saving: the edited document as Markdown where every block the writer did not change is its original bytes.
//
// ProseMirror's nodes are immutable and shared between versions of a document: a block no transaction touched is
// the very node `openMarkdown` made, and its span says where its bytes are. Walking the new document's children
// beside the opened ones, each child is
//  - the same node (or an equal one, as after an undo) as the opened child in its place: its bytes, as they were;
//  - a container of the same kind and attributes whose content changed (a hint, a quote, a list…): its opening and
//    closing lines as they were, and the same walk inside;
//  - anything else: written fresh (./write), with the prefix of the lines around it (`> ` in a quote).
// Between two children that were neighbours in the source, the text between them (blank lines) is kept too.
import type { Node } from "prosemirror-model";
import type { OpenedMarkdown, Span } from "./open.js";
import { listMarkerOf, prefixLines, writeBlock, writeItem } from "./write.js";

/** The last document saved of each opened page, and its Markdown: autosave reads the same document several times. */
const lastSaved = new WeakMap<OpenedMarkdown, { doc: Node; markdown: string }>();

/** The Markdown of `doc`, a version of the document `opened` gave. Unchanged, it is `opened.source` exactly. */
export function saveMarkdown(doc: Node, opened: OpenedMarkdown): string {
  if (doc === opened.doc) return opened.source;
  // Documents are immutable: the same one saves to the same bytes.
  const last = lastSaved.get(opened);
  if (last?.doc === doc) return last.markdown;
  const out = new Output(opened.source);
  new Saver(opened.source).container(doc, opened.root, out);
  const markdown = out.text();
  lastSaved.set(opened, { doc, markdown });
  return markdown;
}

/**
 * The Markdown being written: runs of the source kept as one range, so that a page where one block changed is a few
 * slices of the source joined once (a flat string, cheap to store and send), not one piece per block.
 */
class Output {
  private readonly parts: string[] = [];
  private from = -1;
  private to = -1;

  constructor(private readonly source: string) {}

  /** The source's bytes `[from, to)`. */
  kept(from: number, to: number): void {
    if (from === to) return;
    if (from === this.to) this.to = to;
    else {
      this.flush();
      this.from = from;
      this.to = to;
    }
  }

  /** Text written fresh. */
  written(text: string): void {
    if (!text) return;
    this.flush();
    this.parts.push(text);
  }

  text(): string {
    this.flush();
    return this.parts.join("");
  }

  private flush(): void {
    if (this.from >= 0) this.parts.push(this.source.slice(this.from, this.to));
    this.from = this.to = -1;
  }
}

/** How a new child stands to the opened children: the index of the one it is or replaces, if any. */
interface Placed {
  node: Node;
  /** The opened child it is or takes the place of. */
  anchor?: number;
  /** It is that child, unchanged. */
  same: boolean;
}

class Saver {
  constructor(private readonly source: string) {}

  /** A container that changed, `span` its opened version: its own lines kept, its children merged. */
  container(node: Node, span: Span, out: Output): void {
    const { children, prefix } = span.inner!;
    const placed = place(node, children);
    const first = children[0];
    const last = children.at(-1);
    // Before the first child and after the last: the container's own lines (`{% hint %}`), or the page's edges.
    if (first) out.kept(span.from, first.from);
    // Text between blocks that is not blank (a link's reference definition, an end tag standing alone): kept even when
    // the blocks around it go, after the blocks before it.
    const kept = new Map(this.textBetween(span));
    let written = false;
    const keepUpTo = (anchor: number, except?: number) => {
      for (const [i, text] of kept) {
        if (i > anchor || i === except) continue;
        if (written) out.written(this.separator(node, span, prefix));
        out.written(text);
        written = true;
        kept.delete(i);
      }
    };
    let previousText = "";
    placed.forEach((child, index) => {
      const previous = placed[index - 1];
      const original = child.same && child.anchor !== undefined ? children[child.anchor]! : undefined;
      let text = original ? this.source.slice(original.from, original.to) : this.child(child, placed, index, span, node);
      const asOpened = text;
      if (original && node.type.name === "ordered_list") text = this.renumbered(text, node, span, index);
      // Two lists of a kind with the same marker, once apart, would join: the second is written with another.
      if (previous && child.node.type.name.endsWith("_list") && previous.node.type === child.node.type) {
        const marker = markerOfWritten(text);
        if (marker !== undefined && markerOfWritten(previousText) === marker) {
          const next = placed[index + 1] && this.markerOf(placed[index + 1]!, children, span);
          const avoidMarkers = new Set([marker, ...(next ? [next] : [])]);
          text = prefixLines(writeBlock(child.node, { avoidMarkers }), prefix, prefix);
        }
      }
      previousText = text;
      const adjacent = previous?.anchor !== undefined && child.anchor === previous.anchor + 1;
      const gapFrom = adjacent ? children[previous.anchor!]!.to : 0;
      const gapTo = adjacent ? children[child.anchor!]!.from : 0;
      // A gap without a blank line holds only between the blocks it held (a paragraph and the list interrupting it).
      const keepsGap = adjacent && ((previous.same && child.same) || BLANK_LINE.test(this.source.slice(gapFrom, gapTo)));
      if (child.anchor !== undefined) keepUpTo(child.anchor, keepsGap ? child.anchor : undefined);
      if (keepsGap) {
        kept.delete(child.anchor!);
        out.kept(gapFrom, gapTo);
      } else if (written) out.written(this.separator(node, span, prefix));
      if (original && text === asOpened) out.kept(original.from, original.to);
      else out.written(text);
      written = true;
    });
    keepUpTo(children.length);
    if (last) out.kept(last.to, span.to);
    else out.kept(span.from, span.to);
  }

  /** The text between a container's opened children that is not blank, by the index of the child after it (the source never changes: read once). */
  private textBetween(span: Span): ReadonlyMap<number, string> {
    const known = textBetweenChildren.get(span);
    if (known) return known;
    const between = new Map<number, string>();
    const children = span.inner!.children;
    for (let i = 1; i < children.length; i++) {
      const gap = this.source.slice(children[i - 1]!.to, children[i]!.from);
      if (gap.trim()) between.set(i, gap.replace(/^(?:[ \t>]*\r?\n)+/, "").replace(/(?:\r?\n[ \t>]*)+$/, ""));
    }
    textBetweenChildren.set(span, between);
    return between;
  }

  /** A child that is not its opened self: a container merged (its own lines kept), else written fresh. */
  private child(child: Placed, placed: readonly Placed[], index: number, parent: Span, container: Node): string {
    const { children, prefix } = parent.inner!;
    const original = child.anchor === undefined ? undefined : children[child.anchor];
    if (original?.inner?.children.length && (sameKind(child.node, original.node) || restarted(child.node, original.node))) {
      const inner = new Output(this.source);
      this.container(child.node, original, inner);
      return inner.text();
    }
    const neighbours = [placed[index - 1], placed[index + 1]].map((other) => other && this.markerOf(other, children, parent));
    const avoidMarkers = new Set(neighbours.filter((marker): marker is string => marker !== undefined));
    const list = parent.node.type.name.endsWith("_list");
    const written = list ? this.item(child.node, container, parent, index) : writeBlock(child.node, { avoidMarkers });
    return prefixLines(written, prefix, prefix);
  }

  /** A list item written fresh in a list that kept its other items: their marker, numbered by its place in `node`. */
  private item(item: Node, node: Node, list: Span, index: number): string {
    const first = list.inner!.children[0]!;
    const line = this.source
      .slice(first.from, first.to)
      .split(/\r\n?|\n/, 1)[0]!
      .slice(list.inner!.prefix.length);
    const marker = /^\s*(?:([*+-])|\d{1,9}([.)]))/.exec(line);
    const text = node.type.name === "ordered_list" ? `${(node.attrs.start as number) + index}${marker?.[2] ?? "."} ` : `${marker?.[1] ?? "*"} `;
    return writeItem(item, text, !this.loose(list));
  }

  /**
   * A kept item of an ordered list whose start number changed: its number made its place's, the rest of its bytes
   * kept. When the number's width changes and the item has more lines (indented under the marker), it is written fresh.
   */
  private renumbered(text: string, list: Node, span: Span, index: number): string {
    const { prefix } = span.inner!;
    const marker = /^([ \t]*)(\d{1,9})(?=[.)])/.exec(text.slice(prefix.length));
    const number = String((list.attrs.start as number) + index);
    if (!marker || marker[2] === number) return text;
    if (marker[2]!.length !== number.length && /\r|\n/.test(text)) return prefixLines(this.item(list.child(index), list, span, index), prefix, prefix);
    const at = prefix.length + marker[1]!.length;
    return text.slice(0, at) + number + text.slice(at + marker[2]!.length);
  }

  /** Whether a blank line stands between two of a container's opened children (a loose list). */
  private loose(span: Span): boolean {
    const children = span.inner!.children;
    return children.slice(1).some((child, i) => BLANK_LINE.test(this.source.slice(children[i]!.to, child.from)));
  }

  /** Between two children not neighbours in the source: a blank line (in a tight list, a line break). */
  private separator(node: Node, span: Span, prefix: string): string {
    const tightList = node.type.name.endsWith("_list") && !this.loose(span);
    return tightList ? "\n" : `\n${prefix.trimEnd()}\n`;
  }

  /** The list marker a neighbour is written with, when it is a list (so a fresh list beside it takes another). */
  private markerOf(other: Placed, children: readonly Span[], parent: Span): string | undefined {
    if (!other.node.type.name.endsWith("_list")) return undefined;
    const original = other.anchor === undefined ? undefined : children[other.anchor];
    if (original && other.same) return listMarkerOf(this.source.slice(original.from, original.to).slice(parent.inner!.prefix.length));
    // A fresh list beside a fresh list: the writer's first choice.
    return other.node.type.name === "ordered_list" ? "." : "*";
  }
}

/** The list marker of a block as written, quote markers aside. */
const markerOfWritten = (text: string) => listMarkerOf(text.replace(/^[ \t]*(?:>[ \t]?)*/, ""));

const BLANK_LINE = /\n[ \t>]*\r?\n/;

/** Per container opened, what saving reads again at each save: the text between its children, its children's places. */
const textBetweenChildren = new WeakMap<Span, ReadonlyMap<number, string>>();
const childIndexes = new WeakMap<readonly Span[], ReadonlyMap<Node, number>>();

/** Where each opened child stands (the first place of a node found twice). */
function indexOf(children: readonly Span[]): ReadonlyMap<Node, number> {
  const known = childIndexes.get(children);
  if (known) return known;
  const index = new Map<Node, number>();
  children.forEach((span, i) => {
    if (!index.has(span.node)) index.set(span.node, i);
  });
  childIndexes.set(children, index);
  return index;
}

/** An ordered list whose start number alone changed: its items kept, renumbered (it has no lines of its own). */
const restarted = (a: Node, b: Node) => a.type === b.type && a.type.name === "ordered_list" && a.attrs.start !== b.attrs.start;

/** Same node type and attributes: a container whose own lines still say the same. */
const sameKind = (a: Node, b: Node) => a.type === b.type && a.sameMarkup(b);

/**
 * Places each new child against the opened children: the same node is its own; another takes the place of the next
 * opened child when that one is not kept elsewhere (an edited block, or a block replaced by another).
 */
function place(node: Node, children: readonly Span[]): Placed[] {
  const index = indexOf(children);
  const kept = new Set<number>();
  node.forEach((child) => {
    const i = index.get(child);
    if (i !== undefined) kept.add(i);
  });
  const placed: Placed[] = [];
  let next = 0;
  node.forEach((child) => {
    const i = index.get(child);
    if (i !== undefined && i >= next) {
      placed.push({ node: child, anchor: i, same: true });
      next = i + 1;
    } else if (next < children.length && !kept.has(next)) {
      placed.push({ node: child, anchor: next, same: child.eq(children[next]!.node) });
      next++;
    } else placed.push({ node: child, same: false });
  });
  return placed;
}
