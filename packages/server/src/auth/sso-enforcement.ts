// An organization's enforced SSO (`sso: true` on the organization, GitBook's "SSO enforced organization-wide"):
// its members reach it only with a credential its own SAML sign-in made (an app session, a sign-in token, or a
// personal token made with either), or one made by `docstack` on the server (origin `cli`: the operator's, who can
// always turn it off again). Any other credential of a member (an e-mail code's session, a token made with one)
// sees the organization as an outsider does: what it cannot see is a 404, as anywhere else.
//
// Two writes could leave such an organization nobody can reach: turning enforcement on, and deleting its last SAML
// provider while it is on. Each locks the organization's row first, so that the two cannot pass their checks at once.
import type { Tx } from "../db/database";
import { conflict } from "../http/errors";

/** What enforcement needs to know of a credential. */
export interface SsoStanding {
  origin: string;
  ssoOrganizationId: string | null;
}

/** Whether the credential counts as the member's in an organization that does or does not enforce SSO. */
export function countsUnderSso(credential: SsoStanding, organization: { id: string; sso: boolean }): boolean {
  return !organization.sso || credential.origin === "cli" || credential.ssoOrganizationId === organization.id;
}

async function lockOrganization(tx: Tx, organizationId: string): Promise<{ sso: boolean } | undefined> {
  const rows = await tx.$queryRaw<{ sso: boolean }[]>`SELECT sso FROM "Organization" WHERE id = ${organizationId} FOR UPDATE`;
  return rows[0];
}

/** Enforcing SSO needs a SAML provider, and a caller whose credential still counts once it is on. */
export async function demandSsoCanBeEnforced(tx: Tx, tokenId: string, organizationId: string): Promise<void> {
  await lockOrganization(tx, organizationId);
  if ((await tx.samlProvider.count({ where: { organizationId } })) === 0) {
    throw conflict("sso_provider_missing", "SSO cannot be enforced with no SAML provider: nobody could sign in. Add a SAML provider first");
  }
  const credential = await tx.apiToken.findUnique({ where: { id: tokenId }, select: { origin: true, ssoOrganizationId: true } });
  if (!credential || !countsUnderSso(credential, { id: organizationId, sso: true })) {
    throw conflict(
      "sso_sign_in_required",
      "Enforcing SSO now would shut you out of this organization: sign in through its SAML provider, then turn it on from that session",
    );
  }
}

/** The last SAML provider of an organization that enforces SSO stays. */
export async function demandNotLastUnderSso(tx: Tx, organizationId: string, providerId: string): Promise<void> {
  const organization = await lockOrganization(tx, organizationId);
  if (!organization?.sso) return;
  const providers = await tx.samlProvider.findMany({ where: { organizationId }, select: { id: true } });
  if (providers.length === 1 && providers[0]?.id === providerId) {
    throw conflict("sso_enforced", "This organization enforces SSO and this is its last SAML provider: turn enforcement off first");
  }
}
