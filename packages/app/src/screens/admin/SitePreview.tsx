// The live preview of a site's look as it is being edited, before it is saved: a browser tab (its favicon and
// title) over the announcement and the site's header, a paragraph and a line of code, in the light and the dark
// theme, with the colors, logo, fonts, corners and style chosen. A picture (`role="img"`), named for screen readers.
import type { CSSProperties } from "react";
import { type CORNERS, FONTS, type LookDraft, MONOSPACE_FONTS } from "./customization-options";

const RADIUS: Record<keyof typeof CORNERS, string> = { straight: "0", rounded: "0.4rem", circular: "999px" };

export function SitePreview({ draft, title, announcement }: { draft: LookDraft; title: string; announcement?: string }) {
  const themes = draft.mode === "system" ? (["light", "dark"] as const) : ([draft.mode] as const);
  return (
    <div className="preview" aria-label={`Preview of the site: ${describe(draft)}`} role="img">
      {themes.map((theme) => (
        <PreviewPage key={theme} theme={theme} draft={draft} title={title} announcement={announcement} />
      ))}
    </div>
  );
}

const describe = (draft: LookDraft) =>
  `${FONTS[draft.font]} text, ${MONOSPACE_FONTS[draft.monospaceFont]} code, ${draft.style} style, ${draft.corners} corners` +
  (draft.favicon === "emoji" && draft.emoji ? `, favicon ${draft.emoji}` : "");

function PreviewPage({ theme, draft, title, announcement }: { theme: "light" | "dark"; draft: LookDraft; title: string; announcement?: string }) {
  const color = theme === "light" ? draft.light : draft.dark;
  const logo = theme === "light" ? draft.logoLight : draft.logoDark || draft.logoLight;
  const icon = theme === "light" ? draft.iconLight : draft.iconDark || draft.iconLight;
  const header: CSSProperties =
    draft.style === "bold"
      ? { background: color, color: "#fff" }
      : draft.style === "gradient"
        ? { backgroundImage: `linear-gradient(${color}55, transparent)` }
        : draft.style === "muted"
          ? { background: `${color}1a` }
          : {};
  return (
    <div className={`preview-page ${theme}`} style={{ fontFamily: `"${FONTS[draft.font]}", system-ui, sans-serif` }}>
      <div className="preview-tab">
        {draft.favicon === "emoji" && draft.emoji ? <span>{draft.emoji}</span> : null}
        {draft.favicon === "image" && icon ? <img src={icon} alt="" width={14} height={14} /> : null}
        <span>{title}</span>
      </div>
      {announcement ? <div className="preview-announcement">{announcement}</div> : null}
      <div className="preview-header" style={header}>
        {logo ? <img src={logo} alt="" height={24} /> : <strong>{title}</strong>}
        <span className="preview-link" style={{ borderBottomColor: color }}>
          A link
        </span>
        <span className="preview-button" style={{ background: color, borderRadius: RADIUS[draft.corners] }} />
      </div>
      <p className="preview-text">
        Readers see the pages in this font, and code as{" "}
        <code style={{ fontFamily: `"${MONOSPACE_FONTS[draft.monospaceFont]}", ui-monospace, monospace`, borderRadius: RADIUS[draft.corners] }}>npm start</code>
      </p>
    </div>
  );
}
