// What a batch leaves in Prisma's driver debug history (its queries with their parameters) is gone once released.
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { useHarness } from "../../test/support/harness";
import { BATCH_MEMORY_CHANNEL, driverDebugModules, releaseBatchMemory, releaseEvery } from "./batch-memory";

const h = useHarness();

it("empties the driver adapters' debug history of the queries run", async () => {
  const modules = driverDebugModules();
  expect(modules.length).toBeGreaterThan(0);
  await h.services.prisma.user.findMany({ where: { id: "a-parameter-held-by-the-history" } });
  const logs = () => modules.map((debug) => debug.getLogs?.() ?? "").join("");
  expect(logs()).toContain("a-parameter-held-by-the-history");
  releaseBatchMemory();
  expect(logs()).toBe("");
});

it("releases every so many calls of a long loop, and never for a shorter one", () => {
  let releases = 0;
  const count = () => {
    releases++;
  };
  subscribe(BATCH_MEMORY_CHANNEL, count);
  try {
    const release = releaseEvery(3);
    release();
    release();
    expect(releases).toBe(0);
    for (let i = 0; i < 7; i++) release();
    expect(releases).toBe(3);
  } finally {
    unsubscribe(BATCH_MEMORY_CHANNEL, count);
  }
});
