// A page's Markdown as HTML: CommonMark with GitHub's tables, strikethrough, task lists
// and alerts, GitBook's `{% hint %}` blocks, headings with the anchors the content API
// gives them, code highlighted (./highlight), links and images resolved
// to the site's URLs (broken ones marked). Raw HTML in the content is untrusted: a page
// holding any is passed through sanitize-html with an allowlist of what this renderer
// itself makes (no script, no event handler, no `javascript:` URL, no frame, no style).
import type MarkdownIt from "markdown-it";
import type SanitizeHtml from "sanitize-html";
import { BLOCKS_HTML, gitbookBlocks, tabRadio } from "./gitbook-blocks";
import type { Highlighter } from "./highlight";
import { escapeHtml } from "./html";
import { rewriteHtmlTargets } from "./html-targets";
import type { HeadingAnchors } from "./model";

/** What a link or image target is, once resolved against the site. */
export type ResolvedTarget = { kind: "internal" | "external" | "file"; href: string } | { kind: "broken" };

export interface RenderOptions {
  anchors: HeadingAnchors;
  resolve(target: string, image: boolean): ResolvedTarget;
  /** Open links to other sites in a new tab. */
  externalInNewTab: boolean;
  highlighter: Highlighter;
}

export interface Heading {
  level: number;
  anchor: string;
  text: string;
}

export interface RenderedContent {
  html: string;
  headings: Heading[];
}

type HintStyle = "info" | "success" | "warning" | "danger";
const HINT_LABELS: Record<HintStyle, string> = { info: "Info", success: "Tip", warning: "Warning", danger: "Danger" };
const ALERTS: Record<string, HintStyle> = { NOTE: "info", TIP: "success", IMPORTANT: "info", WARNING: "warning", CAUTION: "danger" };

type Token = MarkdownIt.Token;
type StateBlock = MarkdownIt.StateBlock;
type StateCore = MarkdownIt.StateCore;

interface Env {
  options: RenderOptions;
  headings: Heading[];
  rawHtml: boolean;
}
/** markdown-it passes our environment through as its own untyped one. */
const envOf = (env: unknown) => env as Env;

/** Made with the first page rendered, not at start: markdown-it (and its entity tables) is not loaded until then. */
let parser: MarkdownIt | undefined;

function createParser(): MarkdownIt {
  const created = new (require("markdown-it") as typeof MarkdownIt)("default", { html: true, linkify: true, typographer: false });
  // Targets stay as written (`my file.png`, `/guides/install#step-2`): they are looked up
  // by the path or name users write. Unsafe schemes are still refused by validateLink.
  created.normalizeLink = (url: string) => url;
  created.block.ruler.before("fence", "hint", hintBlock, { alt: ["paragraph", "reference", "blockquote", "list"] });
  created.use(gitbookBlocks, { resolve: (env: unknown, target: string) => envOf(env).options.resolve(target, false) });
  created.core.ruler.push("docstack", (state: StateCore) => {
    const env = envOf(state.env);
    alerts(state.tokens);
    for (let i = 0; i < state.tokens.length; i++) {
      const token = state.tokens[i]!;
      if (token.type === "html_block") htmlToken(token, env);
      if (token.type === "heading_open") anchorHeading(token, state.tokens[i + 1], state.tokens[i + 2], env);
      if (token.type === "list_item_open") taskItem(token, state.tokens[i + 1], state.tokens[i + 2]);
      if (token.type === "th_open" || token.type === "td_open") alignmentClass(token);
      if (token.type === "inline") for (const child of token.children ?? []) if (child.type === "html_inline") htmlToken(child, env);
    }
  });

  const rules = created.renderer.rules;
  rules.fence = (tokens, idx, _options, env) => envOf(env).options.highlighter.block(tokens[idx]!.content, tokens[idx]!.info);
  rules.code_block = (tokens, idx, _options, env) => envOf(env).options.highlighter.block(tokens[idx]!.content, "");
  rules.hint_open = (tokens, idx) => {
    const style = tokens[idx]!.info as HintStyle;
    return `<div class="hint hint-${style}" role="note" aria-label="${HINT_LABELS[style]}">\n`;
  };
  rules.hint_close = () => "</div>\n";
  rules.task_checkbox = (tokens, idx) => `<input type="checkbox" disabled${tokens[idx]!.meta?.checked ? " checked" : ""} aria-label="Done"> `;
  rules.heading_close = (tokens, idx) => {
    const anchor = tokens[idx]!.meta?.anchor as string | undefined;
    const aliases = (tokens[idx]!.meta?.aliases as readonly string[] | undefined) ?? [];
    const link = anchor ? ` <a class="heading-link" href="#${escapeHtml(anchor)}" aria-label="Link to this section">#</a>` : "";
    // Links to a former form of the anchor land on the heading too.
    const targets = aliases.map((alias) => `<span id="${escapeHtml(alias)}"></span>`).join("");
    return `${link}${targets}</${tokens[idx]!.tag}>\n`;
  };
  rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const href = String(token.attrGet("href") ?? "");
    const target = envOf(env).options.resolve(href, false);
    if (target.kind === "broken") {
      token.meta = { broken: true };
      return `<span class="broken-link" title="Broken link: ${escapeHtml(href)}">`;
    }
    token.attrSet("href", target.href);
    if (target.kind === "external") {
      token.attrSet("class", "external");
      if (envOf(env).options.externalInNewTab) token.attrSet("target", "_blank");
      token.attrSet("rel", "noopener noreferrer");
    }
    return self.renderToken(tokens, idx, options);
  };
  rules.link_close = (tokens, idx, options, _env, self) => {
    // The matching opening token is the nearest link_open before at the same nesting.
    for (let i = idx - 1, depth = 0; i >= 0; i--) {
      const token = tokens[i]!;
      if (token.type === "link_close") depth++;
      else if (token.type === "link_open" && depth-- === 0) return token.meta?.broken ? "</span>" : self.renderToken(tokens, idx, options);
    }
    return self.renderToken(tokens, idx, options);
  };
  rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const alt = self.renderInlineAsText(token.children ?? [], options, env);
    const src = String(token.attrGet("src") ?? "");
    const target = envOf(env).options.resolve(src, true);
    if (target.kind === "broken") return `<span class="broken-image" title="Missing image: ${escapeHtml(src)}">${escapeHtml(alt)}</span>`;
    const title = token.attrGet("title");
    return `<img src="${escapeHtml(target.href)}" alt="${escapeHtml(alt)}"${title ? ` title="${escapeHtml(String(title))}"` : ""} loading="lazy">`;
  };
  return created;
}

export function renderMarkdown(markdown: string, options: RenderOptions): RenderedContent {
  const env: Env = { options, headings: [], rawHtml: false };
  parser ??= createParser();
  const rendered = parser.render(markdown, env as unknown as Record<string, unknown>);
  return { html: env.rawHtml ? sanitize(rendered) : rendered, headings: env.headings };
}

/** `{% hint style="info" %}` … `{% endhint %}` (GitBook's Markdown), nestable, holding blocks. */
function hintBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const line = (n: number) => state.src.slice(state.bMarks[n]! + state.tShift[n]!, state.eMarks[n]).trim();
  const opening = /^\{%\s*hint\s+style="(info|success|warning|danger)"\s*%\}$/.exec(line(startLine));
  if (!opening) return false;
  if (silent) return true;
  let end = startLine + 1;
  for (let depth = 1; end < endLine; end++) {
    const text = line(end);
    if (/^\{%\s*hint\b/.test(text)) depth++;
    else if (/^\{%\s*endhint\s*%\}$/.test(text) && --depth === 0) break;
  }
  const [parentType, lineMax] = [state.parentType, state.lineMax];
  state.parentType = "blockquote";
  state.lineMax = end;
  const open = state.push("hint_open", "div", 1);
  open.block = true;
  open.info = opening[1]!;
  open.map = [startLine, end];
  state.md.block.tokenize(state, startLine + 1, end);
  state.push("hint_close", "div", -1).block = true;
  state.parentType = parentType;
  state.lineMax = lineMax;
  state.line = Math.min(end + 1, endLine);
  return true;
}

/** An expandable's title (`<summary>` without an id), whole in its tag's block as GitBook writes it. */
const SUMMARY = /<summary(?![^>]*\sid\s*=)([^>]*)>([^<]*)<\/summary>/gi;

/**
 * Raw HTML: sanitized once rendered; the files and pages it names resolved as Markdown's images and links are. An
 * expandable's title gets the anchor GitBook gives it (as a heading's), so links to it land.
 */
function htmlToken(token: Token, env: Env): void {
  env.rawHtml = true;
  token.content = rewriteHtmlTargets(token.content, (target, image) => {
    const resolved = env.options.resolve(target, image);
    return resolved.kind === "broken" ? undefined : resolved.href;
  }).replace(SUMMARY, (whole, attributes: string, text: string) => {
    const title = text
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .trim();
    return title ? `<summary id="${escapeHtml(env.options.anchors.next(title))}"${attributes}>${text}</summary>` : whole;
  });
}

/** GitHub's alerts: a blockquote starting with `[!NOTE]` (or TIP, IMPORTANT, WARNING, CAUTION) is a hint. */
function alerts(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i]!;
    const inline = tokens[i + 2];
    if (open.type !== "blockquote_open" || tokens[i + 1]?.type !== "paragraph_open" || inline?.type !== "inline") continue;
    const first = inline.children?.[0];
    const marker = first?.type === "text" ? /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\s*$/.exec(first.content) : null;
    if (!first || !marker) continue;
    const close = closingIndex(tokens, i);
    if (close < 0) continue;
    // The marker and the line break after it go.
    inline.children!.splice(0, inline.children![1]?.type === "softbreak" ? 2 : 1);
    Object.assign(open, { type: "hint_open", tag: "div", info: ALERTS[marker[1]!] });
    Object.assign(tokens[close]!, { type: "hint_close", tag: "div" });
  }
}

/** The index of the token closing the one at `open` (searched from it: from the start, many alerts took the square of the page). */
function closingIndex(tokens: Token[], open: number): number {
  const { level } = tokens[open]!;
  for (let j = open + 1; j < tokens.length; j++) if (tokens[j]!.type === "blockquote_close" && tokens[j]!.level === level) return j;
  return -1;
}

function anchorHeading(open: Token, inline: Token | undefined, close: Token | undefined, env: Env): void {
  // The anchor comes from the heading as written, as the content API's documents give it.
  const anchor = env.options.anchors.next(inline?.content ?? "");
  open.attrSet("id", anchor);
  if (close) close.meta = { anchor, aliases: env.options.anchors.aliasesOf(anchor) };
  env.headings.push({ level: Number(open.tag.slice(1)), anchor, text: plainText(inline?.children ?? []) });
}

/** GitHub's task lists: an item whose text starts with `[ ] ` or `[x] ` gets a (disabled) checkbox. */
function taskItem(item: Token, paragraph: Token | undefined, inline: Token | undefined): void {
  if (paragraph?.type !== "paragraph_open" || inline?.type !== "inline") return;
  const text = inline.children?.[0];
  const marker = text?.type === "text" ? /^\[([ xX])\][ \t]+/.exec(text.content) : null;
  if (!text || !marker) return;
  text.content = text.content.slice(marker[0].length);
  const checkbox = new (text.constructor as new (type: string, tag: string, nesting: number) => Token)("task_checkbox", "input", 0);
  checkbox.meta = { checked: marker[1] !== " " };
  inline.children!.unshift(checkbox);
  item.attrJoin("class", "task-list-item");
}

/** markdown-it aligns table cells with a `style` attribute, which the pages' CSP forbids: a class instead. */
function alignmentClass(cell: Token): void {
  const align = /text-align:(left|center|right)/.exec(String(cell.attrGet("style") ?? ""))?.[1];
  if (!align) return;
  cell.attrs = (cell.attrs ?? []).filter(([name]) => name !== "style");
  cell.attrJoin("class", `align-${align}`);
}

function plainText(tokens: readonly Token[]): string {
  return tokens.map((token) => (token.type === "text" || token.type === "code_inline" ? token.content : plainText(token.children ?? []))).join("");
}

let sanitizer: ((untrusted: string) => string) | undefined;

/** sanitize-html with its options, loaded on the first page holding raw HTML (not at start). */
function loadSanitizer(): (untrusted: string) => string {
  const sanitizeHtml = require("sanitize-html") as typeof SanitizeHtml;
  const options = sanitizeOptions(sanitizeHtml.defaults.allowedTags);
  return (untrusted) => sanitizeHtml(untrusted, options);
}

// Whatever this renderer makes, and the usual formatting of content; nothing that runs.
const sanitizeOptions = (defaultTags: string[]): SanitizeHtml.IOptions => ({
  allowedTags: [...defaultTags, "img", "details", "summary", "input", "del", "ins", "s", "picture", "source", "video", "audio", "track", ...BLOCKS_HTML.tags],
  allowedAttributes: {
    "*": ["id", "class", "title", "lang", "dir", "role", "aria-label", "aria-hidden", "tabindex", "data-language", ...BLOCKS_HTML.attributes["*"]],
    a: ["href", "name", "target", "rel", ...BLOCKS_HTML.attributes.a],
    label: BLOCKS_HTML.attributes.label,
    img: ["src", "srcset", "sizes", "alt", "width", "height", "loading"],
    source: ["src", "srcset", "sizes", "type", "media"],
    video: ["src", "controls", "width", "height", "poster"],
    audio: ["src", "controls"],
    track: ["src", "kind", "srclang", "label"],
    input: ["type", "checked", "disabled", ...BLOCKS_HTML.attributes.input],
    ol: ["start", "reversed", "type"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    details: ["open"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowProtocolRelative: false,
  // A checkbox is the only input kept, and never one a reader can change.
  transformTags: {
    input: (tagName, attribs) =>
      attribs.type === "checkbox"
        ? {
            tagName,
            attribs: {
              type: "checkbox",
              disabled: "",
              "aria-label": attribs["aria-label"] ?? "Checkbox",
              ...(attribs.checked !== undefined ? { checked: "" } : {}),
            },
          }
        : { tagName: tabRadio(attribs) ? tagName : "span", attribs: tabRadio(attribs) ?? {} },
    a: (tagName, attribs) => (attribs.target === "_blank" ? { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } } : { tagName, attribs }),
  },
});

export function sanitize(untrusted: string): string {
  sanitizer ??= loadSanitizer();
  return sanitizer(untrusted);
}
