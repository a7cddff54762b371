// How pages look: one stylesheet for every site (served at a URL naming its hash, so
// it is cached for good), and each site's customization as CSS variables in a <style>
// element whose hash the Content-Security-Policy allows (no inline style otherwise).
import { createHash } from "node:crypto";
import fs from "node:fs";
import { BLOCKS_CSS } from "./gitbook-blocks";
import type { SiteCustomization } from "./model";
import { declarations, siteFonts, sitePalette } from "./site-palette";

export { contrast, readableOn } from "./site-palette";

/** A highlight.js colour theme (its classes are what ./highlight gives Prism's tokens), without its banner comment. */
const codeTheme = (file: string) => fs.readFileSync(file, "utf8").replace(/\/\*![\s\S]*?\*\//g, "");

/** Rules for dark pages: forced (`<html class="dark">`) or following the reader's setting (no `light` class). */
const dark = (rules: string) => `:root.dark{${rules}}@media (prefers-color-scheme:dark){:root:not(.light){${rules}}}`;

const BASE_CSS = `
:root{color-scheme:light;--bg:#fff;--surface:#f6f8fa;--text:#1f2328;--muted:#57606a;--border:#d0d7de;--shadow:0 1px 3px rgb(0 0 0 / .12);--radius:8px;
--font:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
${dark("color-scheme:dark;--bg:#0d1117;--surface:#161b22;--text:#e6edf3;--muted:#9198a1;--border:#30363d;--shadow:0 1px 3px rgb(0 0 0 / .6)")}
*{box-sizing:border-box}
body{margin:0;background:var(--tinted-bg,var(--bg));color:var(--text);font:16px/1.6 var(--font)}
a{color:var(--link)}a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid var(--primary);outline-offset:2px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.skip-link{position:absolute;left:.5rem;top:-3rem;background:var(--bg);padding:.5rem 1rem;z-index:10;border:1px solid var(--border)}
.skip-link:focus{top:.5rem}
.announcement{padding:.5rem 1rem;text-align:center;border-bottom:1px solid var(--border);background:var(--surface)}
.announcement.info{border-left:4px solid var(--info)}.announcement.warning{border-left:4px solid var(--warning)}
.announcement.danger{border-left:4px solid var(--danger)}.announcement.success{border-left:4px solid var(--success)}
.site-header{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.5rem;padding:.75rem 1.5rem;border-bottom:1px solid var(--border);background:var(--header-bg,var(--bg));color:var(--header-text,var(--text))}
.site-header a{color:inherit}
.site-title{display:flex;align-items:center;gap:.5rem;font-weight:700;font-size:1.15rem;text-decoration:none}
.site-title img{height:2rem;width:auto}
.header-links{display:flex;gap:1rem;flex-wrap:wrap;list-style:none;margin:0;padding:0}
.header-links .button-primary{background:var(--primary);color:var(--on-primary);padding:.25rem .75rem;border-radius:var(--radius);text-decoration:none}
.search{margin-left:auto;display:flex;gap:.25rem}
.search input{font:inherit;padding:.35rem .6rem;border:1px solid var(--border);border-radius:var(--radius);background:var(--bg);color:var(--text);width:14rem;max-width:100%}
.search button{font:inherit;padding:.35rem .8rem;border:1px solid var(--primary);border-radius:var(--radius);background:var(--primary);color:var(--on-primary);cursor:pointer}
.search-prominent .search{margin:0 auto}.search-prominent .search input{width:28rem}
.sections{width:100%;border-bottom:1px solid var(--border);padding:0 1.5rem;background:var(--bg)}
.sections ul{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;list-style:none;margin:0;padding:0}
.sections a{display:inline-block;padding:.6rem 0;color:var(--text);text-decoration:none;border-bottom:3px solid transparent}
.sections a[aria-current]{border-bottom-color:var(--primary);font-weight:600}
.sections .group{color:var(--muted);font-size:.85rem;padding:.7rem 0}
.layout{display:grid;grid-template-columns:17rem minmax(0,1fr) 14rem;gap:2rem;max-width:90rem;margin:0 auto;padding:0 1.5rem}
.sidebar{padding:1.5rem 0;font-size:.95rem;border-right:1px solid var(--border);padding-right:1rem;background:var(--sidebar-bg,transparent)}
.sidebar ul{list-style:none;margin:0;padding:0}.sidebar ul ul{padding-left:.9rem;border-left:1px solid var(--border);margin-left:.4rem}
.sidebar a{display:block;padding:.2rem .5rem;color:var(--text);text-decoration:none;border-radius:var(--radius)}
.sidebar a:hover{background:var(--surface)}
.sidebar a[aria-current]{color:var(--link);font-weight:600}
.list-pill .sidebar a[aria-current]{background:var(--primary);color:var(--on-primary)}
.list-line .sidebar a[aria-current]{border-left:3px solid var(--primary);border-radius:0}
.sidebar details>summary{cursor:pointer;padding:.2rem .5rem;list-style-position:outside;margin-left:1rem}
.sidebar details>summary a{display:inline;padding:0}
.nav-group{margin-top:1rem;font-weight:700;font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);padding:0 .5rem}
.variants{margin-bottom:1rem}
.variants summary{cursor:pointer;border:1px solid var(--border);border-radius:var(--radius);padding:.4rem .6rem;background:var(--surface)}
.variants ul{border:1px solid var(--border);border-radius:var(--radius);margin-top:.25rem !important;padding:.25rem !important}
main{min-width:0;padding:1.5rem 0 3rem}
.breadcrumbs ol{display:flex;flex-wrap:wrap;list-style:none;margin:0 0 .5rem;padding:0;font-size:.9rem;color:var(--muted)}
.breadcrumbs li+li::before{content:"/";padding:0 .4rem}.breadcrumbs a{color:var(--muted)}
h1{font-size:2.1rem;line-height:1.25;margin:.25rem 0 .5rem}
.description{font-size:1.15rem;color:var(--muted);margin-top:0}
article h2,article h3,article h4{line-height:1.3;margin-top:2rem}
.heading-link{color:var(--muted);text-decoration:none;font-weight:400;opacity:.6}
.heading-link:hover,.heading-link:focus{opacity:1}
code{font-family:var(--mono);font-size:.9em;background:var(--surface);padding:.1em .3em;border-radius:4px}
pre.code{border:1px solid var(--border);border-radius:var(--radius);overflow-x:auto;margin:1rem 0}
pre.code code{display:block;padding:1rem;background:transparent}
pre code.hljs{padding:1rem}
table{border-collapse:collapse;display:block;overflow-x:auto;margin:1rem 0}
th,td{border:1px solid var(--border);padding:.4rem .7rem}th{background:var(--surface)}
.align-center{text-align:center}.align-right{text-align:right}
blockquote{margin:1rem 0;padding:.25rem 1rem;border-left:4px solid var(--border);color:var(--muted)}
img{max-width:100%;height:auto}
.hint{margin:1rem 0;padding:.75rem 1rem;border-radius:var(--radius);border-left:4px solid;background:var(--surface);box-shadow:var(--shadow)}
.hint>:first-child{margin-top:0}.hint>:last-child{margin-bottom:0}
.hint-info{border-color:var(--info)}.hint-success{border-color:var(--success)}.hint-warning{border-color:var(--warning)}.hint-danger{border-color:var(--danger)}
.task-list-item{list-style:none}.task-list-item input{margin:0 .4rem 0 -1.3rem}
.broken-link,.broken-image{text-decoration:underline wavy var(--danger);cursor:help}
.pager{display:flex;justify-content:space-between;gap:1rem;margin-top:3rem}
.pager a{display:block;flex:1;border:1px solid var(--border);border-radius:var(--radius);padding:.75rem 1rem;text-decoration:none;box-shadow:var(--shadow)}
.pager .next{text-align:right}.pager small{display:block;color:var(--muted)}
.toc{padding:1.5rem 0;font-size:.9rem}.toc h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);margin:0 0 .5rem}
.toc ul{list-style:none;margin:0;padding:0}.toc li.level-3{padding-left:.9rem}.toc a{color:var(--muted);text-decoration:none;display:block;padding:.15rem 0}
.toc a:hover{color:var(--link)}
.site-footer{border-top:1px solid var(--border);padding:2rem 1.5rem;color:var(--muted);font-size:.9rem;display:flex;flex-wrap:wrap;gap:2rem}
.site-footer a{color:var(--muted)}.site-footer ul{list-style:none;padding:0;margin:.25rem 0 0}
.site-footer h2{font-size:.9rem;margin:0;color:var(--text)}
.results{list-style:none;padding:0}.results>li{margin:1.25rem 0;padding-bottom:1rem;border-bottom:1px solid var(--border)}
.results .where{color:var(--muted);font-size:.85rem}.results mark{background:var(--mark);color:inherit}
.results ul{list-style:none;padding-left:1rem}
.not-found{max-width:40rem;margin:4rem auto;padding:0 1.5rem}
.flat{--shadow:none}
@media (max-width:64rem){.layout{grid-template-columns:15rem minmax(0,1fr)}.toc{display:none}}
@media (max-width:48rem){.layout{display:flex;flex-direction:column;gap:0;padding:0 1rem}.sidebar{order:2;border-right:0;border-top:1px solid var(--border)}
.search{margin-left:0;width:100%}.search input{flex:1;width:auto}.site-header{padding:.75rem 1rem}.sections{padding:0 1rem}h1{font-size:1.7rem}}
`;

// highlight.js's accessible themes, the dark one only under dark pages (nested CSS).
const CSS = `${BASE_CSS}${BLOCKS_CSS}\n${codeTheme(require.resolve("highlight.js/styles/a11y-light.min.css"))}\n${dark(codeTheme(require.resolve("highlight.js/styles/a11y-dark.min.css")))}\n.hljs{background:transparent}pre.code code.hljs{overflow:visible}`;

export const STYLESHEET = Buffer.from(CSS);
export const STYLESHEET_HASH = createHash("sha256").update(STYLESHEET).digest("hex").slice(0, 16);

/** The site's own CSS: its colors for light and dark pages, fonts and corners. */
export function siteStyle(c: SiteCustomization): string {
  return `:root{${declarations(siteFonts(c))};${declarations(sitePalette(c, "light"))}}${dark(declarations(sitePalette(c, "dark")))}`;
}

/** The class of the <html> element: `light` or `dark` when the site forces one, none to follow the reader's setting. */
export function themeClass(c: SiteCustomization): string {
  const mode = c.themes?.default ?? "system";
  return mode === "system" ? "" : mode;
}

const styleHash = (style: string) => `'sha256-${createHash("sha256").update(style).digest("base64")}'`;

/** The pages' Content-Security-Policy: no script at all, styles from the site's stylesheet and its one hashed <style>. */
export function pageCsp(inlineStyle: string): string {
  return [
    "default-src 'none'",
    "script-src 'none'",
    `style-src 'self' ${styleHash(inlineStyle)}`,
    "img-src 'self' https: data:",
    "media-src 'self' https:",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}
