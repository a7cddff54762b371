// Creating a site: its basename made from its title, and what it publishes at first
// (spaces of the organization, or a new empty space made for it).
import type { Schemas } from "@docstack/contract";
import { createSpace } from "../../commands/create-space";
import type { Tx } from "../../db/database";
import { isUniqueViolation } from "../../db/errors";
import { newId } from "../../db/ids";
import type { Organization, Site, Space } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { badRequest } from "../../http/errors";
import { siteType, siteVisibility } from "../../models/contract-enums";
import { freeSegment, segmentFrom } from "./paths";
import { appendSiteSpaces } from "./structure";

type CreateSiteRequest = Schemas["CreateSiteRequest"];

/** Attempts when another site took the basename between choosing it and writing it. */
const ATTEMPTS = 3;

export async function createSite(ctx: RequestContext, organization: Organization, body: CreateSiteRequest): Promise<Site> {
  const title = body.title ?? "Untitled site";
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.prisma.$transaction(async (tx) => {
        const spaces =
          body.spaces === "new"
            ? [await createSpace(ctx, tx, { organizationId: organization.id, parentId: null, title })]
            : await spacesToPublish(tx, organization.id, body.spaces ?? []);
        const taken = await tx.site.findMany({ where: { organizationId: organization.id }, select: { basename: true } });
        const site = await tx.site.create({
          data: {
            id: newId(),
            organizationId: organization.id,
            type: siteType.column(body.type ?? "basic"),
            title,
            basename: freeSegment(
              segmentFrom(title, "site"),
              taken.map((other) => other.basename),
            ),
            visibility: siteVisibility.column(body.visibility ?? "public"),
            published: false,
          },
        });
        await appendSiteSpaces(tx, site, null, spaces);
        return tx.site.findUniqueOrThrow({ where: { id: site.id } });
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** The spaces of `spaceIds`, in that order: each one a space of the organization, not deleted (400 otherwise). */
async function spacesToPublish(tx: Tx, organizationId: string, spaceIds: readonly string[]): Promise<Space[]> {
  const found = await tx.space.findMany({ where: { id: { in: [...spaceIds] }, organizationId, deletedAt: null } });
  const byId = new Map(found.map((space) => [space.id, space]));
  return spaceIds.map((id, index) => {
    const space = byId.get(id);
    if (!space) throw badRequest("invalid_reference", `request/body/spaces/${index}: ${id} is not a space of this organization (or it is deleted)`);
    return space;
  });
}
