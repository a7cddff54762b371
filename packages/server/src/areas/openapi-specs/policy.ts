// Who may do what with an organization's OpenAPI specifications: any member reads them;
// changing them needs the organization role `create` (the contract's table, openapi/policies.yaml).
import type { Schemas } from "@docstack/contract";
import { definePolicy, definePolicyWithin } from "../../policy/factory";
import { findMembership } from "../../policy/membership";
import { organizationLevel } from "../../policy/roles";

export type SpecPermissions = Schemas["OpenAPISpec"]["permissions"];

/** The specifications of an organization the caller belongs to (404 otherwise). */
export const specsPolicy = definePolicy("specs", {
  what: "Organization",
  on: "this organization",
  find: ({ ctx, params }) => findMembership(ctx, params.organizationId),
  level: (_ctx, { role }) => organizationLevel(role),
});

/** One specification of them, by slug (404 whatever the role when there is none). */
export const specPolicy = definePolicyWithin("spec", specsPolicy, {
  what: "OpenAPI specification",
  find: async ({ ctx, params }, { organization }) => {
    const spec = await ctx.prisma.openApiSpec.findUnique({
      where: { organizationId_slug: { organizationId: organization.id, slug: params.specSlug as string } },
    });
    return spec && { spec };
  },
});
