import type { Schemas } from "@docstack/contract";
import type { IntegrationInstallation, Organization } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { apiUrl, appUrl } from "../../http/urls";
import { integrationCategory } from "../../models/contract-enums";
import { orgRole } from "../../policy/content";
import { organizationPermissions } from "../organizations/policy";
import { serializeOrganization } from "../organizations/serialize";
import { imageUrl } from "./images";
import type { IntegrationPermissions, IntegrationWithOwner } from "./policy";

type S = Schemas;

/** A name of dots only would be read as `.` or `..` in a URL path: escaped. */
const pathSegment = (name: string) => (/^\.+$/.test(name) ? name.replace(/\./g, "%2E") : name);

/** The owner as the caller may see it: to a non-member, no e-mail domains and no permissions. */
function serializeOwner(ctx: RequestContext, owner: Organization): S["Organization"] {
  const role = orgRole(ctx, owner.id);
  const serialized = serializeOrganization(ctx, owner, organizationPermissions(role));
  return role === undefined ? { ...serialized, emailDomains: [] } : serialized;
}

export function serializeIntegration(ctx: RequestContext, integration: IntegrationWithOwner, permissions: IntegrationPermissions): S["Integration"] {
  const i = integration;
  const path = `/integrations/${pathSegment(i.name)}`;
  return {
    object: "integration",
    name: i.name,
    version: i.version,
    title: i.title,
    description: i.description,
    ...(i.summary !== null ? { summary: i.summary } : {}),
    previewImages: i.previewImageBlobs.map((stored, index) => imageUrl(ctx, stored, `preview-${index + 1}`)),
    target: i.target,
    verified: i.verified,
    visibility: i.visibility,
    scopes: i.scopes,
    categories: i.categories.map(integrationCategory.value),
    blocks: i.blocks as unknown as S["IntegrationBlock"][],
    contentSources: i.contentSources as unknown as S["IntegrationContentSource"][],
    configurations: i.configurations as unknown as S["IntegrationConfigurations"],
    externalLinks: i.externalLinks as unknown as S["IntegrationExternalLink"][],
    owner: serializeOwner(ctx, i.owner),
    urls: {
      location: apiUrl(ctx, path),
      ...(i.iconBlob ? { icon: imageUrl(ctx, i.iconBlob, "icon") } : {}),
      app: appUrl(ctx, path),
      assets: `${ctx.baseUrl}${path}/assets/`,
      publicEndpoint: `${ctx.baseUrl}${path}/endpoint`,
      // No origin apart for rendered content: GitBook's rule then is the same URL.
      publicContentEndpoint: `${ctx.baseUrl}${path}/endpoint`,
    },
    permissions,
    ...(i.contentSecurityPolicy !== null ? { contentSecurityPolicy: i.contentSecurityPolicy } : {}),
  };
}

export function serializeInstallation(installation: IntegrationInstallation, spaces: number): S["IntegrationInstallation"] {
  return {
    id: installation.id,
    status: installation.status,
    space_selection: installation.spaceSelection,
    site_selection: installation.siteSelection,
    spaces,
    configuration: installation.configuration as Record<string, unknown>,
    createdAt: installation.createdAt.toISOString(),
  };
}
