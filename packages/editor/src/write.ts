// Blocks written fresh, in GitBook's own Markdown style (what its Git Sync writes and the server's
// gitbook-layout writer keeps): `{% hint style %}` … `{% endhint %}`, `*` bullets, fenced code with `{% code %}`
// around it for a title or line numbers, `<figure><img>` images, `<details>` expandables, `&#x20;` for an empty
// paragraph. Only blocks the writer changed or added are written so (./save); every other keeps its own bytes.
import type { Node } from "prosemirror-model";
import { writeInline } from "./inline-write.js";

/** What the written block must not look like to the blocks beside it: list markers in use there. */
export interface WriteOptions {
  avoidMarkers?: ReadonlySet<string>;
}

const BULLETS = ["*", "-", "+"];
const ORDERED_DELIMITERS = [".", ")"];

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** A tag's attribute: GitBook's tags end a value at its next `"`. */
const attribute = (name: string, value: string) => `${name}="${value.replace(/"/g, "'")}"`;

/** The list marker a written block starts with (`*`, `-`, `+`, or an ordered list's `.` or `)`), if it is a list. */
export function listMarkerOf(markdown: string): string | undefined {
  const marker = /^ {0,3}(?:([*+-])|\d{1,9}([.)]))(?:[ \t]|$)/m.exec(markdown.split("\n", 1)[0] ?? "");
  return marker ? (marker[1] ?? marker[2]) : undefined;
}

/** Blocks written one after the other, a blank line between; two lists in a row get different markers (else they join). */
export function writeBlocks(nodes: readonly Node[], join = "\n\n"): string {
  const written: string[] = [];
  let previous: string | undefined;
  for (const node of nodes) {
    const text = writeBlock(node, previous ? { avoidMarkers: new Set([previous]) } : {});
    previous = node.type.name.endsWith("_list") ? listMarkerOf(text) : undefined;
    written.push(text);
  }
  return written.join(join);
}

/** One block as Markdown (without the line prefix of a quote it stands in). */
export function writeBlock(node: Node, options: WriteOptions = {}): string {
  const children = () => writeBlocks(childrenOf(node));
  switch (node.type.name) {
    case "paragraph":
      return node.childCount ? writeInline(node) : "&#x20;";
    case "heading": {
      const text = writeInline(node);
      return `${"#".repeat(node.attrs.level)}${text ? ` ${text}` : ""}`;
    }
    case "blockquote":
      return prefixLines(children(), "> ", "> ");
    case "bullet_list":
    case "ordered_list":
      return writeList(node, options);
    case "code_block":
      return writeCode(node);
    case "hint":
      return `{% hint ${attribute("style", node.attrs.style)} %}\n${children()}\n{% endhint %}`;
    case "tabs":
      return `{% tabs %}\n${children()}\n{% endtabs %}`;
    case "tab":
      return `{% tab ${attribute("title", node.attrs.title)} %}\n${children()}\n{% endtab %}`;
    case "stepper":
      return `{% stepper %}\n${children()}\n{% endstepper %}`;
    case "step":
      return `{% step %}\n${children()}\n{% endstep %}`;
    case "expandable":
      return `<details>\n\n<summary>${escapeHtml(node.attrs.title)}</summary>\n\n${children()}\n\n</details>`;
    case "content_ref":
      return withBody(`content-ref ${attribute("url", node.attrs.url)}`, "content-ref", node.attrs.body);
    case "embed":
      return withBody(`embed ${attribute("url", node.attrs.url)}`, "embed", node.attrs.caption);
    case "file":
      return withBody(`file ${attribute("src", node.attrs.src)}`, "file", node.attrs.caption);
    case "openapi": {
      const attrs = ["src", "path", "method"].filter((name) => node.attrs[name]).map((name) => attribute(name, node.attrs[name]));
      return withBody(["openapi", ...attrs].join(" "), "openapi", node.attrs.body);
    }
    case "include":
      return `{% include "${node.attrs.src.replace(/"/g, "'")}" %}`;
    case "image": {
      const caption = node.attrs.caption ? `<figcaption><p>${escapeHtml(node.attrs.caption)}</p></figcaption>` : "";
      return `<figure><img src="${escapeHtml(node.attrs.src)}" alt="${escapeHtml(node.attrs.alt)}">${caption}</figure>`;
    }
    case "table":
      return writeTable(node);
    case "divider":
      return "***";
    case "math":
      return `$$\n${node.textContent}\n$$`;
    case "raw":
      return node.attrs.markdown;
    default:
      throw new RangeError(`no Markdown for a ${node.type.name} block`);
  }
}

function childrenOf(node: Node): Node[] {
  const nodes: Node[] = [];
  node.forEach((child) => {
    nodes.push(child);
  });
  return nodes;
}

/** `{% name attrs %}`, then its body and `{% endname %}` when it has one. */
function withBody(open: string, name: string, body: string): string {
  return body ? `{% ${open} %}\n${body}\n{% end${name} %}` : `{% ${open} %}`;
}

/** Prefixes the first line with `first` and the others with `rest`; blank lines get the prefix without its spaces. */
export function prefixLines(text: string, first: string, rest: string): string {
  return text
    .split("\n")
    .map((line, i) => {
      const prefix = i === 0 ? first : rest;
      return line ? prefix + line : prefix.trimEnd();
    })
    .join("\n");
}

/** A list is written tight (no blank line between items) when each item is a paragraph, with lists after it at most. */
function isTight(list: Node): boolean {
  let tight = true;
  list.forEach((item) => {
    tight &&= isTightItem(item);
  });
  return tight;
}

/** An item whose blocks can follow each other without a blank line: a paragraph, then lists that interrupt it. */
function isTightItem(item: Node): boolean {
  let tight = true;
  item.forEach((child, _offset, index) => {
    if (index === 0) return;
    const interrupts = child.type.name === "bullet_list" || (child.type.name === "ordered_list" && child.attrs.start === 1);
    if (!interrupts) tight = false;
  });
  return tight;
}

function writeList(list: Node, options: WriteOptions): string {
  const ordered = list.type.name === "ordered_list";
  const avoid = options.avoidMarkers ?? new Set<string>();
  const mark = (ordered ? ORDERED_DELIMITERS : BULLETS).find((candidate) => !avoid.has(candidate)) ?? (ordered ? "." : "*");
  const tight = isTight(list);
  const items: string[] = [];
  list.forEach((item, _offset, index) => {
    const marker = ordered ? `${list.attrs.start + index}${mark} ` : `${mark} `;
    items.push(writeItem(item, marker, tight));
  });
  return items.join(tight ? "\n" : "\n\n");
}

/** The blocks an item's marker line may start with. */
const ON_MARKER_LINE = new Set(["paragraph", "heading", "bullet_list", "ordered_list", "code_block", "blockquote", "divider", "table"]);

/** An item: its marker, `[ ] ` or `[x] ` for a task, its blocks indented under the marker. */
export function writeItem(item: Node, marker: string, tight: boolean): string {
  // A task's box stands before its first paragraph (an item starting with another block cannot be a task in Markdown).
  const task = item.attrs.checked === null || item.firstChild?.type.name !== "paragraph" ? "" : item.attrs.checked ? "[x] " : "[ ] ";
  const content = task + writeBlocks(childrenOf(item), tight && isTightItem(item) ? "\n" : "\n\n");
  // GitBook's blocks (a tag, `$$`, HTML) are read on lines of their own: after the marker's line, left empty.
  const ownLine = !ON_MARKER_LINE.has(item.firstChild?.type.name ?? "paragraph");
  return prefixLines(ownLine ? `\n${content}` : content, marker, " ".repeat(marker.length));
}

function writeCode(node: Node): string {
  const code = node.textContent;
  const longest = Math.max(0, ...[...code.matchAll(/^[ \t]*(`{3,}|~{3,})/gm)].map((run) => run[1]!.length));
  const language = node.attrs.language.replace(/\n/g, " ");
  const char = language.includes("`") ? "~" : "`";
  const fence = char.repeat(Math.max(3, longest + 1));
  const block = `${fence}${language}\n${code ? `${code}\n` : ""}${fence}`;
  const { title, lineNumbers, wrap } = node.attrs;
  if (!title && !lineNumbers && !wrap) return block;
  const attrs = [title ? attribute("title", title) : "", lineNumbers ? 'lineNumbers="true"' : "", wrap ? 'overflow="wrap"' : ""].filter(Boolean);
  return `{% code ${attrs.join(" ")} %}\n${block}\n{% endcode %}`;
}

function writeTable(table: Node): string {
  const rows: string[][] = [];
  const aligns: (string | null)[] = [];
  table.forEach((row, _offset, r) => {
    const cells: string[] = [];
    row.forEach((cell, _o, c) => {
      if (r === 0) aligns[c] = cell.attrs.align;
      const text = writeInline(cell, true).replace(/\\\n/g, " ");
      cells.push(text);
    });
    rows.push(cells);
  });
  const width = rows[0]?.length ?? 0;
  const delimiter = aligns.slice(0, width).map((align) => (align === "center" ? ":-:" : align === "left" ? ":--" : align === "right" ? "--:" : "---"));
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(rows[0] ?? []), line(delimiter), ...rows.slice(1).map(line)].join("\n");
}
