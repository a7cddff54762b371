// A space's navigation in a page's sidebar: its HTML made once per revision and site space URL, kept as the bytes
// it is sent as. A page marks itself current and opens the branches along its path by inserting a few bytes at
// places found once too, so a page of a space of thousands of pages neither copies nor encodes the navigation again
// (it was most of the large page's bytes, each render copied it once per change and encoded it once).
import { escapeHtml, type Html, html } from "./html";
import { memoized } from "./memoized";
import type { SitePage } from "./model";
import { pageUrl, readablePages } from "./routing";

/** The navigation's bytes, and where a page's marks go: the first branch and the first link of each href. */
interface NavigationBytes {
  bytes: Buffer;
  /** Where ` open` goes in the branch whose summary links to an href (after its `<details`). */
  branchAt: Map<string, number>;
  /** Where ` aria-current="page"` goes in the first link to an href (before its `>`). */
  linkAt: Map<string, number>;
}

const BRANCH = '<details><summary><a href="';
const LINK = '<a href="';
const OPEN = Buffer.from(" open");
const CURRENT = Buffer.from(' aria-current="page"');

/** Per revision's page list (immutable, shared by every page rendered from it), per site space URL. */
const navigations = memoized((_pages: readonly SitePage[]) => new Map<string, NavigationBytes>());

/**
 * The navigation of `current`'s space as byte parts, in order: the pages as links (groups as headings, a page's
 * children under it in a <details>), `current` marked and the branches along its path (`trail`) open.
 */
export function navigationParts(base: string, pages: readonly SitePage[], trail: readonly SitePage[], current: SitePage): Buffer[] {
  const { bytes, branchAt, linkAt } = navigationOf(base, pages);
  const opened = new Set<number>();
  for (const page of [...trail, current]) {
    const at = branchAt.get(navHref(base, page));
    if (at !== undefined) opened.add(at);
  }
  const inserts: [number, Buffer][] = [...opened].map((at) => [at, OPEN]);
  const link = linkAt.get(navHref(base, current));
  if (link !== undefined) inserts.push([link, CURRENT]);
  inserts.sort((a, b) => a[0] - b[0]);
  const parts: Buffer[] = [];
  let from = 0;
  for (const [at, insert] of inserts) {
    parts.push(bytes.subarray(from, at), insert);
    from = at;
  }
  parts.push(bytes.subarray(from));
  return parts;
}

const hrefOf = (base: string, page: SitePage) => (page.type === "link" ? (page.href ?? "#") : pageUrl(base, page));
/** A navigation link's href as it stands in the HTML. */
const navHref = (base: string, page: SitePage) => escapeHtml(hrefOf(base, page));

function navigationOf(base: string, pages: readonly SitePage[]): NavigationBytes {
  const byBase = navigations(pages);
  let made = byBase.get(base);
  if (!made) {
    made = withPlaces(Buffer.from(navigationHtml(base, pages)));
    byBase.set(base, made);
  }
  return made;
}

/** The places of the marks, found in one pass over the bytes (hrefs are escaped: no `"` inside one). */
function withPlaces(bytes: Buffer): NavigationBytes {
  const branchAt = new Map<string, number>();
  const linkAt = new Map<string, number>();
  for (let at = bytes.indexOf(LINK); at >= 0; at = bytes.indexOf(LINK, at + LINK.length)) {
    const hrefStart = at + LINK.length;
    const hrefEnd = bytes.indexOf('">', hrefStart);
    if (hrefEnd < 0) break;
    const href = bytes.toString("utf8", hrefStart, hrefEnd);
    if (!linkAt.has(href)) linkAt.set(href, hrefEnd + 1);
    const branch = at - (BRANCH.length - LINK.length);
    if (branch >= 0 && !branchAt.has(href) && bytes.toString("latin1", branch, at + LINK.length) === BRANCH) branchAt.set(href, branch + "<details".length);
  }
  return { bytes, branchAt, linkAt };
}

/** Groups as headings, a page's children under it in a (closed) <details>. */
function navigationHtml(base: string, pages: readonly SitePage[]): string {
  const children = new Map<string, SitePage[]>();
  for (const page of readablePages(pages)) {
    const key = page.parentId ?? "";
    const siblings = children.get(key);
    if (siblings) siblings.push(page);
    else children.set(key, [page]);
  }
  const item = (page: SitePage): Html => {
    const kids = children.get(page.id) ?? [];
    if (page.type === "group") return html`<li><div class="nav-group">${page.title}</div><ul>${kids.map(item)}</ul></li>`;
    const label = html`${page.emoji ? html`<span aria-hidden="true">${page.emoji} </span>` : ""}${page.title}`;
    const link = html`<a href="${hrefOf(base, page)}">${label}</a>`;
    return kids.length ? html`<li><details><summary>${link}</summary><ul>${kids.map(item)}</ul></details></li>` : html`<li>${link}</li>`;
  };
  return html`<ul>${(children.get("") ?? []).map(item)}</ul>`.value;
}
