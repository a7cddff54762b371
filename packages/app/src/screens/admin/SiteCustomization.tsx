// A site's look: colors, logo, favicon, fonts, style, corners and light or dark, with a live preview
// (SitePreview) as they are chosen; saved by sending back the whole customization read (the API replaces it
// whole), so the settings this form has no field for stay as they were.
import type { Schemas } from "@docstack/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { api, unwrap } from "../../api";
import { useWrite } from "../../ui/forms";
import { Loading, Problem } from "../../ui/states";
import { WriteForm } from "../../ui/WriteForm";
import { CORNERS, FONTS, type LookDraft, MODES, MONOSPACE_FONTS, optionsOf, STYLES } from "./customization-options";
import { adminKeys } from "./queries";
import { SitePreview } from "./SitePreview";

type Settings = Schemas["SiteCustomizationSettings"];
const HEX = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

function draftOf({ styling, header, favicon, themes }: Settings): LookDraft {
  return {
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
  };
}

function faviconOf(draft: LookDraft): Settings["favicon"] {
  if (draft.favicon === "emoji" && draft.emoji) return { emoji: draft.emoji };
  if (draft.favicon === "image" && draft.iconLight) return { icon: { light: draft.iconLight, dark: draft.iconDark || draft.iconLight } };
  return {};
}

/** The customization read, with the draft's settings in place of its own. */
function bodyOf(settings: Settings, next: LookDraft): Schemas["SiteCustomizationSettingsInput"] {
  const { updatedAt: _updatedAt, ...current } = settings;
  const { logo: _logo, ...header } = current.header;
  const logo = next.logoLight ? { logo: { light: next.logoLight, dark: next.logoDark || next.logoLight } } : {};
  const styling = { primaryColor: { light: next.light, dark: next.dark }, font: next.font, monospaceFont: next.monospaceFont, theme: next.style };
  return {
    ...current,
    styling: { ...current.styling, ...styling, corners: next.corners },
    header: { ...header, ...logo },
    favicon: faviconOf(next),
    themes: { ...current.themes, default: next.mode },
  } as Schemas["SiteCustomizationSettingsInput"];
}

export function SiteCustomization({ organizationId, siteId, title }: { organizationId: string; siteId: string; title: string }) {
  const path = { params: { path: { organizationId, siteId } } };
  const queries = useQueryClient();
  const settings = useQuery({
    queryKey: adminKeys.customization(organizationId, siteId),
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/sites/{siteId}/customization", path)),
  });
  const [draft, setDraft] = useState<LookDraft>();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (settings.data && !draft) setDraft(draftOf(settings.data));
  }, [settings.data, draft]);

  const save = useWrite(async () => {
    const body = bodyOf(settings.data as Settings, draft as LookDraft);
    const answer = await unwrap(api.PUT("/v1/orgs/{organizationId}/sites/{siteId}/customization", { ...path, body }));
    queries.setQueryData(adminKeys.customization(organizationId, siteId), answer);
    setSaved(true);
  });

  if (settings.isError) return <Problem error={settings.error} retry={() => settings.refetch()} />;
  if (settings.isPending || !draft) return <Loading what="the customization" />;
  const set =
    <K extends keyof LookDraft>(key: K) =>
    (event: { target: { value: string } }) => {
      setSaved(false);
      setDraft({ ...draft, [key]: event.target.value as LookDraft[K] });
    };
  const field = (key: "light" | "dark", label: string) => (
    <Labelled id={`color-${key}`} label={label}>
      <input id={`color-${key}`} type="color" value={HEX.test(draft[key]) ? expand(draft[key]) : "#346ddb"} onChange={set(key)} />
    </Labelled>
  );
  const choice = <K extends "font" | "monospaceFont" | "style" | "corners" | "mode">(key: K, label: string, labels: Record<LookDraft[K], string>) => (
    <Labelled id={`look-${key}`} label={label}>
      <select id={`look-${key}`} value={draft[key]} onChange={set(key)}>
        {optionsOf(labels).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Labelled>
  );
  return (
    <section aria-labelledby="site-customization" className="admin-section">
      <h2 id="site-customization">Look</h2>
      <SitePreview draft={draft} title={title} />
      <WriteForm
        write={save}
        submit="Save the look"
        className="stacked-form"
        extra={saved ? <p role="status">Saved: the published site shows it from its next page on.</p> : null}
      >
        <fieldset>
          <legend>Colors and logo</legend>
          {field("light", "Primary color, light theme")}
          {field("dark", "Primary color, dark theme")}
          <Labelled id="logo-light" label="Logo URL, light theme">
            <input id="logo-light" type="url" placeholder="https://example.com/logo.svg" value={draft.logoLight} onChange={set("logoLight")} />
          </Labelled>
          <Labelled id="logo-dark" label="Logo URL, dark theme (empty: the light one)">
            <input id="logo-dark" type="url" value={draft.logoDark} onChange={set("logoDark")} />
          </Labelled>
        </fieldset>
        <fieldset>
          <legend>Favicon</legend>
          <Labelled id="favicon-kind" label="The icon of browser tabs">
            <select id="favicon-kind" value={draft.favicon} onChange={set("favicon")}>
              <option value="default">Docstack's</option>
              <option value="emoji">An emoji</option>
              <option value="image">An image</option>
            </select>
          </Labelled>
          {draft.favicon === "emoji" ? (
            <Labelled id="favicon-emoji" label="Emoji">
              <input id="favicon-emoji" required maxLength={50} value={draft.emoji} onChange={set("emoji")} />
            </Labelled>
          ) : null}
          {draft.favicon === "image" ? (
            <>
              <Labelled id="favicon-light" label="Favicon URL, light theme">
                <input
                  id="favicon-light"
                  type="url"
                  required
                  placeholder="https://example.com/favicon.png"
                  value={draft.iconLight}
                  onChange={set("iconLight")}
                />
              </Labelled>
              <Labelled id="favicon-dark" label="Favicon URL, dark theme (empty: the light one)">
                <input id="favicon-dark" type="url" value={draft.iconDark} onChange={set("iconDark")} />
              </Labelled>
            </>
          ) : null}
        </fieldset>
        <fieldset>
          <legend>Fonts and style</legend>
          {choice("font", "Font of the text", FONTS)}
          {choice("monospaceFont", "Font of code", MONOSPACE_FONTS)}
          {choice("style", "Style", STYLES)}
          {choice("corners", "Corners", CORNERS)}
          {choice("mode", "Light or dark", MODES)}
        </fieldset>
      </WriteForm>
    </section>
  );
}

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {children}
    </>
  );
}

/** `#abc` as `#aabbcc` (what a color input takes). */
const expand = (color: string) => (color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join("")}` : color).toLowerCase();
