// Who may do what with custom fields: members see the organization's definitions; admins
// define them (the contract's table, openapi/policies.yaml). Values on a space follow the
// space's policy (spaces/policy.ts).
import type { Schemas } from "@docstack/contract";
import { definePolicy, grantedBy, tableOf } from "../../policy/factory";
import { findMembership } from "../../policy/membership";
import { organizationLevel, type Role } from "../../policy/roles";

export type CustomFieldPermissions = Schemas["CustomField"]["permissions"];

export function customFieldPermissions(role: Role | null | undefined): CustomFieldPermissions {
  return grantedBy(tableOf("customFields"), organizationLevel(role));
}

/** The custom fields of an organization the caller belongs to (404 otherwise). */
export const customFieldsPolicy = definePolicy("customFields", {
  what: "Organization",
  on: "this organization's custom fields",
  find: ({ ctx, params }) => findMembership(ctx, params.organizationId),
  level: (_ctx, { role }) => organizationLevel(role),
});
