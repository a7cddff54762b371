// The Git poll starts with the worker: with DOCSTACK_GIT_POLL_SECONDS below a minute, the first poll comes
// within that interval from the start, not at the schedule's next minute (plus the queue's own polling).
import { setTimeout as delay } from "node:timers/promises";
import { contentHelpers } from "../../test/support/content";
import { useHarness } from "../../test/support/harness";
import { gitPollJob } from "./continuous";

const h = useHarness();
const c = contentHelpers(h);
// Only the start-up run can poll here: the schedule's occurrences are off.
beforeAll(() => h.services.jobs.unschedule(gitPollJob.name));

async function queuedSyncs(spaceId: string): Promise<number> {
  const [row] = await h.services.prisma.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'space-git.continuous' AND singleton_key = ${spaceId}`;
  return row?.n ?? 0;
}

test("a worker starting runs the Git poll at once: a space due is synced without waiting for the next minute", async () => {
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  await h.services.prisma.spaceGitSync.create({
    data: {
      spaceId: space.id,
      url: "https://git.example/docs.git",
      ref: "refs/heads/main",
      direction: "import",
      state: "success",
      startedAt: new Date(),
      actorId: org.admin.id,
      operationId: "start-up",
      syncEnabled: true,
    },
  });
  expect(await queuedSyncs(space.id)).toBe(0);

  await h.services.jobs.runAtStart();
  // The run's first poll is at once; only the queue's own work is waited for here.
  const deadline = Date.now() + 30_000;
  while ((await queuedSyncs(space.id)) === 0) {
    if (Date.now() > deadline) throw new Error("the start-up run did not poll");
    await delay(100);
  }
  expect(await queuedSyncs(space.id)).toBe(1);
});
