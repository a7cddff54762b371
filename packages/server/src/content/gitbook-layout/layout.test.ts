import { join } from "node:path";
import { FIXTURE_DIR, readDirectory } from "./fixture";
import { readRepository, readRepositoryInSteps } from "./read";
import type { LayoutPage } from "./types";
import { writeRepository } from "./write";

const sorted = (files: Map<string, Buffer>) => [...files].sort(([a], [b]) => a.localeCompare(b)).map(([path, data]) => [path, data.toString("latin1")]);

/** The tree without bodies: titles, types and slugs, nested. */
const outline = (pages: LayoutPage[]): unknown[] =>
  pages.map((page) => [page.type, page.title, page.slug, ...(page.children.length ? [outline(page.children)] : [])]);

describe("GitBook's repository layout", () => {
  const fixture = readDirectory(FIXTURE_DIR);

  it("writes back what it read, byte for byte", () => {
    expect(sorted(writeRepository(readRepository(fixture)))).toEqual(sorted(fixture));
  });

  it("reads the same repository in steps as at once (an import reads it in steps, other requests going between)", async () => {
    const inSteps = await readRepositoryInSteps(fixture);
    const atOnce = readRepository(fixture);
    const flat = (pages: readonly LayoutPage[]): LayoutPage[] => pages.flatMap((page) => [page, ...flat(page.children)]);
    const withoutBodies = (page: LayoutPage): LayoutPage => {
      const { markdown: _markdown, origin: _origin, ...rest } = page;
      return { ...rest, children: page.children.map(withoutBodies) };
    };
    expect(inSteps.pages).toEqual(atOnce.pages.map(withoutBodies));
    expect(flat(inSteps.pages).map((page) => inSteps.markdownOf(page))).toEqual(flat(atOnce.pages).map((page) => page.markdown ?? ""));
    expect([inSteps.files, inSteps.config, inSteps.origin]).toEqual([atOnce.files, atOnce.config, atOnce.origin]);
  });

  it("reads the tree, the metadata, the files and the configuration", () => {
    const repository = readRepository(fixture);
    expect(outline(repository.pages)).toEqual([
      ["document", "Introduction", "introduction"],
      [
        "document",
        "Guides",
        "guides",
        [
          ["document", "Install", "install"],
          ["document", "Configure", "configure", [["document", "Advanced", "advanced"]]],
        ],
      ],
      ["link", "Changelog", "changelog"],
      [
        "group",
        "Reference",
        "reference",
        [
          ["document", "API", "api"],
          ["document", "Hidden page", "hidden-page"],
        ],
      ],
    ]);
    const [intro, guides, changelog, reference] = repository.pages as [LayoutPage, LayoutPage, LayoutPage, LayoutPage];
    expect(intro).toMatchObject({ description: "What Docstack is and where to start.", icon: "house" });
    expect(changelog.href).toBe("https://example.com/changelog");
    expect(reference.children[1]).toMatchObject({ hidden: true, markdown: "" });
    expect(guides.children[1]!.children[0]!.description).toBe(
      "A long description that goes past eighty characters so that the YAML writer folds it the way GitBook does.",
    );
    // GitBook's cover, coverY and layout front matter: the cover as the file's name; keys the layout does not know, as written.
    expect(guides.children[1]).toMatchObject({ cover: "overview.png", coverY: 120, layout: { width: "wide", cover: { visible: true, size: "full" } } });
    expect(reference.children[0]).toMatchObject({ icon: "code", frontMatter: { owner: "docs-team", tags: ["api", "reference"] } });
    expect(repository.config).toEqual({ root: "docs/", readme: "README.md", summary: "SUMMARY.md", redirects: { "old/setup": "guides/install.md" } });
    expect([...repository.files.keys()].sort()).toEqual(["docstack release.zip", "overview.png"]);
  });

  it("turns relative links into space paths and file names, and leaves blocks and code as written", () => {
    const [intro, guides] = readRepository(fixture).pages as [LayoutPage, LayoutPage];
    expect(intro.markdown).toBe(
      'Start with [installing](/guides/install#requirements) it.\n\n![Overview](overview.png)\n\n{% hint style="info" %}\nBlocks are kept as written.\n{% endhint %}\n',
    );
    expect(guides.markdown).toBe("See [Configure](/guides/configure) and [the API](/reference/api#endpoints).\n");
    expect(guides.children[0]!.markdown).toContain("[the archive](docstack%20release.zip)");
    expect(guides.children[0]!.markdown).toContain("[the introduction](/introduction)");
  });

  it("without SUMMARY.md, takes the folders' structure; paths leaving the root are ignored", () => {
    const files = new Map([
      ["README.md", Buffer.from("# Home\n\nSee [b](b/README.md).\n")],
      ["b/README.md", Buffer.from("# B\n")],
      ["b/c.md", Buffer.from("# C\n")],
      ["../escape.md", Buffer.from("# Escape\n")],
    ]);
    const repository = readRepository(files);
    expect(outline(repository.pages)).toEqual([
      ["document", "Home", "home"],
      ["document", "B", "b", [["document", "C", "c"]]],
    ]);
    expect(repository.pages[0]!.markdown).toBe("See [b](/b).\n");
  });

  it("writes a cover that names no file as it was written, and moves a file's cover with its page", () => {
    const files = new Map([
      ["README.md", Buffer.from("---\ncover: https://example.com/cover.png\ncoverY: 0\n---\n\n# Home\n")],
      ["a/README.md", Buffer.from("# A\n")],
      ["a/b.md", Buffer.from("---\ncover: ../.gitbook/assets/c.png\n---\n\n# B\n")],
      [".gitbook/assets/c.png", Buffer.from("png")],
    ]);
    const repository = readRepository(files);
    const [home, a] = repository.pages as [LayoutPage, LayoutPage];
    expect(home).toMatchObject({ cover: "https://example.com/cover.png", coverY: 0 });
    const b = a.children.splice(0, 1)[0]!;
    repository.pages.push(b);
    const written = writeRepository(repository);
    expect(written.get("README.md")?.toString()).toBe("---\ncover: https://example.com/cover.png\ncoverY: 0\n---\n\n# Home\n");
    expect(written.get("b.md")?.toString()).toBe("---\ncover: .gitbook/assets/c.png\n---\n\n# B\n");
  });

  it("names a bad .gitbook.yaml in its 400", () => {
    expect(() => readRepository(new Map([[".gitbook.yaml", Buffer.from("root: [\n")]]))).toThrow(/\.gitbook\.yaml: not valid YAML/);
  });

  it("keeps a readme under a first group at README.md (its sub-pages under the group's readme/), and a file name's dots", () => {
    // As GitBook's Git Sync writes a table of contents opening with `## Getting Started`.
    const grouped = readDirectory(join(__dirname, "fixture-group-readme"));
    const repository = readRepository(grouped);
    expect(outline(repository.pages)).toEqual([
      [
        "group",
        "Getting Started",
        "getting-started",
        [
          ["document", "Introduction", "readme", [["document", "Create an Application", "create-an-application"]]],
          ["document", "Tracking Changes", "tracking-changes"],
        ],
      ],
      ["group", "Guides", "guides", [["document", "Vue.js Quickstart", "vue.js-quickstart"]]],
    ]);
    expect(sorted(writeRepository(repository))).toEqual(sorted(grouped));
  });
});
