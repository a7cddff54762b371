// The Markdown parser the editor reads pages with: markdown-it configured as the server's `format=document`
// reads them (packages/server/src/content/format/document-format.ts), with the sites package's GitBook blocks plugin, so
// the editor and the API see the same blocks in the same Markdown.
import { gitbookBlocks } from "@docstack/sites/dist/gitbook-blocks.js";
import MarkdownIt from "markdown-it";

export type Token = ReturnType<MarkdownIt["parse"]>[number];

let parser: MarkdownIt | undefined;

/** markdown-it's block tokens of a page (each with its `map` of lines), made with the first page opened. */
export function parseTokens(markdown: string): Token[] {
  parser ??= createParser();
  return parser.parse(markdown, {});
}

function createParser(): MarkdownIt {
  const created = new MarkdownIt("default", { html: true, linkify: false, typographer: false });
  // Targets as written (`my file.png`), as the API keeps them; unsafe schemes are still refused by validateLink.
  created.normalizeLink = (url: string) => url;
  created.use(gitbookBlocks, { resolve: () => ({ kind: "broken" }) });
  return created;
}
