// Reads and checks shared by the SAML provider operations.
import type { Db } from "../../db/database";
import type { SamlProvider, Team } from "../../generated/prisma/client";
import { badRequest, notFound } from "../../http/errors";

export type SamlProviderWithTeam = SamlProvider & { defaultTeam: Team | null };

export async function findSamlProvider(prisma: Db, organizationId: string, id: string): Promise<SamlProviderWithTeam> {
  const provider = await prisma.samlProvider.findFirst({ where: { id, organizationId }, include: { defaultTeam: true } });
  if (!provider) throw notFound("SAML provider");
  return provider;
}

/** 400 unless `teamId` (when given, null meaning none) is a team of the organization. */
export async function checkDefaultTeam(prisma: Db, organizationId: string, teamId: string | null | undefined): Promise<void> {
  if (teamId == null) return;
  const team = await prisma.team.findFirst({ where: { id: teamId, organizationId }, select: { id: true } });
  if (!team) throw badRequest("invalid_reference", `request/body/defaultTeam: ${JSON.stringify(teamId)} is not a team of this organization`);
}
