// Who may import: the space an import run's body targets (`target.space`, of the organization of the path) is
// judged as the space itself is (edit, refused with 409 while locked); a run is seen and cancelled through its space.
import type { ImportRun, Space } from "../../generated/prisma/client";
import { conflict } from "../../http/errors";
import { LOCKED_MESSAGE } from "../../models/change-requests/editable";
import { spaceLevel } from "../../policy/content";
import { definePolicy, type PolicyRequest } from "../../policy/factory";
import { reaches } from "../../policy/roles";
import { spacePermissions } from "../spaces/policy";

const targetSpaceId = ({ body }: PolicyRequest) => (body as { target?: { space?: string } } | undefined)?.target?.space;

/** The space `target.space` names, when it is one of the organization's and not deleted. */
export const importTargetPolicy = definePolicy("importTarget", {
  what: "Space",
  on: "the target space",
  level: (ctx, { space }: { space: Space }) => spaceLevel(ctx, space),
  permissions: (_ctx, { space }, level) => ({ edit: spacePermissions(level, space).edit }),
  // Only the lock refuses an editor (409), as on the space itself.
  refuse: (_ctx, access) => (reaches(access.level, "edit") ? conflict("space_locked", LOCKED_MESSAGE) : undefined),
  find: async ({ ctx, params, body }) => {
    const id = targetSpaceId({ ctx, params, body });
    const space = id ? await ctx.prisma.space.findUnique({ where: { id } }) : null;
    return space && !space.deletedAt && space.organizationId === params.organizationId ? { space } : null;
  },
});

/** The run of the path, in the organization of the path, with its space: the caller's level on that space decides. */
export const importRunPolicy = definePolicy("importRun", {
  what: "Import run",
  find: async ({ ctx, params }) => {
    const run = await ctx.prisma.importRun.findUnique({ where: { id: params.importRunId as string }, include: { space: true } });
    if (!run || run.organizationId !== params.organizationId || run.space.deletedAt) return null;
    const { space, ...rest } = run;
    return { run: rest as ImportRun, space };
  },
  level: (ctx, { space }: { run: ImportRun; space: Space }) => spaceLevel(ctx, space),
});
