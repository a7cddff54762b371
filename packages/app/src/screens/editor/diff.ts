// A reviewer's diff of a changed page, over @docstack/editor's top-level blocks: blocks added, removed and changed
// (a removed block and an added one in the same place), and inside a changed block the words added and removed.
import { blocksOf, matchBlocks } from "./merge";

export interface WordChange {
  kind: "same" | "added" | "removed";
  text: string;
}

export type BlockChange = { kind: "same"; text: string } | { kind: "added" | "removed"; text: string } | { kind: "changed"; words: WordChange[] };

/** Words and the spaces between them, each its own token, so that joining them gives the text back. */
const tokens = (text: string) => text.split(/(\s+)/).filter(Boolean);

/** The words of `before` and `after`, each kept, removed or added (a longest common subsequence of tokens). */
export function diffWords(before: string, after: string): WordChange[] {
  const [a, b] = [tokens(before), tokens(after)];
  const pairs = matchBlocks(a, b);
  const out: WordChange[] = [];
  const push = (kind: WordChange["kind"], text: string) => {
    const last = out.at(-1);
    if (last?.kind === kind) last.text += text;
    else out.push({ kind, text });
  };
  let [i, j] = [0, 0];
  for (const [ai, bj] of [...pairs, [a.length, b.length] as [number, number]]) {
    for (; i < ai; i++) push("removed", a[i]!);
    for (; j < bj; j++) push("added", b[j]!);
    if (ai < a.length) push("same", a[ai]!);
    [i, j] = [ai + 1, bj + 1];
  }
  return out;
}

/** The page's blocks from `before` to `after`. */
export function diffBlocks(before: string, after: string): BlockChange[] {
  const [a, b] = [blocksOf(before).map((block) => block.trim()), blocksOf(after).map((block) => block.trim())];
  const out: BlockChange[] = [];
  let [i, j] = [0, 0];
  const gap = (ai: number, bj: number) => {
    const removed = a.slice(i, ai);
    const added = b.slice(j, bj);
    const paired = Math.min(removed.length, added.length);
    for (let k = 0; k < paired; k++) out.push({ kind: "changed", words: diffWords(removed[k]!, added[k]!) });
    for (const text of removed.slice(paired)) out.push({ kind: "removed", text });
    for (const text of added.slice(paired)) out.push({ kind: "added", text });
  };
  for (const [ai, bj] of matchBlocks(a, b)) {
    gap(ai, bj);
    out.push({ kind: "same", text: a[ai]! });
    [i, j] = [ai + 1, bj + 1];
  }
  gap(a.length, b.length);
  return out;
}

export interface LineChange {
  kind: "same" | "added" | "removed";
  line: string;
}

/** The Markdown's lines from `before` to `after`, as a unified diff shows them (a longest common subsequence of lines). */
export function diffLines(before: string, after: string): LineChange[] {
  const [a, b] = [before.split("\n"), after.split("\n")];
  const out: LineChange[] = [];
  let [i, j] = [0, 0];
  for (const [ai, bj] of [...matchBlocks(a, b), [a.length, b.length] as [number, number]]) {
    for (; i < ai; i++) out.push({ kind: "removed", line: a[i]! });
    for (; j < bj; j++) out.push({ kind: "added", line: b[j]! });
    if (ai < a.length) out.push({ kind: "same", line: a[ai]! });
    [i, j] = [ai + 1, bj + 1];
  }
  return out;
}
