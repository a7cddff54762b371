// The links of a site's header and footer as lines of text, one link a line (as redirects are entered in bulk):
// `Title | where`, `where` a URL, `page:<page ID>` (or `page:<space ID>/<page ID>`) or `space:<space ID>`. In
// the header a link may add a style (`| button-primary`) and name no target (`-`: a menu only); a line indented
// under it is a link of its menu. In the footer a line without `|` is a group's title, its links indented under it.
import type { Schemas } from "@docstack/sdk";

type Ref = Schemas["CustomizationContentRef"];
type Link = Schemas["CustomizationContentLink"];
export type HeaderItem = Schemas["CustomizationHeaderItem"];
export type FooterGroup = { title: string; links: Link[] };
type Style = NonNullable<HeaderItem["style"]>;
export interface LineError {
  line: number;
  message: string;
}
type Parsed<T> = { items: T[]; errors: LineError[] };

const STYLES: Style[] = ["link", "button-primary", "button-secondary"];

export function targetText(to: Ref | null): string {
  if (!to) return "-";
  if (to.kind === "url") return to.url;
  if (to.kind === "space") return `space:${to.space}`;
  return to.space ? `page:${to.space}/${to.page}` : `page:${to.page}`;
}

/** A target's text as a reference, or why it is none. */
export function targetOf(text: string): Ref | string {
  const value = text.trim();
  if (/^https?:\/\/\S+$/.test(value)) return { kind: "url", url: value };
  const page = /^page:(?:([\w-]+)\/)?([\w-]+)$/.exec(value);
  if (page) return page[1] ? { kind: "page", page: page[2] as string, space: page[1] } : { kind: "page", page: page[2] as string };
  const space = /^space:([\w-]+)$/.exec(value);
  if (space) return { kind: "space", space: space[1] as string };
  return "where it goes must be an http(s) URL, page:<ID> or space:<ID>";
}

const titleError = (title: string) => (title.length < 1 || title.length > 64 ? "a title of 1 to 64 characters is needed" : undefined);

/** One `Title | where` line as a link, or why it is none. */
function linkOf(text: string): Link | string {
  const [title = "", where = "", ...rest] = text.split("|").map((part) => part.trim());
  if (rest.length > 0 || !where) return "write it as: Title | where";
  const to = targetOf(where);
  return titleError(title) ?? (typeof to === "string" ? to : { title, to });
}

const indented = (line: string) => /^\s/.test(line);
const lines = (text: string) =>
  text
    .split("\n")
    .map((line, index) => ({ line: index + 1, text: line }))
    .filter((entry) => entry.text.trim());

export function headerText(items: HeaderItem[]): string {
  return items
    .flatMap((item) => [
      [item.title, targetText(item.to), ...(item.style ? [item.style] : [])].join(" | "),
      ...item.links.map((link) => `  ${link.title} | ${targetText(link.to)}`),
    ])
    .join("\n");
}

export function headerOf(text: string): Parsed<HeaderItem> {
  const items: HeaderItem[] = [];
  const errors: LineError[] = [];
  for (const { line, text: content } of lines(text)) {
    const parent = items[items.length - 1];
    if (indented(content)) {
      const link = linkOf(content);
      if (!parent) errors.push({ line, message: "an indented link needs a link above it" });
      else if (typeof link === "string") errors.push({ line, message: link });
      else parent.links.push(link);
      continue;
    }
    const [title = "", where = "", style = "", ...rest] = content.split("|").map((part) => part.trim());
    const to = where === "-" ? null : targetOf(where);
    const problem =
      rest.length > 0 || !where
        ? "write it as: Title | where (| style)"
        : (titleError(title) ??
          (typeof to === "string" ? to : style && !STYLES.includes(style as Style) ? `the style is one of ${STYLES.join(", ")}` : undefined));
    if (problem) errors.push({ line, message: problem });
    else items.push({ title, to: to as Ref | null, links: [], ...(style ? { style: style as Style } : {}) });
  }
  return { items, errors };
}

export function footerText(groups: FooterGroup[]): string {
  return groups.flatMap((group) => [group.title, ...group.links.map((link) => `  ${link.title} | ${targetText(link.to)}`)]).join("\n");
}

export function footerOf(text: string): Parsed<FooterGroup> {
  const items: FooterGroup[] = [];
  const errors: LineError[] = [];
  for (const { line, text: content } of lines(text)) {
    const group = items[items.length - 1];
    if (!indented(content)) {
      const title = content.trim();
      const problem = content.includes("|") ? "a group's title has no |; its links go indented under it" : titleError(title);
      if (problem) errors.push({ line, message: problem });
      else items.push({ title, links: [] });
      continue;
    }
    const link = linkOf(content);
    if (!group) errors.push({ line, message: "an indented link needs a group's title above it" });
    else if (typeof link === "string") errors.push({ line, message: link });
    else group.links.push(link);
  }
  return { items, errors };
}
