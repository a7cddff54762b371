// The organization's custom fields (each space may give them a value): listed, created with any type the API
// has, edited (title, description, placeholder, options: name and type are fixed) and deleted.
import type { Schemas } from "@docstack/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api";
import { useWrite, WriteError } from "../../ui/forms";
import { Empty, Loading, Problem } from "../../ui/states";
import { adminKeys } from "./queries";

type Field = Schemas["CustomField"];
type FieldType = Schemas["CustomFieldType"];
const TYPES: Record<FieldType, string> = {
  text: "Text",
  number: "Number",
  boolean: "Yes or no",
  select: "One of a list",
  "multi-select": "Any of a list",
};
const withOptions = (type: FieldType) => type === "select" || type === "multi-select";
/** The options typed one a line, blank lines dropped. */
const optionsOf = (text: string) => [...new Set(text.split("\n").map((line) => line.trim()))].filter(Boolean);

interface Described {
  title: string;
  description: string;
  placeholder: string;
  options: string;
}

/** The inputs shared by creating and editing a field; ids prefixed per form. */
function DescribedFields({
  id,
  form,
  set,
  type,
}: {
  id: string;
  form: Described;
  set: (field: keyof Described) => (event: { target: { value: string } }) => void;
  type: FieldType;
}) {
  return (
    <>
      <label htmlFor={`${id}-title`}>Title</label>
      <input id={`${id}-title`} maxLength={100} value={form.title} onChange={set("title")} />
      <label htmlFor={`${id}-description`}>Description</label>
      <input id={`${id}-description`} maxLength={200} value={form.description} onChange={set("description")} />
      <label htmlFor={`${id}-placeholder`}>Placeholder</label>
      <input id={`${id}-placeholder`} maxLength={100} value={form.placeholder} onChange={set("placeholder")} />
      {withOptions(type) ? (
        <>
          <label htmlFor={`${id}-options`}>Options, one a line</label>
          <textarea id={`${id}-options`} rows={4} required value={form.options} onChange={set("options")} />
        </>
      ) : null}
    </>
  );
}

function useDescribed(initial: Described) {
  const [form, setForm] = useState(initial);
  const set = (field: keyof Described) => (event: { target: { value: string } }) => setForm((now) => ({ ...now, [field]: event.target.value }));
  return { form, setForm, set };
}

export function CustomFields({ organizationId }: { organizationId: string }) {
  const queries = useQueryClient();
  const fields = useQuery({
    queryKey: adminKeys.customFields(organizationId),
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/custom-fields", { params: { path: { organizationId }, query: { limit: 100 } } })),
  });
  const [name, setName] = useState("");
  const [type, setType] = useState<FieldType>("text");
  const described = useDescribed({ title: "", description: "", placeholder: "", options: "" });
  const create = useWrite(async () => {
    const { title, description, placeholder, options } = described.form;
    const body = {
      name,
      type,
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      ...(placeholder ? { placeholder } : {}),
      ...(withOptions(type) ? { options: optionsOf(options) } : {}),
    };
    await unwrap(api.POST("/v1/orgs/{organizationId}/custom-fields", { params: { path: { organizationId } }, body }));
    setName("");
    described.setForm({ title: "", description: "", placeholder: "", options: "" });
    await queries.invalidateQueries({ queryKey: adminKeys.customFields(organizationId) });
  });
  return (
    <section aria-labelledby="fields-heading" className="admin-section">
      <h2 id="fields-heading">Custom fields</h2>
      {fields.isPending ? <Loading what="the custom fields" /> : null}
      {fields.isError ? <Problem error={fields.error} retry={() => fields.refetch()} /> : null}
      {fields.data?.items.length === 0 ? <Empty>No custom fields yet.</Empty> : null}
      <ul className="cards">
        {fields.data?.items.map((field) => (
          <CustomFieldCard key={`${field.name}-${field.updatedAt}`} organizationId={organizationId} field={field} />
        ))}
      </ul>
      <form
        className="stacked-form"
        aria-label="New custom field"
        onSubmit={(event) => {
          event.preventDefault();
          void create.run(undefined);
        }}
      >
        <h3>New custom field</h3>
        <label htmlFor="field-name">Key (lower-case letters, digits, _ and -)</label>
        <input id="field-name" required maxLength={50} pattern="[a-z_\-0-9]+" value={name} onChange={(event) => setName(event.target.value)} />
        <label htmlFor="field-type">Type</label>
        <select id="field-type" value={type} onChange={(event) => setType(event.target.value as FieldType)}>
          {Object.entries(TYPES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <DescribedFields id="field-new" form={described.form} set={described.set} type={type} />
        <button type="submit" disabled={create.busy}>
          Create field
        </button>
        <WriteError write={create} />
      </form>
    </section>
  );
}

function CustomFieldCard({ organizationId, field }: { organizationId: string; field: Field }) {
  const queries = useQueryClient();
  const [editing, setEditing] = useState(false);
  const described = useDescribed({
    title: field.title ?? "",
    description: field.description ?? "",
    placeholder: field.placeholder ?? "",
    options: (field.options ?? []).join("\n"),
  });
  const path = { params: { path: { organizationId, fieldName: field.name } } };
  const done = () => queries.invalidateQueries({ queryKey: adminKeys.customFields(organizationId) });
  const save = useWrite(async () => {
    const { title, description, placeholder, options } = described.form;
    const body = {
      title: title || null,
      description: description || null,
      placeholder: placeholder || null,
      ...(withOptions(field.type) ? { options: optionsOf(options) } : {}),
    };
    await unwrap(api.PATCH("/v1/orgs/{organizationId}/custom-fields/{fieldName}", { ...path, body }));
    await done();
  });
  const remove = useWrite(async () => {
    if (!window.confirm(`Delete the field ${field.name}, and every space's value for it?`)) return;
    await unwrap(api.DELETE("/v1/orgs/{organizationId}/custom-fields/{fieldName}", path));
    await done();
  });
  const id = `field-${field.name}`;
  return (
    <li className="card custom-field">
      <span className="card-title">{field.title || field.name}</span>
      <code>{field.name}</code>
      <span className="badge">{TYPES[field.type]}</span>
      {field.description ? <span className="muted">{field.description}</span> : null}
      {field.options ? <span className="muted">{field.options.join(", ")}</span> : null}
      {field.permissions.edit ? (
        <span className="card-actions">
          <button type="button" className="quiet" aria-expanded={editing} onClick={() => setEditing(!editing)}>
            Edit {field.name}
          </button>
          <button type="button" className="quiet danger" disabled={remove.busy} onClick={() => void remove.run(undefined)}>
            Delete {field.name}
          </button>
        </span>
      ) : null}
      <WriteError write={remove} />
      {editing ? (
        <form
          className="stacked-form"
          aria-label={`Edit ${field.name}`}
          onSubmit={(event) => {
            event.preventDefault();
            void save.run(undefined);
          }}
        >
          <DescribedFields id={id} form={described.form} set={described.set} type={field.type} />
          <button type="submit" disabled={save.busy}>
            Save {field.name}
          </button>
          <WriteError write={save} />
        </form>
      ) : null}
    </li>
  );
}
