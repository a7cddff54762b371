// The job queue's statements on the embedded database let other requests in once the event loop has worked long
// enough: a burst of them (the queues woken or polled) no longer holds /healthz.
import type { PGlite } from "@electric-sql/pglite";
import type { EmbeddedLease } from "../../test/support/embedded-pool";
import { leaseWorkerDatabase } from "../../test/support/worker-database";
import { Turns } from "../event-loop";
import { yieldingBossDb } from "./yielding-db";

type Adapters = typeof import("pg-boss/dist/adapters/index.js", { with: { "resolution-mode": "import" }});

/** How many of `count` statements had ended when a turn of the event loop asked for before them came. */
async function turnAmong(db: { executeSql: (text: string, values?: unknown[]) => Promise<unknown> }, count: number): Promise<number | undefined> {
  let ended = 0;
  let turnedAfter: number | undefined;
  setImmediate(() => {
    turnedAfter = ended;
  });
  for (let i = 0; i < count; i++) {
    await db.executeSql("SELECT $1::int AS n", [i]);
    ended++;
  }
  return turnedAfter;
}

describe("the job queue's statements on the embedded database", () => {
  // The worker's database: a PGlite of the file's own would run initdb, seconds of CPU, for a few SELECTs.
  let lease: EmbeddedLease;
  let pglite: PGlite;
  let fromPglite: Adapters["fromPglite"];
  beforeAll(async () => {
    lease = await leaseWorkerDatabase();
    pglite = lease.pglite;
    ({ fromPglite } = await import("pg-boss/dist/adapters/index.js"));
  });
  afterAll(() => lease.release());

  it("let the event loop turn before a statement once the loop has worked long enough", async () => {
    expect(await turnAmong(yieldingBossDb(fromPglite(pglite), new Turns(0)), 20)).toBe(0);
  });

  it("run back to back while it has not (PGlite itself never lets the loop turn)", async () => {
    expect(await turnAmong(yieldingBossDb(fromPglite(pglite), new Turns(60_000)), 20)).toBeUndefined();
    expect(await turnAmong(fromPglite(pglite), 20)).toBeUndefined();
  });
});
