// GitBook's blocks (test/gitbook-layout: a space as GitBook's Git Sync writes it) render as
// components, never as `{%` text, and read as plain Markdown for machines.
import fs from "node:fs";
import path from "node:path";
import { blockStructure, blocksToPlainMarkdown } from "../src/gitbook-structure";
import { Highlighter } from "../src/highlight";
import { renderMarkdown } from "../src/markdown";
import { STYLESHEET } from "../src/theme";

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "gitbook-layout", name), "utf8");
/** The page's body, front matter aside (Docstack keeps front matter as page fields). */
const body = (markdown: string) => markdown.replace(/^---\n[\s\S]*?\n---\n+/, "");

const render = (markdown: string) =>
  renderMarkdown(markdown, {
    anchors: { next: (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-"), aliasesOf: () => [] },
    resolve: (target) =>
      target === "guide.pdf"
        ? { kind: "file", href: "/~files/guide.pdf" }
        : target.startsWith("http")
          ? { kind: "external", href: target }
          : target.endsWith(".md") || target.includes(".md#")
            ? { kind: "internal", href: `/docs/${target}` }
            : { kind: "broken" },
    externalInNewTab: false,
    highlighter: new Highlighter(0),
  }).html;

describe("GitBook's blocks on the published site", () => {
  const html = render(body(fixture("guides/blocks.md")));

  it("never show a block's tag as text", () => {
    expect(html).not.toContain("{%");
    expect(html).not.toContain("%}");
    expect(html).not.toContain("$$");
  });

  it("render tabs as radio buttons with labels and panels, the first checked", () => {
    // The tabs alone: a page without raw HTML is not sanitized, its HTML is the renderer's own.
    const page = body(fixture("guides/blocks.md"));
    const html = render(page.slice(page.indexOf("## Tabs"), page.indexOf("## Steps")));
    expect(html).toContain('<div class="tabs">');
    expect(html).toContain(
      '<input type="radio" class="tab-radio" name="gb-tabs-1" id="gb-tabs-1-0" checked><label class="tab-label" for="gb-tabs-1-0" id="gb-tabs-1-0-label">JavaScript</label>\n<div class="tab-panel" role="tabpanel" aria-labelledby="gb-tabs-1-0-label">',
    );
    expect(html).toContain(
      '<input type="radio" class="tab-radio" name="gb-tabs-1" id="gb-tabs-1-1"><label class="tab-label" for="gb-tabs-1-1" id="gb-tabs-1-1-label">Python</label>',
    );
    expect(html.match(/role="tabpanel"/g)).toHaveLength(2);
    // The site's stylesheet shows the checked tab's panel only.
    expect(STYLESHEET.toString()).toContain(".tab-panel{order:1;width:100%;display:none;");
    expect(STYLESHEET.toString()).toContain(".tab-radio:checked+.tab-label+.tab-panel{display:block}");
    expect(html).toMatch(/aria-labelledby="gb-tabs-1-1-label">\n<pre class="code"[^>]*><code class="hljs language-python">/);
  });

  it("render hints, steps, cards, embeds, code, files, includes, API operations, details, figures and math as components", () => {
    expect(html).toContain('<div class="hint hint-info" role="note" aria-label="Info">');
    expect(html).toMatch(/<ol class="stepper">\n<li class="step">\n<h3 id="install">Install.*<\/h3>\n<p>Run the installer.<\/p>\n<\/li>\n<li class="step">/);
    expect(html).toContain('<nav class="content-ref" aria-label="Linked page">\n<p><a href="/docs/../README.md">README.md</a></p>\n</nav>');
    expect(html).toContain(
      '<figure class="embed embed-youtube"><a class="embed-link external" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="noopener noreferrer">YouTube: https://www.youtube.com/watch?v=dQw4w9WgXcQ</a>\n<figcaption>\n<p>A video about the product.</p>\n</figcaption></figure>',
    );
    expect(html).toContain(
      '<figure class="embed"><a class="embed-link external" href="https://example.com/demo" rel="noopener noreferrer">https://example.com/demo</a>\n</figure>',
    );
    expect(html).toContain(
      '<figure class="code-block line-numbers wrap">\n<figcaption class="code-title">index.js</figcaption>\n<div class="code-lines"><pre class="line-number-gutter" aria-hidden="true">1\n2\n3</pre>\n<pre class="code"',
    );
    // The file resolves by its name when its path in the repository does not.
    expect(html).toContain(
      '<figure class="file"><a class="file-download" href="/~files/guide.pdf" download="guide.pdf">guide.pdf</a>\n<figcaption>\n<p>The guide, printable.</p>\n</figcaption></figure>',
    );
    expect(html).toContain(
      '<div class="include-missing" role="note">Reusable content <code>../.gitbook/includes/shared-notice.md</code> is not published on this site.</div>',
    );
    expect(html).toContain('<span class="api-method api-method-post">POST</span> <code>/pet</code>');
    expect(html).toContain('<span class="api-method api-method-get">GET</span> <code>/pets/{id}</code> <span class="api-summary">Get a pet</span>');
    expect(html).toContain('<div class="api-parameter"><code>id</code> <span class="api-in">path</span> string <strong>required</strong>');
    expect(html).toContain("<details>");
    expect(html).toContain('<summary id="more-about-blocks">More about blocks</summary>');
    expect(html).toContain("<figcaption><p>The diagram.</p></figcaption></figure>");
    expect(html).toContain('<div class="math" role="math" aria-label="f(x) = x^2"><code>f(x) = x^2</code></div>');
  });

  it("keep the tabs working on a page with raw HTML (through the sanitizer)", () => {
    // The page holds <details> and <figure>: all its HTML is sanitized, the blocks' own kept.
    expect(html).toContain('<input type="radio" class="tab-radio" name="gb-tabs-1" id="gb-tabs-1-0" checked />');
    expect(html).toContain('<label class="tab-label" for="gb-tabs-1-0" id="gb-tabs-1-0-label">');
    expect(html).toContain('<a class="file-download" href="/~files/guide.pdf" download="guide.pdf">guide.pdf</a>');
  });

  it("never run a block's content as HTML or an embed's URL as script", () => {
    const hostile = render(
      '{% embed url="javascript:alert(1)" %}\n\n{% tab title="<img src=x onerror=alert(1)>" %}\nx\n{% endtab %}\n\n{% weird-block %}\nInside.\n{% endweird-block %}\n\n{% lonely %}',
    );
    expect(hostile).not.toContain("<img");
    expect(hostile).not.toContain('href="javascript:');
    expect(hostile).toContain('<span class="embed-link">javascript:alert(1)</span>');
    expect(hostile).toContain('<div class="gitbook-block gitbook-weird-block">\n<p>Inside.</p>\n</div>');
    expect(hostile).not.toContain("{%");
  });

  it("leave tags in code as code, and an unclosed block as a tag standing alone", () => {
    const code = render("```md\n{% tabs %}\n```\n\n{% tabs %}\n\nText.");
    expect(code).toContain("{% tabs %}\n</code></pre>");
    expect(code).toMatch(/<\/code><\/pre>\n<p>Text.<\/p>/);
  });

  it("read a line starting with three backticks and holding more as a code span, not a fence hiding the tags after it", () => {
    const { ends } = blockStructure(['{% hint style="info" %}', "``` `` ```", "{% endhint %}"]);
    expect([...ends]).toEqual([[0, 2]]);
    expect(render('{% hint style="info" %}\n``` `` ```\n{% endhint %}')).toContain('<div class="hint hint-info"');
  });

  it("pair tags in one pass whatever their number (unclosed tags, ends without opening)", () => {
    const lines = [
      ...Array.from({ length: 20_000 }, () => "{% tabs %}"),
      ...Array.from({ length: 20_000 }, () => "{% endstepper %}"),
      "{% tab %}",
      "{% endtab %}",
    ];
    const { tags, ends } = blockStructure(lines);
    expect(tags.size).toBe(40_002);
    expect([...ends]).toEqual([[40_000, 40_001]]);
  });
});

describe("GitBook's blocks for machines (.md, llms-full.txt)", () => {
  it("read as plain Markdown", () => {
    const plain = blocksToPlainMarkdown(body(fixture("guides/blocks.md")));
    expect(plain).not.toContain("{%");
    expect(plain).toContain("> **Info:**\n>\n> An **info** hint.");
    expect(plain).toContain('**JavaScript**\n\n```js\nconsole.log("hello");\n```');
    expect(plain).toContain("**Step 1**\n\n### Install");
    expect(plain).toContain("**Step 2**\n\n### Configure");
    expect(plain).toContain("[README.md](../README.md)");
    expect(plain).toContain("[https://www.youtube.com/watch?v=dQw4w9WgXcQ](https://www.youtube.com/watch?v=dQw4w9WgXcQ)\nA video about the product.");
    expect(plain).toContain("**index.js**\n\n```js\nconst a = 1;");
    expect(plain).toContain("[guide.pdf](../.gitbook/assets/guide.pdf)\nThe guide, printable.");
    expect(plain).toContain("> Reusable content: ../.gitbook/includes/shared-notice.md");
    expect(plain).toContain("**API: POST /pet** (https://petstore3.swagger.io/api/v3/openapi.json)");
    expect(plain).toContain("**API: GET /pets/{id}**");
    expect(plain).toContain("$$\nf(x) = x^2\n$$");
  });

  it("leave Markdown without blocks as it is", () => {
    const text = "# Title\n\nText with `{% tabs %}` inline.\n";
    expect(blocksToPlainMarkdown(text)).toBe(text);
  });
});
