// What a batch leaves in Prisma's driver debug history (its queries with their parameters) is gone once released.
import { useHarness } from "../../test/support/harness";
import { driverDebugModules, releaseBatchMemory } from "./batch-memory";

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
