// Processing specifications' sources in the background: a small in-process queue. A
// new source puts its specification in `pending` and queues it; a worker claims it
// (`progress`), reads the source (source.ts), and ends it `complete` with a new version
// or `failed` with a code. The latest source wins: a processing whose source was
// replaced (or whose specification was deleted) meanwhile leaves no trace.

import { newId } from "../../db/ids";
import type { Prisma } from "../../generated/prisma/client";
import type { Services } from "../../http/context";
import { registerBackgroundWork } from "../../jobs/background";
import { ProcessError, type ProcessErrorCode } from "./document";
import { versionContentPath } from "./serialize";
import { type ReadSource, readSource, type SpecSource } from "./source";

export type ProcessingServices = Pick<Services, "prisma" | "config" | "clock" | "logger">;

/** How many sources are processed at once (each may fetch for up to 30 seconds). */
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
 * Moves a `pending` specification to `progress` and returns its source, in one statement
 * (so two workers cannot both claim it). Raw SQL: Prisma would also touch `updatedAt`,
 * which only a new source or the end of a processing changes.
 */
async function claim(services: ProcessingServices, specId: string): Promise<Claimed | undefined> {
  const rows = await services.prisma.$queryRaw<Claimed[]>`
    UPDATE "OpenApiSpec" SET "processingState" = 'progress'
    WHERE id = ${specId} AND "processingState" = 'pending'
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
  const stillCurrent = { id: spec.id, processingState: "progress", sourceUrl: spec.sourceUrl, sourceText: spec.sourceText };
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
    // too, and the next start queues the specification again (resumeSpecProcessing).
    services.logger.error({ err: error, specId }, "could not store an OpenAPI specification version");
    await finish(services, spec, "INVALID_SPEC");
  }
}

interface Job {
  services: ProcessingServices;
  specId: string;
}

const waiting: Job[] = [];
let running = 0;
let settled: (() => void)[] = [];

function next(): void {
  while (running < WORKERS && waiting.length > 0) {
    const job = waiting.shift() as Job;
    running++;
    processSpec(job.services, job.specId)
      .catch((error: unknown) => job.services.logger.error({ err: error, specId: job.specId }, "processing an OpenAPI specification failed"))
      .finally(() => {
        running--;
        next();
      });
  }
  if (running === 0 && waiting.length === 0) {
    const resolve = settled;
    settled = [];
    for (const done of resolve) done();
  }
}

/**
 * Queues the processing of a specification's current source. It starts at once, never
 * awaited by the request that set the source. A job reads the source when it runs, so a
 * specification already waiting is not queued twice.
 */
export function queueSpecProcessing(services: ProcessingServices, specId: string): void {
  if (!waiting.some((job) => job.specId === specId)) waiting.push({ services, specId });
  next();
}

/** Resolves once nothing is queued or being processed (tests await it instead of sleeping). */
export function specProcessingSettled(): Promise<void> {
  if (running === 0 && waiting.length === 0) return Promise.resolve();
  return new Promise((resolve) => settled.push(resolve));
}
registerBackgroundWork(specProcessingSettled);

/**
 * On start: the specifications a stopped server left `pending` or `progress` are queued
 * again (a `progress` one was interrupted: it goes back to `pending` first).
 */
export async function resumeSpecProcessing(services: ProcessingServices): Promise<number> {
  await services.prisma.$executeRaw`UPDATE "OpenApiSpec" SET "processingState" = 'pending' WHERE "processingState" = 'progress'`;
  const pending = await services.prisma.openApiSpec.findMany({ where: { processingState: "pending" }, select: { id: true }, orderBy: { updatedAt: "asc" } });
  for (const { id } of pending) queueSpecProcessing(services, id);
  return pending.length;
}
