// The forms of a site's sections: a space added as a new section, a new group of chosen sections, and the
// rename form a section's or a group's row opens in place.
import type { Schemas } from "@docstack/sdk";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { api, unwrap } from "../../api";
import { useSpaces } from "../../queries";
import { useWrite } from "../../ui/forms";
import { WriteForm } from "../../ui/WriteForm";
import { useSiteSpaces } from "./queries";
import { useRefreshStructure } from "./site-queries";

interface Props {
  organizationId: string;
  siteId: string;
}

export function AddSection({ organizationId, siteId }: Props) {
  const spaces = useSpaces(organizationId);
  const siteSpaces = useSiteSpaces(organizationId, siteId);
  const refresh = useRefreshStructure(organizationId, siteId);
  const [spaceId, setSpaceId] = useState("");
  const [title, setTitle] = useState("");
  const add = useWrite(async () => {
    const params = { path: { organizationId, siteId } };
    await unwrap(api.POST("/v1/orgs/{organizationId}/sites/{siteId}/sections", { params, body: { spaceId, ...(title ? { title } : {}) } }));
    setSpaceId("");
    setTitle("");
    await refresh();
  });
  const inSite = new Set(siteSpaces.data?.items.map((item) => item.space.id));
  return (
    <WriteForm write={add} submit="Add as a section" label="Add a space as a section">
      <label htmlFor="section-space">Space of a new section</label>
      <select id="section-space" required value={spaceId} onChange={(event) => setSpaceId(event.target.value)}>
        <option value="">Choose a space</option>
        {spaces.data?.items
          .filter((space) => !inSite.has(space.id))
          .map((space) => (
            <option key={space.id} value={space.id}>
              {space.title}
            </option>
          ))}
      </select>
      <label htmlFor="section-title">Its title (empty: the space's)</label>
      <input id="section-title" minLength={2} maxLength={64} value={title} onChange={(event) => setTitle(event.target.value)} />
    </WriteForm>
  );
}

export function NewGroup({ organizationId, siteId, sections }: Props & { sections: Schemas["SiteSection"][] }) {
  const refresh = useRefreshStructure(organizationId, siteId);
  const [title, setTitle] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const create = useWrite(async () => {
    // In the site's order, whatever order they were ticked in.
    const ordered = sections.map((section) => section.id).filter((id) => chosen.includes(id));
    const params = { path: { organizationId, siteId } };
    await unwrap(api.POST("/v1/orgs/{organizationId}/sites/{siteId}/section-groups", { params, body: { title, sections: ordered } }));
    setTitle("");
    setChosen([]);
    await refresh();
  });
  if (sections.length === 0) return null;
  return (
    <WriteForm write={create} submit="Create group" label="Group sections" className="stacked-form">
      <label htmlFor="group-title">Title of a new group</label>
      <input id="group-title" required maxLength={100} value={title} onChange={(event) => setTitle(event.target.value)} />
      <fieldset>
        <legend>Sections in it</legend>
        {sections.map((section) => (
          <label key={section.id} className="check">
            <input
              type="checkbox"
              checked={chosen.includes(section.id)}
              onChange={(event) => setChosen(event.target.checked ? [...chosen, section.id] : chosen.filter((id) => id !== section.id))}
            />{" "}
            {section.title}
          </label>
        ))}
      </fieldset>
    </WriteForm>
  );
}

/** `children` with a "Rename" button, or, once pressed, a form renaming in place (Escape or "Cancel" closes it). */
export function Rename({ label, title, save, children }: { label: string; title: string; save: (title: string) => Promise<void>; children: ReactNode }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const write = useWrite(async () => {
    await save(draft.trim());
    setEditing(false);
  });
  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);
  if (!editing) {
    return (
      <span className="card-main">
        {children}{" "}
        <button
          type="button"
          className="quiet"
          aria-label={`Rename ${title}`}
          onClick={() => {
            setDraft(title);
            setEditing(true);
          }}
        >
          Rename
        </button>
      </span>
    );
  }
  return (
    <WriteForm
      write={write}
      submit="Save"
      extra={
        <button type="button" className="quiet" onClick={() => setEditing(false)}>
          Cancel
        </button>
      }
    >
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        ref={input}
        required
        minLength={2}
        maxLength={100}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") setEditing(false);
        }}
      />
    </WriteForm>
  );
}
