// Processing specifications' sources in the background, as jobs of the job queue. A new
// source puts its specification in `pending` and queues a job; the job claims it
// (`progress`), reads the source (source.ts), and ends it `complete` with a new version
// or `failed` with a code. The latest source wins: a processing whose source was
// replaced (or whose specification was deleted) meanwhile leaves no trace.

import type { Tx } from "../../db/database";
import { newId } from "../../db/ids";
import type { Prisma } from "../../generated/prisma/client";
import type { Services } from "../../http/context";
import type { JobDefinition, JobQueue } from "../../jobs/queue";
import { ProcessError, type ProcessErrorCode } from "./document";
import { versionContentPath } from "./serialize";
import { type ReadSource, readSource, type SpecSource } from "./source";

export type ProcessingServices = Pick<Services, "prisma" | "config" | "clock" | "logger">;

/** How many sources one process processes at once (each may fetch for up to 30 seconds). */
const WORKERS = 4;

interface Claimed {
  id: string;
  organizationId: string;
  slug: string;
  sourceUrl: string | null;
  sourceText: string | null;
  lastVersionId: string | null;
}

/**
 * Moves a `pending` specification to `progress` and returns its source, in one statement.
 * One in `progress` is claimed again: its job is being retried (its worker died), and the
 * queue runs one job per specification at a time. Raw SQL: Prisma would also touch `updatedAt`,
 * which only a new source or the end of a processing changes.
 */
async function claim(services: ProcessingServices, specId: string): Promise<Claimed | undefined> {
  const rows = await services.prisma.$queryRaw<Claimed[]>`
    UPDATE "OpenApiSpec" SET "processingState" = 'progress'
    WHERE id = ${specId} AND "processingState" IN ('pending', 'progress')
    RETURNING id, "organizationId", slug, "sourceUrl", "sourceText", "lastVersionId"`;
  return rows[0];
}

const sourceOf = (spec: Claimed): SpecSource => (spec.sourceUrl !== null ? { url: spec.sourceUrl } : { text: spec.sourceText ?? "" });

/** Versions list newest first by ID: a new one must sort after the last, even within a millisecond. */
function versionIdAfter(previous: string | null): string {
  let id = newId();
  while (previous && id <= previous) id = previous.slice(0, 10) + newId().slice(10);
  return id;
}

/** Ends the processing of `spec`, unless its source changed (or it was deleted) since the claim. */
async function finish(services: ProcessingServices, spec: Claimed, outcome: ReadSource | ProcessErrorCode): Promise<void> {
  const now = services.clock.now();
  const stillCurrent = { id: spec.id, processingState: "progress" as const, sourceUrl: spec.sourceUrl, sourceText: spec.sourceText };
  if (typeof outcome === "string") {
    await services.prisma.openApiSpec.updateMany({
      where: stillCurrent,
      data: { processingState: "failed", lastProcessErrorCode: outcome, lastProcessedAt: now, updatedAt: now },
    });
    return;
  }
  const versionId = versionIdAfter(spec.lastVersionId);
  // A text source has no URL of its own: its version's content in the API stands for it.
  const url = spec.sourceUrl ?? versionContentPath(spec, versionId);
  const filesystem = { [url]: outcome.root, ...outcome.referenced } as Prisma.InputJsonObject;
  await services.prisma.$transaction(async (tx) => {
    const { count } = await tx.openApiSpec.updateMany({
      where: stillCurrent,
      data: { processingState: "complete", lastVersionId: versionId, lastProcessErrorCode: null, lastProcessedAt: now, updatedAt: now },
    });
    if (count === 1) await tx.openApiSpecVersion.create({ data: { id: versionId, specId: spec.id, url, filesystem, createdAt: now } });
  });
}

async function processSpec(services: ProcessingServices, specId: string): Promise<void> {
  const spec = await claim(services, specId);
  if (!spec) return; // processed already (a later job of the same source), or deleted
  let outcome: ReadSource | ProcessErrorCode;
  try {
    outcome = await readSource(sourceOf(spec), { allowPrivateFetch: services.config.allowPrivateFetch });
  } catch (error) {
    if (!(error instanceof ProcessError)) throw error;
    services.logger.info({ specId, code: error.code, reason: error.message }, "OpenAPI specification source failed");
    outcome = error.code;
  }
  try {
    await finish(services, spec, outcome);
  } catch (error) {
    if (typeof outcome === "string") throw error;
    // The database refused the version (text it cannot hold): the document is at fault, so the
    // specification fails rather than staying in `progress`. If the database is down, this fails
    // too, and the job is retried.
    services.logger.error({ err: error, specId }, "could not store an OpenAPI specification version");
    await finish(services, spec, "INVALID_SPEC");
  }
}

/** Processing one specification's current source. Keyed by specification: one job waits per specification at most. */
export const processSpecJob: JobDefinition<{ specId: string }, ProcessingServices> = {
  name: "openapi-spec.process",
  run: (services, { specId }) => processSpec(services, specId),
  concurrency: WORKERS,
  // A worker killed mid-processing stops its heartbeats: the job is retried by another within about this long.
  heartbeatSeconds: 10,
  policy: "stately",
};

/**
 * Queues the processing of a specification's current source, in the transaction that set it (the job
 * exists if and only if the source was written). A job reads the source when it runs, so a
 * specification already waiting is not queued twice.
 */
export function queueSpecProcessing(jobs: JobQueue, tx: Tx, specId: string): Promise<void> {
  return jobs.send(processSpecJob.name, { specId }, { tx, key: specId });
}

/** How long a specification may stay `pending` or `progress` before the sweep queues it again. */
const STUCK_MS = 5 * 60 * 1000;

/**
 * Every 5 minutes: specifications `pending` or `progress` for longer than that get a job (one
 * already waiting stands for it). What only this catches: those left by a version of Docstack
 * that processed in memory.
 */
export const sweepSpecsJob: JobDefinition<object, ProcessingServices & { jobs: JobQueue }> = {
  name: "openapi-spec.sweep",
  schedule: "*/5 * * * *",
  run: async (services) => {
    await requeueStuckSpecs(services, new Date(services.clock.now().getTime() - STUCK_MS));
  },
};

/** Queues the specifications left `pending` or `progress` since before `before`; returns how many. */
export async function requeueStuckSpecs(services: Pick<Services, "prisma" | "jobs">, before: Date): Promise<number> {
  const stuck = await services.prisma.openApiSpec.findMany({
    where: { processingState: { in: ["pending", "progress"] }, updatedAt: { lt: before } },
    select: { id: true },
    orderBy: { updatedAt: "asc" },
  });
  for (const { id } of stuck) await services.jobs.send(processSpecJob.name, { specId: id }, { key: id });
  return stuck.length;
}
