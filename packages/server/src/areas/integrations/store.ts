// Reading and writing integrations: the list's filters, publishing a version, and what
// installations count.

import { isUniqueViolation } from "../../db/errors";
import { escapeLike } from "../../db/like";
import type { Integration, IntegrationInstallation, Prisma } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { conflict } from "../../http/errors";
import type { QueryParams } from "../../http/operation";
import { integrationCategory } from "../../models/contract-enums";
import { listedFor } from "./policy";
import { type CheckedPublication, versionData } from "./publication";

/** The host of a URL as PostgreSQL reads it: after the scheme and any user information, before port, path, query or fragment. */
const URL_HOST = "^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/:?#]*)";

/** Integrations with a block unfurling URLs of `domain` or of one of its sub-domains (case-insensitive). */
async function unfurlingDomain(ctx: RequestContext, domain: string): Promise<string[]> {
  const lower = domain.toLowerCase();
  const rows = await ctx.prisma.$queryRaw<{ name: string }[]>`
    SELECT i.name FROM "Integration" i
    WHERE EXISTS (
      SELECT 1
      FROM jsonb_array_elements(i.blocks) AS block(value)
      CROSS JOIN LATERAL jsonb_array_elements_text(
        CASE WHEN jsonb_typeof(block.value -> 'urlUnfurl') = 'array' THEN block.value -> 'urlUnfurl' ELSE '[]'::jsonb END
      ) AS unfurl(url)
      CROSS JOIN LATERAL (SELECT lower(substring(unfurl.url FROM ${URL_HOST})) AS host) AS parsed
      WHERE parsed.host = ${lower} OR right(parsed.host, ${lower.length + 1}) = ${`.${lower}`}
    )`;
  return rows.map((row) => row.name);
}

/** `true`: a non-empty list; `false`: an empty one. */
const provides = (field: "blocks" | "contentSources", wanted: boolean): Prisma.IntegrationWhereInput =>
  wanted ? { NOT: { [field]: { equals: [] } } } : { [field]: { equals: [] } };

/** The integrations the caller sees in lists, narrowed by every filter given. */
export async function integrationsWhere(ctx: RequestContext, query: QueryParams<"listIntegrations">): Promise<Prisma.IntegrationWhereInput> {
  const filters: Prisma.IntegrationWhereInput[] = [listedFor(ctx)];
  if (query.search) {
    const contains = { contains: escapeLike(query.search), mode: "insensitive" } as const;
    filters.push({ OR: [{ name: contains }, { title: contains }] });
  }
  if (query.category) filters.push({ categories: { has: integrationCategory.column(query.category) } });
  if (query.owner) filters.push({ ownerId: query.owner });
  if (query.blocks !== undefined) filters.push(provides("blocks", query.blocks));
  if (query.contentSources !== undefined) filters.push(provides("contentSources", query.contentSources));
  if (query.blockDomain) filters.push({ name: { in: await unfurlingDomain(ctx, query.blockDomain) } });
  return { AND: filters };
}

/**
 * Publishes a version of `name` owned by `ownerId`: the first makes version 1, each next one
 * the previous number plus one. A name another organization owns answers 409.
 */
export async function publish(ctx: RequestContext, name: string, ownerId: string, checked: CheckedPublication): Promise<Integration> {
  const attempt = () =>
    ctx.prisma.$transaction(async (tx) => {
      // Publications of one name queue on its row, so each sees the version before it.
      await tx.$executeRaw`SELECT 1 FROM "Integration" WHERE name = ${name} FOR UPDATE`;
      const previous = await tx.integration.findUnique({ where: { name } });
      if (previous && previous.ownerId !== ownerId)
        throw conflict("name_taken", `The integration name "${name}" belongs to another organization's integration`);
      const data = await versionData(tx, checked, previous);
      return previous
        ? tx.integration.update({ where: { name }, data: { ...data, version: previous.version + 1, updatedAt: ctx.clock.now() } })
        : tx.integration.create({ data: { ...data, name, ownerId, version: 1, createdAt: ctx.clock.now(), updatedAt: ctx.clock.now() } });
    });
  // Two first publications of a name at once: the second sees the first's row when tried again.
  return attempt().catch((error: unknown) => (isUniqueViolation(error) ? attempt() : Promise.reject(error)));
}

/** How many spaces each installation is on: every space of its organization when it selects all. */
export async function installationSpaces(
  ctx: RequestContext,
  installations: IntegrationInstallation[],
): Promise<(installation: IntegrationInstallation) => number> {
  const organizations = [...new Set(installations.filter((i) => i.spaceSelection === "all").map((i) => i.organizationId))];
  const counts = organizations.length
    ? await ctx.prisma.space.groupBy({ by: ["organizationId"], where: { organizationId: { in: organizations }, deletedAt: null }, _count: true })
    : [];
  const byOrganization = new Map(counts.map((row) => [row.organizationId, row._count]));
  // No model records which spaces a `selected` installation chose: it counts none.
  return (installation) => (installation.spaceSelection === "all" ? (byOrganization.get(installation.organizationId) ?? 0) : 0);
}
