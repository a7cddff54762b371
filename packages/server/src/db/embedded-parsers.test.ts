// The Prisma adapter hands the embedded database its own parsers with every query. PGlite, as published, copied its
// 318 parsers into a new object for each such query: 0.26 ms of a query's 0.43 (a quarter of the contract fuzzing's
// CPU in the database's driver). patches/@electric-sql__pglite@0.5.14.patch looks the query's parsers up over the
// instance's instead; this fails if the patch is dropped (a new PGlite release) or changes what a query answers.
// Runs once: PGlite's own code, which a PostgreSQL server does not run.
import { types } from "@electric-sql/pglite";
import { useHarness } from "../../test/support/harness";

const h = useHarness();

it("applies a query's own parsers over the database's, without copying the database's for each query", async () => {
  const { jobs } = h.database;
  if (!("pglite" in jobs)) throw new Error("this test is about the embedded database");
  const { pglite } = jobs;
  const own = pglite.parsers;
  let copies = 0;
  // A copy lists the parsers' keys; looking one up does not.
  pglite.parsers = new Proxy(own, {
    ownKeys(target) {
      copies++;
      return Reflect.ownKeys(target);
    },
  });
  try {
    const { rows } = await pglite.query("SELECT 'ada'::text AS word, 2::int4 AS number, '2026-12-04T10:00:00Z'::timestamptz AS at", [], {
      parsers: { [types.TEXT]: (value: string) => `parsed ${value}` },
    });
    // The query's parser for text; the database's for the integer and the timestamp.
    expect(rows).toEqual([{ word: "parsed ada", number: 2, at: new Date("2026-12-04T10:00:00Z") }]);
    expect(copies).toBe(0);
  } finally {
    pglite.parsers = own;
  }
});
