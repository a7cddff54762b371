import type { Schemas } from "@docstack/contract";
import type { OpenApiSpec, OpenApiSpecVersion } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { apiUrl, appUrl } from "../../http/urls";
import type { SpecPermissions } from "./policy";

type SpecPlace = Pick<OpenApiSpec, "organizationId" | "slug">;

const specPath = (spec: SpecPlace) => `/orgs/${spec.organizationId}/openapi/${spec.slug}`;

/**
 * Where a version of a text source is (its `url`): its content in the API. Stored as this
 * path under /v1, and made absolute when read, with the base URL of the request.
 */
export const versionContentPath = (spec: SpecPlace, versionId: string) => `/v1${specPath(spec)}/versions/${versionId}/content`;

const absolute = (ctx: RequestContext, url: string) => (url.startsWith("/") ? `${ctx.baseUrl}${url}` : url);

export function serializeSpec(ctx: RequestContext, spec: OpenApiSpec, permissions: SpecPermissions): Schemas["OpenAPISpec"] {
  return {
    object: "openapi-spec",
    id: spec.id,
    createdAt: spec.createdAt.toISOString(),
    updatedAt: spec.updatedAt.toISOString(),
    slug: spec.slug,
    ...(spec.sourceUrl !== null ? { sourceURL: spec.sourceUrl } : {}),
    processingState: spec.processingState,
    lastProcessedErrorCount: spec.processingState === "failed" && spec.lastProcessErrorCode ? 1 : 0,
    ...(spec.lastVersionId ? { lastVersion: spec.lastVersionId } : {}),
    ...(spec.lastProcessedAt ? { lastProcessedAt: spec.lastProcessedAt.toISOString() } : {}),
    ...(spec.processingState === "failed" && spec.lastProcessErrorCode ? { lastProcessErrorCode: spec.lastProcessErrorCode } : {}),
    permissions,
    urls: { location: apiUrl(ctx, specPath(spec)), app: appUrl(ctx, specPath(spec)) },
  };
}

export function serializeVersion(ctx: RequestContext, spec: SpecPlace, version: Omit<OpenApiSpecVersion, "filesystem">): Schemas["OpenAPISpecVersion"] {
  return {
    object: "openapi-spec-version",
    id: version.id,
    createdAt: version.createdAt.toISOString(),
    url: absolute(ctx, version.url),
    urls: { location: apiUrl(ctx, `${specPath(spec)}/versions/${version.id}`) },
  };
}

export function serializeVersionContent(ctx: RequestContext, version: OpenApiSpecVersion): Schemas["OpenAPISpecVersionContent"] {
  const filesystem: Record<string, Record<string, unknown>> = {};
  for (const [url, document] of Object.entries(version.filesystem as Record<string, Record<string, unknown>>)) {
    filesystem[absolute(ctx, url)] = document;
  }
  const url = absolute(ctx, version.url);
  return { url, filesystem, urls: { source: url, public: null } };
}
