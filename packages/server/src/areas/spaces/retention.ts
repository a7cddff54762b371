// Deleted spaces are restorable for 7 days, then removed for good by a periodic job.
import type { Db } from "../../db/database";

export const SPACE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export function isRestorable(deletedAt: Date, now: Date): boolean {
  return now.getTime() - deletedAt.getTime() <= SPACE_RETENTION_MS;
}

/** Removes spaces deleted more than 7 days ago, with everything they hold; returns how many. */
export async function purgeDeletedSpaces(prisma: Db, now: Date): Promise<number> {
  const { count } = await prisma.space.deleteMany({
    where: { deletedAt: { lt: new Date(now.getTime() - SPACE_RETENTION_MS) } },
  });
  return count;
}
