// A site's icon at `/favicon.ico`, which browsers ask for when a page names none: the
// site's favicon (its emoji drawn as SVG, or a redirect to its image), else Docstack's
// default, so no site answers a 404 there. Pages link it when no favicon is set.
import { escapeHtml } from "./html";
import type { SiteCustomization } from "./model";

/** Docstack's default icon: a page on a blue square. */
export const DEFAULT_FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#2f6feb"/>' +
  '<path d="M9 7h10l5 5v13H9z" fill="#fff"/><path d="M12 16h9M12 20h9" stroke="#2f6feb" stroke-width="2"/></svg>';

/** An emoji (its characters, or its code points in hexadecimal) drawn as an SVG icon. */
export function emojiSvg(emoji: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><text y=".9em" font-size="90">${escapeHtml(emojiChar(emoji))}</text></svg>`;
}

function emojiChar(emoji: string): string {
  if (!/^[0-9a-f]{4,6}(-[0-9a-f]{4,6})*$/i.test(emoji)) return emoji;
  return String.fromCodePoint(...emoji.split("-").map((hex) => Number.parseInt(hex, 16)));
}

/** What `/favicon.ico` answers: an SVG icon, or the site's image for the light theme (a redirect). */
export function faviconOf(customization: SiteCustomization): { svg: string } | { redirect: string } {
  const favicon = customization.favicon;
  if (favicon && "icon" in favicon) return { redirect: favicon.icon.light };
  if (favicon && "emoji" in favicon) return { svg: emojiSvg(favicon.emoji) };
  return { svg: DEFAULT_FAVICON };
}
