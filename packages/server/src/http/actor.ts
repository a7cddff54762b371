// Who is calling: the user behind an authenticated token or app session, with their roles. Made by
// authentication, read by policies and handlers.
import type { Schemas } from "@docstack/contract";

export interface Actor {
  userId: string;
  /** The API token's ID, or the session's (sessions are stored as tokens of origin `session`). */
  tokenId: string;
  /** Whether the credential is an app session (from its cookie) rather than an API token. */
  session: boolean;
  user: { id: string; displayName: string; email: string; photoURL: string | null; emailVerified: boolean };
  /** The caller's role in each organization they belong to (null: guest). */
  orgRoles: ReadonlyMap<string, Schemas["Role"] | null>;
  /** When the token stops working (null: never); checked on every request, cached or not. A session's slides. */
  expiresAt: Date | null;
  /** When the token's last use was recorded (at most once a minute, auth/last-use.ts). */
  lastUsedAt: Date | null;
  /** When the token or session was made (a session never lives past its maximum lifetime from then). */
  createdAt: Date;
  /** The organization whose SAML sign-in made the credential (auth/sso-enforcement.ts); absent for others. */
  ssoOrganizationId?: string | null;
  /**
   * Set for a site's content token (auth/content-tokens.ts), which has no user (`userId` names no one, `orgRoles` is
   * empty): it reads these spaces of its site, and nothing else (policy/content-token.ts).
   */
  contentScope?: { organizationId: string; siteId: string; spaceIds: ReadonlySet<string> };
}
