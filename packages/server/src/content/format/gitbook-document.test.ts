// GitBook's structured documents to and from Markdown: what a comment posted as a document keeps.
import { ApiError } from "../../http/errors";
import { gitBookDocumentToMarkdown, MAX_DOCUMENT_DEPTH, markdownToGitBookDocument } from "./gitbook-document";

const AT = "request/body/body/document";
const leaf = (text: string, ...marks: string[]) => ({ object: "leaf", text, marks: marks.map((type) => ({ object: "mark", type })) });
const text = (...leaves: ReturnType<typeof leaf>[]) => ({ object: "text", leaves });
const block = (type: string, nodes: unknown[], data: Record<string, unknown> = {}) => ({ object: "block", type, data, nodes });
const paragraph = (...nodes: unknown[]) => block("paragraph", nodes);
const doc = (...nodes: unknown[]) => ({ object: "document", data: {}, nodes });
const toMarkdown = (document: Record<string, unknown>) => gitBookDocumentToMarkdown(document, AT);

/** The 400 a document gets, or a failure when it is accepted. */
function refusal(document: Record<string, unknown>): string {
  try {
    toMarkdown(document);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (error as Error).message;
  }
  throw new Error("the document was accepted");
}

it("writes a document as GitBook's editor makes it as Markdown: blocks, lists, tasks, code lines, marks, links, images, emoji", () => {
  const document = doc(
    block("heading-2", [text(leaf("Install"))], { id: "install" }),
    paragraph(
      text(leaf("Run "), leaf("npm start", "code"), leaf(", then "), leaf("read", "bold", "italic"), leaf(" the "), leaf("old", "strikethrough"), leaf(" ")),
      { object: "inline", type: "link", data: { ref: { kind: "url", url: "https://example.com/a b" } }, nodes: [text(leaf("guide"))] },
      text(leaf(" ")),
      { object: "inline", type: "emoji", isVoid: true, data: { code: "1f44d" } },
    ),
    block("list-ordered", [block("list-item", [paragraph(text(leaf("one")))]), block("list-item", [paragraph(text(leaf("two")))])], { start: 3 }),
    block("list-tasks", [block("list-item", [paragraph(text(leaf("done")))], { checked: true }), block("list-item", [paragraph(text(leaf("to do")))])]),
    block("code", [block("code-line", [text(leaf("const a = 1;"))]), block("code-line", [text(leaf("```"))])], { syntax: "ts" }),
    block("blockquote", [paragraph(text(leaf("Quoted"), leaf("kbd", "keyboard")))]),
    { object: "block", type: "divider", isVoid: true, data: {} },
    paragraph({ object: "inline", type: "inline-image", isVoid: true, data: { ref: { kind: "url", url: "https://example.com/x.png" }, alt: "X" } }),
  );
  expect(toMarkdown(document)).toBe(
    [
      "## Install",
      "Run `npm start`, then ***read*** the ~~old~~ [guide](<https://example.com/a b>) 👍",
      "3. one\n4. two",
      "- [x] done\n- [ ] to do",
      "````ts\nconst a = 1;\n```\n````",
      "> Quotedkbd",
      "---",
      "![X](<https://example.com/x.png>)",
    ].join("\n\n"),
  );
});

it("answers Markdown as GitBook's document: code lines, list-tasks, headings by level 3 at most with their anchor, leaves and marks with object", () => {
  const document = markdownToGitBookDocument("# Title\n\n#### Deep\n\nSome **bold** text.\n\n```sh\nnpm i\nnpm start\n```\n\n- [x] done\n\n---");
  expect(document).toEqual({
    object: "document",
    data: {},
    nodes: [
      block("heading-1", [text(leaf("Title"))], { id: "title" }),
      block("heading-3", [text(leaf("Deep"))], { id: "deep" }),
      paragraph(text(leaf("Some "), leaf("bold", "bold"), leaf(" text."))),
      block("code", [block("code-line", [text(leaf("npm i"))]), block("code-line", [text(leaf("npm start"))])], { syntax: "sh" }),
      block("list-tasks", [block("list-item", [paragraph(text(leaf("done")))], { checked: true })]),
      { object: "block", type: "divider", isVoid: true, data: {} },
    ],
  });
});

it("reads what GitBook has no node for as text: tables by row, raw HTML, code inside a quote", () => {
  const document = markdownToGitBookDocument("| a | b |\n| - | - |\n| 1 | 2 |\n\n<div>raw</div>\n\n> ```\n> x\n> ```");
  expect(document.nodes).toEqual([
    paragraph(text(leaf("a")), text(leaf(" | ")), text(leaf("b"))),
    paragraph(text(leaf("1")), text(leaf(" | ")), text(leaf("2"))),
    paragraph(text(leaf("<div>raw</div>"))),
    block("blockquote", [paragraph(text(leaf("x", "code")))]),
  ]);
});

it("keeps a document's text, structure and marks through Markdown and back", () => {
  const samples = [
    'Plain *italic* and **bold** and `code` and ~~gone~~, [a link](https://example.com "Title").',
    "# One\n\n## Two\n\n### Three\n\n> Quoted\n>\n> > nested\n\n1. a\n2. b\n   - c\n   - d\n\n```js\nlet x = `y`;\n```",
    "Line one\\\nline two, **bold\\\nacross** the break.",
    "- [ ] open\n- [x] closed",
  ];
  for (const markdown of samples) {
    const document = markdownToGitBookDocument(markdown);
    expect(markdownToGitBookDocument(toMarkdown(document))).toEqual(document);
  }
});

it("escapes text so that it reads back as the same text, not as Markdown", () => {
  const tricky = [
    "*not italic* _nor this_ **nor bold**",
    "# not a heading",
    "1. not a list",
    "- nor this",
    "+ nor",
    "[not](a link) ![nor](an image)",
    "<b>not HTML</b> &amp; `not code`",
    "a \\ backslash | pipe ~~x~~",
    "= not a setext underline",
  ];
  for (const line of tricky) {
    const markdown = toMarkdown(doc(paragraph(text(leaf(line)))));
    expect(markdownToGitBookDocument(markdown).nodes).toEqual([paragraph(text(leaf(line)))]);
  }
  // Across a hard break, the next line is escaped too.
  const broken = toMarkdown(doc(paragraph(text(leaf("first\n# second")))));
  expect(markdownToGitBookDocument(broken).nodes).toEqual([paragraph(text(leaf("first\n# second")))]);
});

it("refuses what comments cannot hold with a 400 naming the node", () => {
  expect(refusal(doc(block("hint", [paragraph(text(leaf("x")))], { style: "info" })))).toMatch(`${AT}/nodes/0/type: comments take no "hint" block`);
  expect(refusal(doc(paragraph({ object: "inline", type: "mention", isVoid: true, data: { ref: { kind: "user", user: "u1" } } })))).toMatch(
    `${AT}/nodes/0/nodes/0/type: comments take no "mention" inline`,
  );
  expect(refusal(doc(paragraph({ object: "inline", type: "link", data: { ref: { kind: "page", page: "p1" } }, nodes: [text(leaf("x"))] })))).toMatch(
    `${AT}/nodes/0/nodes/0/data/ref: comments link only to URLs`,
  );
  expect(refusal(doc(paragraph(text(leaf("x", "highlight")))))).toMatch(`${AT}/nodes/0/nodes/0/leaves/0/marks/0/type: comments take no "highlight" mark`);
  expect(refusal(doc(paragraph(text({ object: "leaf", text: 42, marks: [] } as never))))).toMatch(`${AT}/nodes/0/nodes/0/leaves/0/text: must be a string`);
  expect(refusal(doc(paragraph({ object: "text", leaves: "x" })))).toMatch(`${AT}/nodes/0/nodes/0/leaves: a text holds an array`);
  expect(refusal(doc(block("code", [paragraph(text(leaf("x")))])))).toMatch(`${AT}/nodes/0/nodes/0/type: a code block holds code-line blocks`);
  expect(refusal(doc(block("list-unordered", [paragraph(text(leaf("x")))])))).toMatch(`${AT}/nodes/0/nodes/0/type: a list holds list-item blocks`);
  expect(refusal(doc(text(leaf("a text where a block goes"))))).toMatch(`${AT}/nodes/0/object: must be "block" here`);
  expect(refusal(doc(paragraph({ object: "inline", type: "emoji", isVoid: true, data: { code: "zz" } })))).toMatch(`${AT}/nodes/0/nodes/0/data/code`);
  expect(refusal(doc(block("blockquote", "x" as never)))).toMatch(`${AT}/nodes/0/nodes: must be an array`);
  expect(refusal(doc(null))).toMatch(`${AT}/nodes/0: must be a node`);
});

it("refuses documents nested deeper than the limit before walking them, however deep", () => {
  const nested = (depth: number) => {
    let node: unknown = paragraph(text(leaf("deep")));
    for (let i = 1; i < depth; i++) node = block("blockquote", [node]);
    return doc(node);
  };
  expect(toMarkdown(nested(MAX_DOCUMENT_DEPTH - 1))).toMatch(/deep$/);
  expect(refusal(nested(MAX_DOCUMENT_DEPTH + 1))).toMatch(`nests deeper than ${MAX_DOCUMENT_DEPTH} levels`);
  // Far deeper than the stack would take, were it walked first.
  expect(refusal(nested(100_000))).toMatch(`nests deeper than ${MAX_DOCUMENT_DEPTH} levels`);
});
