// `format=document`: a page's body as the contract's structured document (a tree of
// block, inline and text nodes), from its stored markdown.
import type { Schemas } from "@docstack/contract";
import { anchorOf } from "./markdown";

type Block = Schemas["PageDocumentBlock"];
type Text = Schemas["PageDocumentText"];

const text = (value: string): Text => ({ object: "text", leaves: [{ text: value, marks: [] }] });

/**
 * The document of a page. Headings, code blocks, thematic breaks and paragraphs
 * are told apart; inline formatting is kept as written in the text.
 */
export function markdownToDocument(markdown: string): Schemas["PageDocument"] {
  const nodes: Block[] = [];
  const lines = markdown.split("\n");
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) nodes.push({ object: "block", type: "paragraph", nodes: [text(paragraph.join("\n"))] });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^ {0,3}(```|~~~)\s*([^\s`]*)/.exec(line);
    const heading = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (fence) {
      flush();
      const body: string[] = [];
      while (++i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!)) body.push(lines[i]!);
      nodes.push({ object: "block", type: "code", ...(fence[2] ? { data: { syntax: fence[2].slice(0, 100) } } : {}), nodes: [text(body.join("\n"))] });
    } else if (heading) {
      flush();
      const level = heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6;
      nodes.push({ object: "block", type: `heading-${level}`, data: { anchor: anchorOf(heading[2]!) }, nodes: [text(heading[2]!)] });
    } else if (/^ {0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      nodes.push({ object: "block", type: "divider", nodes: [] });
    } else if (line.trim() === "") {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return { object: "document", nodes };
}
