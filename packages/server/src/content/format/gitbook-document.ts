// GitBook's structured documents (`{object: "document", data, nodes}`, the body GitBook's
// client sends and reads for comments) to and from Markdown, the text Docstack stores.
//
// Markdown → GitBook: the Markdown is parsed once, by `markdownToDocument` (document-format.ts),
// and its tree is reshaped into GitBook's nodes (leaves and marks carry `object`, code blocks
// hold `code-line`s, images are `inline-image`s); what GitBook has no node for (tables, raw
// HTML) reads as text. GitBook → Markdown: the untrusted tree is walked with a depth limit,
// its texts escaped, and any node or mark it does not know refused with a 400 naming it.
import type { Schemas } from "@docstack/contract";
import { badRequest } from "../../http/errors";
import { markdownToDocument } from "./document-format";

type PageBlock = Schemas["PageDocumentBlock"];
type PageInline = Schemas["PageDocumentInline"];
type PageText = Schemas["PageDocumentText"];
type Document = Schemas["CommentDocument"];
type Block = Schemas["CommentDocumentBlock"];
type Inline = Schemas["CommentDocumentInline"];
type Text = Schemas["CommentDocumentText"];
type Leaf = Text["leaves"][number];
type MarkType = Leaf["marks"][number]["type"];

/** How deep a posted document may nest (GitBook's editor nests lists a few levels, never this far). */
export const MAX_DOCUMENT_DEPTH = 20;
/** GitBook's heading anchors (`data.id`). */
const HEADING_ID = /^[-a-z0-9.+_]+$/;

// ---- Markdown → GitBook ----

/** Markdown as GitBook's document; links and images are URLs as written (a comment has no page to resolve them in). */
export function markdownToGitBookDocument(markdown: string): Document {
  return { object: "document", data: {}, nodes: markdownToDocument(markdown).nodes.flatMap((node) => toBlocks(node, "top")) };
}

/** Where a block stands: GitBook's quotes hold no code blocks. */
type Container = "top" | "quote";

function toBlocks(node: PageBlock, within: Container): Block[] {
  const children = (container: Container) => (node.nodes as PageBlock[]).flatMap((child) => toBlocks(child, container));
  switch (node.type) {
    case "paragraph":
      return [blockOf("paragraph", {}, toInlines(node.nodes))];
    case "heading-1":
    case "heading-2":
    case "heading-3":
    case "heading-4":
    case "heading-5":
    case "heading-6": {
      const level = Math.min(Number(node.type.slice(-1)), 3);
      const anchor = node.data?.anchor;
      return [blockOf(`heading-${level}` as Block["type"], anchor && HEADING_ID.test(anchor) ? { id: anchor } : {}, toInlines(node.nodes))];
    }
    case "blockquote":
      return [blockOf("blockquote", {}, children("quote"))];
    case "code": {
      const code = codeText(node);
      if (within === "quote") return [paragraphOfText(code, ["code"])];
      const lines = code.split("\n").map((line) => blockOf("code-line", {}, [textOf([leafOf(line, [])])]));
      return [blockOf("code", node.data?.syntax ? { syntax: node.data.syntax } : {}, lines)];
    }
    case "list-unordered": {
      const items = node.nodes as PageBlock[];
      const tasks = items.some((item) => item.data?.checked !== undefined);
      return [
        blockOf(
          tasks ? "list-tasks" : "list-unordered",
          {},
          items.flatMap((item) => toBlocks(item, within)),
        ),
      ];
    }
    case "list-ordered":
      return [blockOf("list-ordered", { start: node.data?.start ?? 1 }, children(within))];
    case "list-item":
      return [blockOf("list-item", node.data?.checked === undefined ? {} : { checked: node.data.checked }, children("top"))];
    case "divider":
      return [{ object: "block", type: "divider", isVoid: true, data: {} }];
    case "table":
      // One paragraph per row, its cells' content separated by " | ".
      return (node.nodes as PageBlock[]).map((row) =>
        blockOf(
          "paragraph",
          {},
          (row.nodes as PageBlock[]).flatMap((cell, i) => [...(i ? [textOf([leafOf(" | ", [])])] : []), ...toInlines(cell.nodes)]),
        ),
      );
    case "html":
      return [paragraphOfText(node.data?.html ?? "", [])];
    default:
      return children(within);
  }
}

function toInlines(nodes: PageBlock["nodes"]): (Inline | Text)[] {
  return (nodes as (PageInline | PageText)[]).flatMap((node): (Inline | Text)[] => {
    if (node.object === "text") return [toText(node)];
    const data = node.data ?? {};
    if (node.type === "html") return [textOf([leafOf(data.html ?? "", [])])];
    // Without a resolver every reference is a URL.
    if (data.ref?.kind !== "url") return node.nodes.map(toText);
    const ref = { kind: "url" as const, url: data.ref.url };
    const title = data.title ? { title: data.title } : {};
    if (node.type === "image") return [{ object: "inline", type: "inline-image", isVoid: true, data: { ref, alt: data.alt ?? "", ...title }, nodes: [] }];
    return [{ object: "inline", type: "link", data: { ref, ...title }, nodes: node.nodes.map(toText) }];
  });
}

const toText = (text: PageText): Text =>
  textOf(
    text.leaves.map((leaf) =>
      leafOf(
        leaf.text,
        leaf.marks.map((mark) => mark.type),
      ),
    ),
  );
const codeText = (node: PageBlock) => (node.nodes as PageText[]).flatMap((text) => text.leaves.map((leaf) => leaf.text)).join("");
const paragraphOfText = (text: string, marks: MarkType[]): Block => blockOf("paragraph", {}, text ? [textOf([leafOf(text, marks)])] : []);
const blockOf = (type: Block["type"], data: Block["data"], nodes: NonNullable<Block["nodes"]>): Block => ({ object: "block", type, data, nodes });
const textOf = (leaves: Leaf[]): Text => ({ object: "text", leaves });
const leafOf = (text: string, marks: readonly MarkType[]): Leaf => ({ object: "leaf", text, marks: marks.map((type) => ({ object: "mark", type })) });

// ---- GitBook → Markdown ----

type Json = Record<string, unknown>;

/** A node of the posted tree with where it stands (`request/body/body/document/nodes/0/...`), for messages. */
interface At {
  node: Json;
  path: string;
  depth: number;
}

const MARKDOWN_MARKS: Partial<Record<string, [string, string]>> = { bold: ["**", "**"], italic: ["*", "*"], strikethrough: ["~~", "~~"] };
/** GitBook's marks Markdown has no syntax for: accepted, their text kept without them. */
const DROPPED_MARKS = new Set(["keyboard", "color", "superscript", "subscript"]);

/** A GitBook document as Markdown; 400 (naming the node by its path under `at`) for what it cannot hold or does not know. */
export function gitBookDocumentToMarkdown(document: Json, at: string): string {
  const nodes = childrenOf({ node: document, path: at, depth: 0 });
  return blocksToMarkdown(nodes);
}

function childrenOf({ node, path, depth }: At): At[] {
  const nodes = node.nodes ?? [];
  if (!Array.isArray(nodes)) throw badRequest("invalid_request", `${path}/nodes: must be an array of nodes`);
  if (depth >= MAX_DOCUMENT_DEPTH && nodes.length)
    throw badRequest("invalid_request", `${path}/nodes: the document nests deeper than ${MAX_DOCUMENT_DEPTH} levels`);
  return nodes.map((child, i) => {
    const childPath = `${path}/nodes/${i}`;
    if (!child || typeof child !== "object" || Array.isArray(child)) throw badRequest("invalid_request", `${childPath}: must be a node (an object)`);
    return { node: child as Json, path: childPath, depth: depth + 1 };
  });
}

const dataOf = ({ node }: At): Json => (node.data && typeof node.data === "object" ? (node.data as Json) : {});

function expectObject(at: At, object: string): void {
  if (at.node.object !== object) throw badRequest("invalid_request", `${at.path}/object: must be "${object}" here, got ${JSON.stringify(at.node.object)}`);
}

function blocksToMarkdown(blocks: At[]): string {
  return blocks.map(blockToMarkdown).join("\n\n");
}

function blockToMarkdown(at: At): string {
  expectObject(at, "block");
  const type = String(at.node.type);
  const heading = /^heading-([1-6])$/.exec(type);
  // A heading is one line: its hard breaks (backslash, line break) read as spaces.
  if (heading) return `${"#".repeat(Number(heading[1]))} ${inlinesToMarkdown(childrenOf(at)).replace(/\\\n/g, " ")}`;
  switch (type) {
    case "paragraph":
      return inlinesToMarkdown(childrenOf(at));
    case "blockquote":
      return prefixLines(blocksToMarkdown(childrenOf(at)), "> ", "> ");
    case "code":
      return codeBlock(at);
    case "list-unordered":
    case "list-tasks":
    case "list-ordered":
      return listToMarkdown(at, type);
    case "divider":
      return "---";
    default:
      throw badRequest(
        "invalid_request",
        `${at.path}/type: comments take no ${JSON.stringify(at.node.type)} block (they take paragraph, heading-1 to heading-6, blockquote, code, list-unordered, list-ordered, list-tasks, list-item and divider)`,
      );
  }
}

function listToMarkdown(at: At, type: string): string {
  const start = Number(dataOf(at).start ?? 1);
  const items = childrenOf(at).map((item, i) => {
    expectObject(item, "block");
    if (item.node.type !== "list-item")
      throw badRequest("invalid_request", `${item.path}/type: a list holds list-item blocks, got ${JSON.stringify(item.node.type)}`);
    const checked = dataOf(item).checked;
    const marker = type === "list-ordered" ? `${Number.isInteger(start) && start >= 0 ? start + i : i + 1}. ` : "- ";
    const task = type === "list-tasks" || typeof checked === "boolean" ? (checked === true ? "[x] " : "[ ] ") : "";
    const content = blocksToMarkdown(childrenOf(item));
    return { text: prefixLines(task + content, marker, " ".repeat(marker.length)), blocks: childrenOf(item).length };
  });
  // A list whose items hold one block each is tight; otherwise items are separated by blank lines.
  return items.map((item) => item.text).join(items.every((item) => item.blocks <= 1) ? "\n" : "\n\n");
}

/** Prefixes the first line with `first` and the others with `rest` (blank lines stay blank inside lists). */
function prefixLines(text: string, first: string, rest: string): string {
  return text
    .split("\n")
    .map((line, i) => (i === 0 ? first + line : line || rest.trim() ? rest + line : line))
    .join("\n");
}

function codeBlock(at: At): string {
  const lines = childrenOf(at).map((line) => {
    expectObject(line, "block");
    if (line.node.type !== "code-line")
      throw badRequest("invalid_request", `${line.path}/type: a code block holds code-line blocks, got ${JSON.stringify(line.node.type)}`);
    return childrenOf(line)
      .map((text) =>
        leavesOf(text)
          .map((leaf) => leaf.text)
          .join(""),
      )
      .join("");
  });
  const code = lines.join("\n");
  const fence = "`".repeat(Math.max(3, longestRun(code, "`") + 1));
  const syntax = String(dataOf(at).syntax ?? "").replace(/[\s`]/g, "");
  return `${fence}${syntax}\n${code}\n${fence}`;
}

/** A paragraph's or heading's content; Markdown drops the spaces a block starts with (and reads four as code). */
function inlinesToMarkdown(nodes: At[]): string {
  return nodes.map(inlineToMarkdown).join("").trimStart();
}

function inlineToMarkdown(at: At): string {
  if (at.node.object === "text") return leavesToMarkdown(leavesOf(at));
  expectObject(at, "inline");
  const data = dataOf(at);
  switch (at.node.type) {
    case "link": {
      const inner = childrenOf(at)
        .map((text) => {
          if (text.node.object !== "text") throw badRequest("invalid_request", `${text.path}/object: a link holds texts`);
          return leavesToMarkdown(leavesOf(text));
        })
        .join("");
      return `[${inner}](${destination(at, data)})`;
    }
    case "inline-image":
      return `![${escapeText(typeof data.alt === "string" ? data.alt : "")}](${destination(at, data)})`;
    case "emoji":
      return emojiOf(at, data.code);
    default:
      throw badRequest("invalid_request", `${at.path}/type: comments take no ${JSON.stringify(at.node.type)} inline (they take link, inline-image and emoji)`);
  }
}

/** A link's or image's target and title as Markdown; only URLs (GitBook's pages, files and others are refs Docstack's comments cannot hold). */
function destination(at: At, data: Json): string {
  const ref = data.ref as Json | undefined;
  if (ref?.kind !== "url" || typeof ref.url !== "string" || !ref.url) {
    throw badRequest("invalid_request", `${at.path}/data/ref: comments link only to URLs ({kind: "url", url}), got ${JSON.stringify(ref?.kind ?? null)}`);
  }
  // Inside <…> a destination may hold spaces and parentheses; only <, > and line breaks need encoding.
  const url = ref.url.replace(/[<>\n\r]/g, (c) => encodeURIComponent(c));
  const title = typeof data.title === "string" && data.title ? ` "${data.title.replace(/["\\]/g, "\\$&")}"` : "";
  return `<${url}>${title}`;
}

function emojiOf(at: At, code: unknown): string {
  const points = typeof code === "string" ? code.split("-").map((part) => Number.parseInt(part, 16)) : [];
  if (!points.length || points.some((point) => !Number.isInteger(point) || point < 0 || point > 0x10ffff)) {
    throw badRequest("invalid_request", `${at.path}/data/code: an emoji's code points in hexadecimal (such as 1f44d), got ${JSON.stringify(code)}`);
  }
  return String.fromCodePoint(...points);
}

interface PostedLeaf {
  text: string;
  marks: string[];
}

function leavesOf(at: At): PostedLeaf[] {
  const leaves = at.node.leaves;
  if (!Array.isArray(leaves)) throw badRequest("invalid_request", `${at.path}/leaves: a text holds an array of leaves`);
  return leaves.map((leaf, i) => {
    const path = `${at.path}/leaves/${i}`;
    const { text, marks = [] } = (leaf ?? {}) as Json;
    if (typeof text !== "string") throw badRequest("invalid_request", `${path}/text: must be a string`);
    if (!Array.isArray(marks)) throw badRequest("invalid_request", `${path}/marks: must be an array`);
    return {
      text,
      marks: marks.flatMap((mark, j) => {
        const type = (mark as Json | null)?.type;
        if (typeof type === "string" && (MARKDOWN_MARKS[type] || type === "code")) return [type];
        if (typeof type === "string" && DROPPED_MARKS.has(type)) return [];
        throw badRequest(
          "invalid_request",
          `${path}/marks/${j}/type: comments take no ${JSON.stringify(type)} mark (they take bold, italic, strikethrough and code)`,
        );
      }),
    };
  });
}

function leavesToMarkdown(posted: PostedLeaf[]): string {
  // Neighbours with the same marks are one run of text: `**a****b**` would not read as bold "ab".
  const leaves: PostedLeaf[] = [];
  for (const leaf of posted) {
    const last = leaves.at(-1);
    if (last && last.marks.join() === leaf.marks.join()) last.text += leaf.text;
    else leaves.push({ ...leaf });
  }
  return leaves.map((leaf) => markedText(leaf.text, leaf.marks)).join("");
}

/** A hard line break in Markdown. */
const hardBreaks = (text: string) => text.replace(/\n/g, "\\\n");

/** A leaf with its marks; spaces stay outside the delimiters, which need text against them. */
function markedText(text: string, marks: string[]): string {
  // Split by trimming, not by `^(\s*)([\s\S]*?)(\s*)$`, which backtracks over every run of spaces.
  const start = text.length - text.trimStart().length;
  const core = text.trim();
  const [before, after] = [text.slice(0, start), text.slice(start + core.length)];
  if (!core) return hardBreaks(text);
  // A code span holds no line break: each line is one.
  let inner = core
    .split("\n")
    .map((line) => (marks.includes("code") ? line && codeSpan(line) : escapeText(line)))
    .join("\\\n");
  for (const mark of marks) {
    const delimiters = MARKDOWN_MARKS[mark];
    if (delimiters) inner = delimiters[0] + inner + delimiters[1];
  }
  return hardBreaks(before) + inner + hardBreaks(after);
}

function codeSpan(text: string): string {
  const ticks = "`".repeat(longestRun(text, "`") + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return ticks + pad + text + pad + ticks;
}

/** Text as Markdown that reads back as the same text: punctuation Markdown acts on is escaped, as are line starts that open a block. */
export function escapeText(text: string): string {
  return text
    .replace(/[\\`*_[\]<>~|&#]/g, "\\$&")
    .replace(/^(\s*)([-+=]|\d+(?=[.)]))/, (_, space: string, start: string) => (/\d/.test(start) ? `${space}${start}\\` : `${space}\\${start}`));
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}
