// API tokens: 256 random bits shown once, stored only as their SHA-256 hash.
import { hash } from "node:crypto";
import type { Db } from "../db/database";
import { newId } from "../db/ids";
import { newSecret } from "../secrets";

const PREFIX = "dst_";

export function hashToken(token: string): string {
  return hash("sha256", token, "hex"); // one call: every request hashes its token
}

export type TokenOrigin = "cli" | "personal" | "email" | "saml";

/** Creates a token for a user; returns the secret, which is not stored anywhere. */
export async function createApiToken(
  prisma: Db,
  userId: string,
  options: { label?: string | undefined; origin?: TokenOrigin; expiresAt?: Date | null; ssoOrganizationId?: string | null } = {},
): Promise<{ id: string; token: string }> {
  const token = newSecret(32, { prefix: PREFIX });
  const id = newId();
  await prisma.apiToken.create({
    data: {
      id,
      userId,
      tokenHash: hashToken(token),
      label: options.label ?? null,
      origin: options.origin ?? "cli",
      expiresAt: options.expiresAt ?? null,
      ssoOrganizationId: options.ssoOrganizationId ?? null,
    },
  });
  return { id, token };
}

export async function revokeApiToken(prisma: Db, tokenId: string, now: Date): Promise<boolean> {
  const { count } = await prisma.apiToken.updateMany({ where: { id: tokenId, revokedAt: null }, data: { revokedAt: now } });
  return count > 0;
}
