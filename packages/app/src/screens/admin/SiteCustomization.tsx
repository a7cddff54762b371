// A site's colors and logo, with a preview of its header in both themes as they are typed; saved by sending
// back the whole customization read (the API replaces it whole), so the settings this form has no field for stay.
import type { Schemas } from "@docstack/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api, unwrap } from "../../api";
import { useWrite, WriteError } from "../../ui/forms";
import { Loading, Problem } from "../../ui/states";
import { adminKeys } from "./queries";

type Settings = Schemas["SiteCustomizationSettings"];
const HEX = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

interface Draft {
  light: string;
  dark: string;
  logoLight: string;
  logoDark: string;
}

const draftOf = (settings: Settings): Draft => ({
  light: settings.styling.primaryColor?.light ?? "#346ddb",
  dark: settings.styling.primaryColor?.dark ?? "#346ddb",
  logoLight: settings.header.logo?.light ?? "",
  logoDark: settings.header.logo?.dark ?? "",
});

export function SiteCustomization({ organizationId, siteId, title }: { organizationId: string; siteId: string; title: string }) {
  const path = { params: { path: { organizationId, siteId } } };
  const queries = useQueryClient();
  const settings = useQuery({
    queryKey: adminKeys.customization(organizationId, siteId),
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/sites/{siteId}/customization", path)),
  });
  const [draft, setDraft] = useState<Draft>();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (settings.data && !draft) setDraft(draftOf(settings.data));
  }, [settings.data, draft]);

  const save = useWrite(async (next: Draft) => {
    const { updatedAt: _updatedAt, ...current } = settings.data as Settings;
    const { logo: _logo, ...header } = current.header;
    const logo = next.logoLight ? { logo: { light: next.logoLight, dark: next.logoDark || next.logoLight } } : {};
    const body = {
      ...current,
      styling: { ...current.styling, primaryColor: { light: next.light, dark: next.dark } },
      header: { ...header, ...logo },
    } as Schemas["SiteCustomizationSettingsInput"];
    const answer = await unwrap(api.PUT("/v1/orgs/{organizationId}/sites/{siteId}/customization", { ...path, body }));
    queries.setQueryData(adminKeys.customization(organizationId, siteId), answer);
    setSaved(true);
  });

  if (settings.isError) return <Problem error={settings.error} retry={() => settings.refetch()} />;
  if (settings.isPending || !draft) return <Loading what="the customization" />;
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => {
    setSaved(false);
    setDraft({ ...draft, [key]: event.target.value });
  };
  return (
    <section aria-labelledby="site-customization" className="admin-section">
      <h2 id="site-customization">Colors and logo</h2>
      <form
        className="stacked-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save.run(draft);
        }}
      >
        <label htmlFor="color-light">Primary color, light theme</label>
        <input id="color-light" type="color" value={HEX.test(draft.light) ? expand(draft.light) : "#346ddb"} onChange={set("light")} />
        <label htmlFor="color-dark">Primary color, dark theme</label>
        <input id="color-dark" type="color" value={HEX.test(draft.dark) ? expand(draft.dark) : "#346ddb"} onChange={set("dark")} />
        <label htmlFor="logo-light">Logo URL, light theme</label>
        <input id="logo-light" type="url" placeholder="https://example.com/logo.svg" value={draft.logoLight} onChange={set("logoLight")} />
        <label htmlFor="logo-dark">Logo URL, dark theme (empty: the light one)</label>
        <input id="logo-dark" type="url" value={draft.logoDark} onChange={set("logoDark")} />
        <button type="submit" disabled={save.busy}>
          Save colors and logo
        </button>
        <WriteError write={save} />
        {saved ? <p role="status">Saved: the published site shows it from its next page on.</p> : null}
      </form>
      <div className="preview" aria-label="Preview of the site's header" role="img">
        <PreviewHeader theme="light" color={draft.light} logo={draft.logoLight} title={title} />
        <PreviewHeader theme="dark" color={draft.dark} logo={draft.logoDark || draft.logoLight} title={title} />
      </div>
    </section>
  );
}

/** `#abc` as `#aabbcc` (what a color input takes). */
const expand = (color: string) => (color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join("")}` : color).toLowerCase();

function PreviewHeader({ theme, color, logo, title }: { theme: "light" | "dark"; color: string; logo: string; title: string }) {
  return (
    <div className={`preview-header ${theme}`}>
      {logo ? <img src={logo} alt="" height={24} /> : <strong>{title}</strong>}
      <span className="preview-link" style={{ borderBottomColor: color }}>
        A link
      </span>
      <span className="preview-button" style={{ background: color }} />
    </div>
  );
}
