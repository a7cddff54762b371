// The frame of every HTML page of a site: head, header (title, section tabs, search),
// navigation, footer. Landmarks and labels make it usable with a keyboard and a screen
// reader; it reads fully without JavaScript (there is none).
import { emojiSvg } from "./favicon";
import { type Html, html, raw } from "./html";
import { memoized } from "./memoized";
import type { PublishedSite, SiteCustomization, SiteSection, SiteVariant } from "./model";
import { defaultVariant, variantPath } from "./routing";
import { pageCsp, STYLESHEET_HASH, siteStyle, themeClass } from "./theme";

/** A link of the header or footer, resolved: undefined `href` shows it as text. */
export interface ResolvedLink {
  title: string;
  href: string | undefined;
  style?: string | undefined;
  links?: ResolvedLink[];
}

export interface Chrome {
  site: PublishedSite;
  basePath: string;
  /** The section shown (its tab is current). */
  section?: SiteSection | undefined;
  headerLinks: ResolvedLink[];
  footerGroups: { title: string; links: ResolvedLink[] }[];
  announcementLink?: string | undefined;
}

export interface ShellInput {
  chrome: Chrome;
  title: string;
  description?: string | undefined;
  canonical?: string | undefined;
  noIndex: boolean;
  markdownUrl?: string | undefined;
  sidebar?: Html | undefined;
  toc?: Html | undefined;
  main: Html;
}

/** The CSS of a site's customization, which the CSP allows by its hash. */
/** A site's inline style and its page CSP, made once per customization (a site's snapshot keeps it), not per page. */
const styledOf = memoized((customization: SiteCustomization) => {
  const style = siteStyle(customization);
  return { style, csp: pageCsp(style) };
});

export const inlineStyleOf = (site: PublishedSite) => styledOf(site.customization).style;
/** The Content-Security-Policy of the site's pages (its one inline style hashed in). */
export const pageCspOf = (site: PublishedSite) => styledOf(site.customization).csp;

export const assetsPath = (basePath: string) => `${basePath}/~docstack/site.${STYLESHEET_HASH}.css`;

export function shell(input: ShellInput): string {
  const { chrome } = input;
  const { site } = chrome;
  const c = site.customization;
  const siteTitle = c.title ?? site.title;
  const styling = c.styling;
  const classes = [
    themeClass(c),
    styling?.search === "prominent" ? "search-prominent" : "",
    `list-${styling?.sidebar?.list ?? "default"}`,
    styling?.depth === "flat" ? "flat" : "",
  ]
    .filter(Boolean)
    .join(" ");
  const pageTitle = input.title === siteTitle ? siteTitle : `${input.title} | ${siteTitle}`;
  const favicon = c.favicon && "icon" in c.favicon ? c.favicon.icon : undefined;
  const emoji = c.favicon && "emoji" in c.favicon ? c.favicon.emoji : undefined;
  return html`<!doctype html>
<html lang="${c.internationalization?.locale ?? "en"}"${classes ? raw(` class="${classes}"`) : ""}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${pageTitle}</title>
${input.description ? html`<meta name="description" content="${input.description}">` : ""}
${input.noIndex ? raw('<meta name="robots" content="noindex">') : ""}
${input.canonical ? html`<link rel="canonical" href="${input.canonical}">` : ""}
${input.markdownUrl ? html`<link rel="alternate" type="text/markdown" href="${input.markdownUrl}">` : ""}
<meta property="og:title" content="${input.title}">
<meta property="og:site_name" content="${siteTitle}">
${c.socialPreview?.url ? html`<meta property="og:image" content="${c.socialPreview.url}">` : ""}
${favicon ? html`<link rel="icon" href="${favicon.light}" media="(prefers-color-scheme: light)"><link rel="icon" href="${favicon.dark}" media="(prefers-color-scheme: dark)">` : ""}
${emoji ? html`<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(emojiSvg(emoji))}">` : ""}
${favicon || emoji ? "" : html`<link rel="icon" href="${chrome.basePath}/favicon.ico" type="image/svg+xml">`}
<link rel="stylesheet" href="${assetsPath(chrome.basePath)}">
<style>${raw(inlineStyleOf(site))}</style>
</head>
<body>
<a class="skip-link" href="#content">Skip to content</a>
${input.sidebar ? raw('<a class="skip-link" href="#navigation">Skip to navigation</a>') : ""}
${announcement(chrome)}
${header(chrome, siteTitle)}
${input.sidebar || input.toc ? html`<div class="layout">${input.sidebar ?? ""}<main id="content">${input.main}</main>${input.toc ?? raw("<div></div>")}</div>` : html`<main id="content" class="not-found">${input.main}</main>`}
${footer(chrome)}
</body>
</html>
`.value;
}

/** An emoji given as its character or its code point in hexadecimal (`1f389`). */
function announcement(chrome: Chrome): Html | string {
  const a = chrome.site.customization.announcement;
  if (!a?.enabled) return "";
  const text = chrome.announcementLink ? html`<a href="${chrome.announcementLink}">${a.message}</a>` : html`${a.message}`;
  return html`<aside class="announcement ${a.style}" aria-label="Announcement">${text}</aside>`;
}

export const siteRoot = (basePath: string) => `${basePath}/`;

function header(chrome: Chrome, siteTitle: string): Html {
  const { site, basePath } = chrome;
  const logo = site.customization.header?.logo;
  const brand = logo ? html`<img src="${logo.light}" alt="${siteTitle}">` : html`<span>${siteTitle}</span>`;
  return html`<header class="site-header">
<a class="site-title" href="${siteRoot(basePath)}">${brand}</a>
${chrome.headerLinks.length ? html`<nav aria-label="Site links"><ul class="header-links">${chrome.headerLinks.map(headerLink)}</ul></nav>` : ""}
<form class="search" role="search" action="${basePath}/~search" method="get">
<label class="visually-hidden" for="search-input">Search the docs</label>
<input id="search-input" type="search" name="q" placeholder="Search…" autocomplete="off">
<button type="submit">Search</button>
</form>
</header>
${site.hasSections && site.sections.length > 1 ? sectionTabs(chrome) : ""}`;
}

function headerLink(link: ResolvedLink): Html {
  const own = link.href ? html`<a href="${link.href}" class="${link.style ?? "link"}">${link.title}</a>` : html`<span>${link.title}</span>`;
  if (!link.links?.length) return html`<li>${own}</li>`;
  return html`<li><details><summary>${link.title}</summary><ul>${link.links.map((child) => html`<li>${child.href ? html`<a href="${child.href}">${child.title}</a>` : child.title}</li>`)}</ul></details></li>`;
}

function sectionTabs(chrome: Chrome): Html {
  const { site, basePath } = chrome;
  let group: string | undefined;
  const items = site.sections.map((section) => {
    const heading = section.group && section.group !== group ? html`<li class="group" aria-hidden="true">${section.group}</li>` : "";
    group = section.group;
    const href = `${basePath}${variantPath(site, section, defaultVariant(section))}/`;
    const current = section.id === chrome.section?.id ? raw(' aria-current="true"') : "";
    return html`${heading}<li><a href="${href}"${current}>${section.title}</a></li>`;
  });
  return html`<nav class="sections" aria-label="Sections"><ul>${items}</ul></nav>`;
}

/** The switcher of a section's site spaces (variants), as links: it works without JavaScript. */
export function variantSwitcher(chrome: Chrome, section: SiteSection, current: SiteVariant): Html | string {
  if (section.variants.length < 2) return "";
  const links = section.variants.map((variant) => {
    const href = `${chrome.basePath}${variantPath(chrome.site, section, variant)}/`;
    return html`<li><a href="${href}"${variant.id === current.id ? raw(' aria-current="true"') : ""}>${variant.title}</a></li>`;
  });
  return html`<details class="variants"><summary><span class="visually-hidden">Version: </span>${current.title}</summary><ul>${links}</ul></details>`;
}

function footer(chrome: Chrome): Html {
  const c = chrome.site.customization;
  const groups = chrome.footerGroups.map(
    (group) =>
      html`<section><h2>${group.title}</h2><ul>${group.links.map((link) => html`<li>${link.href ? html`<a href="${link.href}">${link.title}</a>` : link.title}</li>`)}</ul></section>`,
  );
  const privacy = c.privacyPolicy?.url ? html`<a href="${c.privacyPolicy.url}">Privacy policy</a>` : "";
  const trademark = c.trademark?.enabled !== false ? html`<span>Published with Docstack</span>` : "";
  return html`<footer class="site-footer">${groups}<div>${c.footer?.copyright ? html`<p>${c.footer.copyright}</p>` : ""}${privacy} ${trademark}</div></footer>`;
}
