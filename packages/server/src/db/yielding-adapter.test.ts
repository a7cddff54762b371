import { PrismaPGlite } from "pglite-prisma-adapter";
import type { EmbeddedLease } from "../../test/support/embedded-pool";
import { leaseWorkerDatabase } from "../../test/support/worker-database";
import { Turns } from "../event-loop";
import { PrismaClient } from "../generated/prisma/client";
import { yieldingAdapter } from "./yielding-adapter";

/** How many of `count` statements had ended when a turn of the event loop asked for before them came. */
async function turnAmong(prisma: Pick<PrismaClient, "$queryRaw">, count: number): Promise<number | undefined> {
  let ended = 0;
  let turnedAfter: number | undefined;
  setImmediate(() => {
    turnedAfter = ended;
  });
  for (let i = 0; i < count; i++) {
    await prisma.$queryRaw`SELECT 1`;
    ended++;
  }
  return turnedAfter;
}

/** The worker's embedded database for both tests (a PGlite of the file's own runs initdb, seconds of CPU): a client each. */
let lease: EmbeddedLease;
beforeAll(async () => {
  lease = await leaseWorkerDatabase();
});
afterAll(() => lease.release());

async function embedded(turns: Turns) {
  const prisma = new PrismaClient({ adapter: yieldingAdapter(new PrismaPGlite(lease.pglite), turns) });
  await prisma.$queryRaw`SELECT 1`;
  return { prisma, close: () => prisma.$disconnect() };
}

describe("the embedded database's statements", () => {
  it("let the event loop turn before a statement once the loop has worked long enough, in transactions too", async () => {
    const { prisma, close } = await embedded(new Turns(0));
    try {
      expect(await turnAmong(prisma, 20)).toBe(0);
      expect(await prisma.$transaction((tx) => turnAmong(tx, 5))).toBe(0);
    } finally {
      await close();
    }
  });

  it("run back to back while it has not (the database itself never lets the loop turn)", async () => {
    const { prisma, close } = await embedded(new Turns(60_000));
    try {
      expect(await turnAmong(prisma, 20)).toBeUndefined();
    } finally {
      await close();
    }
  });
});
