// GitBook's Markdown blocks (what its Git Sync writes) as a structure of lines: which line
// holds a `{% name attrs %}` tag, and which opening tag each `{% endname %}` closes. One
// pass over the lines, with a stack per tag name (so an end costs the same however many
// tags are open or left unclosed), and fenced code skipped. The renderer's markdown-it
// plugin (./gitbook-blocks), the plain-Markdown conversion (`.md`, llms-full.txt) and
// importers of GitBook repositories read blocks through it.

export interface BlockTag {
  /** The tag's name (`tabs`, `tab`, `embed`…), lower case, without `end`. */
  name: string;
  /** An `{% endname %}` tag. */
  end: boolean;
  /** Its `key="value"` attributes. */
  attrs: Record<string, string>;
  /** Its first bare quoted value (`{% include "../x.md" %}`). */
  arg?: string;
}

/** A block's name (`hint`, `endhint`), or an integration's block (`@github-files/github-code-block`). */
const NAME = /^(end)?(@[a-z0-9][\w.-]*\/[\w.-]+|[a-z][a-z0-9-]*)/i;

/** An integration's block (`{% @github-files/github-code-block url="…" %}`): rendered without the integration, as a link to its URL. */
export const isIntegrationBlock = (tag: BlockTag) => tag.name.startsWith("@");

/** What an integration's block links to (its `url`, when an http(s) one) and the link's text (its `title`, else the URL). */
export function integrationLink(tag: BlockTag): { url: string; text: string } | undefined {
  const url = tag.attrs.url ?? "";
  if (!embedOf(url).safe) return undefined;
  return { url, text: tag.attrs.title || url };
}
const ATTRIBUTE = /([A-Za-z][\w-]*)\s*=\s*"([^"]*)"|"([^"]*)"/g;

/** The tag a line holds alone (surrounding spaces aside), if any. */
export function parseTag(line: string): BlockTag | undefined {
  const text = line.trim();
  if (!text.startsWith("{%") || !text.endsWith("%}") || text.length < 4) return undefined;
  const inner = text.slice(2, -2).trim();
  const name = NAME.exec(inner);
  if (!name) return undefined;
  const attrs: Record<string, string> = {};
  let arg: string | undefined;
  for (const match of inner.slice(name[0].length).matchAll(ATTRIBUTE)) {
    if (match[1] !== undefined) attrs[match[1]] = match[2]!;
    else arg ??= match[3];
  }
  return { name: name[2]!.toLowerCase(), end: Boolean(name[1]), attrs, ...(arg !== undefined ? { arg } : {}) };
}

/**
 * A fence's marker (```` ``` ````, `~~~`, longer), if the line opens or closes one. A backtick fence's info string
 * holds no backtick (CommonMark): ```` ``` `` ``` ```` is a code span in a paragraph, not a fence.
 */
function fenceOf(text: string): string | undefined {
  const marker = /^(`{3,}|~{3,})/.exec(text)?.[1];
  return marker && !(marker[0] === "`" && text.slice(marker.length).includes("`")) ? marker : undefined;
}

/** Lines as markdown-it numbers them (from `\n`), with blockquote markers taken off. */
const contentOf = (line: string) => line.replace(/^(\s*>)+/, "").trim();

export interface BlockStructure {
  /** The tag on each line holding one (by line number). */
  tags: Map<number, BlockTag>;
  /** For each opening tag that has an end: the end's line. */
  ends: Map<number, number>;
  /** Math blocks: for each line holding `$$` alone that opens one, the line closing it. */
  math: Map<number, number>;
}

/** The tags of a document's lines and their pairs, in one pass. */
export function blockStructure(lines: readonly string[]): BlockStructure {
  const tags = new Map<number, BlockTag>();
  const ends = new Map<number, number>();
  const open = new Map<string, number[]>();
  const math = new Map<number, number>();
  let fence: string | undefined;
  let mathFrom: number | undefined;
  lines.forEach((line, n) => {
    const text = contentOf(line);
    const marker = fenceOf(text);
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && text.slice(marker.length).trim() === "") fence = undefined;
      return;
    }
    if (text === "$$") {
      if (mathFrom === undefined) mathFrom = n;
      else {
        math.set(mathFrom, n);
        mathFrom = undefined;
      }
      return;
    }
    if (marker) {
      fence = marker;
      return;
    }
    const tag = parseTag(text);
    if (!tag) return;
    tags.set(n, tag);
    const stack = open.get(tag.name);
    if (!tag.end) {
      if (stack) stack.push(n);
      else open.set(tag.name, [n]);
    } else {
      const start = stack?.pop();
      if (start !== undefined) ends.set(start, n);
    }
  });
  return { tags, ends, math };
}

/** Known embed providers, by host (and its subdomains): named on the card. */
const PROVIDERS: Record<string, string> = {
  "youtube.com": "YouTube",
  "youtu.be": "YouTube",
  "vimeo.com": "Vimeo",
  "loom.com": "Loom",
  "figma.com": "Figma",
  "codepen.io": "CodePen",
  "github.com": "GitHub",
  "gist.github.com": "GitHub Gist",
  "twitter.com": "X",
  "x.com": "X",
  "docs.google.com": "Google Docs",
  "miro.com": "Miro",
  "replit.com": "Replit",
  "codesandbox.io": "CodeSandbox",
  "stackblitz.com": "StackBlitz",
};

/** An embedded URL's provider, when known ("YouTube"), and whether it is an http(s) URL at all. */
export function embedOf(url: string): { safe: boolean; provider?: string } {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return { safe: false };
    const host = parsed.hostname.replace(/^www\./, "");
    const known = Object.keys(PROVIDERS).find((domain) => host === domain || host.endsWith(`.${domain}`));
    return known ? { safe: true, provider: PROVIDERS[known]! } : { safe: true };
  } catch {
    return { safe: false };
  }
}

/** The last segment of a path (`.gitbook/assets/guide.pdf` → `guide.pdf`), decoded when it can be. */
export function baseName(path: string): string {
  const last = path.split(/[\\/]/).pop() ?? path;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * GitBook's blocks as plain Markdown, for machines (`.md`, llms-full.txt): hints become quotes, tabs and steps
 * bold titles before their content, cards, embeds and files links, code titles a bold line before the code,
 * includes and API blocks a line saying what they were. Everything else is kept as written.
 */
export function blocksToPlainMarkdown(markdown: string): string {
  const lines = markdown.split("\n");
  const { tags, ends } = blockStructure(lines);
  if (!tags.size) return markdown;
  const out: string[] = [];
  const closers = new Map<number, string | undefined>();
  /** Per open stepper (by its line), the steps so far. */
  const steps: number[] = [];
  let quoteUntil = -1;
  lines.forEach((line, n) => {
    const tag = tags.get(n);
    if (!tag) {
      out.push(n < quoteUntil ? `> ${line}`.trimEnd() : line);
      return;
    }
    if (tag.end) {
      if (closers.has(n)) {
        const closer = closers.get(n);
        if (closer !== undefined) out.push(closer);
      }
      if (tag.name === "stepper") steps.pop();
      return;
    }
    const end = ends.get(n);
    if (end !== undefined) closers.set(end, undefined);
    const { attrs } = tag;
    switch (tag.name) {
      case "hint":
        if (end !== undefined) {
          out.push(`> **${HINT_TITLES[attrs.style ?? ""] ?? "Note"}:**`, ">");
          quoteUntil = end;
        }
        break;
      case "tab":
        out.push(`**${attrs.title ?? "Tab"}**`, "");
        break;
      case "stepper":
        steps.push(0);
        break;
      case "step": {
        const count = (steps.pop() ?? 0) + 1;
        steps.push(count);
        out.push(`**Step ${count}**`, "");
        break;
      }
      case "content-ref":
        if (end === undefined || end === n + 1) out.push(`[${attrs.url ?? ""}](${attrs.url ?? ""})`);
        break;
      case "embed":
        out.push(`[${attrs.url ?? ""}](${attrs.url ?? ""})`);
        break;
      case "code":
        if (attrs.title) out.push(`**${attrs.title}**`, "");
        break;
      case "file":
        out.push(`[${baseName(attrs.src ?? "")}](${attrs.src ?? ""})`);
        break;
      case "include":
        out.push(`> Reusable content: ${tag.arg ?? attrs.src ?? ""}`);
        break;
      case "openapi":
      case "swagger":
        out.push(`**API: ${[(attrs.method ?? "").toUpperCase(), attrs.path].filter(Boolean).join(" ")}**${attrs.src ? ` (${attrs.src})` : ""}`);
        break;
      default: {
        const link = isIntegrationBlock(tag) ? integrationLink(tag) : undefined;
        if (link) out.push(`[${link.text}](${link.url})`);
        break;
      }
    }
  });
  return out.join("\n");
}

export const HINT_TITLES: Record<string, string> = { info: "Info", success: "Tip", warning: "Warning", danger: "Danger" };
