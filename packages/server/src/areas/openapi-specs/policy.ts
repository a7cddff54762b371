// Who may do what with an organization's OpenAPI specifications: any member reads them;
// changing them follows the organization's `createOpenAPISpec` permission (role `create`).
import type { Schemas } from "@docstack/contract";
import type { OpenApiSpec } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { notFound } from "../../http/errors";
import { type OrganizationPermissions, organizationAccess } from "../organizations/policy";

export type SpecPermissions = Schemas["OpenAPISpec"]["permissions"];
type SpecPermission = keyof SpecPermissions;

/** From the caller's permissions in the organization: one source for the booleans and the checks. */
export const specPermissions = (organization: OrganizationPermissions): SpecPermissions => ({
  view: organization.view,
  edit: organization.createOpenAPISpec,
});

/** The organization permission each specification permission is. */
const ORGANIZATION_PERMISSION = { view: "view", edit: "createOpenAPISpec" } as const;

/** The specifications of an organization the caller belongs to (404 otherwise), for a permission (403). */
export async function specsAccess(ctx: RequestContext, organizationId: string, permission: SpecPermission): Promise<SpecPermissions> {
  const { permissions } = await organizationAccess(ctx, organizationId, ORGANIZATION_PERMISSION[permission]);
  return specPermissions(permissions);
}

export interface SpecAccess {
  spec: OpenApiSpec;
  permissions: SpecPermissions;
}

/** A specification of an organization the caller belongs to (404 otherwise), checked for a permission (403). */
export async function specAccess(ctx: RequestContext, organizationId: string, slug: string, permission: SpecPermission): Promise<SpecAccess> {
  const permissions = await specsAccess(ctx, organizationId, "view");
  const spec = await ctx.prisma.openApiSpec.findUnique({ where: { organizationId_slug: { organizationId, slug } } });
  if (!spec) throw notFound("OpenAPI specification");
  // Checked once the specification is found: an unknown one is 404 whatever the role.
  if (permission !== "view") await specsAccess(ctx, organizationId, permission);
  return { spec, permissions };
}

/** The policy rule of operations on `/v1/orgs/{organizationId}/openapi/{specSlug}/...`. */
export const onSpec =
  (permission: SpecPermission) =>
  ({ params, ctx }: { params: { organizationId: string; specSlug: string }; ctx: RequestContext }) =>
    specAccess(ctx, params.organizationId, params.specSlug, permission);
