// `format=document` of a page in GitBook's Markdown (every block kind: the sites package's
// test/gitbook-layout): GitBook's blocks are GitBook's nodes, never paragraphs of `{%` text.
import fs from "node:fs";
import path from "node:path";
import type { Schemas } from "@docstack/contract";
import { markdownToDocument } from "./document-format";

type Node = Schemas["PageDocumentBlock"] | Schemas["PageDocumentInline"] | Schemas["PageDocumentText"];

const FIXTURE = fs.readFileSync(path.join(__dirname, "..", "..", "..", "..", "sites", "test", "gitbook-layout", "guides", "blocks.md"), "utf8");
const BODY = FIXTURE.replace(/^---\n[\s\S]*?\n---\n/, "");

/** Every block of the tree, depth first. */
function blocksOf(nodes: readonly Node[]): Schemas["PageDocumentBlock"][] {
  return nodes.flatMap((node) => (node.object === "block" ? [node, ...blocksOf(node.nodes as Node[])] : []));
}

const textOf = (nodes: readonly Node[]): string =>
  nodes.map((node) => (node.object === "text" ? node.leaves.map((leaf) => leaf.text).join("") : textOf(node.nodes as Node[]))).join(" ");

describe("GitBook's blocks as document nodes", () => {
  const { nodes } = markdownToDocument(BODY);
  const blocks = blocksOf(nodes);
  const ofType = (type: string) => blocks.filter((block) => block.type === type);

  it("map hints, tabs, steps, cards, embeds, code, files, includes, API blocks, details and math to GitBook's nodes", () => {
    expect(ofType("hint").map((hint) => hint.data?.style)).toEqual(["info", "success", "danger"]);
    const [tabs] = ofType("tabs");
    expect((tabs!.nodes as Schemas["PageDocumentBlock"][]).map((tab) => [tab.type, tab.data?.title])).toEqual([
      ["tabs-item", "JavaScript"],
      ["tabs-item", "Python"],
    ]);
    expect((tabs!.nodes[0] as Schemas["PageDocumentBlock"]).nodes[0]).toMatchObject({ type: "code", data: { syntax: "js" } });
    expect(ofType("stepper")[0]!.nodes.map((step) => (step as Schemas["PageDocumentBlock"]).type)).toEqual(["stepper-step", "stepper-step"]);
    expect(ofType("content-ref")[0]!.data).toEqual({ ref: { kind: "url", url: "../README.md" } });
    expect(ofType("embed").map((embed) => embed.data?.url)).toEqual(["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://example.com/demo"]);
    expect(textOf(ofType("embed")[0]!.nodes as Node[])).toBe("A video about the product.");
    expect(ofType("code").find((code) => code.data?.title)?.data).toEqual({ syntax: "js", title: "index.js", lineNumbers: true, overflow: "wrap" });
    expect(ofType("file")[0]!.data).toEqual({ ref: { kind: "url", url: "../.gitbook/assets/guide.pdf" } });
    expect(ofType("include")[0]!.data).toEqual({ src: "../.gitbook/includes/shared-notice.md" });
    expect(ofType("openapi").map((api) => api.data)).toEqual([
      { src: "https://petstore3.swagger.io/api/v3/openapi.json", path: "/pet", method: "post" },
      { path: "/pets/{id}", method: "get" },
    ]);
    const [details] = ofType("expandable");
    expect(details!.data).toEqual({ title: "More about blocks" });
    expect(textOf(details!.nodes as Node[])).toBe("Hidden until opened.");
    expect(ofType("math")[0]!.data).toEqual({ formula: "f(x) = x^2" });
    expect(textOf(nodes as Node[])).not.toContain("{%");
  });
});
