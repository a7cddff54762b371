// The customization of what surrounds the pages: the site's title and language, an announcement, the header's and
// footer's links, the footer, social accounts, what pages end with and offer, and settings kept for compatibility.
import type { Schemas } from "@docstack/sdk";
import { useState } from "react";
import type { Draft, Editable } from "./customization-draft";
import { AI_MODES, ANNOUNCEMENT_STYLES, LINK_TARGETS, LOCALES, PAGE_ACTIONS, type PageAction } from "./customization-enums";
import { Choice, Labelled, Text, Toggle } from "./customization-fields";
import type { LineError } from "./customization-links";
import { targetOf, targetText } from "./customization-links";
import { optionsOf } from "./customization-options";
import { SocialAccounts } from "./SocialAccounts";

type Announcement = Schemas["CustomizationAnnouncement"];
const NO_ANNOUNCEMENT: Announcement = { enabled: false, message: "", style: "info" };

export function CustomizationPages({
  draft,
  change,
  errors,
}: {
  draft: Draft;
  change: (draft: Draft) => void;
  errors: { header: LineError[]; footer: LineError[] } | undefined;
}) {
  const { settings } = draft;
  const set =
    <K extends keyof Editable>(key: K) =>
    (value: Editable[K]) =>
      change({ ...draft, settings: { ...settings, [key]: value } });
  const announcement = settings.announcement ?? NO_ANNOUNCEMENT;
  const announce = (next: Partial<Announcement>) => set("announcement")({ ...announcement, ...next });
  const footerLogo = settings.footer.logo;
  const actions = settings.pageActions.items ?? [];
  return (
    <>
      <fieldset>
        <legend>Title and language</legend>
        <Text id="site-title" label="Title in the header and tabs (empty: the site's)" value={settings.title} onChange={set("title")} maxLength={50} />
        <Choice
          id="site-locale"
          label="Language of the site's own labels"
          value={settings.internationalization.locale}
          labels={LOCALES}
          onChange={(locale) => set("internationalization")({ locale })}
          byDefault="Default (English)"
        />
        <Toggle
          id="site-theme-toggle"
          label="Readers may switch between light and dark (kept for compatibility)"
          checked={!!settings.themes.toggeable}
          onChange={(toggeable) => set("themes")({ ...settings.themes, toggeable })}
        />
      </fieldset>
      <fieldset>
        <legend>Announcement</legend>
        <Toggle id="announcement-on" label="Show a banner above every page" checked={announcement.enabled} onChange={(enabled) => announce({ enabled })} />
        <Text
          id="announcement-message"
          label="Banner's message"
          value={announcement.message}
          onChange={(message) => announce({ message })}
          minLength={2}
          maxLength={128}
          required={announcement.enabled}
        />
        <Choice
          id="announcement-style"
          label="Banner's style"
          value={announcement.style}
          labels={ANNOUNCEMENT_STYLES}
          onChange={(style) => announce({ style: style ?? "info" })}
        />
        <Text
          id="announcement-link-title"
          label="Banner's link: its text (empty: no link)"
          value={announcement.link?.title}
          maxLength={64}
          onChange={(title) => {
            const to = announcement.link?.to ?? { kind: "url" as const, url: "https://example.com" };
            announce({ link: title ? { title, to } : undefined });
          }}
        />
        {announcement.link ? (
          <LinkTarget value={announcement.link.to} onChange={(to) => announcement.link && announce({ link: { ...announcement.link, to } })} />
        ) : null}
      </fieldset>
      <fieldset>
        <legend>Header and footer links</legend>
        <LinkLines
          id="header-links"
          label="Header links, one a line: Title | URL, page:<ID> or space:<ID> (| button-primary); a menu's links indented under it"
          value={draft.headerLinks}
          errors={errors?.header}
          onChange={(headerLinks) => change({ ...draft, headerLinks })}
        />
        <LinkLines
          id="footer-links"
          label="Footer links: a group's title on a line, its links (Title | where) indented under it"
          value={draft.footerLinks}
          errors={errors?.footer}
          onChange={(footerLinks) => change({ ...draft, footerLinks })}
        />
        <Text
          id="footer-copyright"
          label="Footer's copyright line"
          value={settings.footer.copyright}
          maxLength={512}
          onChange={(copyright) => set("footer")({ ...settings.footer, copyright })}
        />
        <Text
          id="footer-logo-light"
          label="Image in the footer, light theme (empty: none)"
          type="url"
          value={footerLogo?.light}
          onChange={(light) => set("footer")({ ...settings.footer, logo: light ? { light, dark: footerLogo?.dark || light } : undefined })}
        />
        {footerLogo ? (
          <Text
            id="footer-logo-dark"
            label="Image in the footer, dark theme"
            type="url"
            required
            value={footerLogo.dark}
            onChange={(dark) => set("footer")({ ...settings.footer, logo: { ...footerLogo, dark } })}
          />
        ) : null}
        <Text
          id="privacy-policy"
          label="Privacy policy URL (empty: none)"
          type="url"
          value={settings.privacyPolicy.url}
          onChange={(url) => set("privacyPolicy")({ url })}
        />
        <Text
          id="social-preview"
          label="Image of link previews, URL (empty: none)"
          type="url"
          value={settings.socialPreview.url}
          onChange={(url) => set("socialPreview")({ url })}
        />
      </fieldset>
      <SocialAccounts accounts={settings.socialAccounts} change={set("socialAccounts")} />
      <fieldset>
        <legend>Pages</legend>
        <Toggle
          id="site-pagination"
          label="End pages with links to the previous and next"
          checked={settings.pagination.enabled !== false}
          onChange={(enabled) => set("pagination")({ enabled })}
        />
        <Toggle
          id="site-feedback"
          label="Ask readers for feedback"
          checked={!!settings.feedback.enabled}
          onChange={(enabled) => set("feedback")({ enabled })}
        />
        <Toggle
          id="site-trademark"
          label={'Say "Published with Docstack" in the footer'}
          checked={settings.trademark.enabled !== false}
          onChange={(enabled) => set("trademark")({ enabled })}
        />
        <Choice
          id="external-links"
          label="Links to other sites open in"
          value={settings.externalLinks.target}
          labels={LINK_TARGETS}
          onChange={(target) => set("externalLinks")({ target })}
          byDefault="Default (the same tab)"
        />
        <fieldset className="choices">
          <legend>Actions offered on each page</legend>
          {optionsOf(PAGE_ACTIONS).map(([action, label]) => (
            <Toggle
              key={action}
              id={`page-action-${action}`}
              label={label}
              checked={actions.includes(action)}
              onChange={(on) => set("pageActions")({ items: on ? [...actions, action] : actions.filter((item: PageAction) => item !== action) })}
            />
          ))}
        </fieldset>
      </fieldset>
      <fieldset>
        <legend>Kept for compatibility (Docstack has no assistant and sets no tracking cookie)</legend>
        <Choice
          id="ai-mode"
          label="AI mode"
          value={settings.ai.mode}
          labels={AI_MODES}
          onChange={(mode) => set("ai")({ ...settings.ai, mode })}
          byDefault="Default"
        />
        <Text
          id="ai-greeting"
          label="Assistant's greeting"
          value={settings.ai.greeting}
          maxLength={256}
          onChange={(greeting) => set("ai")({ ...settings.ai, greeting })}
        />
        <Labelled id="ai-suggestions" label="Assistant's suggestions, one a line (up to 5)">
          <textarea id="ai-suggestions" rows={3} value={draft.suggestions} onChange={(event) => change({ ...draft, suggestions: event.target.value })} />
        </Labelled>
        <Labelled id="ai-instructions" label="Assistant's instructions">
          <textarea
            id="ai-instructions"
            rows={3}
            maxLength={10000}
            value={settings.ai.instructions ?? ""}
            onChange={(event) => set("ai")({ ...settings.ai, instructions: event.target.value })}
          />
        </Labelled>
        <Toggle
          id="advanced-customization"
          label="Advanced customization"
          checked={!!settings.advancedCustomization.enabled}
          onChange={(enabled) => set("advancedCustomization")({ enabled })}
        />
        <Toggle
          id="tracking-cookie"
          label="Tracking cookie"
          checked={!!settings.insights.trackingCookie}
          onChange={(trackingCookie) => set("insights")({ trackingCookie })}
        />
      </fieldset>
    </>
  );
}

function LinkLines({
  id,
  label,
  value,
  errors,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  errors?: LineError[];
  onChange: (value: string) => void;
}) {
  return (
    <>
      <Labelled id={id} label={label}>
        <textarea
          id={id}
          rows={4}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={errors?.length ? `${id}-errors` : undefined}
        />
      </Labelled>
      {errors?.length ? (
        <div id={`${id}-errors`} className="error" role="alert">
          <ul>
            {errors.map((error) => (
              <li key={error.line}>
                Line {error.line}: {error.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** Where the banner's link goes, as typed: the draft takes it once it reads as a target, the field keeps what is typed. */
function LinkTarget({ value, onChange }: { value: Schemas["CustomizationContentRef"]; onChange: (to: Schemas["CustomizationContentRef"]) => void }) {
  const [text, setText] = useState(() => targetText(value));
  const to = targetOf(text);
  return (
    <>
      <Text
        id="announcement-link-to"
        label="Banner's link: where it goes (a URL, page:<ID> or space:<ID>)"
        value={text}
        required
        // What targetOf reads, so that the form is not sent with a target it could not read.
        pattern={String.raw`https?://\S+|page:([\w\-]+/)?[\w\-]+|space:[\w\-]+`}
        onChange={(next) => {
          setText(next);
          const target = targetOf(next);
          if (typeof target !== "string") onChange(target);
        }}
      />
      {typeof to === "string" && text ? <p className="muted">Not saved until it reads as one: {to}.</p> : null}
    </>
  );
}
