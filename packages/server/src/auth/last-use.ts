// When a token (and its user's memberships) was last used, recorded at most once a minute per
// token rather than on every request: a write per minute, whatever the traffic. The update is
// conditional, so several instances serving the same token in the same minute write it once.
// A session's expiry slides with the same write, so its idle lifetime counts to the minute.
import type { Db } from "../db/database";
import type { Actor } from "../http/actor";
import { type SessionLifetime, slidExpiry } from "./sessions";

const LAST_USE_RESOLUTION_MS = 60_000;

/** Records the use unless it was recorded within the minute: then undefined, with nothing to wait for. */
export function recordUse(prisma: Db, actor: Actor, now: Date, sessions: SessionLifetime): Promise<void> | undefined {
  if (actor.lastUsedAt && now.getTime() - actor.lastUsedAt.getTime() < LAST_USE_RESOLUTION_MS) return undefined;
  // A cached identity remembers it too, so the next requests of the minute skip even this check's write.
  actor.lastUsedAt = now;
  if (actor.session) actor.expiresAt = slidExpiry(actor.createdAt, now, sessions);
  return writeUse(prisma, actor, now);
}

async function writeUse(prisma: Db, actor: Actor, now: Date): Promise<void> {
  const before = new Date(now.getTime() - LAST_USE_RESOLUTION_MS);
  const { count } = await prisma.apiToken.updateMany({
    where: { id: actor.tokenId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: before } }] },
    data: { lastUsedAt: now, ...(actor.session ? { expiresAt: actor.expiresAt } : {}) },
  });
  if (count > 0) await prisma.member.updateMany({ where: { userId: actor.userId }, data: { lastSeenAt: now } });
}
