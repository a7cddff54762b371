// Integrations: published (and unpublished) by the organization that owns them, read
// by whoever their visibility lets see them; their installations listed for the owner.

import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { SortField } from "../../http/pagination";
import { integrationPermissions } from "./policy";
import { checkPublication } from "./publication";
import { serializeInstallation, serializeIntegration } from "./serialize";
import { installationSpaces, integrationsWhere, publish } from "./store";

const BY_NAME: SortField[] = [{ field: "name", direction: "asc" }];
const OLDEST_FIRST: SortField[] = [
  { field: "createdAt", direction: "asc" },
  { field: "id", direction: "asc" },
];

export const integrationsOperations = {
  listIntegrations: defineOperation("listIntegrations", {
    // Lists only what the caller may see: public integrations and those of their organizations.
    handle: async (request) => {
      const { ctx, query } = request;
      const where = await integrationsWhere(ctx, query);
      const body = await listRows(request, {
        model: ctx.prisma.integration,
        where,
        order: BY_NAME,
        shape: { include: { owner: true } },
        serialize: (integrations) => integrations.map((integration) => serializeIntegration(ctx, integration, integrationPermissions(ctx, integration))),
      });
      return { status: 200, body };
    },
  }),

  getIntegrationByName: defineOperation("getIntegrationByName", {
    handle: async ({ ctx }, { integration }) => ({ status: 200, body: serializeIntegration(ctx, integration, integrationPermissions(ctx, integration)) }),
  }),

  publishIntegration: defineOperation("publishIntegration", {
    handle: async ({ ctx, params, body }, { organization: owner }) => {
      const checked = checkPublication(body);
      const published = await publish(ctx, params.integrationName, owner.id, checked);
      const integration = { ...published, owner };
      return { status: 200, body: serializeIntegration(ctx, integration, integrationPermissions(ctx, integration)) };
    },
  }),

  unpublishIntegration: defineOperation("unpublishIntegration", {
    handle: async ({ ctx }, { integration }) => {
      // Its installations go with it (cascade).
      const { count } = await ctx.prisma.integration.deleteMany({ where: { name: integration.name } });
      return count > 0 ? { status: 205 } : { status: 204 };
    },
  }),

  listIntegrationInstallations: defineOperation("listIntegrationInstallations", {
    handle: async (request, { integration }) => {
      const { ctx, query } = request;
      const where = { integrationName: integration.name, ...(query.externalId !== undefined ? { externalId: query.externalId } : {}) };
      const body = await listRows(request, {
        model: ctx.prisma.integrationInstallation,
        where,
        order: OLDEST_FIRST,
        serialize: async (installations) => {
          const spaces = await installationSpaces(ctx, installations);
          return installations.map((installation) => serializeInstallation(installation, spaces(installation)));
        },
      });
      return { status: 200, body };
    },
  }),
} satisfies AreaOperations;
