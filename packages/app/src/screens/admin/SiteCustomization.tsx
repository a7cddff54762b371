// A site's customization, every setting of the contract's: the look (colors, logo, favicon, fonts, style, corners,
// light or dark) with a live preview (SitePreview) beside the form showing the draft, then the rest of the styling
// and what surrounds the pages. Nothing is saved until "Save": the whole draft is sent (the API replaces the
// customization whole), and a failed save keeps it.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api, unwrap } from "../../api";
import { useWrite } from "../../ui/forms";
import { Loading, Problem } from "../../ui/states";
import { WriteForm } from "../../ui/WriteForm";
import { CustomizationPages } from "./CustomizationPages";
import { CustomizationStyling } from "./CustomizationStyling";
import { bodyOf, type Draft, draftOf, type Saved } from "./customization-draft";
import { Choice, Color, Labelled } from "./customization-fields";
import { CORNERS, FONTS, type LookDraft, MODES, MONOSPACE_FONTS, STYLES } from "./customization-options";
import { adminKeys } from "./queries";
import { SitePreview } from "./SitePreview";

export function SiteCustomization({ organizationId, siteId, title }: { organizationId: string; siteId: string; title: string }) {
  const path = { params: { path: { organizationId, siteId } } };
  const queries = useQueryClient();
  const settings = useQuery({
    queryKey: adminKeys.customization(organizationId, siteId),
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/sites/{siteId}/customization", path)),
  });
  const [draft, setDraft] = useState<Draft>();
  const [saved, setSaved] = useState(false);
  const [errors, setErrors] = useState<Saved["errors"]>();
  useEffect(() => {
    if (settings.data && !draft) setDraft(draftOf(settings.data));
  }, [settings.data, draft]);

  const save = useWrite(async () => {
    const next = bodyOf(draft as Draft);
    setErrors(next.errors);
    if (next.errors) throw new Error("Some links could not be read: see the lines named under their box.");
    const answer = await unwrap(api.PUT("/v1/orgs/{organizationId}/sites/{siteId}/customization", { ...path, body: next.body }));
    queries.setQueryData(adminKeys.customization(organizationId, siteId), answer);
    setSaved(true);
  });

  if (settings.isError) return <Problem error={settings.error} retry={() => settings.refetch()} />;
  if (settings.isPending || !draft) return <Loading what="the customization" />;
  const change = (next: Draft) => {
    setSaved(false);
    setDraft(next);
  };
  const look =
    <K extends keyof LookDraft>(key: K) =>
    (value: LookDraft[K] | undefined) => {
      if (value !== undefined) change({ ...draft, look: { ...draft.look, [key]: value } });
    };
  const text = (key: keyof LookDraft) => (event: { target: { value: string } }) => look(key)(event.target.value as never);
  const { look: current } = draft;
  return (
    <section aria-labelledby="site-customization" className="admin-section">
      <h2 id="site-customization">Look</h2>
      <div className="customization">
        <div className="customization-preview">
          <SitePreview
            draft={current}
            title={draft.settings.title || title}
            announcement={draft.settings.announcement?.enabled ? draft.settings.announcement.message : undefined}
          />
        </div>
        <WriteForm
          write={save}
          submit="Save the look"
          className="stacked-form"
          extra={saved ? <p role="status">Saved: the published site shows it from its next page on.</p> : null}
        >
          <fieldset>
            <legend>Colors and logo</legend>
            <Color id="color-light" label="Primary color, light theme" value={current.light} onChange={look("light")} />
            <Color id="color-dark" label="Primary color, dark theme" value={current.dark} onChange={look("dark")} />
            <Labelled id="logo-light" label="Logo URL, light theme">
              <input id="logo-light" type="url" placeholder="https://example.com/logo.svg" value={current.logoLight} onChange={text("logoLight")} />
            </Labelled>
            <Labelled id="logo-dark" label="Logo URL, dark theme (empty: the light one)">
              <input id="logo-dark" type="url" value={current.logoDark} onChange={text("logoDark")} />
            </Labelled>
          </fieldset>
          <fieldset>
            <legend>Favicon</legend>
            <Labelled id="favicon-kind" label="The icon of browser tabs">
              <select id="favicon-kind" value={current.favicon} onChange={text("favicon")}>
                <option value="default">Docstack's</option>
                <option value="emoji">An emoji</option>
                <option value="image">An image</option>
              </select>
            </Labelled>
            {current.favicon === "emoji" ? (
              <Labelled id="favicon-emoji" label="Emoji">
                <input id="favicon-emoji" required maxLength={50} value={current.emoji} onChange={text("emoji")} />
              </Labelled>
            ) : null}
            {current.favicon === "image" ? (
              <>
                <Labelled id="favicon-light" label="Favicon URL, light theme">
                  <input
                    id="favicon-light"
                    type="url"
                    required
                    placeholder="https://example.com/favicon.png"
                    value={current.iconLight}
                    onChange={text("iconLight")}
                  />
                </Labelled>
                <Labelled id="favicon-dark" label="Favicon URL, dark theme (empty: the light one)">
                  <input id="favicon-dark" type="url" value={current.iconDark} onChange={text("iconDark")} />
                </Labelled>
              </>
            ) : null}
          </fieldset>
          <fieldset>
            <legend>Fonts and style</legend>
            <Choice id="look-font" label="Font of the text" value={current.font} labels={FONTS} onChange={look("font")} />
            <Choice id="look-monospaceFont" label="Font of code" value={current.monospaceFont} labels={MONOSPACE_FONTS} onChange={look("monospaceFont")} />
            <Choice id="look-style" label="Style" value={current.style} labels={STYLES} onChange={look("style")} />
            <Choice id="look-corners" label="Corners" value={current.corners} labels={CORNERS} onChange={look("corners")} />
            <Choice id="look-mode" label="Light or dark" value={current.mode} labels={MODES} onChange={look("mode")} />
          </fieldset>
          <CustomizationStyling styling={draft.settings.styling} change={(styling) => change({ ...draft, settings: { ...draft.settings, styling } })} />
          <CustomizationPages draft={draft} change={change} errors={errors} />
        </WriteForm>
      </div>
    </section>
  );
}
