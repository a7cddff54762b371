// The harness's database starts from the template the global setup migrated once per run: were it to
// migrate again (the template ignored or stale), every test file would pay for initdb and the schema engine.
import { useHarness } from "./support/harness";

const h = useHarness();

it("opens a database that is already migrated", async () => {
  expect(h.migrationsApplied).toEqual([]);
  const [found] = await h.services.prisma.$queryRaw<{ migrations: number }[]>`SELECT count(*)::int AS migrations FROM _prisma_migrations`;
  expect(found?.migrations).toBeGreaterThan(0);
});
