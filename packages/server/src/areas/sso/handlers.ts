// SSO: the SAML identity providers of an organization, and its sign-in options.
// (Signing in through a provider, at its `service` URLs, is not part of this API.)

import { demandNotLastUnderSso } from "../../auth/sso-enforcement";
import { newId } from "../../db/ids";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { orderBy, type SortField } from "../../http/pagination";
import { checkCertificate } from "./certificate";
import { serializeSamlProvider, serializeSamlProviders, serviceUrls } from "./serialize";
import { checkDefaultTeam, findSamlProvider } from "./store";

/** IDs sort by creation (db/ids.ts): oldest first. */
const BY_CREATION: SortField[] = [{ field: "id", direction: "asc" }];

export const ssoOperations = {
  listSamlProviders: defineOperation("listSamlProviders", {
    handle: async (request) => {
      const { ctx, params } = request;
      const where = { organizationId: params.organizationId };
      const body = await listRows(request, {
        model: ctx.prisma.samlProvider,
        where,
        order: BY_CREATION,
        shape: { include: { defaultTeam: true } },
        serialize: (providers) => serializeSamlProviders(ctx, providers),
      });
      return { status: 200, body };
    },
  }),

  createSamlProvider: defineOperation("createSamlProvider", {
    handle: async ({ ctx, params, body }) => {
      checkCertificate(body.certificate);
      await checkDefaultTeam(ctx.prisma, params.organizationId, body.defaultTeam);
      const provider = await ctx.prisma.samlProvider.create({
        data: {
          id: newId(),
          organizationId: params.organizationId,
          label: body.label,
          ssoURL: body.ssoURL ?? null,
          entityID: body.entityID ?? null,
          certificate: body.certificate ?? null,
          defaultTeamId: body.defaultTeam ?? null,
          // Omitted: `read`; null: guests.
          defaultRole: body.defaultRole === undefined ? "read" : body.defaultRole,
        },
        include: { defaultTeam: true },
      });
      return { status: 201, body: await serializeSamlProvider(ctx, provider) };
    },
  }),

  getSamlProvider: defineOperation("getSamlProvider", {
    handle: async ({ ctx, params }) => ({
      status: 200,
      body: await serializeSamlProvider(ctx, await findSamlProvider(ctx.prisma, params.organizationId, params.samlProviderId)),
    }),
  }),

  deleteSamlProvider: defineOperation("deleteSamlProvider", {
    // Members who joined through it stay: nothing of theirs refers to the provider.
    handle: async ({ ctx, params }) => {
      const count = await ctx.prisma.$transaction(async (tx) => {
        await demandNotLastUnderSso(tx, params.organizationId, params.samlProviderId);
        return (await tx.samlProvider.deleteMany({ where: { id: params.samlProviderId, organizationId: params.organizationId } })).count;
      });
      return count > 0 ? { status: 205 } : { status: 204 };
    },
  }),

  updateSamlProvider: defineOperation("updateSamlProvider", {
    handle: async ({ ctx, params, body }) => {
      const provider = await findSamlProvider(ctx.prisma, params.organizationId, params.samlProviderId);
      checkCertificate(body.certificate);
      await checkDefaultTeam(ctx.prisma, params.organizationId, body.defaultTeam);
      const updated = await ctx.prisma.samlProvider.update({
        where: { id: provider.id },
        data: {
          label: body.label,
          ssoURL: body.ssoURL,
          entityID: body.entityID,
          certificate: body.certificate,
          defaultTeamId: body.defaultTeam,
          defaultRole: body.defaultRole,
        },
        include: { defaultTeam: true },
      });
      return { status: 200, body: await serializeSamlProvider(ctx, updated) };
    },
  }),

  listSsoProviders: defineOperation("listSsoProviders", {
    handle: async ({ ctx, params }) => {
      // Ready for sign-in: the identity provider's side is complete.
      const providers = await ctx.prisma.samlProvider.findMany({
        where: { organizationId: params.organizationId, ssoURL: { not: null }, entityID: { not: null }, certificate: { not: null } },
        orderBy: orderBy(BY_CREATION),
      });
      const items = providers.map((provider) => ({ id: provider.id, label: provider.label, startURL: serviceUrls(ctx, provider.id).startURL }));
      return { status: 200, body: { items } };
    },
  }),
} satisfies AreaOperations;
