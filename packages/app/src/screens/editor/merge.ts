// A block-level three-way merge of a page's Markdown, for a save refused as stale (409 `stale_edit`): the version
// both sides started from (base), the server's (theirs) and the writer's (mine), each cut into its top-level blocks
// as @docstack/editor opens them. Blocks only one side changed take that side's bytes; where both sides changed the
// same blocks differently, both are kept (theirs first) so that nothing is lost, and the place is counted.
import { openMarkdown } from "@docstack/editor";

/** A top-level block of a page: its bytes with the blank lines after it (the first also holds what precedes it). */
export function blocksOf(markdown: string): string[] {
  const spans = openMarkdown(markdown).root.inner?.children ?? [];
  if (spans.length === 0) return markdown ? [markdown] : [];
  return spans.map((span, i) => markdown.slice(i === 0 ? 0 : span.from, i + 1 < spans.length ? spans[i + 1]!.from : markdown.length));
}

/** Two blocks are the same when their bytes are, blank lines after them aside. */
const key = (block: string) => block.trimEnd();

/** Pairs of equal blocks (index in `a`, index in `b`) in order: a longest common subsequence, common ends first. */
export function matchBlocks(a: readonly string[], b: readonly string[]): [number, number][] {
  const ka = a.map(key);
  const kb = b.map(key);
  let start = 0;
  while (start < ka.length && start < kb.length && ka[start] === kb[start]) start++;
  let endA = ka.length;
  let endB = kb.length;
  while (endA > start && endB > start && ka[endA - 1] === kb[endB - 1]) {
    endA--;
    endB--;
  }
  const pairs: [number, number][] = [];
  for (let i = 0; i < start; i++) pairs.push([i, i]);
  const n = endA - start;
  const m = endB - start;
  // The middle, where the versions differ, is small for a writer's edit; past a limit it is left unmatched.
  if (n > 0 && m > 0 && n * m <= 4_000_000) {
    const lengths = new Uint32Array((n + 1) * (m + 1));
    const at = (i: number, j: number) => i * (m + 1) + j;
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        lengths[at(i, j)] = ka[start + i] === kb[start + j] ? lengths[at(i + 1, j + 1)]! + 1 : Math.max(lengths[at(i + 1, j)]!, lengths[at(i, j + 1)]!);
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (ka[start + i] === kb[start + j]) {
        pairs.push([start + i, start + j]);
        i++;
        j++;
      } else if (lengths[at(i + 1, j)]! >= lengths[at(i, j + 1)]!) i++;
      else j++;
    }
  }
  for (let i = endA; i < ka.length; i++) pairs.push([i, endB + (i - endA)]);
  return pairs;
}

export interface Merged {
  markdown: string;
  /** Places where both sides changed the same blocks differently (both kept there, theirs first). */
  conflicts: number;
}

const same = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((block, i) => key(block) === key(y[i]!));

/** Joins blocks, making sure each starts on a line of its own after a blank line. */
function join(blocks: readonly string[]): string {
  let out = "";
  for (const block of blocks) {
    if (out && !out.endsWith("\n\n")) out += out.endsWith("\n") ? "\n" : "\n\n";
    out += block;
  }
  return out;
}

/** Merges the writer's version and the server's, both made from `base`. */
export function mergeBlocks(base: string, theirs: string, mine: string): Merged {
  if (theirs === mine || base === theirs) return { markdown: mine, conflicts: 0 };
  if (base === mine) return { markdown: theirs, conflicts: 0 };
  const [o, t, m] = [blocksOf(base), blocksOf(theirs), blocksOf(mine)];
  const toTheirs = new Map(matchBlocks(o, t));
  const toMine = new Map(matchBlocks(o, m));
  const out: string[] = [];
  let conflicts = 0;
  let [i, ti, mi] = [0, 0, 0];
  const settle = (j: number, tj: number, mj: number) => {
    const [ob, tb, mb] = [o.slice(i, j), t.slice(ti, tj), m.slice(mi, mj)];
    if (same(mb, ob)) out.push(...tb);
    else if (same(tb, ob) || same(tb, mb)) out.push(...mb);
    else {
      conflicts++;
      out.push(...tb, ...mb);
    }
  };
  for (let j = 0; j < o.length; j++) {
    const [tj, mj] = [toTheirs.get(j), toMine.get(j)];
    // A block both sides kept is an anchor: what lies between two anchors is merged as one.
    if (tj === undefined || mj === undefined || tj < ti || mj < mi) continue;
    settle(j, tj, mj);
    // The anchor itself: unchanged by both, though either may have changed the blank lines after it.
    out.push(m[mj] !== o[j] ? m[mj]! : t[tj]!);
    [i, ti, mi] = [j + 1, tj + 1, mj + 1];
  }
  settle(o.length, t.length, m.length);
  return { markdown: join(out), conflicts };
}
