// Deleted spaces are restorable for 7 days, then removed for good by a scheduled job.

import type { Db } from "../../db/database";
import type { Services } from "../../http/context";
import type { JobDefinition } from "../../jobs/queue";
import { purgeSignInState } from "../auth/retention";

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

/** Hourly, once across the cluster: the purge of spaces deleted more than 7 days ago, and of spent sign-in state. */
export const purgeSpacesJob: JobDefinition<object, Pick<Services, "prisma" | "clock" | "logger">> = {
  name: "spaces.purge",
  schedule: "7 * * * *",
  run: async ({ prisma, clock, logger }) => {
    const purged = await purgeDeletedSpaces(prisma, clock.now());
    if (purged) logger.info({ purged }, "purged spaces deleted more than 7 days ago");
    await purgeSignInState(prisma, clock.now());
  },
};
