import { checkOpenAPI, externalRefs, ProcessError, parseDocument, storableDocument } from "./document";

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ProcessError) return error.code;
    throw error;
  }
  return undefined;
};

describe("OpenAPI documents", () => {
  it("accepts OpenAPI 3.0 and 3.1 documents with what each version requires", () => {
    const info = { title: "T", version: "1" };
    expect(codeOf(() => checkOpenAPI({ openapi: "3.0.3", info, paths: {} }))).toBeUndefined();
    expect(codeOf(() => checkOpenAPI({ openapi: "3.1.0", info, webhooks: {} }))).toBeUndefined();
    expect(codeOf(() => checkOpenAPI({ openapi: "3.1.1", info, components: {} }))).toBeUndefined();
    expect(codeOf(() => checkOpenAPI({ openapi: "3.0.3", info, components: {} }))).toBe("INVALID_SPEC");
    expect(codeOf(() => checkOpenAPI({ openapi: "3.1.0", info }))).toBe("INVALID_SPEC");
    expect(codeOf(() => checkOpenAPI({ openapi: "3.2.0", info, paths: {} }))).toBe("INVALID_SPEC");
    expect(codeOf(() => checkOpenAPI({ openapi: 3.1, info, paths: {} }))).toBe("INVALID_SPEC");
    expect(codeOf(() => checkOpenAPI({ swagger: "2.0", info, paths: {} }))).toBe("INVALID_SPEC");
    expect(codeOf(() => checkOpenAPI({ openapi: "3.1.0", info: { title: "T" }, paths: {} }))).toBe("INVALID_SPEC");
    expect(codeOf(() => checkOpenAPI({ openapi: "3.1.0", info, paths: [] }))).toBe("INVALID_SPEC");
    expect(codeOf(() => checkOpenAPI({ openapi: "3.1.0", info, paths: { pets: {} } }))).toBe("INVALID_SPEC");
    expect(codeOf(() => checkOpenAPI({ openapi: "3.1.0", info, paths: { "x-extension": 1, "/pets": {} } }))).toBeUndefined();
  });

  it("finds the $refs to other documents, not those within the document", () => {
    const document = {
      a: { $ref: "#/components/schemas/A" },
      b: [{ $ref: "other.json#/B" }, { $ref: "https://example.com/c.yaml" }],
      c: { properties: { $ref: { type: "string" } } },
      d: { $ref: "other.json#/B" },
    };
    expect(externalRefs(document).sort()).toEqual(["https://example.com/c.yaml", "other.json#/B"]);
  });

  it("parses JSON and YAML, and refuses other text with PARSE_ERROR", () => {
    expect(parseDocument('{"a": [1]}')).toEqual({ a: [1] });
    expect(parseDocument("a: 1\nb:\n  - x\n")).toEqual({ a: 1, b: ["x"] });
    expect(codeOf(() => parseDocument("a: [1"))).toBe("PARSE_ERROR");
    expect(codeOf(() => parseDocument("{ not json"))).toBe("PARSE_ERROR");
  });

  it("refuses what the database cannot store, and nesting without end, with INVALID_SPEC", () => {
    expect(codeOf(() => storableDocument({ a: "fine ✓ 😀" }, "x"))).toBeUndefined();
    expect(codeOf(() => storableDocument({ a: "nul \u0000" }, "x"))).toBe("INVALID_SPEC");
    expect(codeOf(() => storableDocument({ "key \ud800": 1 }, "x"))).toBe("INVALID_SPEC");
    expect(codeOf(() => storableDocument({ a: ["\udc00 alone"] }, "x"))).toBe("INVALID_SPEC");
    expect(codeOf(() => storableDocument([1], "x"))).toBe("INVALID_SPEC");
    const deep = JSON.parse(`{"a":${"[".repeat(100_000)}${"]".repeat(100_000)}}`) as Record<string, unknown>;
    expect(codeOf(() => storableDocument(deep, "x"))).toBe("INVALID_SPEC");
  });
});
