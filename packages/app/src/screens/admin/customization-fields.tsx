// The fields of the customization form: each a label and its control, ids given by the caller (unique on the
// screen), values as the draft holds them.
import type { ReactNode } from "react";
import { optionsOf } from "./customization-options";

export function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {children}
    </>
  );
}

/** A select over one of the contract's enums; `byDefault` adds a first choice that leaves the setting out. */
export function Choice<K extends string>({
  id,
  label,
  value,
  labels,
  onChange,
  byDefault,
}: {
  id: string;
  label: string;
  value: K | undefined;
  labels: Record<K, string>;
  onChange: (value: K | undefined) => void;
  byDefault?: string;
}) {
  return (
    <Labelled id={id} label={label}>
      <select id={id} value={value ?? ""} onChange={(event) => onChange((event.target.value || undefined) as K | undefined)}>
        {byDefault ? <option value="">{byDefault}</option> : null}
        {optionsOf(labels).map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

export function Toggle({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label htmlFor={id} className="check">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> {label}
    </label>
  );
}

export function Text({
  id,
  label,
  value,
  onChange,
  type = "text",
  ...limits
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  type?: "text" | "url";
  maxLength?: number;
  minLength?: number;
  required?: boolean;
  placeholder?: string;
  pattern?: string;
}) {
  return (
    <Labelled id={id} label={label}>
      <input id={id} type={type} value={value ?? ""} onChange={(event) => onChange(event.target.value)} {...limits} />
    </Labelled>
  );
}

const HEX = /^#(?:[0-9a-fA-F]{3}){1,2}$/;
/** `#abc` as `#aabbcc` (what a color input takes). */
const expand = (color: string) => (color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join("")}` : color).toLowerCase();

export function Color({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Labelled id={id} label={label}>
      <input id={id} type="color" value={HEX.test(value) ? expand(value) : "#346ddb"} onChange={(event) => onChange(event.target.value)} />
    </Labelled>
  );
}

type Themed = { light: string; dark: string };
/** A color per theme, or none (the default) until its box is ticked. */
export function OptionalColors({
  id,
  label,
  value,
  fallback,
  onChange,
}: {
  id: string;
  label: string;
  value: Themed | undefined;
  fallback: string;
  onChange: (value: Themed | undefined) => void;
}) {
  return (
    <>
      <Toggle id={id} label={label} checked={!!value} onChange={(on) => onChange(on ? { light: fallback, dark: fallback } : undefined)} />
      {value ? (
        <div className="color-pair">
          <Color id={`${id}-light`} label={`${label}: light theme`} value={value.light} onChange={(light) => onChange({ ...value, light })} />
          <Color id={`${id}-dark`} label={`${label}: dark theme`} value={value.dark} onChange={(dark) => onChange({ ...value, dark })} />
        </div>
      ) : null}
    </>
  );
}
