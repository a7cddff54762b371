// The settings of the block at the cursor (a code block's title, language and line numbers, a hint's style, an
// image's caption and alt text…): a labelled form after the editor, reached from it with Tab. Each change is a
// transaction of the editor (undoable, saved like typing); the form follows the block the cursor is in. A heading's
// level and a numbered list's start are numbers: a value out of range is not applied (the field shows the block's).
import { type BlockSettings, type SettingField, setBlockSetting } from "@docstack/editor";
import type { Node } from "prosemirror-model";
import type { EditorView } from "prosemirror-view";

export interface SettingsTarget {
  pos: number;
  node: Node;
  settings: BlockSettings;
}

export function BlockSettingsPanel({ target, view }: { target: SettingsTarget; view: EditorView }) {
  const { settings, node, pos } = target;
  const set = (field: SettingField, value: string | number | boolean) => setBlockSetting(pos, field.attr, value)(view.state, view.dispatch);
  const id = (field: SettingField) => `block-setting-${field.attr}`;
  return (
    <section className="block-settings" aria-labelledby="block-settings-title">
      <h2 id="block-settings-title">{settings.label} settings</h2>
      {settings.fields.map((field) => {
        const value = node.attrs[field.attr];
        if (field.kind === "checkbox")
          return (
            <label key={field.attr} className="block-setting check">
              <input type="checkbox" checked={Boolean(value)} onChange={(event) => set(field, event.target.checked)} />
              {field.label}
            </label>
          );
        return (
          <div key={field.attr} className="block-setting">
            <label htmlFor={id(field)}>{field.label}</label>
            {field.kind === "select" ? (
              <select id={id(field)} value={String(value)} onChange={(event) => set(field, event.target.value)}>
                {optionsOf(field, value).map((option) => (
                  <option key={option} value={option}>
                    {option || "(none)"}
                  </option>
                ))}
              </select>
            ) : field.kind === "number" ? (
              <input
                id={id(field)}
                type="number"
                inputMode="numeric"
                min={field.min}
                max={field.max}
                step={1}
                value={String(value)}
                onChange={(event) => set(field, event.target.value)}
              />
            ) : (
              <input id={id(field)} type="text" value={String(value ?? "")} onChange={(event) => set(field, event.target.value)} />
            )}
          </div>
        );
      })}
    </section>
  );
}

/** A select's options, and the block's own value when it is not among them (a `####` heading opened), so it shows true. */
function optionsOf(field: SettingField, value: unknown): readonly string[] {
  const current = String(value);
  return field.options!.includes(current) ? field.options! : [...field.options!, current];
}
