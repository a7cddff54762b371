import { Highlighter } from "../src/highlight";
import { renderMarkdown, sanitize } from "../src/markdown";
import { contrast, readableOn } from "../src/theme";

const anchors = () => {
  const seen = new Map<string, number>();
  return {
    next: (text: string) => {
      const base = text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      return count ? `${base}-${count}` : base;
    },
    aliasesOf: () => [],
  };
};
const render = (markdown: string) =>
  renderMarkdown(markdown, {
    anchors: anchors(),
    resolve: (target) => (target === "/gone" ? { kind: "broken" } : { kind: target.startsWith("http") ? "external" : "internal", href: target }),
    externalInNewTab: true,
    highlighter: new Highlighter(0),
  });

describe("rendering content", () => {
  it("gives headings the content API's anchors and lists them for the table of contents", () => {
    const { html, headings } = render("## Set up\n\n### Set up\n\n# Title *here*");
    expect(html).toContain('<h2 id="set-up">Set up <a class="heading-link" href="#set-up"');
    expect(html).toContain('<h3 id="set-up-1">');
    expect(headings).toEqual([
      { level: 2, anchor: "set-up", text: "Set up" },
      { level: 3, anchor: "set-up-1", text: "Set up" },
      { level: 1, anchor: "title-here-", text: "Title here" },
    ]);
  });

  it("renders GitBook hints, GitHub alerts, task lists and aligned tables without inline styles", () => {
    const { html } = render(
      '{% hint style="danger" %}\nStop **now**.\n{% endhint %}\n\n> [!TIP]\n> Try this.\n\n- [x] done\n- [ ] todo\n\n| a |\n|:-:|\n| 1 |',
    );
    expect(html).toContain('<div class="hint hint-danger" role="note" aria-label="Danger">\n<p>Stop <strong>now</strong>.</p>\n</div>');
    expect(html).toContain('<div class="hint hint-success" role="note" aria-label="Tip">\n<p>Try this.</p>');
    expect(html).toContain('<li class="task-list-item"><input type="checkbox" disabled checked aria-label="Done"> done</li>');
    expect(html).toContain('<th class="align-center">a</th>');
    expect(html).not.toContain("style=");
  });

  it("highlights code of known languages, escapes the rest, and marks broken links", () => {
    const { html } = render('```python\ndef f(): return "<b>"\n```\n\n```nolang\n<b>x</b>\n```\n\n[gone](/gone) [out](https://example.com)');
    expect(html).toContain('<span class="hljs-keyword">def</span>');
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(html).toContain('<span class="broken-link" title="Broken link: /gone">gone</span>');
    expect(html).toContain('<a href="https://example.com" class="external" target="_blank" rel="noopener noreferrer">out</a>');
  });

  it("highlights by alias with the classes highlight.js's themes colour, and never takes an unknown or inherited name for a language", () => {
    const highlighter = new Highlighter(0);
    const typescript = highlighter.block('function f(): string {\n  return "<" + x; // note\n}', "ts {title=x}");
    expect(typescript).toContain('data-language="ts"');
    expect(typescript).toContain('<span class="hljs-keyword">function</span> <span class="hljs-title">f</span>');
    expect(typescript).toContain('<span class="hljs-comment">// note</span>');
    expect(typescript).toContain("&lt;");
    expect(highlighter.block("echo $HOME", "sh")).toContain('<span class="hljs-built_in">echo</span>');
    for (const name of ["constructor", "__proto__", "toString", "meta", "../../package", 'x"><script>']) {
      const plain = highlighter.block("<b>x</b>", name);
      expect(plain).toBe('<pre class="code" tabindex="0"><code class="hljs">&lt;b&gt;x&lt;/b&gt;</code></pre>\n');
    }
  });

  it("removes everything that could run or escape from raw HTML, and keeps the formatting", () => {
    const hostile = `<p onclick="x()">para</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">a</a>
<a href="//evil.example">b</a><iframe src="https://e.example"></iframe><style>*{}</style><div style="color:red">d</div><details><summary>S</summary>body</details>
<input type="text" value="x"><svg><use href="#x"/></svg><math><mi>x</mi></math><object data="x"></object><base href="https://evil.example/">`;
    const { html } = render(hostile);
    for (const bad of [
      "onclick",
      "<script",
      "onerror",
      "javascript:",
      "//evil",
      "<iframe",
      "<style",
      "style=",
      'type="text"',
      "<svg",
      "<math",
      "<object",
      "<base",
    ]) {
      expect(html).not.toContain(bad);
    }
    // An expandable's title gets its anchor (GitBook links to it).
    expect(html).toContain('<details><summary id="s">S</summary>body</details>');
    expect(sanitize('<a href="https://x.example" target="_blank">x</a>')).toBe('<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>');
  });
});

describe("colors", () => {
  it("makes a brand color readable as link text on the page's background", () => {
    expect(readableOn("#346ddb", "#ffffff")).toBe("#346ddb");
    const pale = readableOn("#ffee00", "#ffffff");
    expect(contrast(pale, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(readableOn("#111111", "#0d1117"), "#0d1117")).toBeGreaterThanOrEqual(4.5);
  });
});
