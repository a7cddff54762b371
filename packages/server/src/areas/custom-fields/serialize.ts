import type { Schemas } from "@docstack/contract";
import type { CustomField } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { apiUrl } from "../../http/urls";
import { customFieldType } from "../../models/contract-enums";
import type { CustomFieldPermissions } from "./policy";
import { takesOptions } from "./values";

export function serializeCustomField(ctx: RequestContext, field: CustomField, permissions: CustomFieldPermissions): Schemas["CustomField"] {
  const type = customFieldType.value(field.type);
  return {
    id: field.id,
    name: field.name,
    // An empty title, description or placeholder is a value (the contract allows it), unlike null.
    ...(field.title !== null ? { title: field.title } : {}),
    ...(field.description !== null ? { description: field.description } : {}),
    type,
    ...(field.placeholder !== null ? { placeholder: field.placeholder } : {}),
    ...(takesOptions(type) ? { options: field.options } : {}),
    createdAt: field.createdAt.toISOString(),
    updatedAt: field.updatedAt.toISOString(),
    urls: { location: apiUrl(ctx, `/orgs/${field.organizationId}/custom-fields/${field.name}`) },
    permissions,
  };
}
