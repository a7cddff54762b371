// GitBook's blocks on the published site, as a markdown-it plugin: `{% tabs %}` (tabs that
// switch without script: the pages' CSP allows none, so each tab is a native radio button
// with its label, and CSS shows the checked one's panel), `{% stepper %}` (an ordered
// list), `{% content-ref %}` (a card linking to the page), `{% embed %}` (a link card
// naming the provider: the CSP allows no frame), `{% code %}` (title, line numbers),
// `{% file %}` (a download link), `{% include %}` (a notice: reusable content is not
// published here), `{% swagger %}`/`{% openapi %}` (the operation's method and path) and
// `$$` math blocks; hints markdown.ts's own rule does not take. Lines are paired by ./gitbook-structure, once per document: the rule
// costs what each block holds. Any other `{% … %}` line never shows as text.
import type MarkdownIt from "markdown-it";
import { type BlockStructure, type BlockTag, baseName, blockStructure, embedOf, HINT_TITLES, integrationLink, isIntegrationBlock } from "./gitbook-structure";
import { escapeHtml } from "./html";

type Token = MarkdownIt.Token;
type StateBlock = MarkdownIt.StateBlock;

/** How the plugin resolves a file or page target as written (the site's resolver). */
export interface GitBookBlocksOptions {
  resolve(env: unknown, target: string): { kind: "internal" | "external" | "file"; href: string } | { kind: "broken" };
}

/** Per render: the document's structure, the tab groups numbered so far and the blocks open. */
interface RenderState {
  src: string;
  structure: BlockStructure;
  groups: number;
  open: { name: string; group?: string; tabs: number; steps: number }[];
}

const states = new WeakMap<object, RenderState>();

function stateOf(state: StateBlock): RenderState {
  const env = state.env as object;
  let known = states.get(env);
  if (!known || known.src !== state.src) {
    known = { src: state.src, structure: blockStructure(state.src.split("\n")), groups: 0, open: [] };
    states.set(env, known);
  }
  return known;
}

const lineText = (state: StateBlock, n: number) => state.src.slice(state.bMarks[n]! + state.tShift[n]!, state.eMarks[n]);

function gitbookBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false; // indented code
  const text = lineText(state, startLine);
  if (!text.startsWith("{%") && !text.startsWith("$$")) return false;
  const render = stateOf(state);
  if (text.startsWith("$$")) return mathBlock(state, render, startLine, endLine, silent);
  const tag = render.structure.tags.get(startLine);
  if (!tag) return false;
  if (silent) return true;
  const end = render.structure.ends.get(startLine);
  const parent = render.open.at(-1);
  if (tag.end || end === undefined || end >= endLine) {
    // An end whose block is done, or a tag standing alone.
    if (!tag.end) Object.assign(state.push("gitbook_tag", "", 0), { meta: { tag, parent: parent?.name }, map: [startLine, startLine + 1] });
    state.line = startLine + 1;
    return true;
  }
  const frame: RenderState["open"][number] = { name: tag.name, tabs: 0, steps: 0 };
  if (tag.name === "tabs") frame.group = `gb-tabs-${++render.groups}`;
  const meta: Record<string, unknown> = { tag, parent: parent?.name };
  if (tag.name === "tab" && parent?.name === "tabs") meta.tab = { group: parent.group, index: parent.tabs++ };
  if (tag.name === "step" && parent?.name === "stepper") meta.step = ++parent.steps;
  const openIndex = state.tokens.length;
  const open = state.push("gitbook_open", "div", 1);
  Object.assign(open, { block: true, meta, map: [startLine, end] });
  const [parentType, lineMax] = [state.parentType, state.lineMax];
  state.parentType = "blockquote";
  state.lineMax = end;
  render.open.push(frame);
  state.md.block.tokenize(state, startLine + 1, end);
  render.open.pop();
  // A code block's line numbers count its fence's lines.
  const first = state.tokens[openIndex + 1];
  if (tag.name === "code" && first?.type === "fence") meta.lines = first.content.replace(/\n$/, "").split("\n").length;
  Object.assign(state.push("gitbook_close", "div", -1), { block: true, meta });
  state.parentType = parentType;
  state.lineMax = lineMax;
  state.line = end + 1;
  return true;
}

/** `$$` alone on a line, the TeX, `$$` alone again; or `$$…$$` on one line. */
function mathBlock(state: StateBlock, render: RenderState, startLine: number, endLine: number, silent: boolean): boolean {
  const text = lineText(state, startLine).trim();
  const oneLine = text.length > 4 && text.endsWith("$$");
  const end = oneLine ? startLine : render.structure.math.get(startLine);
  if (end === undefined || end >= endLine) return false;
  if (silent) return true;
  const tex = oneLine ? text.slice(2, -2) : state.getLines(startLine + 1, end, state.blkIndent, false);
  Object.assign(state.push("gitbook_math", "div", 0), { block: true, content: tex.trim(), map: [startLine, end + 1] });
  state.line = end + 1;
  return true;
}

/** Tags GitBook writes without an end too. */
const STANDING_ALONE = new Set(["content-ref", "embed", "file", "include", "openapi", "swagger"]);

const attr = (tag: BlockTag, name: string) => escapeHtml(tag.attrs[name] ?? "");

/** The markdown-it plugin: the block rule and its renderers. */
export function gitbookBlocks(md: MarkdownIt, options: GitBookBlocksOptions): void {
  md.block.ruler.before("fence", "gitbook_block", gitbookBlock, { alt: ["paragraph", "reference", "blockquote", "list"] });
  const rules = md.renderer.rules;
  rules.gitbook_math = (tokens, idx) =>
    `<div class="math" role="math" aria-label="${escapeHtml(tokens[idx]!.content)}"><code>${escapeHtml(tokens[idx]!.content)}</code></div>\n`;
  rules.gitbook_open = (tokens, idx, _options, env) => opening(tokens[idx]!, env, options);
  rules.gitbook_close = (tokens, idx) => closing(tokens[idx]!);
  rules.gitbook_tag = (tokens, idx, _options, env) => {
    const token = tokens[idx]!;
    // A block's opening tag without its end shows nothing; these stand alone in GitBook's Markdown.
    const { tag } = token.meta as { tag: BlockTag };
    if (isIntegrationBlock(tag)) return integrationCard(tag);
    return STANDING_ALONE.has(tag.name) ? `${opening(token, env, options)}${closing(token)}` : "";
  };
}

/** An integration's block without the integration: a link to its URL, titled by the integration and its block. */
function integrationCard(tag: BlockTag): string {
  const link = integrationLink(tag);
  if (!link) return "";
  const [integration = "", block = ""] = tag.name.slice(1).split("/");
  return (
    `<figure class="integration integration-${escapeHtml(integration.replace(/[^a-z0-9-]/g, ""))}">` +
    `<a class="integration-link external" href="${escapeHtml(link.url)}" title="${escapeHtml(`${integration}: ${block}`)}" rel="noopener noreferrer">${escapeHtml(link.text)}</a></figure>\n`
  );
}

function resolvedLink(env: unknown, options: GitBookBlocksOptions, target: string, text: string, className: string, extra = ""): string {
  let resolved = options.resolve(env, target);
  if (resolved.kind === "broken" && /[\\/]/.test(target)) resolved = options.resolve(env, baseName(target));
  if (resolved.kind === "broken") return `<span class="broken-link" title="Broken link: ${escapeHtml(target)}">${escapeHtml(text)}</span>`;
  const external = resolved.kind === "external" ? ' rel="noopener noreferrer"' : "";
  return `<a class="${className}" href="${escapeHtml(resolved.href)}"${external}${extra}>${escapeHtml(text)}</a>`;
}

function opening(token: Token, env: unknown, options: GitBookBlocksOptions): string {
  const { tag, tab, step, lines } = token.meta as { tag: BlockTag; tab?: { group: string; index: number }; step?: number; lines?: number };
  const single = token.type === "gitbook_tag";
  switch (tag.name) {
    case "hint": {
      // Those markdown.ts's own rule does not take (another style): an info hint.
      const style = HINT_TITLES[tag.attrs.style ?? ""] ? tag.attrs.style! : "info";
      return `<div class="hint hint-${style}" role="note" aria-label="${HINT_TITLES[style]}">\n`;
    }
    case "tabs":
      return '<div class="tabs">\n';
    case "tab": {
      if (!tab) return `<section class="tab-standalone"><p class="tab-title"><strong>${attr(tag, "title")}</strong></p>\n`;
      const id = `${tab.group}-${tab.index}`;
      return (
        `<input type="radio" class="tab-radio" name="${tab.group}" id="${id}"${tab.index === 0 ? " checked" : ""}>` +
        `<label class="tab-label" for="${id}" id="${id}-label">${attr(tag, "title") || `Tab ${tab.index + 1}`}</label>\n` +
        `<div class="tab-panel" role="tabpanel" aria-labelledby="${id}-label">\n`
      );
    }
    case "stepper":
      return '<ol class="stepper">\n';
    case "step":
      return step ? '<li class="step">\n' : '<div class="step">\n';
    case "content-ref": {
      const card = single ? resolvedLink(env, options, tag.attrs.url ?? "", tag.attrs.url ?? "", "content-ref-card") : "";
      return `<nav class="content-ref" aria-label="Linked page">${card}\n`;
    }
    case "embed": {
      const url = tag.attrs.url ?? "";
      const { safe, provider } = embedOf(url);
      const label = `${provider ? `${provider}: ` : ""}${url}`;
      const link = safe
        ? `<a class="embed-link external" href="${escapeHtml(url)}" rel="noopener noreferrer">${escapeHtml(label)}</a>`
        : `<span class="embed-link">${escapeHtml(url)}</span>`;
      return `<figure class="embed${provider ? ` embed-${escapeHtml(provider.toLowerCase().replace(/[^a-z]+/g, "-"))}` : ""}">${link}\n${single ? "" : "<figcaption>\n"}`;
    }
    case "code": {
      const classes = ["code-block", tag.attrs.lineNumbers === "true" ? "line-numbers" : "", tag.attrs.overflow === "wrap" ? "wrap" : ""]
        .filter(Boolean)
        .join(" ");
      const title = tag.attrs.title ? `<figcaption class="code-title">${attr(tag, "title")}</figcaption>\n` : "";
      const gutter =
        tag.attrs.lineNumbers === "true" && lines
          ? `<div class="code-lines"><pre class="line-number-gutter" aria-hidden="true">${Array.from({ length: lines }, (_, i) => i + 1).join("\n")}</pre>\n`
          : "";
      return `<figure class="${classes}">\n${title}${gutter}`;
    }
    case "file": {
      const src = tag.attrs.src ?? "";
      return `<figure class="file">${resolvedLink(env, options, src, baseName(src), "file-download", ` download="${escapeHtml(baseName(src))}"`)}\n${single ? "" : "<figcaption>\n"}`;
    }
    case "include":
      return `<div class="include-missing" role="note">Reusable content <code>${escapeHtml(tag.arg ?? tag.attrs.src ?? "")}</code> is not published on this site.</div>\n`;
    case "openapi":
    case "swagger": {
      const method = (tag.attrs.method ?? "").toLowerCase().replace(/[^a-z]/g, "");
      const summary = tag.attrs.summary ? ` <span class="api-summary">${attr(tag, "summary")}</span>` : "";
      return `<section class="api-operation" aria-label="API operation"><p class="api-signature"><span class="api-method api-method-${method}">${method.toUpperCase()}</span> <code>${attr(tag, "path")}</code>${summary}</p>\n`;
    }
    case "swagger-parameter":
      return `<div class="api-parameter"><code>${attr(tag, "name")}</code> <span class="api-in">${attr(tag, "in")}</span> ${attr(tag, "type")}${tag.attrs.required === "true" ? " <strong>required</strong>" : ""}\n`;
    case "swagger-response":
      return `<div class="api-response"><strong>${attr(tag, "status")}</strong> ${attr(tag, "description")}\n`;
    default:
      return single ? "" : `<div class="gitbook-block gitbook-${tag.name.replace(/[^a-z0-9-]/g, "")}">\n`;
  }
}

function closing(token: Token): string {
  const { tag, tab, step, lines } = token.meta as { tag: BlockTag; tab?: unknown; step?: number; lines?: number };
  const single = token.type === "gitbook_tag";
  switch (tag.name) {
    case "tab":
      return tab ? "</div>\n" : "</section>\n";
    case "stepper":
      return "</ol>\n";
    case "step":
      return step ? "</li>\n" : "</div>\n";
    case "content-ref":
      return "</nav>\n";
    case "embed":
    case "file":
      return single ? "</figure>\n" : "</figcaption></figure>\n";
    case "code":
      return `${tag.attrs.lineNumbers === "true" && lines ? "</div>\n" : ""}</figure>\n`;
    case "include":
      return "";
    case "openapi":
    case "swagger":
      return "</section>\n";
    default:
      return single ? "" : "</div>\n";
  }
}

/** What the site's sanitizer must let through of the blocks' HTML, on pages that also hold raw HTML. */
export const BLOCKS_HTML = {
  tags: ["label", "nav", "figure", "figcaption", "section", "input"],
  attributes: { label: ["for"], input: ["name", "id", "class"], a: ["download"], "*": ["aria-labelledby"] },
};

/** A radio button of the blocks' tabs, kept by the sanitizer as the blocks make it. */
export function tabRadio(attribs: Record<string, string>): Record<string, string> | undefined {
  if (attribs.type !== "radio" || attribs.class !== "tab-radio") return undefined;
  return { type: "radio", class: "tab-radio", name: attribs.name ?? "", id: attribs.id ?? "", ...(attribs.checked !== undefined ? { checked: "" } : {}) };
}

/** The blocks' look, in the site's theme (its variables). */
export const BLOCKS_CSS = `
.tabs{display:flex;flex-wrap:wrap;margin:1rem 0;border:1px solid var(--border);border-radius:var(--radius)}
.tab-radio{position:absolute;opacity:0;width:1px;height:1px}
.tab-label{order:0;padding:.5rem 1rem;cursor:pointer;border-bottom:3px solid transparent;color:var(--muted)}
.tab-radio:checked+.tab-label{border-bottom-color:var(--primary);color:var(--text);font-weight:600}
.tab-radio:focus-visible+.tab-label{outline:3px solid var(--primary);outline-offset:-3px}
.tab-panel{order:1;width:100%;display:none;padding:.25rem 1rem;border-top:1px solid var(--border)}
.tab-radio:checked+.tab-label+.tab-panel{display:block}
.stepper{list-style:none;counter-reset:step;padding-left:0;margin:1rem 0}
.stepper>.step{counter-increment:step;position:relative;padding:0 0 1rem 2.75rem;border-left:2px solid var(--border);margin-left:1rem}
.stepper>.step::before{content:counter(step);position:absolute;left:-1rem;top:0;width:2rem;height:2rem;border-radius:50%;background:var(--primary);color:var(--on-primary);display:flex;align-items:center;justify-content:center;font-weight:700}
.content-ref{margin:1rem 0}
.content-ref a{display:block;padding:.75rem 1rem;border:1px solid var(--border);border-radius:var(--radius);box-shadow:var(--shadow);text-decoration:none;font-weight:600}
.content-ref a:hover{border-color:var(--primary)}
.embed,.file{margin:1rem 0;padding:.75rem 1rem;border:1px solid var(--border);border-radius:var(--radius);background:var(--surface)}
.embed figcaption,.file figcaption{color:var(--muted);font-size:.9rem}
.file-download::before{content:"\\2193  "}
.code-block{margin:1rem 0}.code-block .code{margin:0}
.code-title{font-family:var(--mono);font-size:.85rem;padding:.35rem 1rem;border:1px solid var(--border);border-bottom:0;border-radius:var(--radius) var(--radius) 0 0;background:var(--surface)}
.code-lines{display:grid;grid-template-columns:auto minmax(0,1fr)}
.line-number-gutter{margin:0;padding:1rem .5rem;text-align:right;color:var(--muted);border:1px solid var(--border);border-right:0;font-family:var(--mono);font-size:.9em;line-height:inherit;user-select:none}
.code-block.wrap pre code{white-space:pre-wrap;overflow-wrap:anywhere}
.include-missing{margin:1rem 0;padding:.75rem 1rem;border:1px dashed var(--border);border-radius:var(--radius);color:var(--muted)}
.api-operation{margin:1rem 0;padding:.75rem 1rem;border:1px solid var(--border);border-radius:var(--radius)}
.api-method{font-family:var(--mono);font-weight:700;padding:.1rem .4rem;border-radius:4px;background:var(--surface)}
.math{margin:1rem 0;overflow-x:auto;text-align:center;font-family:var(--mono)}
`;
