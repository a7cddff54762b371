import type { Schemas } from "@docstack/contract";
import type { RequestContext } from "../../http/context";
import { apiUrl } from "../../http/urls";
import { serializeTeams } from "../teams/serialize";
import type { SamlProviderWithTeam } from "./store";

/**
 * Docstack's side of a provider, derived from the base URL the API is served at. The
 * sign-in flow at these URLs (sign-in.ts) is not part of the JSON API.
 */
export function serviceUrls(ctx: Pick<RequestContext, "baseUrl">, providerId: string): Schemas["SamlProvider"]["service"] {
  const base = `${ctx.baseUrl}/sso/saml/${providerId}`;
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: base };
}

/** Providers with their default teams, the teams read in bulk. */
export async function serializeSamlProviders(ctx: RequestContext, providers: SamlProviderWithTeam[]): Promise<Schemas["SamlProvider"][]> {
  const teams = await serializeTeams(
    ctx,
    providers.flatMap((provider) => (provider.defaultTeam ? [provider.defaultTeam] : [])),
  );
  const teamById = new Map(teams.map((team) => [team.id, team]));
  return providers.map((provider) => {
    const defaultTeam = provider.defaultTeamId ? teamById.get(provider.defaultTeamId) : undefined;
    return {
      object: "saml-provider",
      id: provider.id,
      label: provider.label,
      // GitBook always names the three: the empty string until set.
      ssoURL: provider.ssoURL ?? "",
      entityID: provider.entityID ?? "",
      certificate: provider.certificate ?? "",
      status: provider.ssoURL !== null && provider.entityID !== null && provider.certificate !== null ? "active" : "pending",
      ...(defaultTeam ? { defaultTeam } : {}),
      defaultRole: provider.defaultRole,
      createdAt: provider.createdAt.toISOString(),
      service: serviceUrls(ctx, provider.id),
      urls: { location: apiUrl(ctx, `/orgs/${provider.organizationId}/saml/${provider.id}`) },
    };
  });
}

export async function serializeSamlProvider(ctx: RequestContext, provider: SamlProviderWithTeam): Promise<Schemas["SamlProvider"]> {
  const [serialized] = await serializeSamlProviders(ctx, [provider]);
  return serialized as Schemas["SamlProvider"];
}
