// The gates' fixtures put back after writes that the fuzzing and the authorization gate are allowed to make: the next
// request finds them as the gates expect (fixtures.ts, repairFixtures).
// Runs once: what the repair puts back does not depend on the database, and its read (fixture-state.ts) runs on
// PostgreSQL after every allowed write of the fuzz and authorization gates there.
import { createHarness, type Harness } from "@docstack/server/testing";
import { createFixtures, FIXTURES_TIMEOUT_MS, type Fixtures, repairFixtures } from "./fixtures";
import { NO_RATE_LIMIT } from "./shards";

let h: Harness;
let fixtures: Fixtures;
beforeAll(async () => {
  h = await createHarness(NO_RATE_LIMIT);
  fixtures = await createFixtures(h);
}, FIXTURES_TIMEOUT_MS);
afterAll(() => h?.close());

it("puts back the organization's settings, the member's role and the space that allowed writes changed", async () => {
  const { prisma } = h.services;
  const { organizationId, userId, spaceId } = fixtures.base;
  // As an admin's allowed writes may leave them: what every member gets raised, invite links off, the member
  // demoted, the space deleted (restorably) and locked.
  await prisma.organization.update({ where: { id: organizationId }, data: { defaultRole: "edit", inviteLinks: false } });
  await prisma.member.update({ where: { organizationId_userId: { organizationId, userId } }, data: { role: "read" } });
  await prisma.space.update({ where: { id: spaceId }, data: { deletedAt: new Date(), editMode: "locked" } });

  expect(await repairFixtures(h, fixtures)).toBe(true);

  expect(await prisma.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { defaultRole: true, inviteLinks: true } })).toEqual({
    defaultRole: null,
    inviteLinks: true,
  });
  expect((await prisma.member.findUniqueOrThrow({ where: { organizationId_userId: { organizationId, userId } } })).role).toBe("edit");
  expect(await prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: { deletedAt: true, editMode: true } })).toEqual({
    deletedAt: null,
    editMode: "live",
  });
});
