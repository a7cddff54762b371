// The authorization gate's witness of "nothing changed": it must see a write to any table, and not a token's use.
import { createHarness, type Harness, newId } from "@docstack/server/testing";
import { changedSince, changeMark, recordChanges } from "./change-log";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await recordChanges(h.services.prisma);
});
afterAll(() => h?.close());

it("notes every table a write touches, whatever the kind of write", async () => {
  const { prisma } = h.services;
  const start = await changeMark(prisma);
  expect(await changedSince(prisma, start)).toEqual([]);
  const org = await h.organization();
  expect(await changedSince(prisma, start)).toEqual(["ApiToken", "Member", "Organization", "User"]);
  const renamed = await changeMark(prisma);
  await prisma.organization.update({ where: { id: org.id }, data: { title: "Renamed" } });
  expect(await changedSince(prisma, renamed)).toEqual(["Organization"]);
  const deleted = await changeMark(prisma);
  await prisma.collection.create({ data: { id: newId(), organizationId: org.id, title: "Gone" } });
  await prisma.collection.deleteMany({ where: { organizationId: org.id } });
  expect(await changedSince(prisma, deleted)).toEqual(["Collection"]);
});

it("does not count a token's or a membership's use, which any request may record", async () => {
  const { prisma } = h.services;
  const org = await h.organization();
  const start = await changeMark(prisma);
  await prisma.apiToken.update({ where: { id: org.admin.tokenId }, data: { lastUsedAt: new Date() } });
  await prisma.member.updateMany({ where: { organizationId: org.id }, data: { lastSeenAt: new Date() } });
  expect(await changedSince(prisma, start)).toEqual([]);
  await prisma.apiToken.update({ where: { id: org.admin.tokenId }, data: { revokedAt: new Date() } });
  expect(await changedSince(prisma, start)).toEqual(["ApiToken"]);
});
