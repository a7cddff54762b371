import { Highlighter } from "../src/highlight";
import type { Chrome } from "../src/layout";
import type { PublishedSite, SitePage } from "../src/model";
import { type PageInput, renderPage } from "../src/page";

const pageText = (input: PageInput) =>
  renderPage(input)
    .map((part) => (typeof part === "string" ? part : part.toString("utf8")))
    .join("");

const page = (id: string, path: string, parentId: string | null, extra: Partial<SitePage> = {}): SitePage => ({
  id,
  title: `Title ${id}`,
  path,
  parentId,
  type: "document",
  hidden: false,
  noIndex: false,
  ...extra,
});
const pages = [page("a", "a", null), page("b", "a/b", "a"), page("c", "a/b/c", "b"), page("d", "d", null, { hidden: true }), page("e", "e & f", null)];
const site: PublishedSite = {
  id: "s",
  organizationId: "o",
  title: "Site",
  visibility: "public",
  publishedUrl: "https://docs.example",
  hasSections: false,
  sections: [
    {
      id: "root",
      title: "Site",
      path: "",
      variants: [{ id: "v", title: "V", path: "v", content: { organizationId: "o", spaceId: "sp", revisionId: "r" } }],
      defaultVariantId: "v",
    },
  ],
  defaultSectionId: "root",
  customization: {} as PublishedSite["customization"],
  version: "1",
};
const chrome: Chrome = { site, basePath: "/base", headerLinks: [], footerGroups: [] };
/** The page's HTML, its parts (text and the navigation's bytes) joined. */
const render = (current: SitePage) =>
  pageText({
    chrome,
    reader: { headingAnchors: () => ({ next: (text: string) => text, aliasesOf: () => [] }) } as never,
    section: site.sections[0]!,
    variant: site.sections[0]!.variants[0]!,
    pages,
    files: [],
    page: current,
    markdown: "Body.",
    noIndex: false,
    highlighter: new Highlighter(0),
  });

describe("the navigation", () => {
  it("marks the current page and opens the branches along its path only, whichever page came before", () => {
    const deep = render(pages[2]!);
    expect(deep).toContain('<details open><summary><a href="/base/a">Title a</a></summary>');
    expect(deep).toContain('<details open><summary><a href="/base/a/b">Title b</a></summary>');
    expect(deep).toContain('<a href="/base/a/b/c" aria-current="page">Title c</a>');
    expect(deep).not.toContain("Title d");
    const top = render(pages[4]!);
    expect(top).toContain('<details><summary><a href="/base/a">Title a</a></summary>');
    expect(top).toContain('<a href="/base/e%20%26%20f" aria-current="page">Title e</a>');
    expect(top.match(/aria-current="page"/g)).toHaveLength(2); // the link and the breadcrumb
  });

  it("marks a page with children current and opens its own branch, the same bytes for every page before and after", () => {
    const parent = render(pages[0]!);
    expect(parent).toContain('<details open><summary><a href="/base/a" aria-current="page">Title a</a></summary>');
    expect(parent).toContain('<details><summary><a href="/base/a/b">Title b</a></summary>');
    // Each page's marks are its own: rendering others between leaves the navigation's shared bytes untouched.
    render(pages[2]!);
    expect(render(pages[0]!)).toBe(parent);
  });
});
