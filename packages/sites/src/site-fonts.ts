// The fonts a site's customization names (the contract's enums), as readers' systems know them: the published site
// asks for the installed font by this name, and the app's customization screen lists the same names.
import type { Schemas } from "@docstack/contract";

type Styling = Schemas["SiteCustomizationSettings"]["styling"];
export type Font = NonNullable<Styling["font"]>;
export type MonospaceFont = NonNullable<Styling["monospaceFont"]>;

/** Every font of the contract's enum: one it adds or drops fails the type-check here. */
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
