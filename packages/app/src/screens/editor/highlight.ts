// Code blocks highlighted in the editor: Prism's tokens as inline decorations, in the classes the published site
// gives them (the site's stylesheet, loaded by the app, colours them). Decorations never change the document, so
// what is saved is what was written. A transaction re-highlights only the code blocks it touched; the others'
// decorations are mapped.
import { codeClass } from "@docstack/sites/dist/code-classes.js";
import type { Node } from "prosemirror-model";
import { Plugin, PluginKey, type Transaction } from "prosemirror-state";
import { Decoration, DecorationSet } from "prosemirror-view";
import { grammarOf, tokenize } from "./prism";

/** Larger code blocks stay plain, as on the site: highlighting cost grows with them. */
const MAX_HIGHLIGHTED = 100_000;

type TokenStream = string | TokenLike | TokenStream[];
interface TokenLike {
  type: string;
  content: TokenStream;
  length: number;
}

export interface TokenRange {
  from: number;
  to: number;
  className: string;
}

/** Prism's tokens as ranges of the code's text from `offset` (nested tokens give nested ranges, outer first). */
export function tokenRanges(tokens: TokenStream, offset = 0, into: TokenRange[] = []): TokenRange[] {
  if (typeof tokens === "string") return into;
  if (Array.isArray(tokens)) {
    let at = offset;
    for (const token of tokens) {
      tokenRanges(token, at, into);
      at += typeof token === "string" ? token.length : Array.isArray(token) ? streamLength(token) : token.length;
    }
    return into;
  }
  if (tokens.length > 0) into.push({ from: offset, to: offset + tokens.length, className: codeClass(tokens.type) });
  return tokenRanges(tokens.content, offset, into);
}

const streamLength = (tokens: TokenStream[]): number =>
  tokens.reduce<number>((sum, token) => sum + (typeof token === "string" ? token.length : Array.isArray(token) ? streamLength(token) : token.length), 0);

/** The decorations of one code block at `pos`: none when its language is not one the editor highlights. */
export function codeBlockDecorations(block: Node, pos: number): Decoration[] {
  const grammar = grammarOf(block.attrs.language);
  const code = block.textContent;
  if (!grammar || !code || code.length > MAX_HIGHLIGHTED) return [];
  // The block's text starts one past its opening position.
  return tokenRanges(tokenize(code, grammar), pos + 1).map((range) =>
    Decoration.inline(range.from, range.to, { class: range.className }, { token: range.className }),
  );
}

const isCode = (node: Node) => node.type.name === "code_block";

function allCodeBlocks(doc: Node): Decoration[] {
  const decorations: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (isCode(node)) decorations.push(...codeBlockDecorations(node, pos));
    // Nothing inside a textblock holds a code block.
    return !node.isTextblock;
  });
  return decorations;
}

/** The code blocks a transaction's steps touched, by their position in its document. */
function touchedCodeBlocks(tr: Transaction): Map<number, Node> {
  const touched = new Map<number, Node>();
  const visit = (from: number, to: number) =>
    tr.doc.nodesBetween(Math.max(0, from), Math.min(tr.doc.content.size, to), (node, pos) => {
      if (isCode(node)) touched.set(pos, node);
      return !node.isTextblock;
    });
  tr.steps.forEach((step, i) => {
    const after = tr.mapping.slice(i + 1);
    step.getMap().forEach((_oldFrom, _oldTo, from, to) => {
      visit(after.map(from, -1), after.map(to, 1));
    });
    // An attribute's step (a block's language set) changes no range: it names the node's position.
    const pos = (step as { pos?: unknown }).pos;
    if (typeof pos === "number") {
      const at = after.map(pos, 1);
      const node = tr.doc.nodeAt(at);
      if (node && isCode(node)) touched.set(at, node);
    }
  });
  return touched;
}

const key = new PluginKey<DecorationSet>("code-highlight");

export function codeHighlight(): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key,
    state: {
      init: (_config, state) => DecorationSet.create(state.doc, allCodeBlocks(state.doc)),
      apply(tr, set) {
        if (!tr.docChanged) return set;
        let next = set.map(tr.mapping, tr.doc);
        for (const [pos, block] of touchedCodeBlocks(tr)) {
          next = next.remove(next.find(pos + 1, pos + block.nodeSize - 1)).add(tr.doc, codeBlockDecorations(block, pos));
        }
        return next;
      },
    },
    props: { decorations: (state) => key.getState(state) },
  });
}
