// A site's customization: what was set with PUT, over the defaults. Stored as sent (a
// full replacement each time); every read fills what was left out with its default, at
// every depth, so readers and the renderer always get a complete object.
import type { Schemas } from "@docstack/contract";
import type { Prisma, Site } from "../../generated/prisma/client";

type Settings = Schemas["SiteCustomizationSettings"];
type Input = Schemas["SiteCustomizationSettingsInput"];

const both = (color: string) => ({ light: color, dark: color });
const codeTheme = { light: "default-light", dark: "default-dark" } as const;

export const DEFAULT_CUSTOMIZATION: Settings = {
  styling: {
    theme: "clean",
    primaryColor: both("#346ddb"),
    infoColor: both("#787878"),
    successColor: both("#02a84a"),
    warningColor: both("#f59e0b"),
    dangerColor: both("#dc2626"),
    corners: "rounded",
    depth: "subtle",
    links: "default",
    font: "Inter",
    monospaceFont: "IBMPlexMono",
    codeTheme: { default: codeTheme, openapi: codeTheme },
    background: "plain",
    icons: "regular",
    sidebar: { background: "default", list: "default" },
    search: "subtle",
  },
  internationalization: { locale: "en" },
  favicon: {},
  header: { preset: "default", links: [] },
  footer: { groups: [] },
  themes: { default: "system", toggeable: false },
  feedback: { enabled: false },
  ai: { mode: "none" },
  advancedCustomization: { enabled: false },
  trademark: { enabled: true },
  externalLinks: { target: "self" },
  pagination: { enabled: true },
  pageActions: { items: ["markdown"] },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: false },
};

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** `given` over `defaults`, object by object; arrays, scalars and `favicon` (one of several shapes) replace. */
function over(defaults: unknown, given: unknown, key = ""): unknown {
  if (given === undefined) return defaults;
  if (key === "favicon" || !isObject(defaults) || !isObject(given)) return given;
  const merged: Record<string, unknown> = { ...defaults };
  for (const [name, value] of Object.entries(given)) merged[name] = over(defaults[name], value, name);
  return merged;
}

/** The customization in force for a site: what was set, over the defaults. */
export function customizationOf(site: Pick<Site, "customization" | "customizationUpdatedAt">): Settings {
  const stored = isObject(site.customization) ? site.customization : {};
  const settings = over(DEFAULT_CUSTOMIZATION, stored) as Settings;
  return site.customizationUpdatedAt ? { ...settings, updatedAt: site.customizationUpdatedAt.toISOString() } : settings;
}

/** What PUT stores: the input as sent (defaults are applied on read, so they can change with Docstack). */
export const storedCustomization = (input: Input) => input as Prisma.InputJsonValue;
