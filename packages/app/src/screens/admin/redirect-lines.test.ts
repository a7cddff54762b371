import { MAX_REDIRECTS, parseRedirectLines } from "./redirect-lines";

describe("a pasted list of redirects", () => {
  it("reads URLs and page paths, skipping a header, blank lines and comments", () => {
    const text = 'source,destination\n\n# moved in 2026\n/old,https://example.com/new\r\n"/guides/*", /guides/install\n';
    expect(parseRedirectLines(text, "space-1")).toEqual({
      redirects: [
        { line: 4, source: "/old", destination: { kind: "external", url: "https://example.com/new" } },
        { line: 5, source: "/guides/*", destination: { kind: "path", spaceId: "space-1", path: "guides/install" } },
      ],
      problems: [],
    });
  });

  it("names every failing line and why", () => {
    const text = ["/ok,https://example.com", "no-slash,https://example.com", "/a,b,c", "/ok,https://example.com/2", "/x,ftp://example.com", "/y,https://"].join(
      "\n",
    );
    const { problems } = parseRedirectLines(text, undefined);
    expect(problems.map(({ line, problem }) => [line, problem])).toEqual([
      [2, expect.stringContaining("the source must be a path")],
      [3, "expected two fields, source,destination"],
      [4, "/ok is already on line 1"],
      [5, expect.stringContaining("must be an http(s) URL or a page path")],
      [6, "the destination is not a valid URL"],
    ]);
    expect(parseRedirectLines("/a,/page", undefined).problems[0]?.problem).toContain("needs a space");
  });

  it("refuses more than the bulk operation takes", () => {
    const text = Array.from({ length: MAX_REDIRECTS + 1 }, (_, i) => `/p${i},https://example.com/${i}`).join("\n");
    expect(parseRedirectLines(text, undefined).problems).toEqual([{ line: 0, text: "", problem: expect.stringContaining("at most 500") }]);
  });
});
