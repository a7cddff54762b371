// Who is calling: the user behind an authenticated token, with their roles. Made by authentication,
// read by policies and handlers.
import type { Schemas } from "@docstack/contract";

export interface Actor {
  userId: string;
  tokenId: string;
  user: { id: string; displayName: string; email: string; photoURL: string | null; emailVerified: boolean };
  /** The caller's role in each organization they belong to (null: guest). */
  orgRoles: ReadonlyMap<string, Schemas["Role"] | null>;
  /** When the token stops working (null: never); checked on every request, cached or not. */
  expiresAt: Date | null;
  /** When the token's last use was recorded (at most once a minute, auth/last-use.ts). */
  lastUsedAt: Date | null;
}
