import type { Schemas } from "@docstack/contract";
import fc from "fast-check";
import { contentHelpers, insertPage, pngBytes } from "../../../test/support/content";
import { createHarness, type Harness } from "../../../test/support/harness";
import { type ContentReference, markdownToDocument } from "./document-format";
import { sections } from "./markdown";

type MarkType = Schemas["PageDocumentText"]["leaves"][number]["marks"][number]["type"];
type NodeData = Schemas["PageDocumentNodeData"];

// Builders for the expected trees.
const leaf = (text: string, ...marks: MarkType[]) => ({ text, marks: marks.map((type) => ({ type })) });
const text = (...leaves: ReturnType<typeof leaf>[]) => ({ object: "text", leaves });
const plain = (value: string) => text(leaf(value));
const block = (type: string, nodes: unknown[], data?: NodeData) => ({ object: "block", type, ...(data ? { data } : {}), nodes });
const paragraph = (...nodes: unknown[]) => block("paragraph", nodes);
const inline = (type: string, data: NodeData, nodes: unknown[] = []) => ({ object: "inline", type, data, nodes });
const url = (target: string): ContentReference => ({ kind: "url", url: target });

/** The blocks of a markdown's document. */
const blocksOf = (markdown: string, resolve?: (target: string) => ContentReference | undefined) => {
  const document = markdownToDocument(markdown, resolve);
  expect(document.object).toBe("document");
  return document.nodes;
};

describe("markdownToDocument", () => {
  it("splits paragraphs at blank lines; a soft line break is a space", () => {
    expect(blocksOf("One\ntwo\n\nThree")).toEqual([paragraph(plain("One two")), paragraph(plain("Three"))]);
    expect(blocksOf("")).toEqual([]);
  });

  it("keeps hard line breaks (two spaces or a backslash) as \\n in the leaf", () => {
    expect(blocksOf("a  \nb\\\n*c*  \nd")).toEqual([paragraph(text(leaf("a\nb\n"), leaf("c", "italic"), leaf("\nd")))]);
  });

  it("marks bold, italic, strikethrough and code; nested marks combine", () => {
    expect(blocksOf("**b** _i_ ~~s~~ `c` ***bi*** **bold `code` ~~gone~~**")).toEqual([
      paragraph(
        text(
          leaf("b", "bold"),
          leaf(" "),
          leaf("i", "italic"),
          leaf(" "),
          leaf("s", "strikethrough"),
          leaf(" "),
          leaf("c", "code"),
          leaf(" "),
          leaf("bi", "bold", "italic"),
          leaf(" "),
          leaf("bold ", "bold"),
          leaf("code", "bold", "code"),
          leaf(" ", "bold"),
          leaf("gone", "bold", "strikethrough"),
        ),
      ),
    ]);
    // The same mark nested in itself is one mark, and leaves with equal marks merge.
    expect(blocksOf("**a **b** c**")).toEqual([paragraph(text(leaf("a b c", "bold")))]);
  });

  it("reads escapes and entities as the characters they stand for", () => {
    expect(blocksOf("\\*not italic\\* &amp; &copy;")).toEqual([paragraph(plain("*not italic* & ©"))]);
  });

  it("gives headings 1 to 6 their level and their anchor, as sections() does", () => {
    const markdown = "# Install\n\n## Install\n\n### The **API** `v2`\n\n#### Four\n\n##### Five #####\n\n###### Install\n\nSetext\n======\n\nTwo\n---";
    expect(blocksOf(markdown)).toEqual([
      block("heading-1", [plain("Install")], { anchor: "install" }),
      block("heading-2", [plain("Install")], { anchor: "install-1" }),
      block("heading-3", [text(leaf("The "), leaf("API", "bold"), leaf(" "), leaf("v2", "code"))], { anchor: "the-api-v2" }),
      block("heading-4", [plain("Four")], { anchor: "four" }),
      block("heading-5", [plain("Five")], { anchor: "five" }),
      block("heading-6", [plain("Install")], { anchor: "install-2" }),
      block("heading-1", [plain("Setext")], { anchor: "setext" }),
      block("heading-2", [plain("Two")], { anchor: "two" }),
    ]);
    // The ATX headings' anchors are the ones sections() gives (comments name headings by them).
    const atx = markdown.split("\n\nSetext")[0]!;
    const anchors = blocksOf(atx).map((node) => node.data?.anchor);
    expect(anchors).toEqual(sections(atx, "").map((section) => section.anchor));
  });

  it("keeps heading anchors unique where a heading's own anchor looks like a repeat's", () => {
    const anchors = blocksOf("# A\n# A\n# A 1\n# A-1\n# A").map((node) => node.data?.anchor);
    expect(anchors).toEqual(["a", "a-1", "a-1-1", "a-1-2", "a-2"]);
  });

  it("turns links into link inlines holding their texts, with a URL reference without a resolver", () => {
    expect(blocksOf('See [the **API**](/api#auth "Auth docs"), <https://example.com> and [site](https://example.com/a b).')).toEqual([
      paragraph(
        plain("See "),
        inline("link", { ref: url("/api#auth"), title: "Auth docs" }, [text(leaf("the "), leaf("API", "bold"))]),
        plain(", "),
        inline("link", { ref: url("https://example.com") }, [plain("https://example.com")]),
        // Not a link in CommonMark (a space in a bare target): text as written.
        plain(" and [site](https://example.com/a b)."),
      ),
    ]);
    // Reference-style links, targets as written (not percent-encoded), marks around a link.
    expect(blocksOf("**[my file][f]**\n\n[f]: <my file.png>")).toEqual([
      paragraph(inline("link", { ref: url("my file.png") }, [text(leaf("my file", "bold"))])),
    ]);
  });

  it("asks the resolver for references, and falls back to a URL when it has none", () => {
    const page: ContentReference = { kind: "anchor", page: "01hpage0000000000000000000", anchor: "auth" };
    const resolve = (target: string) => (target === "/api#auth" ? page : undefined);
    expect(blocksOf("[API](/api#auth) [gone](/nowhere)", resolve)).toEqual([
      paragraph(inline("link", { ref: page }, [plain("API")]), plain(" "), inline("link", { ref: url("/nowhere") }, [plain("gone")])),
    ]);
  });

  it("keeps the text of links whose target cannot be a reference", () => {
    // An empty target is not a contract URL; a javascript: target is no link for markdown-it.
    expect(blocksOf("[empty]() and [x](javascript:alert(1))")).toEqual([paragraph(plain("empty and [x](javascript:alert(1))"))]);
    // An empty link text is kept as an empty link.
    expect(blocksOf("[](/page)")).toEqual([paragraph(inline("link", { ref: url("/page") }, []))]);
  });

  it("turns images into image inlines with their alternative text and title", () => {
    const file: ContentReference = { kind: "file", file: "01hfile0000000000000000000" };
    expect(
      blocksOf('![a *big* diagram](diagram.png "The diagram") ![](https://example.com/x.svg)', (target) => (target === "diagram.png" ? file : undefined)),
    ).toEqual([
      paragraph(
        inline("image", { ref: file, alt: "a big diagram", title: "The diagram" }),
        plain(" "),
        inline("image", { ref: url("https://example.com/x.svg"), alt: "" }),
      ),
    ]);
  });

  it("splits a link around an image or HTML it holds, since inlines hold only texts", () => {
    expect(blocksOf("[![build](ci.svg)](https://ci) [a <b>b</b>](/x)")).toEqual([
      paragraph(
        inline("image", { ref: url("ci.svg"), alt: "build" }),
        plain(" "),
        inline("link", { ref: url("/x") }, [plain("a ")]),
        inline("html", { html: "<b>" }),
        inline("link", { ref: url("/x") }, [plain("b")]),
        inline("html", { html: "</b>" }),
      ),
    ]);
  });

  it("keeps inline HTML as html inlines and HTML blocks as html blocks", () => {
    expect(blocksOf('Press <kbd>Ctrl</kbd>.\n\n<div class="note">\n  Raw\n</div>\n\n<!-- hidden -->')).toEqual([
      paragraph(plain("Press "), inline("html", { html: "<kbd>" }), plain("Ctrl"), inline("html", { html: "</kbd>" }), plain(".")),
      block("html", [], { html: '<div class="note">\n  Raw\n</div>' }),
      block("html", [], { html: "<!-- hidden -->" }),
    ]);
  });

  it("reads blockquotes as blocks holding blocks", () => {
    expect(blocksOf("> # Note\n>\n> Quoted **text**\n> > nested")).toEqual([
      block("blockquote", [
        block("heading-1", [plain("Note")], { anchor: "note" }),
        paragraph(text(leaf("Quoted "), leaf("text", "bold"))),
        block("blockquote", [paragraph(plain("nested"))]),
      ]),
    ]);
  });

  it("reads unordered and ordered lists, with items holding blocks and nested lists", () => {
    expect(blocksOf("- one\n- two\n  - deep\n\n3. three\n4. four\n\n1) first")).toEqual([
      block("list-unordered", [
        block("list-item", [paragraph(plain("one"))]),
        block("list-item", [paragraph(plain("two")), block("list-unordered", [block("list-item", [paragraph(plain("deep"))])])]),
      ]),
      block("list-ordered", [block("list-item", [paragraph(plain("three"))]), block("list-item", [paragraph(plain("four"))])], { start: 3 }),
      block("list-ordered", [block("list-item", [paragraph(plain("first"))])], { start: 1 }),
    ]);
    // A loose list: items with several paragraphs and a code block.
    expect(blocksOf("0. a\n\n   more\n\n       code")).toEqual([
      block("list-ordered", [block("list-item", [paragraph(plain("a")), paragraph(plain("more")), block("code", [plain("code")])])], { start: 0 }),
    ]);
  });

  it("reads task list items as checked or not, without their marker", () => {
    expect(blocksOf("- [ ] todo\n- [x] **done**\n- [X] Done\n- plain\n- [ ]\n- [y] no")).toEqual([
      block("list-unordered", [
        block("list-item", [paragraph(plain("todo"))], { checked: false }),
        block("list-item", [paragraph(text(leaf("done", "bold")))], { checked: true }),
        block("list-item", [paragraph(plain("Done"))], { checked: true }),
        block("list-item", [paragraph(plain("plain"))]),
        // A marker with nothing after it is text, as on GitHub.
        block("list-item", [paragraph(plain("[ ]"))]),
        block("list-item", [paragraph(plain("[y] no"))]),
      ]),
    ]);
  });

  it("reads fenced and indented code, with the fence's language as syntax", () => {
    expect(blocksOf('```ts title="a.ts"\nconst a = 1;\n\n# not a heading\n```\n\n~~~\nplain\n~~~\n\n    indented\n      more\n\n```\n```')).toEqual([
      block("code", [plain("const a = 1;\n\n# not a heading")], { syntax: "ts" }),
      block("code", [plain("plain")]),
      block("code", [plain("indented\n  more")]),
      block("code", [plain("")]),
    ]);
  });

  it("reads thematic breaks as dividers", () => {
    expect(blocksOf("a\n\n---\n\n***\n\n_ _ _")).toEqual([paragraph(plain("a")), block("divider", []), block("divider", []), block("divider", [])]);
  });

  it("reads tables: a header row, body rows, and cells with their alignment", () => {
    expect(blocksOf("| Name | Count | Note | Plain |\n|:-----|:-----:|-----:|-------|\n| **a** | 1 | `x` | |\n| b | 2 | y | z |")).toEqual([
      block("table", [
        block(
          "table-row",
          [
            block("table-cell", [plain("Name")], { align: "left" }),
            block("table-cell", [plain("Count")], { align: "center" }),
            block("table-cell", [plain("Note")], { align: "right" }),
            block("table-cell", [plain("Plain")]),
          ],
          { header: true },
        ),
        block("table-row", [
          block("table-cell", [text(leaf("a", "bold"))], { align: "left" }),
          block("table-cell", [plain("1")], { align: "center" }),
          block("table-cell", [text(leaf("x", "code"))], { align: "right" }),
          block("table-cell", []),
        ]),
        block("table-row", [
          block("table-cell", [plain("b")], { align: "left" }),
          block("table-cell", [plain("2")], { align: "center" }),
          block("table-cell", [plain("y")], { align: "right" }),
          block("table-cell", [plain("z")]),
        ]),
      ]),
    ]);
  });
});

type AnyNode = Schemas["PageDocumentBlock"] | Schemas["PageDocumentInline"] | Schemas["PageDocumentText"];

/** What in a tree breaks the shape the contract and this module promise; empty when none. */
function problemsIn(nodes: readonly AnyNode[], parent = "document"): string[] {
  const allowedChildren: Record<string, (node: AnyNode) => boolean> = {
    "list-unordered": (node) => node.object === "block" && node.type === "list-item",
    "list-ordered": (node) => node.object === "block" && node.type === "list-item",
    table: (node) => node.object === "block" && node.type === "table-row",
    "table-row": (node) => node.object === "block" && node.type === "table-cell",
    link: (node) => node.object === "text",
  };
  return nodes.flatMap((node): string[] => {
    const here = `${parent} > ${node.object === "text" ? "text" : node.type}`;
    const fits = allowedChildren[parent.split(" > ").at(-1)!];
    const misplaced = fits && !fits(node) ? [`${here}: not allowed there`] : [];
    if (node.object === "text") {
      const empty = node.leaves.length === 0 || (!parent.endsWith("code") && node.leaves.some((leaf) => leaf.text === ""));
      const unordered = node.leaves.some(
        (leaf) => leaf.marks.map((mark) => mark.type).join() !== MARK_ORDER.filter((type) => leaf.marks.some((mark) => mark.type === type)).join(),
      );
      return [...misplaced, ...(empty ? [`${here}: empty leaf`] : []), ...(unordered ? [`${here}: marks out of order`] : [])];
    }
    const ref = node.data?.ref;
    const badUrl = ref?.kind === "url" && (ref.url.length < 1 || ref.url.length > 2048) ? [`${here}: URL length`] : [];
    const leafy = ["divider", "html", "image"].includes(node.type) && node.nodes.length ? [`${here}: holds nodes`] : [];
    return [...misplaced, ...badUrl, ...leafy, ...problemsIn(node.nodes, here)];
  });
}
const MARK_ORDER = ["bold", "italic", "strikethrough", "code"];

describe("markdownToDocument on any markdown", () => {
  // Markdown made of pieces of syntax, so that constructs meet and nest in odd ways.
  const piece = fc.constantFrom(
    "# ",
    "## ",
    "Setext\n===",
    "> ",
    "- ",
    "1. ",
    "  ",
    "    ",
    "[ ] ",
    "[x] ",
    "\n",
    "\n\n",
    "*",
    "**",
    "_",
    "~~",
    "`",
    "```ts\n",
    "~~~\n",
    "[",
    "](",
    ")",
    "![",
    "<https://example.com>",
    "<b>",
    "</b>",
    "<div>\n",
    "---",
    "|",
    "|:-:|",
    "\\",
    "&amp;",
    "  \n",
    "text",
    "ü",
    "/page#anchor",
    "# A\n",
    "# A 1\n",
    "**bold**",
    "*it*",
    "~~gone~~",
    "`code`",
    "[link](/page)",
    "![image](a.png)",
    "| a | b |\n| - | - |\n",
  );
  const markdown = fc.array(fc.oneof(piece, fc.string({ maxLength: 4 })), { maxLength: 60 }).map((parts) => parts.join(""));

  it("gives a tree of the contract's shape, with unique heading anchors", () => {
    fc.assert(
      fc.property(markdown, (source) => {
        const document = markdownToDocument(source);
        expect(problemsIn(document.nodes)).toEqual([]);
        const anchors = JSON.stringify(document).match(/"anchor":"[^"]*"/g) ?? [];
        expect(new Set(anchors).size).toBe(anchors.length);
      }),
      { numRuns: 300, seed: 20261122 },
    );
  });
});

// The real app validates its responses against the contract in tests: a page read with
// `format=document` answers 200 only with a document that fits the contract's schemas.
describe("format=document through the API", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  const RICH = [
    "# Guide",
    "Intro with **bold**, *italic*, ***both***, ~~struck~~ and `code`,  \na hard break, <kbd>html</kbd> and &amp; entities.",
    "## Links",
    "To [the API](/api#auth 'Auth'), [the API page](/api), [here](#links), [the notes](notes.txt), [gone](/nowhere), <https://example.com>, [empty]().",
    '![diagram](diagram.png "The diagram") [![badge](https://example.com/b.svg)](https://ci.example.com)',
    "## Links",
    "> Quoted\n>\n> - in a list",
    "- [ ] todo\n- [x] done\n  1. nested\n  2. ordered",
    "5. five\n6. six",
    "```ts\nconst x = 1;\n```",
    "    indented code",
    "---",
    "| Left | Center | Right | None |\n|:--|:-:|--:|---|\n| a | **b** | [c](/api) | |",
    "<details>\n<summary>More</summary>\n\nHidden\n</details>",
  ].join("\n\n");

  it("answers a rich page as a document that fits the contract, with page, anchor and file references", async () => {
    const c = contentHelpers(h);
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    const pages = await c.publish(org.admin, space.id, [
      {
        operation: "insert_files",
        files: [
          { name: "diagram.png", contentType: "image/png", data: pngBytes(4, 3).toString("base64") },
          { name: "notes.txt", contentType: "text/plain", data: Buffer.from("n").toString("base64") },
        ],
      },
      insertPage("Guide", RICH),
      insertPage("API", "# Auth"),
    ]);
    const [guide, api] = pages;
    const files = (await h.api.get(`/v1/spaces/${space.id}/content/files`).set("Authorization", org.admin.auth).expect(200)).body.items as {
      id: string;
      name: string;
    }[];
    const fileId = (name: string) => files.find((file) => file.name === name)!.id;

    const response = await h.api.get(`/v1/spaces/${space.id}/content/page/${guide!.id}?format=document`).set("Authorization", org.admin.auth);
    expect(response.status).toBe(200);
    const document = response.body.document as Schemas["PageDocument"];

    const refs = JSON.stringify(document)
      .match(/"ref":\{[^}]*\}/g)!
      .map((match) => JSON.parse(match.slice(6)));
    expect(refs).toEqual([
      { kind: "anchor", page: api!.id, anchor: "auth" },
      { kind: "page", page: api!.id },
      { kind: "anchor", page: guide!.id, anchor: "links" },
      { kind: "file", file: fileId("notes.txt") },
      { kind: "url", url: "/nowhere" },
      { kind: "url", url: "https://example.com" },
      { kind: "file", file: fileId("diagram.png") },
      { kind: "url", url: "https://example.com/b.svg" },
      { kind: "page", page: api!.id },
    ]);
    expect(document.nodes.map((node) => node.type)).toEqual([
      "heading-1",
      "paragraph",
      "heading-2",
      "paragraph",
      "paragraph",
      "heading-2",
      "blockquote",
      "list-unordered",
      "list-ordered",
      "code",
      "code",
      "divider",
      "table",
      "expandable",
    ]);
    expect(document.nodes[5]!.data).toEqual({ anchor: "links-1" });
    // `<details>` is GitBook's expandable block, titled by its summary.
    expect(document.nodes.at(-1)).toMatchObject({ data: { title: "More" }, nodes: [{ type: "paragraph" }] });
  });
});
