// The choices of a site's customization the admin screen offers, typed by the contract: a value the API drops or
// adds fails the app's type-check (each list is a Record over the contract's enum), so the screen offers exactly
// what the API takes. The fonts' names are the published sites' own (@docstack/sites).
import type { Schemas } from "@docstack/sdk";
import type { Font, MonospaceFont } from "@docstack/sites/dist/site-fonts.js";

export { FONTS, MONOSPACE_FONTS } from "@docstack/sites/dist/site-fonts.js";

type Styling = Schemas["SiteCustomizationSettings"]["styling"];
export type Style = NonNullable<Styling["theme"]>;
export type Corners = NonNullable<Styling["corners"]>;
export type Mode = NonNullable<Schemas["SiteCustomizationSettings"]["themes"]["default"]>;

export const STYLES: Record<Style, string> = {
  clean: "Clean: light backgrounds, color on accents",
  muted: "Muted: tinted backgrounds",
  bold: "Bold: the header in the primary color",
  gradient: "Gradient: the primary color fading behind the header",
};
export const CORNERS: Record<Corners, string> = { straight: "Straight", rounded: "Rounded", circular: "Circular" };
export const MODES: Record<Mode, string> = { system: "The reader's setting", light: "Always light", dark: "Always dark" };

/** What the look form holds while it is edited (and the preview shows). */
export interface LookDraft {
  light: string;
  dark: string;
  logoLight: string;
  logoDark: string;
  favicon: "default" | "emoji" | "image";
  emoji: string;
  iconLight: string;
  iconDark: string;
  font: Font;
  monospaceFont: MonospaceFont;
  style: Style;
  corners: Corners;
  mode: Mode;
}

/** A select's options from one of the records above. */
export const optionsOf = <K extends string>(labels: Record<K, string>) => Object.entries(labels) as [K, string][];
