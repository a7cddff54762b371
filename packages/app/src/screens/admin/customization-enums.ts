// The rest of the enums of a site's customization the admin screen offers (customization-options.ts has the look's),
// each a Record over the contract's enum: a value the API drops or adds fails the app's type-check.
import type { Schemas } from "@docstack/sdk";

type Settings = Schemas["SiteCustomizationSettings"];
type Styling = Settings["styling"];
export type CodeTheme = Schemas["CustomizationCodeTheme"];
export type Locale = Schemas["CustomizationLocale"];
export type Platform = Schemas["SiteSocialAccount"]["platform"];
export type PageAction = NonNullable<Settings["pageActions"]["items"]>[number];

export const DEPTHS: Record<NonNullable<Styling["depth"]>, string> = {
  subtle: "Subtle: shadows on raised boxes",
  flat: "Flat: no shadows",
};
export const LINK_STYLES: Record<NonNullable<Styling["links"]>, string> = {
  default: "In the primary color",
  accent: "In the text color, underlined in the primary color",
};
export const ICONS: Record<NonNullable<Styling["icons"]>, string> = {
  regular: "Regular",
  solid: "Solid",
  duotone: "Duotone",
  light: "Light",
  thin: "Thin",
};
export const SIDEBAR_BACKGROUNDS: Record<NonNullable<NonNullable<Styling["sidebar"]>["background"]>, string> = {
  default: "The page's",
  filled: "Filled",
};
export const SIDEBAR_LISTS: Record<NonNullable<NonNullable<Styling["sidebar"]>["list"]>, string> = {
  default: "Bold",
  pill: "A filled pill",
  line: "A line beside it",
};
export const SEARCHES: Record<NonNullable<Styling["search"]>, string> = {
  subtle: "A small box",
  prominent: "A wide box in the middle of the header",
};
export const LOCALES: Record<Locale, string> = {
  en: "English",
  fr: "French",
  es: "Spanish",
  zh: "Chinese",
  ja: "Japanese",
  de: "German",
  nl: "Dutch",
  no: "Norwegian",
  "pt-br": "Portuguese (Brazil)",
  ru: "Russian",
};
export const ANNOUNCEMENT_STYLES: Record<Schemas["CustomizationAnnouncement"]["style"], string> = {
  info: "Information",
  warning: "Warning",
  danger: "Danger",
  success: "Success",
};
export const AI_MODES: Record<NonNullable<Settings["ai"]["mode"]>, string> = {
  none: "None",
  search: "Search",
  assistant: "Assistant",
};
export const LINK_TARGETS: Record<NonNullable<Settings["externalLinks"]["target"]>, string> = {
  self: "The same tab",
  blank: "A new tab",
};
export const PAGE_ACTIONS: Record<PageAction, string> = {
  assistant: "Ask the assistant",
  "external-ai": "Open in an AI chat",
  markdown: "View as Markdown",
  mcp: "Connect over MCP",
  git: "Edit on Git",
  pdf: "Export as PDF",
};
export const PLATFORMS: Record<Platform, string> = {
  twitter: "X (Twitter)",
  instagram: "Instagram",
  facebook: "Facebook",
  linkedin: "LinkedIn",
  github: "GitHub",
  discord: "Discord",
  slack: "Slack",
  youtube: "YouTube",
  tiktok: "TikTok",
  reddit: "Reddit",
  bluesky: "Bluesky",
  mastodon: "Mastodon",
  threads: "Threads",
  medium: "Medium",
};
// Code themes by their names (kept for compatibility: the sites highlight code in one light and one dark palette).
export const CODE_THEMES: Record<CodeTheme, string> = {
  "default-light": "default-light",
  "default-dark": "default-dark",
  "monochrome-light": "monochrome-light",
  "monochrome-dark": "monochrome-dark",
  andromeeda: "andromeeda",
  "aurora-x": "aurora-x",
  "ayu-dark": "ayu-dark",
  "catppuccin-frappe": "catppuccin-frappe",
  "catppuccin-latte": "catppuccin-latte",
  "catppuccin-macchiato": "catppuccin-macchiato",
  "catppuccin-mocha": "catppuccin-mocha",
  "dark-plus": "dark-plus",
  dracula: "dracula",
  "dracula-soft": "dracula-soft",
  "everforest-dark": "everforest-dark",
  "everforest-light": "everforest-light",
  "github-dark": "github-dark",
  "github-dark-default": "github-dark-default",
  "github-dark-dimmed": "github-dark-dimmed",
  "github-dark-high-contrast": "github-dark-high-contrast",
  "github-light": "github-light",
  "github-light-default": "github-light-default",
  "github-light-high-contrast": "github-light-high-contrast",
  "gruvbox-dark-hard": "gruvbox-dark-hard",
  "gruvbox-dark-medium": "gruvbox-dark-medium",
  "gruvbox-dark-soft": "gruvbox-dark-soft",
  "gruvbox-light-hard": "gruvbox-light-hard",
  "gruvbox-light-medium": "gruvbox-light-medium",
  "gruvbox-light-soft": "gruvbox-light-soft",
  houston: "houston",
  "kanagawa-dragon": "kanagawa-dragon",
  "kanagawa-lotus": "kanagawa-lotus",
  "kanagawa-wave": "kanagawa-wave",
  laserwave: "laserwave",
  "light-plus": "light-plus",
  "material-theme": "material-theme",
  "material-theme-darker": "material-theme-darker",
  "material-theme-lighter": "material-theme-lighter",
  "material-theme-ocean": "material-theme-ocean",
  "material-theme-palenight": "material-theme-palenight",
  "min-dark": "min-dark",
  "min-light": "min-light",
  monokai: "monokai",
  "night-owl": "night-owl",
  nord: "nord",
  "one-dark-pro": "one-dark-pro",
  "one-light": "one-light",
  plastic: "plastic",
  poimandres: "poimandres",
  red: "red",
  "rose-pine": "rose-pine",
  "rose-pine-dawn": "rose-pine-dawn",
  "rose-pine-moon": "rose-pine-moon",
  "slack-dark": "slack-dark",
  "slack-ochin": "slack-ochin",
  "snazzy-light": "snazzy-light",
  "solarized-dark": "solarized-dark",
  "solarized-light": "solarized-light",
  "synthwave-84": "synthwave-84",
  "tokyo-night": "tokyo-night",
  vesper: "vesper",
  "vitesse-black": "vitesse-black",
  "vitesse-dark": "vitesse-dark",
  "vitesse-light": "vitesse-light",
};
