// The choices of a site's customization the admin screen offers, typed by the contract: a value the API drops or
// adds fails the app's type-check (each list is a Record over the contract's enum), so the screen offers exactly
// what the API takes. The labels are the fonts' names as readers' systems know them (the sites use installed fonts).
import type { Schemas } from "@docstack/sdk";

type Styling = Schemas["SiteCustomizationSettings"]["styling"];
export type Font = NonNullable<Styling["font"]>;
export type MonospaceFont = NonNullable<Styling["monospaceFont"]>;
export type Style = NonNullable<Styling["theme"]>;
export type Corners = NonNullable<Styling["corners"]>;
export type Mode = NonNullable<Schemas["SiteCustomizationSettings"]["themes"]["default"]>;

export const FONTS: Record<Font, string> = {
  ABCFavorit: "ABC Favorit",
  Inter: "Inter",
  Roboto: "Roboto",
  RobotoSlab: "Roboto Slab",
  OpenSans: "Open Sans",
  SourceSansPro: "Source Sans Pro",
  Lato: "Lato",
  Ubuntu: "Ubuntu",
  Raleway: "Raleway",
  Merriweather: "Merriweather",
  Overpass: "Overpass",
  NotoSans: "Noto Sans",
  IBMPlexSerif: "IBM Plex Serif",
  Poppins: "Poppins",
  FiraSans: "Fira Sans",
};
export const MONOSPACE_FONTS: Record<MonospaceFont, string> = {
  FiraCode: "Fira Code",
  IBMPlexMono: "IBM Plex Mono",
  JetBrainsMono: "JetBrains Mono",
  SourceCodePro: "Source Code Pro",
  RobotoMono: "Roboto Mono",
  SpaceMono: "Space Mono",
  DMMono: "DM Mono",
  Inconsolata: "Inconsolata",
};
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
