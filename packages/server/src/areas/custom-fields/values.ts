// What a custom field's type accepts (see CustomFieldType in the contract), and what
// is left of a value when the field's options change.
import type { Schemas } from "@docstack/contract";
import type { CustomField } from "../../generated/prisma/client";
import { customFieldType } from "../../models/contract-enums";

export type FieldValue = Schemas["CustomFieldValue"];
export type FieldType = Schemas["CustomFieldType"];

const TEXT_MAX = 256;
/** `select` and `multi-select` take options; the other types none. */
export const takesOptions = (type: FieldType): boolean => type === "select" || type === "multi-select";

/** Why `value` does not fit `field`, or undefined when it does. */
export function misfit(field: Pick<CustomField, "type" | "options">, value: FieldValue): string | undefined {
  const among = (option: unknown) => typeof option === "string" && field.options.includes(option);
  switch (customFieldType.value(field.type)) {
    case "text":
      return typeof value === "string" && [...value].length <= TEXT_MAX ? undefined : `a text field takes a string of at most ${TEXT_MAX} characters`;
    case "number":
      return typeof value === "number" ? undefined : "a number field takes a number";
    case "boolean":
      return typeof value === "boolean" ? undefined : "a boolean field takes true or false";
    case "select":
      return among(value) ? undefined : `a select field takes one of its options, as a string: ${JSON.stringify(field.options)}`;
    case "multi-select":
      if (!Array.isArray(value) || !value.every(among)) return `a multi-select field takes an array of its options: ${JSON.stringify(field.options)}`;
      return new Set(value).size === value.length ? undefined : "a multi-select value names each option at most once";
  }
}

/**
 * What is left of a space's value once the field offers only `options`: a select value
 * no longer offered is cleared (undefined), a multi-select value loses those no longer offered.
 */
export function keptWithOptions(type: FieldType, value: unknown, options: readonly string[]): FieldValue | undefined {
  if (type === "select") return typeof value === "string" && options.includes(value) ? value : undefined;
  if (type === "multi-select" && Array.isArray(value)) return value.filter((option): option is string => options.includes(option as string));
  return value as FieldValue;
}
