// Writing a specification's source: each new one puts it back in `pending` and queues it.

import { isUniqueViolation } from "../../db/errors";
import { newId } from "../../db/ids";
import type { OpenApiSpec } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { conflict } from "../../http/errors";
import { processSpecJob, queueSpecProcessing } from "./processing";
import type { SpecSource } from "./source";

/** The columns a new source sets: the previous processing's outcome goes, its versions stay. */
function sourceData(ctx: RequestContext, source: SpecSource) {
  return {
    sourceUrl: "url" in source ? source.url : null,
    sourceText: "text" in source ? source.text : null,
    processingState: "pending" as const,
    lastProcessErrorCode: null,
    updatedAt: ctx.clock.now(),
  };
}

/** A new specification (409 when the organization uses the slug already), queued for processing. */
export async function createSpec(ctx: RequestContext, organizationId: string, slug: string, source: SpecSource): Promise<OpenApiSpec> {
  return ctx.prisma
    .$transaction(async (tx) => {
      const spec = await tx.openApiSpec.create({ data: { id: newId(), organizationId, slug, createdAt: ctx.clock.now(), ...sourceData(ctx, source) } });
      await queueSpecProcessing(ctx.jobs, tx, spec.id);
      return spec;
    })
    .then((spec) => {
      ctx.jobs.wake(processSpecJob.name);
      return spec;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw conflict("name_taken", `The organization has an OpenAPI specification with the slug "${slug}" already: PUT it to replace its source`);
      throw error;
    });
}

/** Sets the source of the specification with this slug, creating it when there is none; queued for processing. */
export async function putSpecSource(ctx: RequestContext, organizationId: string, slug: string, source: SpecSource): Promise<OpenApiSpec> {
  const data = sourceData(ctx, source);
  const upsert = () =>
    ctx.prisma.$transaction(async (tx) => {
      const spec = await tx.openApiSpec.upsert({
        where: { organizationId_slug: { organizationId, slug } },
        create: { id: newId(), organizationId, slug, createdAt: data.updatedAt, ...data },
        update: data,
      });
      await queueSpecProcessing(ctx.jobs, tx, spec.id);
      return spec;
    });
  // Two puts creating the same slug at once: the loser of the race updates the winner's.
  const spec = await upsert().catch((error: unknown) => (isUniqueViolation(error) ? upsert() : Promise.reject(error)));
  ctx.jobs.wake(processSpecJob.name);
  return spec;
}
