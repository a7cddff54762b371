// The admin screens' own navigation, and what several of them share: a copy button, a progress bar.
import { type ReactNode, useState } from "react";
import { ADMIN_SECTIONS, type AdminSection } from "../../routes";
import { AppLink } from "../../ui/states";

const LABELS: Record<AdminSection, string> = {
  sites: "Sites",
  imports: "Import and export",
  "git-sync": "Git Sync",
  webhooks: "Webhooks",
  "audit-log": "Audit log",
  settings: "Settings",
};

export function AdminNav({ organizationId, current }: { organizationId: string; current: AdminSection }) {
  return (
    <nav aria-label="Administration" className="admin-nav">
      <ul>
        {ADMIN_SECTIONS.map((section) => (
          <li key={section}>
            <AppLink to={`/app/orgs/${organizationId}/${section}`} {...(section === current ? { "aria-current": "page" as const } : {})}>
              {LABELS[section]}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Copies `text` to the clipboard, and says so (a screen reader hears it too). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<"yes" | "no">();
  return (
    <>
      <button
        type="button"
        className="quiet"
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setCopied("yes"),
            () => setCopied("no"),
          )
        }
      >
        {label}
      </button>
      <span role="status" className="muted">
        {copied === "yes" ? "Copied." : copied === "no" ? "Copying was refused: select the text and copy it." : ""}
      </span>
    </>
  );
}

/** A progress bar: `done` of `total`, or indeterminate (no total yet). */
export function ProgressBar({ label, done, total, text }: { label: string; done: number; total: number | undefined; text: string }) {
  const known = total !== undefined && total > 0;
  const percent = known ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      {...(known ? { "aria-valuemax": total, "aria-valuenow": done } : {})}
      aria-valuetext={text}
    >
      <div className={known ? "progress-done" : "progress-done indeterminate"} style={known ? { width: `${percent}%` } : undefined} />
    </div>
  );
}

export const dateTime = (iso: string | undefined) => (iso ? new Date(iso).toLocaleString() : "");

/** A wide table scrolling sideways in its own box, reachable by keyboard (a focusable, named region). */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users to scroll it (WCAG 2.1.1).
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
