// What signing in leaves behind, kept only as long as it is needed: sign-in codes for the hour
// their rate limits count them, SAML request IDs and used assertions until they would have
// expired anyway.
import type { Db } from "../../db/database";

const DAY_MS = 24 * 60 * 60_000;

export async function purgeSignInState(prisma: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  await prisma.signInCode.deleteMany({ where: { createdAt: { lt: dayAgo } } });
  await prisma.samlRequest.deleteMany({ where: { createdAt: { lt: dayAgo } } });
  await prisma.samlAssertion.deleteMany({ where: { expiresAt: { lt: now } } });
}
