// Code blocks highlighted on the server with Prism (about three times faster than
// highlight.js on TypeScript, where highlighting was half of a page's cold render). Its
// tokens carry highlight.js's class names, so that highlight.js's accessible themes
// (contrast checked by the browser tests) colour them. Languages load on first use.
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type PrismApi from "prismjs";
import { codeClass } from "./code-classes";
import { escapeHtml } from "./html";

/** Code blocks larger than this are shown without highlighting: highlighting cost grows with them. */
const MAX_HIGHLIGHTED = 100_000;

interface Loaded {
  prism: typeof PrismApi;
  load: (language: string) => void;
  /** A name or alias as written in a code fence, to Prism's language ID. */
  ids: Map<string, string>;
}

let loaded: Loaded | undefined;
/** Languages loaded once (a load re-evaluates a component: never twice). */
const attempted = new Set<string>();

function prism(): Loaded {
  if (loaded) return loaded;
  const instance = require("prismjs") as typeof PrismApi;
  const load = require("prismjs/components/index.js") as ((languages: string[]) => void) & { silent: boolean };
  load.silent = true;
  instance.hooks.add("wrap", (env) => {
    env.classes = [codeClass(env.type)];
  });
  const { languages } = require("prismjs/components.js") as { languages: Record<string, { alias?: string | string[] }> };
  const ids = new Map<string, string>();
  for (const [id, language] of Object.entries(languages)) {
    if (id === "meta") continue;
    ids.set(id, id);
    for (const alias of [language.alias ?? []].flat()) ids.set(alias, id);
  }
  loaded = { prism: instance, load: (language) => load([language]), ids };
  return loaded;
}

/** Prism's grammar for a fence's language name (first word of its info string), loaded on first use. */
function grammarOf(language: string): PrismApi.Grammar | undefined {
  if (!language) return undefined;
  const { prism: instance, load, ids } = prism();
  const id = ids.get(language);
  if (!id) return undefined;
  if (!attempted.has(id)) {
    attempted.add(id);
    if (!instance.languages[id]) load(id);
  }
  return instance.languages[id];
}

/**
 * Code highlighting, with highlighted code kept by language and content: a page rendered
 * again (a merge elsewhere in its space makes the site's pages new) mostly holds the code
 * it held. Bounded by bytes.
 */
export class Highlighter {
  private readonly cache: LRUCache<string, string> | undefined;

  constructor(cacheBytes: number) {
    this.cache = cacheBytes > 0 ? new LRUCache({ maxSize: cacheBytes, sizeCalculation: (value) => value.length * 2 + 100 }) : undefined;
  }

  /** A fenced block as HTML: highlighted when its language is known (first word of the info string). */
  block(code: string, info: string): string {
    const language = info.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
    const grammar = grammarOf(language);
    const body = grammar && code.length <= MAX_HIGHLIGHTED ? this.highlighted(code, language, grammar) : escapeHtml(code);
    const label = grammar ? ` data-language="${escapeHtml(language)}"` : "";
    // Focusable, so a reader on a keyboard can scroll a wide block.
    return `<pre class="code" tabindex="0"${label}><code class="hljs${grammar ? ` language-${escapeHtml(language)}` : ""}">${body}</code></pre>\n`;
  }

  private highlighted(code: string, language: string, grammar: PrismApi.Grammar): string {
    const highlight = () => prism().prism.highlight(code, grammar, language);
    if (!this.cache) return highlight();
    const key = `${language}:${createHash("sha1").update(code).digest("base64")}`;
    let value = this.cache.get(key);
    if (value === undefined) {
      value = highlight();
      this.cache.set(key, value);
    }
    return value;
  }
}
