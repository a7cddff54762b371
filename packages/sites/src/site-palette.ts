// A site's customization as CSS custom properties (its colors, fonts and corners). No Node imports: the published
// site writes them into its <style> (./theme), and the app applies them to a change request's preview, so that the
// preview wears the site's look.
import type { SiteCustomization } from "./model";
import { FONTS, MONOSPACE_FONTS } from "./site-fonts";

type ThemedColor = { light: string; dark: string };

const NAMES: Record<string, string> = { ...FONTS, ...MONOSPACE_FONTS };
const family = (name: string | undefined) => (name ? `"${NAMES[name] ?? name}",` : "");

/** #rgb or #rrggbb as [r, g, b] in 0..255. */
function rgb(color: string): [number, number, number] {
  const hex = color.slice(1);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}
const toHex = ([r, g, b]: number[]) => `#${[r, g, b].map((v) => Math.round(v!).toString(16).padStart(2, "0")).join("")}`;

function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/**
 * The color, moved toward black (on a light background) or white (on a dark one) until
 * its text reaches WCAG's 4.5:1 on that background: a brand color never makes links
 * unreadable.
 */
export function readableOn(color: string, background: string): string {
  const target = luminance(background) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  const start = rgb(color);
  for (let step = 0; step <= 20; step++) {
    const mixed = toHex(start.map((v, i) => v + ((target[i]! - v) * step) / 20));
    if (contrast(mixed, background) >= 4.5) return mixed;
  }
  return toHex(target);
}

const onColor = (color: string) => (contrast(color, "#ffffff") >= contrast(color, "#000000") ? "#ffffff" : "#000000");

/** The site's colors for light or dark pages, as CSS custom properties. */
export function sitePalette(c: SiteCustomization, mode: "light" | "dark"): Record<string, string> {
  const s = c.styling;
  const bg = mode === "light" ? "#ffffff" : "#0d1117";
  const pick = (color: ThemedColor | undefined, fallback: string) => color?.[mode] ?? fallback;
  const primary = pick(s?.primaryColor, "#346ddb");
  const tint = s?.tint?.color[mode];
  const link = readableOn(s?.links === "accent" ? (mode === "light" ? "#1f2328" : "#e6edf3") : primary, tint ?? bg);
  const vars: Record<string, string> = {
    "--primary": primary,
    "--on-primary": onColor(primary),
    "--link": link,
    "--info": pick(s?.infoColor, "#787878"),
    "--success": pick(s?.successColor, "#02a84a"),
    "--warning": pick(s?.warningColor, "#f59e0b"),
    "--danger": pick(s?.dangerColor, "#dc2626"),
    "--mark": mode === "light" ? "#fff3a3" : "#5c4b00",
  };
  if (tint) vars["--tinted-bg"] = tint;
  if (s?.theme === "muted" || s?.sidebar?.background === "filled") vars["--sidebar-bg"] = "var(--surface)";
  if (s?.theme === "bold") Object.assign(vars, { "--header-bg": primary, "--header-text": onColor(primary) });
  if (s?.theme === "gradient")
    Object.assign(vars, { "--header-bg": `linear-gradient(90deg, ${primary}, ${mode === "light" ? "#ffffff" : "#0d1117"})`, "--header-text": "var(--text)" });
  return vars;
}

/** The site's fonts and corners, as CSS custom properties. */
export function siteFonts(c: SiteCustomization): Record<string, string> {
  const s = c.styling;
  return {
    "--font": `${family(s?.font)}system-ui,-apple-system,"Segoe UI",Roboto,sans-serif`,
    "--mono": `${family(s?.monospaceFont)}ui-monospace,Menlo,Consolas,monospace`,
    "--radius": { straight: "0", rounded: "8px", circular: "16px" }[s?.corners ?? "rounded"],
  };
}

/** Custom properties as CSS declarations. */
export const declarations = (properties: Record<string, string>) =>
  Object.entries(properties)
    .map(([name, value]) => `${name}:${value}`)
    .join(";");
