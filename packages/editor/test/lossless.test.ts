import type { Node } from "prosemirror-model";
import { openMarkdown, saveMarkdown, schema } from "../src/index.js";
import { writeBlocks } from "../src/write.js";
import { fixturePages } from "./fixtures.js";

const pages = fixturePages();
const children = (node: Node) => {
  const nodes: Node[] = [];
  node.forEach((child) => {
    nodes.push(child);
  });
  return nodes;
};

describe("opening and saving an unchanged page", () => {
  it("finds the GitBook fixtures", () => {
    expect(pages.length).toBeGreaterThanOrEqual(15);
  });

  it.each(pages)("%s is written back byte for byte", (_file, markdown) => {
    const opened = openMarkdown(markdown);
    expect(saveMarkdown(opened.doc, opened)).toBe(markdown);
    // A copy of the document (equal nodes, none the same object, as after undoing an edit) too.
    const copy = schema.nodeFromJSON(opened.doc.toJSON());
    expect(copy).not.toBe(opened.doc);
    expect(saveMarkdown(copy, opened)).toBe(markdown);
  });

  it.each(pages)("%s written fresh, block by block, reads back as the same document", (_file, markdown) => {
    const { doc } = openMarkdown(markdown);
    const fresh = writeBlocks(children(doc));
    expect(openMarkdown(fresh).doc.toJSON()).toEqual(doc.toJSON());
  });

  it("keeps Windows line breaks, blank lines at the edges and trailing spaces as they were", () => {
    const markdown = "\r\n\r\n# Title  \r\n\r\n\r\nText\r\nmore text   \r\n\r\n* a\r\n* b\r\n\r\n\r\n";
    const opened = openMarkdown(markdown);
    expect(saveMarkdown(schema.nodeFromJSON(opened.doc.toJSON()), opened)).toBe(markdown);
  });

  it("finds each block's lines whichever line breaks (old Mac's, Windows', Unix's, mixed) end them", () => {
    const markdown = "# Title\r\rText\r\n\r\n> quote\n\n* a\r* b\r\n";
    const opened = openMarkdown(markdown);
    expect(opened.root.inner?.children.map((span) => markdown.slice(span.from, span.to))).toEqual(["# Title", "Text", "> quote", "* a\r* b"]);
    expect(saveMarkdown(schema.nodeFromJSON(opened.doc.toJSON()), opened)).toBe(markdown);
  });
});

describe("the schema's blocks, as GitBook writes them", () => {
  const blocks = pages.find(([file]) => file.endsWith("guides/blocks.md"))![1];
  it("opens every GitBook block as its own node, and keeps what it cannot edit raw", () => {
    const types = children(openMarkdown(blocks).doc)
      .map((node) => node.type.name)
      .filter((name) => name !== "heading");
    expect(types).toEqual([
      "raw", // front matter
      "hint",
      "hint",
      "hint",
      "tabs",
      "stepper",
      "content_ref",
      "embed",
      "embed",
      "code_block",
      "file",
      "include",
      "openapi",
      "raw", // the legacy {% swagger %} block
      "expandable",
      "image",
      "math",
      "paragraph",
    ]);
  });

  it("reads a block's options into its attributes", () => {
    const doc = openMarkdown(blocks).doc;
    const find = (name: string) => children(doc).find((node) => node.type.name === name)!;
    expect(find("code_block").attrs).toEqual({ language: "js", title: "index.js", lineNumbers: true, wrap: true });
    expect(find("image").attrs).toEqual({ src: "../.gitbook/assets/guide.pdf", alt: "A diagram", caption: "The diagram." });
    expect(find("embed").attrs).toEqual({ url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", caption: "A video about the product." });
    expect(find("tabs").childCount).toBe(2);
    expect(find("tabs").child(1).attrs.title).toBe("Python");
    expect(find("expandable").attrs.title).toBe("More about blocks");
    expect(find("math").textContent).toBe("f(x) = x^2");
  });

  it("keeps an unknown tag and raw HTML verbatim, even written fresh", () => {
    const markdown =
      '{% columns %}\n{% column %}\nLeft\n{% endcolumn %}\n{% endcolumns %}\n\n<div align="center">\n  <b>Hi</b>\n</div>\n\n{% hint style="purple" %}\nOdd\n{% endhint %}';
    const doc = openMarkdown(markdown).doc;
    expect(children(doc).map((node) => node.type.name)).toEqual(["raw", "raw", "raw"]);
    expect(writeBlocks(children(doc))).toBe(markdown);
  });

  it("reads task lists, ordered lists' start and marks", () => {
    const doc = openMarkdown('* [ ] todo\n* [x] **done** and `code`\n\n3. three\n4. [link](/a "T")').doc;
    const [tasks, ordered] = children(doc);
    expect([tasks!.child(0).attrs.checked, tasks!.child(1).attrs.checked]).toEqual([false, true]);
    expect(tasks!.child(1).textContent).toBe("done and code");
    expect(ordered!.attrs.start).toBe(3);
    const link = ordered!.child(1).firstChild!.firstChild!;
    expect(link.marks.map((mark) => [mark.type.name, mark.attrs])).toEqual([["link", { href: "/a", title: "T" }]]);
  });
});
