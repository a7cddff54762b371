// Every kind of job, in one list (a job missing here is never worked), and the maintenance ones.
import { processSpecJob, sweepSpecsJob } from "../areas/openapi-specs/processing";
import { purgeSpacesJob } from "../areas/spaces/retention";
import { searchIndexJob, sweepSearchIndexJob } from "../content/search/search-catch-up";
import type { Database } from "../db/database";
import { gitContinuousJob, gitPollJob } from "../git/continuous";
import { gitSyncJob } from "../git/sync";
import type { Services } from "../http/context";
import { importRunJob } from "../imports/run";
import type { JobDefinition } from "../jobs/queue";
import { purgeIdempotencyKeys } from "../pipeline/idempotency";
import { forgetFinishedWindows } from "../pipeline/rate-limit";
import { deliverJob, sweepWebhooksJob } from "../webhooks/deliver";

/**
 * Hourly on the embedded database: PGlite runs no background workers, so no autovacuum; without it
 * dead rows would pile up and the planner's statistics go stale. (PostgreSQL has autovacuum.)
 */
const vacuumJob: JobDefinition<object, Pick<Services, "prisma">> = {
  name: "database.vacuum",
  schedule: "37 * * * *",
  run: async ({ prisma }) => {
    await prisma.$executeRawUnsafe("VACUUM (ANALYZE)");
  },
};

/** Every minute: the rate limiter's counters of finished windows (PostgreSQL; the embedded database counts in memory). */
const rateLimitCountersJob: JobDefinition<object, Pick<Services, "prisma" | "clock" | "config">> = {
  name: "rate-limit.forget",
  schedule: "* * * * *",
  run: async ({ prisma, clock, config }) => {
    if (config.rateLimit.max > 0) await forgetFinishedWindows(prisma, clock, config.rateLimit.windowMs);
  },
};

/** Hourly: the Idempotency-Keys older than their 24 hours. */
const idempotencyKeysJob: JobDefinition<object, Pick<Services, "prisma" | "clock">> = {
  name: "idempotency-keys.purge",
  schedule: "17 * * * *",
  run: async ({ prisma, clock }) => {
    await purgeIdempotencyKeys(prisma, clock);
  },
};

export function jobDefinitions(kind: Database["kind"]): JobDefinition<object, never>[] {
  const maintenance = kind === "embedded" ? [vacuumJob] : [rateLimitCountersJob];
  return [
    processSpecJob,
    sweepSpecsJob,
    purgeSpacesJob,
    deliverJob,
    sweepWebhooksJob,
    gitSyncJob,
    gitContinuousJob,
    gitPollJob,
    importRunJob,
    searchIndexJob,
    sweepSearchIndexJob,
    idempotencyKeysJob,
    ...maintenance,
  ] as JobDefinition<object, never>[];
}
