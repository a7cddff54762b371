// OpenAPI specifications of an organization, known by slug, and their versions: one per
// source processed successfully (in the background, see processing.ts).

import type { OpenApiSpec } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { notFound } from "../../http/errors";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { SortField } from "../../http/pagination";
import { serializeSpec, serializeVersion, serializeVersionContent } from "./serialize";
import { createSpec, putSpecSource } from "./store";

const BY_SLUG: SortField[] = [{ field: "slug", direction: "asc" }];
const NEWEST_FIRST: SortField[] = [{ field: "id", direction: "desc" }];

/** Versions are listed without their documents (up to 5,000,000 characters each). */
const WITHOUT_DOCUMENTS = { id: true, specId: true, url: true, createdAt: true } as const;

const versionNotFound = () => notFound("OpenAPI specification version");

/** The version the path names: the latest one (none until a processing completed) or one by ID. */
async function findVersion(ctx: RequestContext, spec: OpenApiSpec, versionId: string | null) {
  const version = versionId ? await ctx.prisma.openApiSpecVersion.findFirst({ where: { id: versionId, specId: spec.id }, select: WITHOUT_DOCUMENTS }) : null;
  if (!version) throw versionNotFound();
  return version;
}

async function findVersionContent(ctx: RequestContext, spec: OpenApiSpec, versionId: string | null) {
  const version = versionId ? await ctx.prisma.openApiSpecVersion.findFirst({ where: { id: versionId, specId: spec.id } }) : null;
  if (!version) throw versionNotFound();
  return version;
}

export const openapiSpecsOperations = {
  listOpenAPISpecs: defineOperation("listOpenAPISpecs", {
    handle: async (request, { permissions }) => {
      const { ctx, params } = request;
      const where = { organizationId: params.organizationId };
      const body = await listRows(request, {
        model: ctx.prisma.openApiSpec,
        where,
        order: BY_SLUG,
        serialize: (specs) => specs.map((spec) => serializeSpec(ctx, spec, permissions)),
      });
      return { status: 200, body };
    },
  }),

  createOpenAPISpec: defineOperation("createOpenAPISpec", {
    handle: async ({ ctx, params, body }, { permissions }) => {
      const spec = await createSpec(ctx, params.organizationId, body.slug, body.source);
      return { status: 201, body: serializeSpec(ctx, spec, permissions) };
    },
  }),

  getOpenAPISpecBySlug: defineOperation("getOpenAPISpecBySlug", {
    handle: async ({ ctx }, { spec, permissions }) => ({ status: 200, body: serializeSpec(ctx, spec, permissions) }),
  }),

  putOpenAPISpecBySlug: defineOperation("putOpenAPISpecBySlug", {
    // The specification may not exist yet: the put creates it.
    handle: async ({ ctx, params, body }, { permissions }) => {
      const spec = await putSpecSource(ctx, params.organizationId, params.specSlug, body.source);
      return { status: 200, body: serializeSpec(ctx, spec, permissions) };
    },
  }),

  deleteOpenAPISpecBySlug: defineOperation("deleteOpenAPISpecBySlug", {
    handle: async ({ ctx }, { spec }) => {
      // Its versions go with it (cascade); a processing under way finds it gone and stores nothing.
      await ctx.prisma.openApiSpec.deleteMany({ where: { id: spec.id } });
      return { status: 205 };
    },
  }),

  listOpenAPISpecVersions: defineOperation("listOpenAPISpecVersions", {
    handle: async (request, { spec }) => {
      const { ctx } = request;
      const where = { specId: spec.id };
      const body = await listRows(request, {
        model: ctx.prisma.openApiSpecVersion,
        where,
        order: NEWEST_FIRST,
        shape: { select: WITHOUT_DOCUMENTS },
        serialize: (versions) => versions.map((version) => serializeVersion(ctx, spec, version)),
      });
      return { status: 200, body };
    },
  }),

  getLatestOpenAPISpecVersion: defineOperation("getLatestOpenAPISpecVersion", {
    handle: async ({ ctx }, { spec }) => ({ status: 200, body: serializeVersion(ctx, spec, await findVersion(ctx, spec, spec.lastVersionId)) }),
  }),

  getLatestOpenAPISpecVersionContent: defineOperation("getLatestOpenAPISpecVersionContent", {
    handle: async ({ ctx }, { spec }) => ({ status: 200, body: serializeVersionContent(ctx, await findVersionContent(ctx, spec, spec.lastVersionId)) }),
  }),

  getOpenAPISpecVersionById: defineOperation("getOpenAPISpecVersionById", {
    handle: async ({ ctx, params }, { spec }) => ({ status: 200, body: serializeVersion(ctx, spec, await findVersion(ctx, spec, params.versionId)) }),
  }),

  getOpenAPISpecVersionContentById: defineOperation("getOpenAPISpecVersionContentById", {
    handle: async ({ ctx, params }, { spec }) => ({ status: 200, body: serializeVersionContent(ctx, await findVersionContent(ctx, spec, params.versionId)) }),
  }),
} satisfies AreaOperations;
