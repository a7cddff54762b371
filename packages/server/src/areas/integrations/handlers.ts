// Integrations: published (and unpublished) by the organization that owns them, read
// by whoever their visibility lets see them; their installations listed for the owner.
import { type AreaOperations, defineOperation } from "../../http/operation";
import { orderBy, paginate, type SortField, whereAfter } from "../../http/pagination";
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
    handle: async ({ ctx, query }) => {
      const where = await integrationsWhere(ctx, query);
      const { page: _page, limit: _limit, ...filters } = query;
      const body = await paginate({
        cursors: ctx.cursors,
        scope: `integrations:${JSON.stringify(filters)}`,
        request: query,
        order: BY_NAME,
        find: (after, take) => ctx.prisma.integration.findMany({ where: whereAfter(where, after), orderBy: orderBy(BY_NAME), take, include: { owner: true } }),
        count: () => ctx.prisma.integration.count({ where }),
        sortValues: (integration) => [integration.name],
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
    handle: async ({ ctx, query }, { integration }) => {
      const where = { integrationName: integration.name, ...(query.externalId !== undefined ? { externalId: query.externalId } : {}) };
      const body = await paginate({
        cursors: ctx.cursors,
        scope: `integration-installations:${JSON.stringify([integration.name, query.externalId ?? null])}`,
        request: query,
        order: OLDEST_FIRST,
        find: (after, take) => ctx.prisma.integrationInstallation.findMany({ where: whereAfter(where, after), orderBy: orderBy(OLDEST_FIRST), take }),
        count: () => ctx.prisma.integrationInstallation.count({ where }),
        sortValues: (installation) => [installation.createdAt, installation.id],
        serialize: async (installations) => {
          const spaces = await installationSpaces(ctx, installations);
          return installations.map((installation) => serializeInstallation(installation, spaces(installation)));
        },
      });
      return { status: 200, body };
    },
  }),
} satisfies AreaOperations;
