import { footerOf, footerText, headerOf, headerText, targetOf } from "./customization-links";

describe("a site's header and footer links as lines", () => {
  it("reads URLs, pages and spaces, a style, a menu without a target and its indented links, and writes them back the same", () => {
    const text = "Docs | space:space1 | button-primary\nMore | -\n  Blog | https://example.com/blog\n  Terms | page:space1/page9";
    const { items, errors } = headerOf(text);
    expect(errors).toEqual([]);
    expect(items).toEqual([
      { title: "Docs", to: { kind: "space", space: "space1" }, links: [], style: "button-primary" },
      {
        title: "More",
        to: null,
        links: [
          { title: "Blog", to: { kind: "url", url: "https://example.com/blog" } },
          { title: "Terms", to: { kind: "page", page: "page9", space: "space1" } },
        ],
      },
    ]);
    expect(headerText(items)).toBe(text);
  });

  it("names each line it cannot read, and why", () => {
    expect(headerOf("  Orphan | https://example.com\nNo target\nBad | ftp://x\nStyled | page:p1 | loud").errors).toEqual([
      { line: 1, message: "an indented link needs a link above it" },
      { line: 2, message: "write it as: Title | where (| style)" },
      { line: 3, message: "where it goes must be an http(s) URL, page:<ID> or space:<ID>" },
      { line: 4, message: "the style is one of link, button-primary, button-secondary" },
    ]);
    expect(targetOf("page:p1")).toEqual({ kind: "page", page: "p1" });
  });

  it("reads the footer's groups with their links, blank lines skipped", () => {
    const text = "Company\n  About | https://example.com/about\n\nLegal\n  Privacy | page:p2";
    const { items, errors } = footerOf(text);
    expect(errors).toEqual([]);
    expect(items).toEqual([
      { title: "Company", links: [{ title: "About", to: { kind: "url", url: "https://example.com/about" } }] },
      { title: "Legal", links: [{ title: "Privacy", to: { kind: "page", page: "p2" } }] },
    ]);
    expect(footerText(items)).toBe(text.replace("\n\n", "\n"));
    expect(footerOf("  Lost | https://example.com\nA | https://example.com").errors).toEqual([
      { line: 1, message: "an indented link needs a group's title above it" },
      { line: 2, message: "a group's title has no |; its links go indented under it" },
    ]);
  });
});
