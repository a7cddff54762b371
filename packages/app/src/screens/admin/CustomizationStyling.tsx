// The customization's styling beyond the look's main choices (SiteCustomization has those): a tint, the colors of
// hints, shadows, links, icons, the navigation, the search box and code's themes.

import type { Editable } from "./customization-draft";
import { CODE_THEMES, type CodeTheme, DEPTHS, ICONS, LINK_STYLES, SEARCHES, SIDEBAR_BACKGROUNDS, SIDEBAR_LISTS } from "./customization-enums";
import { Choice, OptionalColors } from "./customization-fields";

type Styling = Editable["styling"];
const HINTS = [
  ["infoColor", "Information hints' color", "#787878"],
  ["successColor", "Success hints' color", "#02a84a"],
  ["warningColor", "Warning hints' color", "#f59e0b"],
  ["dangerColor", "Danger hints' color", "#dc2626"],
] as const;
const CODE_THEME_CHOICES = [
  ["default", "light", "Code, light theme"],
  ["default", "dark", "Code, dark theme"],
  ["openapi", "light", "OpenAPI blocks, light theme"],
  ["openapi", "dark", "OpenAPI blocks, dark theme"],
] as const;

export function CustomizationStyling({ styling, change }: { styling: Styling; change: (styling: Styling) => void }) {
  const set =
    <K extends keyof Styling>(key: K) =>
    (value: Styling[K]) =>
      change({ ...styling, [key]: value });
  const sidebar = (key: "background" | "list") => (value: string | undefined) => change({ ...styling, sidebar: { ...styling.sidebar, [key]: value } });
  const code = (which: "default" | "openapi", theme: "light" | "dark") => (value: CodeTheme | undefined) =>
    change({ ...styling, codeTheme: { ...styling.codeTheme, [which]: { ...styling.codeTheme?.[which], [theme]: value } } });
  return (
    <>
      <fieldset>
        <legend>Colors of backgrounds and hints</legend>
        <OptionalColors
          id="look-tint"
          label="Tint the backgrounds"
          value={styling.tint?.color}
          fallback="#346ddb"
          onChange={(color) => change({ ...styling, tint: color ? { color } : undefined })}
        />
        {HINTS.map(([key, label, fallback]) => (
          <OptionalColors key={key} id={`look-${key}`} label={label} value={styling[key]} fallback={fallback} onChange={set(key)} />
        ))}
      </fieldset>
      <fieldset>
        <legend>Details</legend>
        <Choice id="look-depth" label="Shadows" value={styling.depth} labels={DEPTHS} onChange={set("depth")} byDefault="Default (subtle)" />
        <Choice id="look-links" label="Links" value={styling.links} labels={LINK_STYLES} onChange={set("links")} byDefault="Default (primary color)" />
        <Choice id="look-icons" label="Icons" value={styling.icons} labels={ICONS} onChange={set("icons")} byDefault="Default" />
        <Choice
          id="look-sidebar-background"
          label="Navigation's background"
          value={styling.sidebar?.background}
          labels={SIDEBAR_BACKGROUNDS}
          onChange={sidebar("background")}
          byDefault="Default"
        />
        <Choice
          id="look-sidebar-list"
          label="The current page in the navigation"
          value={styling.sidebar?.list}
          labels={SIDEBAR_LISTS}
          onChange={sidebar("list")}
          byDefault="Default (bold)"
        />
        <Choice id="look-search" label="Search box" value={styling.search} labels={SEARCHES} onChange={set("search")} byDefault="Default (small)" />
      </fieldset>
      <fieldset>
        <legend>Code themes (kept for compatibility)</legend>
        {CODE_THEME_CHOICES.map(([which, theme, label]) => (
          <Choice
            key={`${which}-${theme}`}
            id={which === "default" ? `code-${theme}` : `code-openapi-${theme}`}
            label={label}
            value={styling.codeTheme?.[which]?.[theme]}
            labels={CODE_THEMES}
            onChange={code(which, theme)}
            byDefault="Default"
          />
        ))}
      </fieldset>
    </>
  );
}
