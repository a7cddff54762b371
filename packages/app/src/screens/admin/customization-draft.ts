// What the customization form holds while it is edited (the preview shows it, nothing is saved until "Save"), and
// the body it is saved as: the whole customization read (the API replaces it whole), with the draft's settings in
// place of its own. Empty text fields are left out (their default), and links typed as lines are read here.
import type { Schemas } from "@docstack/sdk";
import { type FooterGroup, footerOf, footerText, type HeaderItem, headerOf, headerText, type LineError } from "./customization-links";
import type { LookDraft } from "./customization-options";

export type Settings = Schemas["SiteCustomizationSettings"];
export type Editable = Omit<Settings, "updatedAt">;
type Body = Schemas["SiteCustomizationSettingsInput"];

export interface Draft {
  look: LookDraft;
  /** Every other setting, as read and then edited. */
  settings: Editable;
  /** The header's and footer's links, one a line (customization-links.ts). */
  headerLinks: string;
  footerLinks: string;
  /** The assistant's suggestions, one a line. */
  suggestions: string;
}

export function draftOf(read: Settings): Draft {
  const { updatedAt: _updatedAt, ...settings } = read;
  const { styling, header, favicon, themes } = settings;
  return {
    look: {
      light: styling.primaryColor?.light ?? "#346ddb",
      dark: styling.primaryColor?.dark ?? "#346ddb",
      logoLight: header.logo?.light ?? "",
      logoDark: header.logo?.dark ?? "",
      favicon: "emoji" in favicon ? "emoji" : "icon" in favicon ? "image" : "default",
      emoji: "emoji" in favicon ? favicon.emoji : "",
      iconLight: "icon" in favicon ? favicon.icon.light : "",
      iconDark: "icon" in favicon ? favicon.icon.dark : "",
      font: styling.font ?? "Inter",
      monospaceFont: styling.monospaceFont ?? "IBMPlexMono",
      style: styling.theme ?? "clean",
      corners: styling.corners ?? "rounded",
      mode: themes.default ?? "system",
    },
    settings,
    headerLinks: headerText((header.links ?? []) as HeaderItem[]),
    footerLinks: footerText((settings.footer.groups ?? []) as FooterGroup[]),
    suggestions: (settings.ai.suggestions ?? []).join("\n"),
  };
}

function faviconOf(look: LookDraft): Settings["favicon"] {
  if (look.favicon === "emoji" && look.emoji) return { emoji: look.emoji };
  if (look.favicon === "image" && look.iconLight) return { icon: { light: look.iconLight, dark: look.iconDark || look.iconLight } };
  return {};
}

/** An object without its empty-string, null and undefined properties (a text field left empty: its default). */
const filled = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== "" && v !== undefined && v !== null)) as T;

/** A code theme with one of its halves chosen: the other one the default's. */
function codeThemeOf(theme: { light?: string; dark?: string } | undefined) {
  if (!theme?.light && !theme?.dark) return undefined;
  return { light: theme.light || "default-light", dark: theme.dark || "default-dark" };
}

export type Saved = { body: Body; errors?: undefined } | { body?: undefined; errors: { header: LineError[]; footer: LineError[] } };

export function bodyOf(draft: Draft): Saved {
  const { look, settings } = draft;
  const header = headerOf(draft.headerLinks);
  const footer = footerOf(draft.footerLinks);
  if (header.errors.length || footer.errors.length) return { errors: { header: header.errors, footer: footer.errors } };
  const { styling, ai, announcement, title, privacyPolicy, socialPreview } = settings;
  const { codeTheme, ...rest } = styling;
  const codeThemes = filled({ default: codeThemeOf(codeTheme?.default), openapi: codeThemeOf(codeTheme?.openapi) });
  const logo = look.logoLight ? { logo: { light: look.logoLight, dark: look.logoDark || look.logoLight } } : {};
  const suggestions = draft.suggestions
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const body = {
    ...settings,
    ...(title ? { title } : { title: undefined }),
    styling: {
      ...filled(rest),
      primaryColor: { light: look.light, dark: look.dark },
      font: look.font,
      monospaceFont: look.monospaceFont,
      theme: look.style,
      corners: look.corners,
      ...(Object.keys(codeThemes).length ? { codeTheme: codeThemes } : {}),
    },
    header: { ...filled({ ...settings.header, logo: undefined }), ...logo, links: header.items },
    footer: filled({ ...settings.footer, groups: footer.items }),
    favicon: faviconOf(look),
    themes: { ...settings.themes, default: look.mode },
    ai: filled({ ...ai, suggestions }),
    // An announcement neither shown nor written is left out (it needs a message).
    announcement: announcement && (announcement.enabled || announcement.message) ? filled(announcement) : undefined,
    privacyPolicy: filled(privacyPolicy),
    socialPreview: filled(socialPreview),
  };
  return { body: JSON.parse(JSON.stringify(body)) as Body };
}
