// The editor's blocks (@docstack/editor) are the API's `format=document` blocks: for every block the editor opens
// from the GitBook fixtures' Markdown, `markdownToDocument` of the same Markdown gives the node type the editor's
// type stands for, with the same options and the same blocks inside. And every block type of the editor's schema
// stands for a node type the contract declares.
import fs from "node:fs";
import path from "node:path";
import type { Schemas } from "@docstack/contract";
import { markdownToDocument } from "./document-format";

type Block = Schemas["PageDocumentBlock"];
// The editor is an ES module: loaded with import(), typed as one.
type Editor = typeof import("@docstack/editor", { with: { "resolution-mode": "import" }});
type Node = ReturnType<Editor["openMarkdown"]>["doc"];

/** The `format=document` type of each editor block type (`raw` stands for what the editor keeps as written). */
const DOCUMENT_TYPE: Record<string, (node: Node) => string> = {
  paragraph: () => "paragraph",
  heading: (node) => `heading-${node.attrs.level}`,
  blockquote: () => "blockquote",
  bullet_list: () => "list-unordered",
  ordered_list: () => "list-ordered",
  list_item: () => "list-item",
  code_block: () => "code",
  hint: () => "hint",
  tabs: () => "tabs",
  tab: () => "tabs-item",
  stepper: () => "stepper",
  step: () => "stepper-step",
  expandable: () => "expandable",
  content_ref: () => "content-ref",
  embed: () => "embed",
  file: () => "file",
  image: () => "images",
  table: () => "table",
  table_row: () => "table-row",
  table_cell: () => "table-cell",
  divider: () => "divider",
  math: () => "math",
  include: () => "include",
  openapi: () => "openapi",
};
/** Block types whose children the document holds as blocks too. */
const CONTAINERS = new Set([
  "blockquote",
  "bullet_list",
  "ordered_list",
  "list_item",
  "hint",
  "tabs",
  "tab",
  "stepper",
  "step",
  "expandable",
  "table",
  "table_row",
]);

/** Compares an editor block with the document's, and what they hold; returns the editor types met. */
function compare(node: Node, block: Block | undefined, where: string, met: Set<string>): void {
  met.add(node.type.name);
  const expected = DOCUMENT_TYPE[node.type.name];
  expect({ where, type: block?.type }).toEqual({ where, type: expected?.(node) });
  const data = block?.data ?? {};
  switch (node.type.name) {
    case "list_item":
      expect(data.checked).toBe(node.attrs.checked ?? undefined);
      break;
    case "ordered_list":
      expect(data.start).toBe(node.attrs.start);
      break;
    case "code_block":
      expect([data.syntax, data.title, data.lineNumbers]).toEqual([
        node.attrs.language.split(/\s+/)[0] || undefined,
        node.attrs.title || undefined,
        node.attrs.lineNumbers || undefined,
      ]);
      break;
    case "hint":
      expect(data.style).toBe(node.attrs.style);
      break;
    case "tab":
    case "expandable":
      expect(data.title).toBe(node.attrs.title);
      break;
    case "math":
      expect(data.formula).toBe(node.textContent.trim());
      break;
    case "embed":
      expect(data.url).toBe(node.attrs.url);
      break;
  }
  if (!CONTAINERS.has(node.type.name)) return;
  const children = (block?.nodes ?? []) as Block[];
  expect({ where, count: children.length }).toEqual({ where, count: node.childCount });
  node.forEach((child, _offset, i) => {
    compare(child, children[i], `${where}/${i}`, met);
  });
}

const REPOSITORY = path.resolve(__dirname, "../../../../..");
function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith(".md") ? [file] : [];
  });
}
const PAGES = [
  "packages/server/src/content/gitbook-layout/fixture",
  "packages/server/src/content/gitbook-layout/fixture-group-readme",
  "packages/sites/test/gitbook-layout",
]
  .flatMap((dir) => markdownFiles(path.join(REPOSITORY, dir)))
  .map((file) => [path.relative(REPOSITORY, file), fs.readFileSync(file, "utf8")] as const);

const MORE = [
  "* [ ] a task\n* [x] done\n  1. nested\n\n3. three\n4. four",
  "> A quote\n>\n> ```js\n> code()\n> ```",
  "| a | b |\n| :-: | --- |\n| c | `d` |",
  "***\n\n$$\nx^2\n$$\n\n<details>\n<summary>More</summary>\n\nHidden.\n\n</details>",
  '<figure><img src="a.png" alt="A"><figcaption><p>Caption</p></figcaption></figure>',
];

let editor: Editor;
beforeAll(async () => {
  editor = await import("@docstack/editor");
});

describe("the editor's blocks and format=document", () => {
  it.each([...PAGES, ...MORE.map((markdown, i) => [`more ${i}`, markdown] as const)])(
    "%s: each block the editor opens is the document's block",
    (_name, markdown) => {
      const met = new Set<string>();
      editor.openMarkdown(markdown).root.inner!.children.forEach((span, i) => {
        if (span.node.type.name === "raw") return; // kept as written: front matter, an unknown tag, raw HTML
        const source = markdown.slice(span.from, span.to);
        const blocks = markdownToDocument(source).nodes;
        expect({ block: i, count: blocks.length }).toEqual({ block: i, count: 1 });
        compare(span.node, blocks[0], `${i}`, met);
      });
    },
  );

  it("meets every block type of the editor in these pages, each a node type the contract declares", async () => {
    const contract = JSON.parse(fs.readFileSync(require.resolve("@docstack/contract/openapi.json"), "utf8"));
    const declared: string[] = contract.components.schemas.PageDocumentBlock.properties.type.enum;
    const met = new Set<string>();
    for (const [, markdown] of [...PAGES, ...MORE.map((markdown) => ["", markdown] as const)]) {
      editor.openMarkdown(markdown).doc.descendants((node) => {
        if (node.isBlock) met.add(node.type.name);
      });
    }
    const editorBlocks = Object.values(editor.schema.nodes)
      .filter((type) => type.isBlock && type.name !== "doc" && type.name !== "raw")
      .map((type) => type.name);
    expect(editorBlocks.filter((name) => !met.has(name))).toEqual([]);
    for (const name of editorBlocks) {
      const make = DOCUMENT_TYPE[name];
      expect({ name, mapped: Boolean(make) }).toEqual({ name, mapped: true });
    }
    expect(Object.keys(DOCUMENT_TYPE).filter((name) => !editorBlocks.includes(name))).toEqual([]);
    const documentTypes = new Set([
      "paragraph",
      ...Array.from({ length: 6 }, (_, i) => `heading-${i + 1}`),
      ...Object.values(DOCUMENT_TYPE).map((make) => make({ attrs: {} } as Node)),
    ]);
    documentTypes.delete("heading-undefined");
    expect([...documentTypes].filter((type) => !declared.includes(type))).toEqual([]);
  });
});
