// What repairFixtures (fixtures.ts) needs to know of the base fixtures, read in one statement (so values as the
// database spells them: an import run "in-progress", where Prisma says in_progress): it runs after every
// refused lookup and every allowed write of the gates (about 2,400 times in the contract fuzzing), and nine separate
// reads through the ORM made a fifth of that file's CPU.
import type { Harness } from "@docstack/server/testing";
import type { BaseFixture } from "./plan";

interface Owned {
  organizationId: string;
}

/** The fixtures' rows as the repair compares them (a row missing is null). */
export interface FixtureState {
  organization: { defaultRole: string | null; inviteLinks: boolean } | null;
  admin: { role: string | null; disabled: boolean } | null;
  member: { role: string | null; disabled: boolean } | null;
  collection: (Owned & { defaultLevel: string | null; parentId: string | null }) | null;
  space: (Owned & { parentId: string | null; defaultLevel: string | null; deletedAt: string | null; editMode: string }) | null;
  otherSpace: (Owned & { deletedAt: string | null }) | null;
  /** The admin's session exists, is not revoked and has not expired (by the harness's clock). */
  sessionUsable: boolean;
  /** The held import run: whether it has ended (no longer pending or in progress), and whether its space is deleted (restorably). */
  importRun: { ended: boolean; spaceId: string; spaceDeleted: boolean } | null;
  /** A sign-in code for the fixture address is still usable (unused, fewer than 5 tries, not expired). */
  signInCodeUsable: boolean;
}

/** The base fixtures' IDs (fixtures.ts), and the admin's user. */
export type FixtureIds = Pick<
  Record<BaseFixture, string>,
  "organizationId" | "userId" | "collectionId" | "spaceId" | "otherSpaceId" | "sessionId" | "importRunId" | "signInEmail"
> & {
  adminId: string;
};

export async function readFixtureState(h: Harness, ids: FixtureIds): Promise<FixtureState> {
  const now = h.clock.now().toISOString();
  const [state] = await h.services.prisma.$queryRaw<FixtureState[]>`
    SELECT
      (SELECT jsonb_build_object('defaultRole', "defaultRole", 'inviteLinks', "inviteLinks") FROM "Organization" WHERE id = ${ids.organizationId})
        AS organization,
      (SELECT jsonb_build_object('role', role, 'disabled', disabled) FROM "Member"
        WHERE "organizationId" = ${ids.organizationId} AND "userId" = ${ids.adminId}) AS admin,
      (SELECT jsonb_build_object('role', role, 'disabled', disabled) FROM "Member"
        WHERE "organizationId" = ${ids.organizationId} AND "userId" = ${ids.userId}) AS member,
      (SELECT jsonb_build_object('organizationId', "organizationId", 'defaultLevel', "defaultLevel", 'parentId', "parentId")
        FROM "Collection" WHERE id = ${ids.collectionId}) AS collection,
      (SELECT jsonb_build_object('organizationId', "organizationId", 'parentId', "parentId", 'defaultLevel', "defaultLevel",
          'deletedAt', "deletedAt", 'editMode', "editMode")
        FROM "Space" WHERE id = ${ids.spaceId}) AS space,
      (SELECT jsonb_build_object('organizationId', "organizationId", 'deletedAt', "deletedAt") FROM "Space" WHERE id = ${ids.otherSpaceId})
        AS "otherSpace",
      coalesce((SELECT "revokedAt" IS NULL AND ("expiresAt" IS NULL OR "expiresAt" > ${now}::timestamptz) FROM "ApiToken"
        WHERE id = ${ids.sessionId}), false) AS "sessionUsable",
      (SELECT jsonb_build_object('ended', r.status::text NOT IN ('pending', 'in-progress'), 'spaceId', r."spaceId", 'spaceDeleted', s."deletedAt" IS NOT NULL)
        FROM "ImportRun" r LEFT JOIN "Space" s ON s.id = r."spaceId" WHERE r.id = ${ids.importRunId}) AS "importRun",
      EXISTS (SELECT 1 FROM "SignInCode" WHERE email = ${ids.signInEmail} AND "usedAt" IS NULL AND attempts < 5
        AND "expiresAt" > ${now}::timestamptz) AS "signInCodeUsable"`;
  return state as FixtureState;
}
