// Prism with the languages docs use most, bundled into the editor's chunk (loaded on the first edit, never with
// the app). The published site loads any of Prism's languages on the server; a fence in a language not here is
// shown plain in the editor. Components register themselves on the global `Prism`, so their order is their
// dependencies' order.
import Prism from "prismjs";
import "prismjs/components/prism-typescript";
import "prismjs/components/prism-jsx";
import "prismjs/components/prism-tsx";
import "prismjs/components/prism-json";
import "prismjs/components/prism-bash";
import "prismjs/components/prism-powershell";
import "prismjs/components/prism-python";
import "prismjs/components/prism-java";
import "prismjs/components/prism-kotlin";
import "prismjs/components/prism-go";
import "prismjs/components/prism-rust";
import "prismjs/components/prism-c";
import "prismjs/components/prism-cpp";
import "prismjs/components/prism-csharp";
import "prismjs/components/prism-swift";
import "prismjs/components/prism-ruby";
import "prismjs/components/prism-markup-templating";
import "prismjs/components/prism-php";
import "prismjs/components/prism-yaml";
import "prismjs/components/prism-toml";
import "prismjs/components/prism-ini";
import "prismjs/components/prism-sql";
import "prismjs/components/prism-graphql";
import "prismjs/components/prism-markdown";
import "prismjs/components/prism-diff";
import "prismjs/components/prism-docker";
import "prismjs/components/prism-http";
import "prismjs/components/prism-scss";

// Prism would otherwise highlight every `language-*` element of the page on the next frame (the app's pages too).
Prism.manual = true;

/** Prism's grammar for a code block's language (the first word of its fence's info, any alias Prism knows). */
export function grammarOf(language: string): Prism.Grammar | undefined {
  const name = language.trim().split(/\s+/)[0]?.toLowerCase();
  if (!name || !Object.hasOwn(Prism.languages, name)) return undefined;
  const grammar = Prism.languages[name];
  // `languages` also holds Prism's helpers (extend, insertBefore, DFS): functions, not grammars.
  return typeof grammar === "object" && grammar !== null ? grammar : undefined;
}

export const tokenize = (code: string, grammar: Prism.Grammar) => Prism.tokenize(code, grammar);
