// Scans of Markdown stay linear in the page: each is run on a million characters of what
// made it quadratic or worse (a regular expression retrying at every `[` to the end of the
// page, or splitting a line of spaces every way). Those versions take hours on these
// inputs, so finishing at all (within the test's timeout) is the property checked.
import { hostileMarkdown } from "../../../test/support/hostile-markdown";
import { gitBookDocumentToMarkdown } from "./gitbook-document";
import { replaceInlineLinks } from "./link-scanner";
import { linkTargets, mapTargets, sections } from "./markdown";
import { readPageSource } from "./page-source";

const MB = 1_000_000;
const HOSTILE: Record<string, string> = {
  "unclosed [": "[".repeat(MB),
  "![[": "![[".repeat(MB / 3),
  "[a](": "[a](".repeat(MB / 4),
  "nested brackets": `${"[".repeat(MB / 2)}${"]".repeat(MB / 2)}`,
  "group chains": `${"[".repeat(1000)}${"[a]".repeat(MB / 3)}`,
  "a heading then spaces": `# a${" ".repeat(MB)}x`,
  mixed: hostileMarkdown(MB),
};

describe("Markdown scans on a million hostile characters", () => {
  it.each(Object.entries(HOSTILE))("finds links, sections and the leading heading of %s", (_name, markdown) => {
    expect(Array.isArray(linkTargets(markdown))).toBe(true);
    expect(mapTargets(markdown, (link) => link.target)).toBe(markdown);
    expect(sections(markdown, "").length).toBeGreaterThan(0);
    expect(readPageSource(markdown, "markdown").body).toBe(markdown);
  });

  it("writes a GitBook leaf of a million spaces around a word", () => {
    const text = `${" ".repeat(MB / 2)}word${" ".repeat(MB / 2)}`;
    const document = {
      object: "document",
      nodes: [{ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ text, marks: [{ type: "bold" }] }] }] }],
    };
    expect(gitBookDocumentToMarkdown(document, "body").trim()).toBe("**word**");
  });
});

describe("the link scanner", () => {
  // The regular expression it replaces: the scanner finds what it found, where it found it.
  const INLINE = /(!?)\[((?:[^\][]|\[[^\]]*\])*)\]\(\s*(<[^>\n]*>|[^\s)]+)((?:\s+(?:"[^"]*"|'[^']*'))?\s*)\)/g;
  const marked = (bang: string, label: string, target: string, title: string) => `{${bang}|${label}|${target}|${title}}`;

  it("finds the links the expression found, on many short mixes of link syntax", () => {
    const alphabet = ["[", "]", "(", ")", "!", " ", "a", "<", ">", '"', "'", "\n", "x"];
    let seed = 7;
    for (let run = 0; run < 20_000; run++) {
      let text = "";
      for (let i = 0; i < 14; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        text += alphabet[seed % alphabet.length];
      }
      const expected = text.replace(INLINE, (_all, bang: string, label: string, target: string, title: string) => marked(bang, label, target, title));
      expect(replaceInlineLinks(text, (link) => marked(link.bang, link.label, link.target, link.title))).toBe(expected);
    }
  });

  it("keeps targets, titles and nested labels", () => {
    const text = 'See [a [b] c](/x "T"), ![img](<my file.png>) and [no](link';
    expect(replaceInlineLinks(text, (link) => marked(link.bang, link.label, link.target, link.title))).toBe(
      'See {|a [b] c|/x| "T"}, {!|img|<my file.png>|} and [no](link',
    );
  });
});
