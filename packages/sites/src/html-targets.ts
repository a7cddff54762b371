// Files named by a page's raw HTML: GitBook writes images as `<figure><img src="../../.gitbook/assets/x.png">`
// (and `<picture><source srcset>`), relative to the page's file in its repository. These find and rewrite those
// targets (`src`, `srcset`, `poster`, `href`) so that they resolve as Markdown's `![](x.png)` does, and read a
// figure's images for the structured document. The HTML is kept as written: only its targets are mapped.

/** A target as HTML names it: `image` for what is shown (`src`, `srcset`, `poster`), not for `href`. */
export interface HtmlTarget {
  target: string;
  image: boolean;
}

const TAG = /<[a-zA-Z][a-zA-Z0-9-]*\b[^>]*>/g;
const ATTRIBUTE = /(\s)(src|srcset|poster|href)(\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;
const ASSETS_SEGMENT = ".gitbook/assets/";

/** A `srcset`'s candidates: a URL, then an optional descriptor (`2x`, `640w`), separated by commas. */
function srcsetParts(value: string): { url: string; rest: string }[] {
  return value
    .split(/,(?=\s|$)/)
    .map((candidate) => /^(\s*)(\S+)(.*)$/s.exec(candidate))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ url: match[2]!, rest: `${match[1]}\u0000${match[3]}` }));
}

/** Every tag's targets rewritten by `map` (undefined keeps one as written); the rest of the HTML unchanged. */
export function rewriteHtmlTargets(html: string, map: (target: string, image: boolean) => string | undefined): string {
  if (!/\b(src|srcset|poster|href)\s*=/i.test(html)) return html;
  return html.replace(TAG, (tag) =>
    tag.replace(ATTRIBUTE, (whole, space: string, name: string, equals: string, double?: string, single?: string, bare?: string) => {
      const value = double ?? single ?? bare ?? "";
      const quote = double !== undefined ? '"' : single !== undefined ? "'" : "";
      const attribute = name.toLowerCase();
      const mapped =
        attribute === "srcset"
          ? srcsetParts(value)
              .map(({ url, rest }) => rest.replace("\u0000", encodeSpaces(map(url, true) ?? url)))
              .join(",")
          : (() => {
              const target = map(value, attribute !== "href");
              return target === undefined ? value : attribute === "href" ? target : encodeSpaces(target);
            })();
      if (mapped === value) return whole;
      return `${space}${name}${equals}${quote || '"'}${mapped.replace(/"/g, "&quot;")}${quote || '"'}`;
    }),
  );
}

/** A URL in `srcset` ends at a space: a file's name holding one is written encoded there. */
const encodeSpaces = (url: string) => url.replace(/ /g, "%20");

/** The targets the HTML's tags name, in order. */
export function htmlTargets(html: string): HtmlTarget[] {
  const found: HtmlTarget[] = [];
  rewriteHtmlTargets(html, (target, image) => {
    found.push({ target, image });
    return undefined;
  });
  return found;
}

/**
 * The file a relative target names in GitBook's layout (`../../.gitbook/assets/My shot@2x.png` → `My shot@2x.png`),
 * decoded when written encoded; undefined for any other target.
 */
export function assetName(target: string): string | undefined {
  const path = target.split(/[?#]/, 1)[0]!;
  const at = path.lastIndexOf(ASSETS_SEGMENT);
  if (at < 0 || !/^\/?(\.\.?\/)*\.gitbook\/assets\/$/.test(path.slice(0, at + ASSETS_SEGMENT.length))) return undefined;
  const name = path.slice(at + ASSETS_SEGMENT.length);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** An image a figure (or a `<picture>`, or an `<img>` alone) shows: its source, alternative text and caption. */
export interface HtmlImage {
  src: string;
  alt: string;
  caption?: string;
}

const attributeOf = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`, "i")
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined);
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .trim();

/**
 * The images of an HTML block made only of images (`<figure>`s, `<picture>`s, `<img>`s, `<p>`/`<div>` around them,
 * captions): undefined when it holds anything else, which stays HTML.
 */
export function htmlImages(html: string): HtmlImage[] | undefined {
  const withoutCaptions = html.replace(/<figcaption\b[^>]*>[\s\S]*?<\/figcaption>/gi, "");
  const rest = withoutCaptions.replace(/<\/?(figure|picture|source|img|p|div|br)\b[^>]*>/gi, "").trim();
  if (rest !== "") return undefined;
  const images: HtmlImage[] = [];
  for (const figure of html.split(/<\/figure>/i)) {
    const caption = /<figcaption\b[^>]*>([\s\S]*?)<\/figcaption>/i.exec(figure)?.[1];
    const tags = [...figure.matchAll(/<(img|source)\b[^>]*>/gi)].map((match) => match[0]);
    const img = tags.find((tag) => /^<img/i.test(tag));
    const src = img ? attributeOf(img, "src") : tags.map((tag) => srcsetParts(attributeOf(tag, "srcset") ?? "")[0]?.url).find(Boolean);
    if (!src) continue;
    const captionText = caption === undefined ? "" : textOf(caption);
    images.push({ src, alt: textOf(img ? (attributeOf(img, "alt") ?? "") : ""), ...(captionText ? { caption: captionText } : {}) });
  }
  return images.length ? images : undefined;
}
